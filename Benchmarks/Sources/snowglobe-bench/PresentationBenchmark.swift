import Foundation
import LayerKit
import Render

/// Seed 000's snowfall at scale: `count` layers, each with the article's three animations
/// (translation.y and rotation.z with ease-in sine, a four-keyframe opacity with ease-in-out
/// sine), repeating forever (`SnowfallBenchmark`'s scene); the presentation tree
/// evaluated once a frame, without drawing.
struct PresentationBenchmark {
    let count: Int
    let frames: Int

    /// Builds the scene, warms up, then returns milliseconds per frame for each measured frame.
    func run() -> [Double] {
        let scene = SnowfallBenchmark(count: count).makeScene()
        var t = 0.0
        for _ in 0..<10 {
            t += 1.0 / 60
            scene.step(to: t)
        }
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<frames {
            t += 1.0 / 60
            let elapsed = clock.measure { scene.step(to: t) }
            times.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3)
        }
        return times
    }
}
