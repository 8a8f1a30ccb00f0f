/// A Lottie file `--out` names: `.json` (Lottie JSON) or `.lottie` (a dotLottie archive).
public struct LottieOutput: Equatable, Sendable {
    public let path: String
    /// Whether it is a dotLottie archive rather than bare JSON.
    public let isArchive: Bool

    /// Nil when the path names no Lottie file.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") {
            isArchive = false
        } else if lower.hasSuffix(".lottie") {
            isArchive = true
        } else {
            return nil
        }
        self.path = path
    }

    /// The name inside: the file's name without its folder and extension.
    var stem: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").dropLast().joined(separator: ".")
    }
}
