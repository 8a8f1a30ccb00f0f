import Foundation
import LayerKit
import LuaHost
import Playback

/// Runs a Lua script in a script host on virtual time, collecting what it prints and the errors
/// it raises, and lets a test tap, press keys, resize and look at the layers between moments.
/// The script is a file (an example) or a source the harness writes to a temporary folder.
///
/// Its clock is the product's tick clock (`ticks`: the scene made every 1/60 s as the viewer,
/// `render` and `check` make it, and looked at between ticks as they draw it) or the engine's own
/// frame loop (`frames`: frame n at exactly n/fps, each a whole frame), for tests of the host.
public final class ScriptHarness {
    /// How the harness makes moments.
    public enum Clock: Sendable, Equatable {
        /// The tick clock every product runs: ticks of `Tick.duration`.
        case ticks
        /// A whole frame every 1/fps seconds.
        case frames
    }

    public let host: ScriptHost
    /// The folder the script is in.
    public let folder: String
    /// How moments are made.
    public let clock: Clock
    /// Frames per second: `Tick.rate` on the tick clock, else `ScriptOptions.framesPerSecond`.
    public let fps: Double
    /// What the script printed, a line each.
    public private(set) var output: [String] = []
    /// The time of the last frame.
    public private(set) var time: Double = 0
    private var frame = 0
    /// The last tick made on the tick clock (-1: none, as a run starts; tick 0 is made at 0).
    private var tick = -1
    /// The temporary folder the script was written to, kept until the harness goes.
    private let temporary: TemporaryFolder?

    public var scene: Scene { host.scene }
    public var errors: [ScriptError] { host.errors }

    /// Prepares the script at `scriptPath`; call `start()`.
    public convenience init(scriptPath: String, options: ScriptOptions = ScriptOptions(), clock: Clock = .frames) {
        self.init(scriptPath: scriptPath, options: options, temporary: nil, clock: clock)
    }

    /// Writes `source` as main.lua (plus any `files`, by path in the folder) to a temporary
    /// folder and prepares it; call `start()`.
    public convenience init(_ source: String, files: [String: String] = [:], options: ScriptOptions = ScriptOptions()) {
        let temporary = try? TemporaryFolder()
        let folder = temporary?.path ?? NSTemporaryDirectory()
        for (name, text) in files.merging(["main.lua": source], uniquingKeysWith: { a, _ in a }) {
            _ = try? temporary?.write(name, text)
        }
        self.init(scriptPath: folder + "/main.lua", options: options, temporary: temporary, clock: .frames)
    }

    private init(scriptPath: String, options: ScriptOptions, temporary: TemporaryFolder?, clock: Clock) {
        host = ScriptHost(scriptPath: scriptPath, options: options)
        folder = (scriptPath as NSString).deletingLastPathComponent
        self.clock = clock
        fps = clock == .ticks ? Double(Tick.rate) : options.framesPerSecond
        if clock == .ticks { host.scene.frameDuration = Tick.duration }
        self.temporary = temporary
        host.output = { [unowned self] line in output.append(line) }
    }

    deinit {
        host.close()
    }

    /// Runs the script's top level; returns its error, if any.
    @discardableResult
    public func start() -> ScriptError? {
        do throws(ScriptError) {
            try host.start()
            return nil
        } catch {
            return error
        }
    }

    /// Makes frames every 1/fps seconds up to `t`, the last exactly at `t`; on the tick clock,
    /// the ticks up to `t` (the last at or before it), as `render --at t` makes them.
    public func run(until t: Double) {
        if clock == .ticks {
            let last = Tick.index(atOrBefore: t)
            while tick < last {
                tick += 1
                scene.tick(to: Tick.time(tick))
            }
            time = max(time, t)
            scene.ensurePresentation()
            return
        }
        while Double(frame + 1) / fps < t - 1e-9 {
            frame += 1
            time = Double(frame) / fps
            scene.step(to: time)
        }
        time = max(time, t)
        scene.step(to: time)
    }

    /// Brings the scene to `t` and calls `look` while it shows that moment: on the tick clock,
    /// after the ticks up to `t`, with the presentation evaluated at `t` itself (a moment between
    /// ticks is drawn as the viewer and `render --at` draw it).
    public func look(at t: Double, _ look: () -> Void) {
        run(until: t)
        if clock == .ticks { scene.withPresentation(at: t, look) } else { look() }
    }

    /// Runs `seconds` more.
    public func run(for seconds: Double) {
        run(until: time + seconds)
    }

    /// Makes the next frame (1/fps later) and calls `look` while it is on screen: after the
    /// presentation is evaluated and before the frame's completion blocks run, which is when a
    /// renderer draws it.
    public func onScreen(_ look: () -> Void) {
        if clock == .ticks {
            run(until: Tick.time(Tick.index(atOrBefore: time) + 1))
            scene.withPresentation(at: time, look)
            return
        }
        frame = max(frame + 1, Int((time * fps).rounded(.down)) + 1)
        time = Double(frame) / fps
        scene.beginFrame(at: time)
        look()
        scene.endFrame()
    }

    /// A click at `point` (root coordinates), as the viewer delivers one.
    @discardableResult
    public func tap(at point: Point) -> Bool {
        host.tap(at: point)
    }

    /// A click on the middle of the layer named `name`, as it is on screen now.
    @discardableResult
    public func tap(_ name: String) -> Bool {
        guard let layer = layer(named: name) else { return false }
        return tap(at: centre(of: layer))
    }

    /// Sends an input event (a key, a resize …).
    public func send(_ event: InputEvent) {
        host.dispatch(event)
    }

    /// The first layer named `name` in the tree, depth first.
    public func layer(named name: String, in start: Layer? = nil) -> Layer? {
        let layer = start ?? scene.root
        if layer.name == name { return layer }
        for sublayer in layer.sublayers {
            if let found = self.layer(named: name, in: sublayer) { return found }
        }
        return nil
    }

    /// The middle of `layer`'s bounds in root coordinates, as it is on screen now.
    public func centre(of layer: Layer) -> Point {
        let b = layer.rect(.bounds, .presentation)
        let middle = Point(x: b.origin.x + b.size.width / 2, y: b.origin.y + b.size.height / 2)
        return layer.convertPoint(middle, to: nil, .presentation) ?? middle
    }

    /// The error messages with the script's folder left out of their paths.
    public var messages: [String] {
        errors.map { $0.message.replacingOccurrences(of: folder + "/", with: "") }
    }

    /// The errors as one readable string, for a failing expectation's message.
    public var errorReport: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
