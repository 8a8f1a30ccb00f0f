import ArgumentParser
import LayerKit

/// A `WxH` size argument, such as `1280x720`.
struct SceneSize: ExpressibleByArgument, Equatable {
    let width: Double
    let height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        width = Double(w)
        height = Double(h)
    }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    var size: Size { Size(width: width, height: height) }

    static var defaultValueDescription: String { "800x600" }
}

extension SceneSize: CustomStringConvertible {
    var description: String { "\(Int(width))x\(Int(height))" }
}
