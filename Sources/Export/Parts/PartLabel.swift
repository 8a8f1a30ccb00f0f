import Foundation

/// What a video part says about itself in its metadata (its `comment` tag), so that `join` can
/// check that parts belong together: the scene (a fingerprint of the script and its seed), the
/// frame size and rate, and the global numbers of its first and last frame.
public struct PartLabel: Equatable, Sendable {
    /// The scene's fingerprint (`SceneFingerprint`).
    public var scene: String
    public var width: Int
    public var height: Int
    public var fps: Double
    /// The part's frames.
    public var frames: FrameRange

    public init(scene: String, width: Int, height: Int, fps: Double, frames: FrameRange) {
        self.scene = scene
        self.width = width
        self.height = height
        self.fps = fps
        self.frames = frames
    }

    /// The words every label starts with.
    static let prefix = "snowglobe part"

    /// "snowglobe part; scene=9f…; size=320x240; fps=30; frames=0-42".
    public var comment: String {
        "\(PartLabel.prefix); scene=\(scene); size=\(width)x\(height); fps=\(VideoFormat.rate(fps)); frames=\(frames)"
    }

    /// The label a comment holds; nil when it holds none (a file that is not a part).
    public init?(comment: String) {
        let fields = comment.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first == PartLabel.prefix else { return nil }
        var values: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { return nil }
            values[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        guard let scene = values["scene"], let size = values["size"]?.split(separator: "x"), size.count == 2,
              let width = Int(size[0]), let height = Int(size[1]), let rate = values["fps"].flatMap(PartLabel.rate),
              let range = values["frames"].flatMap(FrameRange.parse),
              let frames = FrameRange(first: range.first, last: range.last) else { return nil }
        self.init(scene: scene, width: width, height: height, fps: rate, frames: frames)
    }

    /// A rate as `VideoFormat.rate` writes it: 30, or 29970/1000.
    private static func rate(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b > 0 { return a / b }
        return parts.count == 1 ? Double(parts[0]) : nil
    }
}
