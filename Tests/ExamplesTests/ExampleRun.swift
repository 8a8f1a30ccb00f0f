import Foundation
import LayerKit
import Render
@testable import LuaHost

/// The project's folders, found from this file's place in Tests/ExamplesTests.
enum Project {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let examples = root + "/Examples"
    static let scripts = root + "/Scripts"

    /// Scripts that need particle emitters (issue 6), which are not on main yet; their tests are
    /// in EmitterExampleTests, disabled until emitters land.
    static let needsEmitters: Set<String> = ["snow-emitter.lua", "lessons/11-particle-emitters.lua"]

    /// Every script in Examples/ (lessons included), as paths relative to Examples/, sorted.
    static func allExamples() -> [String] {
        let files = FileManager.default.enumerator(atPath: examples)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".lua") }.sorted()
    }
}

/// Render's image makers for `ca.Image`, as the command line wires them (its RenderImages is in
/// the executable, which tests cannot import).
final class TestImages: ImageProvider {
    func loadImage(atPath path: String) throws -> Image {
        try ImageLoader.load(path: path)
    }

    func circle(radius: Double, softness: Double, color: Color) -> Image? {
        try? Image.circle(radius: radius, softness: softness, color: color)
    }

    func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image? {
        try? Image.snowflake(size: Int(size.rounded()), arms: arms, seed: seed, color: color)
    }
}

/// Runs one script of Examples/ as `snowglobe check` does — the same options, the Scripts/
/// library, Render's images, frames on virtual time — and lets a test tap, press keys, resize
/// and look at the layers between frames.
final class ExampleRun {
    let host: ScriptHost
    let fps: Double
    private(set) var time: Double = 0
    private var frame = 0
    private(set) var printed: [String] = []

    var scene: Scene { host.scene }
    var errors: [ScriptError] { host.errors }

    /// Prepares `example` (a path relative to Examples/); call `start()`.
    init(_ example: String, size: Size = Size(width: 800, height: 600), seed: UInt64 = 0, fps: Double = 60) {
        var options = ScriptOptions()
        options.size = size
        options.seed = seed
        options.framesPerSecond = fps
        options.libraryPath = Project.scripts
        host = ScriptHost(scriptPath: Project.examples + "/" + example, options: options)
        host.images = TestImages()
        self.fps = fps
        host.output = { [unowned self] line in printed.append(line) }
    }

    deinit {
        host.close()
    }

    /// Runs the script's top level; returns its error, if any.
    @discardableResult
    func start() -> ScriptError? {
        do throws(ScriptError) {
            try host.start()
            return nil
        } catch {
            return error
        }
    }

    /// Makes frames every 1/fps seconds (frame n at exactly n/fps, as `snowglobe check` does)
    /// up to `t`, the last exactly at `t`.
    func run(until t: Double) {
        while Double(frame + 1) / fps < t - 1e-9 {
            frame += 1
            time = Double(frame) / fps
            scene.step(to: time)
        }
        time = max(time, t)
        scene.step(to: time)
    }

    /// Runs `seconds` more.
    func run(for seconds: Double) {
        run(until: time + seconds)
    }

    /// Makes the next frame (1/fps later) and calls `look` while it is on screen: after the
    /// presentation is evaluated and before the frame's completion blocks run, which is when a
    /// renderer draws it.
    func onScreen(_ look: () -> Void) {
        frame = max(frame + 1, Int((time * fps).rounded(.down)) + 1)
        time = Double(frame) / fps
        scene.beginFrame(at: time)
        look()
        scene.endFrame()
    }

    /// Runs a full Lua garbage collection, so that what is still alive is what is referenced.
    func collectGarbage() {
        scene.perform {
            try? host.lua.run("collectgarbage()", chunkName: "=test")
        }
    }

    /// A click at `point` (root coordinates), as the viewer delivers one.
    @discardableResult
    func tap(at point: Point) -> Bool {
        host.tap(at: point)
    }

    /// A click on the middle of the layer named `name`, as it is on screen now.
    @discardableResult
    func tap(_ name: String) -> Bool {
        guard let layer = layer(named: name) else { return false }
        return tap(at: centre(of: layer))
    }

    /// Sends an input event (a key, a resize …).
    func send(_ event: InputEvent) {
        host.dispatch(event)
    }

    /// The first layer named `name` in the tree, depth first.
    func layer(named name: String, in start: Layer? = nil) -> Layer? {
        let layer = start ?? scene.root
        if layer.name == name { return layer }
        for sublayer in layer.sublayers {
            if let found = self.layer(named: name, in: sublayer) { return found }
        }
        return nil
    }

    /// The middle of `layer`'s bounds in root coordinates, as it is on screen now.
    func centre(of layer: Layer) -> Point {
        let b = layer.rect(.bounds, .presentation)
        let middle = Point(x: b.origin.x + b.size.width / 2, y: b.origin.y + b.size.height / 2)
        return layer.convertPoint(middle, to: nil, .presentation) ?? middle
    }

    /// Draws the scene as it is now (after a frame), as `snowglobe render` would.
    func render(width: Int, height: Int, background: Color = .black) -> FrameBuffer {
        HeadlessRenderer(threads: 1).draw(scene, width: width, height: height, background: background)
    }

    /// The errors as one readable string, for a failing expectation's message.
    var errorReport: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

/// easeIn sine, from its definition (not from LayerKit), to check the examples against.
func easeInSine(_ p: Double) -> Double {
    1 - cos(min(max(p, 0), 1) * .pi / 2)
}

/// easeInOut sine, from its definition.
func easeInOutSine(_ p: Double) -> Double {
    -(cos(.pi * min(max(p, 0), 1)) - 1) / 2
}

/// The piecewise-linear value of `values` at `keyTimes` for progress `p`.
func interpolate(_ values: [Double], at keyTimes: [Double], _ p: Double) -> Double {
    guard p > keyTimes[0] else { return values[0] }
    for i in 1..<values.count where p <= keyTimes[i] {
        let span = keyTimes[i] - keyTimes[i - 1]
        let f = span > 0 ? (p - keyTimes[i - 1]) / span : 1
        return values[i - 1] + (values[i] - values[i - 1]) * f
    }
    return values[values.count - 1]
}
