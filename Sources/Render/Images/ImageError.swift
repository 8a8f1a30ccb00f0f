/// Why an image could not be made or loaded. Each message names the file or the argument.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but is not an image that can be read (or is damaged).
    case unreadable(path: String, reason: String)
    /// An argument of a generator is out of range.
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "cannot open image '\(path)': no such file"
        case let .unreadable(path, reason): return "cannot read image '\(path)': \(reason)"
        case .invalidArgument(let message): return message
        }
    }
}
