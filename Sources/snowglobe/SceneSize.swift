import ArgumentParser
import LayerKit

/// A `WxH` size argument, such as `1280x720`. Any two whole numbers parse (`-1x5` too), so that
/// a size out of range gets a message saying the range (``check(_:)``) rather than "invalid".
struct SceneSize: ExpressibleByArgument, Equatable {
    let width: Double
    let height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = Double(w)
        height = Double(h)
    }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    var size: Size { Size(width: width, height: height) }

    static var defaultValueDescription: String { "800x600" }

    /// The largest side a scene may have.
    static let maxSide = 16384

    /// Throws a `ValidationError` naming `option` unless both sides are from 1 to ``maxSide``.
    func check(_ option: String) throws {
        let sides = 1...Double(SceneSize.maxSide)
        guard sides.contains(width), sides.contains(height) else {
            throw ValidationError("\(option) must be from 1x1 to \(SceneSize.maxSide)x\(SceneSize.maxSide), got \(self)")
        }
    }
}

extension SceneSize: CustomStringConvertible {
    var description: String { "\(Int(width))x\(Int(height))" }
}
