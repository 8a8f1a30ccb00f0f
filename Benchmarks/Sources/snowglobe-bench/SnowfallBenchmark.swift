import Dispatch
import LayerKit
import Render
import SDLSoftware

/// Seed 000's snowfall scaled up, for measuring the renderers (not a timed test): `count`
/// snowflake layers, each with the article's three animations (translation.y and rotation.z with
/// ease-in sine, a four-keyframe opacity with ease-in-out sine, repeating), evaluated and drawn
/// once a frame at `width` × `height`.
public struct SnowfallBenchmark {
    /// How big each flake is on screen.
    public enum SpriteSize: Sendable {
        /// The article's scales, 0 to 0.18 of a 160-pixel image (0 to 29 pixels).
        case seed
        /// Every flake 32 pixels, as the platform measurements' quads.
        case fixed32
    }

    /// Milliseconds a frame, each the median over the measured frames.
    public struct Result: Sendable {
        /// Evaluating the presentation tree (LayerKit).
        public var evaluate = 0.0
        /// Building the draw list.
        public var compose = 0.0
        /// Drawing it headless on one thread.
        public var headlessOneThread = 0.0
        /// Drawing it headless on every core.
        public var headlessAllCores = 0.0
        /// Drawing it through SDL's software renderer (nil when not measured).
        public var sdlSoftware: Double?
        /// Per frame SDL time ÷ headless time, median (nil when SDL was not measured).
        public var ratioOneThread: Double?
        public var ratioAllCores: Double?
        /// Triangles and draw calls in the last frame.
        public var triangles = 0
        public var drawCalls = 0
    }

    public var count = 10_000
    public var width = 1280
    public var height = 720
    public var spriteSize = SpriteSize.seed
    public var warmupFrames = 5
    public var frames = 30

    public init(count: Int = 10_000, spriteSize: SpriteSize = .seed, frames: Int = 30) {
        self.count = count
        self.spriteSize = spriteSize
        self.frames = frames
    }

    /// The scene: `count` animated flakes on a dark blue root.
    public func makeScene() -> Scene {
        let scene = Scene(size: Size(width: Double(width), height: Double(height)))
        scene.root[.backgroundColor] = .color(Color(r: 0.05, g: 0.07, b: 0.15))
        var random = SeededRandom(seed: 12345)
        let easeIn = TimingFunction(easing: .sine, .easeIn)
        let easeInOut = TimingFunction(easing: .sine, .easeInOut)
        let flake = try? Image.snowflake(size: 160, seed: 0)
        for i in 0..<count {
            let layer = Layer(scene: scene)
            let scale = spriteSize == .seed ? Double(Int(random.nextUnit() * 10)) / 50 : 0.2
            layer[.bounds] = .rect(Rect(x: 0, y: 0, width: 160, height: 160))
            layer[.position] = .point(Point(x: random.nextUnit() * Double(width), y: random.nextUnit() * Double(height)))
            layer[.transform] = .transform(Transform3D(scaleX: scale, y: scale))
            layer[.opacity] = .number(0)
            layer.contents = flake
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
            // Spread the phases so that the screen is full from the first frame.
            let phase = random.nextUnit() * duration
            for animation in [translate, rotate, fade] as [PropertyAnimation] { animation.timeOffset = phase }

            try? layer.addAnimation(translate, forKey: "transform.translation.y")
            try? layer.addAnimation(rotate, forKey: "transform.rotation.z")
            try? layer.addAnimation(fade, forKey: "opacity")
        }
        return scene
    }

    /// Runs the scene for `warmupFrames + frames` frames on virtual time. Each frame's draw
    /// list is drawn headless on one thread, headless on every core and (when `includeSDL`)
    /// through SDL's software renderer on a memory surface, one after the other, so that a
    /// change of load on the machine hits all of them alike; the ratios are taken per frame.
    public func run(includeSDL: Bool = true) throws(SDLError) -> Result {
        let scene = makeScene()
        let compositor = Compositor()
        let single = HeadlessBackend(threads: 1), all = HeadlessBackend()
        let frame = FrameBuffer(width: width, height: height)
        let sdl = includeSDL ? try SDLSoftwareTarget(width: width, height: height) : nil
        var evaluate: [Double] = [], compose: [Double] = [], one: [Double] = [], every: [Double] = []
        var software: [Double] = [], ratioOne: [Double] = [], ratioAll: [Double] = []
        var result = Result()
        for index in 0..<(warmupFrames + frames) {
            var list = DrawList(width: 0, height: 0)
            let e = milliseconds { scene.beginFrame(at: Double(index + 1) / 60) }
            let c = milliseconds { list = compositor.compose(scene, width: width, height: height) }
            let h1 = milliseconds { single.draw(list, into: frame) }
            let hn = milliseconds { all.draw(list, into: frame) }
            var s: Double?
            if let sdl { s = milliseconds { try? sdl.draw(list) } }
            scene.endFrame()
            result.triangles = list.triangleCount
            result.drawCalls = list.commands.count
            guard index >= warmupFrames else { continue }
            evaluate.append(e); compose.append(c); one.append(h1); every.append(hn)
            if let s {
                software.append(s)
                ratioOne.append(s / max(h1, 1e-9))
                ratioAll.append(s / max(hn, 1e-9))
            }
        }
        result.evaluate = median(evaluate)
        result.compose = median(compose)
        result.headlessOneThread = median(one)
        result.headlessAllCores = median(every)
        if includeSDL {
            result.sdlSoftware = median(software)
            result.ratioOneThread = median(ratioOne)
            result.ratioAllCores = median(ratioAll)
        }
        return result
    }

    private func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
