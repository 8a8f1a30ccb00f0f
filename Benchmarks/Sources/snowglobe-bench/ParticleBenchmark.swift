import Foundation
import LayerKit
import Render

/// Particle emitters measured: the LÖVE peer's scene (peers/love-particles, a CAEmitterLayer-like
/// snowfall from a line across the top of a 1280×720 window) rebuilt as an emitter layer, and
/// seed 004's two-cell snow. Each is pre-run as the peer pre-warms it (21 s), then stepped 1/60 s
/// a frame: stepped only, drawn headless, or drawn in a window.
struct ParticleBenchmark {
    /// Which scene.
    enum Setup {
        /// The peer's ParticleSystem settings, capped at `target` live particles as its buffer is.
        case peer(target: Int)
        /// Seed 004: a flake cell and a blurry one, 30 a second each for 20 s (about 1,200 live).
        case seed004
    }

    /// Milliseconds a frame (medians over the measured frames) and what the scene held.
    struct Result {
        var step = 0.0, compose = 0.0, draw = 0.0, frame = 0.0, p95 = 0.0
        /// The first frame: the 21 s pre-run, simulated and not drawn.
        var prerun = 0.0
        var live = 0
        var bytesPerParticle = 0.0
        var drawCalls = 0
    }

    let setup: Setup
    var width = 1280, height = 720
    /// The frame is cleared to this (the peer's `love.graphics.clear` colour), as a window clears.
    static let backdrop = Color(r: 0.05, g: 0.07, b: 0.15)
    var warmup = 20, frames = 120

    /// The scene and its emitter layer, pre-run.
    func makeScene() -> (Scene, EmitterLayer) {
        let scene = Scene(size: Size(width: Double(width), height: Double(height)))
        let layer = EmitterLayer(scene: scene)
        layer[.bounds] = .rect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        layer[.anchorPoint] = .point(.zero)
        layer[.emitterShape] = EmitterShape.line.animationValue
        layer[.timeOffset] = .number(21)
        let soft = try? Image.circle(radius: 32, softness: 1)
        switch setup {
        case .peer(let target):
            scene.particleLimit = target
            layer[.emitterPosition] = .point(Point(x: Double(width) / 2, y: -10))
            layer[.emitterSize] = .size(Size(width: Double(width), height: 0))
            let cell = EmitterCell()
            cell.contents = soft
            cell[.birthRate] = .number(Double(target) / 20 * 1.05)
            cell[.lifetime] = .number(20)
            cell[.velocity] = .number(30)
            cell[.velocityRange] = .number(20)
            cell[.emissionLongitude] = .number(.pi / 2)
            cell[.emissionRange] = .number(.pi / 4)
            cell[.spin] = .number(-0.5)
            cell[.spinRange] = .number(1)
            cell[.scale] = .number(0.15)
            cell[.scaleRange] = .number(0.05)
            cell[.xAcceleration] = .number(5)
            cell[.yAcceleration] = .number(30)
            layer.emitterCells = [cell]
        case .seed004:
            layer[.emitterPosition] = .point(Point(x: Double(width) / 2, y: 0))
            layer[.emitterSize] = .size(Size(width: Double(width), height: 1))
            let flake = EmitterCell()
            flake.name = "flake"
            flake.contents = try? Image.circle(radius: 32, softness: 0.2)
            for (id, value) in [(CellPropertyID.emissionRange, Double.pi), (.lifetime, 20), (.birthRate, 30), (.scale, 0.15),
                                (.scaleRange, 0.6), (.velocity, 30), (.velocityRange, 20), (.spin, -0.5), (.spinRange, 1),
                                (.yAcceleration, 30), (.xAcceleration, 5)] {
                flake[id] = .number(value)
            }
            let blurry = flake.copy()
            blurry.name = "blurry"
            blurry.contents = soft
            blurry[.velocity] = .number(40)
            layer.emitterCells = [flake, blurry]
        }
        try? scene.root.addSublayer(layer)
        return (scene, layer)
    }

    /// Stepping alone: the frame's evaluation, no drawing.
    func runStep() -> Result {
        run { scene, _ in
            let t0 = DispatchTime.now().uptimeNanoseconds
            scene.beginFrame(at: scene.time + 1.0 / 60)
            scene.endFrame()
            return (Self.ms(since: t0), 0, 0, 0)
        }
    }

    /// Stepping, composing and drawing headless on every core, as the renderer makes a frame.
    func runHeadless() -> Result {
        let compositor = Compositor()
        let backend = HeadlessBackend()
        let frame = FrameBuffer(width: width, height: height)
        return run { scene, _ in
            let t0 = DispatchTime.now().uptimeNanoseconds
            scene.beginFrame(at: scene.time + 1.0 / 60)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let list = compositor.compose(scene, width: width, height: height)
            let t2 = DispatchTime.now().uptimeNanoseconds
            backend.draw(list, into: frame, background: Self.backdrop)
            scene.endFrame()
            return (Self.ms(t0, t1), Self.ms(t1, t2), Self.ms(since: t2), list.commands.count)
        }
    }

