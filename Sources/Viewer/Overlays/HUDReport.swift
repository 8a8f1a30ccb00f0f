import Foundation
import LayerKit

/// The figures the HUD (F1) shows: frames per second over the last second, the last frame's
/// time, the scene's media time, its layers and running animations, and the script's status.
struct HUDReport {
    private var frameStamps: [Double] = []
    private var lastFrameTime = 0.0

    /// Notes a frame made at `time` (monotonic seconds) whose work took `frameTime` seconds.
    mutating func frame(at time: Double, frameTime: Double) {
        frameStamps.append(time)
        frameStamps.removeAll { time - $0 > 1 }
        lastFrameTime = frameTime
    }

    /// Frames made in the last second.
    var framesPerSecond: Int { frameStamps.count }

    /// The HUD's lines for `scene` (nil: no scene has loaded yet).
    func lines(scene: Scene?, status: String, mediaTime: Double, tick: Int) -> [String] {
        var layers = 0
        var animations = 0
        scene?.root.forEachInSubtree { layer in
            layers += 1
            animations += layer.animationCount
        }
        return [
            String(format: "%3d fps   frame %.2f ms   time %.3f s   tick %d", framesPerSecond, lastFrameTime * 1000,
                   mediaTime, max(tick, 0)),
            "layers \(layers)   animations \(animations)   particles \(scene?.particleCount ?? 0)",
            "script: \(status)",
        ]
    }
}
