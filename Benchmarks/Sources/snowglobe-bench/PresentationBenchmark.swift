import Foundation
import LayerKit

/// Seed 000's snowfall at scale: `count` layers, each with the article's three animations
/// (translation.y with ease-in sine, rotation.z with ease-in sine, a four-keyframe opacity with
/// ease-in-out sine), repeating forever; the presentation tree evaluated once a frame.
struct PresentationBenchmark {
    let count: Int
    let frames: Int

    /// Builds the scene, warms up, then returns milliseconds per frame for each measured frame.
    func run() -> [Double] {
        let scene = Scene(size: Size(width: 1280, height: 720))
        var random = SeededRandom(seed: 12345)
        let easeIn = TimingFunction(easing: .sine, .easeIn)
        let easeInOut = TimingFunction(easing: .sine, .easeInOut)
        var layers: [Layer] = []
        layers.reserveCapacity(count)
        for i in 0..<count {
            let layer = Layer(scene: scene)
            let scale = Double(Int(random.nextUnit() * 10)) / 50
            layer[.bounds] = .rect(Rect(x: 0, y: 0, width: 32, height: 32))
            layer[.position] = .point(Point(x: random.nextUnit() * 1280, y: random.nextUnit() * 720))
            layer[.transform] = .transform(Transform3D(scaleX: scale, y: scale))
            layer[.opacity] = .number(0)
            try? scene.root.addSublayer(layer)
            let duration = Double((Int(random.nextUnit() * 5) + 3) * 2)

            let translate = BasicAnimation(keyPath: "transform.translation.y")
            translate.fromValue = .number(0)
            translate.toValue = .number(Double(Int(random.nextUnit() * 200)))
            translate.duration = duration
            translate.timingFunction = easeIn
            translate.repeatCount = .infinity

            let rotate = BasicAnimation(keyPath: "transform.rotation.z")
            rotate.fromValue = .number(0)
            rotate.toValue = .number(Double(Int(random.nextUnit() * 4) + 1) * (i % 2 == 0 ? Double.pi : -Double.pi))
            rotate.duration = duration
            rotate.timingFunction = easeIn
            rotate.repeatCount = .infinity

            let start = Int(random.nextUnit() * 4)
            let end = Int(random.nextUnit() * Double(5 - start)) + start
            let fade = KeyframeAnimation(keyPath: "opacity")
            fade.values = [.number(0), .number(1), .number(1), .number(0)]
            fade.keyTimes = [0, Double(start + 2) / 10, Double(end + 3) / 10, 1]
            fade.duration = duration
            fade.timingFunction = easeInOut
            fade.repeatCount = .infinity

            try? layer.addAnimation(translate, forKey: "transform.translation.y")
            try? layer.addAnimation(rotate, forKey: "transform.rotation.z")
            try? layer.addAnimation(fade, forKey: "opacity")
            layers.append(layer)
        }
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
        // Keep the result observable so the work cannot be optimised away.
        let checksum = layers.prefix(10).reduce(0.0) { $0 + $1.number(.opacity, .presentation) }
        if checksum.isNaN { print("checksum NaN") }
        return times
    }
}