    /// Stepping, composing, drawing and presenting in an SDL window (vsync off), as the viewer
    /// does: drawn by Render's rasterizer on every core and shown as one texture, or (`gpu`, the
    /// viewer's `--draw gpu`) through SDL's renderer. Needs a display.
    func runWindow(_ window: SDLWindow, gpu: Bool) throws(SDLError) -> Result {
        let compositor = Compositor()
        let backend = HeadlessBackend()
        let frame = FrameBuffer(width: width, height: height)
        var failure: SDLError?
        let result = run { scene, _ in
            let t0 = DispatchTime.now().uptimeNanoseconds
            scene.beginFrame(at: scene.time + 1.0 / 60)
            let t1 = DispatchTime.now().uptimeNanoseconds
            let list = compositor.compose(scene, width: width, height: height)
            let t2 = DispatchTime.now().uptimeNanoseconds
            do throws(SDLError) {
                if gpu {
                    try window.present(list, background: Self.backdrop)
                } else {
                    backend.draw(list, into: frame, background: Self.backdrop)
                    try window.present(frame)
                }
            } catch {
                failure = error
            }
            scene.endFrame()
            return (Self.ms(t0, t1), Self.ms(t1, t2), Self.ms(since: t2), list.commands.count)
        }
        if let failure { throw failure }
        return result
    }

    /// Builds the scene, runs `warmup + frames` frames of `frame` (which returns step, compose
    /// and draw milliseconds and draw calls), and takes medians over the measured ones.
    private func run(_ frame: (Scene, EmitterLayer) -> (Double, Double, Double, Int)) -> Result {
        let (scene, layer) = makeScene()
        let start = DispatchTime.now().uptimeNanoseconds
        scene.step(to: 0)
        var result = Result()
        result.prerun = Self.ms(since: start)
        var steps: [Double] = [], composes: [Double] = [], draws: [Double] = [], totals: [Double] = []
        var live = 0
        for i in 0..<(warmup + frames) {
            let (s, c, d, calls) = frame(scene, layer)
            guard i >= warmup else { continue }
            steps.append(s); composes.append(c); draws.append(d); totals.append(s + c + d)
            live += layer.particleCount
            result.drawCalls = calls
        }
        result.step = median(steps)
        result.compose = median(composes)
        result.draw = median(draws)
        result.frame = median(totals)
        result.p95 = percentile(totals, 0.95)
        result.live = live / max(frames, 1)
        result.bytesPerParticle = Double(layer.particleBytes) / Double(max(layer.particleCount, 1))
        return result
    }

    private static func ms(since start: UInt64) -> Double {
        ms(start, DispatchTime.now().uptimeNanoseconds)
    }

    private static func ms(_ start: UInt64, _ end: UInt64) -> Double {
        Double(end - start) / 1e6
    }

    /// The LÖVE peer at `target` particles in a window under Xvfb (its own frame loop; RESULT has
    /// ms_per_frame, update_ms, live …).
    static func peer(_ peersDir: String, target: Int, frames: Int, warmup: Int) -> Peer {
        Peer(executable: "xvfb-run", arguments: ["-a", "-s", "-screen 0 1280x720x24", "love", "\(peersDir)/love-particles",
                                                 "\(target)", "\(frames)", "\(warmup)"])
    }

    /// This program drawing the scene in a window under Xvfb (`--particle-window`), as a child
    /// process so that the window gets a display of its own.
    static func window(_ setup: Setup, frames: Int, warmup: Int) -> Peer {
        let name: String
        switch setup {
        case .peer(let target): name = "\(target)"
        case .seed004: name = "seed004"
        }
        return Peer(executable: "xvfb-run", arguments: ["-a", "-s", "-screen 0 1280x720x24", Peer.thisProgram, "--particle-window", name,
                                                        "\(frames)", "\(warmup)"])
    }

    /// `--particle-window SCENE FRAMES WARMUP`: runs the window benchmark and prints its RESULT line.
    static func windowMain(_ arguments: [String]) -> Never {
        guard let i = arguments.firstIndex(of: "--particle-window"), i + 3 < arguments.count,
              let frames = Int(arguments[i + 2]), let warmup = Int(arguments[i + 3]) else {
            print("RESULT_ERROR usage")
            exit(1)
        }
        let setup: Setup = arguments[i + 1] == "seed004" ? .seed004 : .peer(target: Int(arguments[i + 1]) ?? 100_000)
        var bench = ParticleBenchmark(setup: setup)
        bench.frames = frames
        bench.warmup = warmup
        do {
            let window = try SDLWindow(title: "snowglobe-bench particles", width: bench.width, height: bench.height, vsync: false)
            let r = try bench.runWindow(window, gpu: false)
            let g = try bench.runWindow(window, gpu: true)
            print(String(format: "RESULT renderer=%@ live=%d ms_per_frame=%.3f p95_ms=%.3f step_ms=%.3f compose_ms=%.3f "
                         + "draw_present_ms=%.3f gpu_ms_per_frame=%.3f gpu_draw_present_ms=%.3f gpu_drawcalls=%d",
                         window.rendererName, r.live, r.frame, r.p95, r.step, r.compose, r.draw, g.frame, g.draw, g.drawCalls))
            exit(0)
        } catch {
            print("RESULT_ERROR \(error)")
            exit(1)
        }
    }
}
