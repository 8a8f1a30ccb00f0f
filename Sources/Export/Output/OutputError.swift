/// Why a frame could not be written. Each message names the file.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// Opening, writing or closing the file failed.
    case cannotWrite(path: String, reason: String)
    /// The render settings make no frames (zero frames, a bad size or frame rate).
    case invalidSettings(String)
    /// `--out` names a kind of file Snowglobe does not write.
    case unknownOutput(String)
    /// A program the output needs (ffmpeg) is missing; the message says how to get it.
    case missingProgram(String)
    /// The render was stopped before it was done.
    case cancelled

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): return "cannot write '\(path)': \(reason)"
        case .invalidSettings(let message), .unknownOutput(let message), .missingProgram(let message): return message
        case .cancelled: return "the render was cancelled"
        }
    }
}
