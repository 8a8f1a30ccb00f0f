import LayerKit
import LuaHost
import Playback
import Testing
@testable import Viewer

/// What F2 outlines and what the error panel says.
struct OverlayTests {
    @Test func boundsFollowWhatIsOnScreen() throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        let square = Layer(scene: scene)
        let hidden = Layer(scene: scene)
        try square.setValue(.rect(Rect(x: 0, y: 0, width: 100, height: 50)), for: .bounds)
        try square.setValue(.point(Point(x: 200, y: 150)), for: .position)
        try square.setValue(.point(Point(x: 0, y: 0)), for: .anchorPoint)
        try hidden.setValue(.bool(true), for: .hidden)
        try scene.root.addSublayer(square)
        try scene.root.addSublayer(hidden)
        scene.step(to: 0)
        let outline = BoundsOutline(root: scene.root)
        #expect(outline.layerCount == 1)
        let corners = outline.outlines.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p): return p
            default: return nil
            }
        }
        #expect(corners == [Point(x: 200, y: 150), Point(x: 300, y: 150), Point(x: 300, y: 200), Point(x: 200, y: 200)])
        guard case .move(let anchorStart) = outline.anchors.elements.first else {
            Issue.record("no anchor dot")
            return
        }
        #expect(abs(anchorStart.x - 202.5) < 1e-9 && abs(anchorStart.y - 150) < 1e-9)
    }

    @Test func boundsStopAtTheLimit() throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        for _ in 0..<10 { try scene.root.addSublayer(Layer(scene: scene)) }
        let outline = BoundsOutline(root: scene.root, limit: 4)
        #expect(outline.layerCount == 4)
        #expect(outline.truncated)
    }

    @Test func theErrorPanelSaysWhatWhereAndWhatNext() {
        let error = ScriptError(kind: .runtime, message: "scene.lua:3: attempt to index a nil value",
                                traceback: "stack traceback:\n\tscene.lua:3: in function <scene.lua:2>", context: "a timer")
        #expect(ViewerOverlay.errorLines(error, fromLoad: false) == [
            "script error in the running scene — it goes on; save the file to reload it, Esc hides this",
            "",
            "scene.lua:3: attempt to index a nil value (in a timer)",
            "stack traceback:",
            "  scene.lua:3: in function <scene.lua:2>",
        ])
        let syntax = ScriptError(kind: .syntax, message: "scene.lua:1: unexpected symbol near '='")
        #expect(ViewerOverlay.errorLines(syntax, fromLoad: true) == [
            "script error — the last good scene keeps running; save the file to try again",
            "",
            "scene.lua:1: unexpected symbol near '='",
        ])
    }

    @Test func theHUDStaysInsideTheWindow() throws {
        let narrow = Size(width: 480, height: 360)
        let overlay = ViewerOverlay(size: narrow)
        let lines = ["script: running"] + ViewerKeys.helpLines
        overlay.update(window: narrow, hud: lines, error: nil, bounds: nil)
        overlay.scene.step(to: 0)
        let panel = try #require(overlay.scene.root.sublayers.first { !$0.bool(.hidden) })
        let frame = panel.frame(.model)
        #expect(frame.origin.x >= ViewerOverlay.margin && frame.origin.y >= ViewerOverlay.margin)
        #expect(frame.origin.x + frame.size.width <= narrow.width - ViewerOverlay.margin)
        // Nothing is lost to the wrapping.
        let text = ViewerOverlay.wrap(lines, columns: 40).joined(separator: " ")
        #expect(text.split(separator: " ") == lines.joined(separator: " ").split(separator: " "))
        #expect(ViewerOverlay.wrap(lines, columns: 40).allSatisfy { $0.count <= 40 })
    }

    @Test func theErrorPanelHidesTheSceneBehindIt() {
        let overlay = ViewerOverlay(size: Size(width: 400, height: 300))
        let error = ScriptError(kind: .runtime, message: "scene.lua:3: boom")
        overlay.update(window: Size(width: 400, height: 300), hud: nil, error: error, bounds: nil)
        overlay.scene.step(to: 0)
        let panel = overlay.scene.root.sublayers.first { !$0.bool(.hidden) && $0.color(.backgroundColor).a > 0 }
        #expect(panel?.color(.backgroundColor).a == 1)
    }

    @Test func theHUDCountsWhatIsOnScreen() throws {
        let scene = Scene(size: Size(width: 400, height: 300))
        let square = Layer(scene: scene)
        try scene.root.addSublayer(square)
        let fade = BasicAnimation(keyPath: "opacity")
        fade.duration = 10
        try square.addAnimation(fade, forKey: "fade")
        scene.step(to: 0.5)
        var hud = HUDReport()
        for i in 0..<30 { hud.frame(at: 100 + Double(i) / 60, frameTime: 0.004) }
        let lines = hud.lines(scene: scene, status: "running", mediaTime: 0.5, tick: 30)
        #expect(lines == [" 30 fps   frame 4.00 ms   time 0.500 s   tick 30", "layers 2   animations 1   particles 0",
                          "script: running"])
    }

    /// Errors whose panel Esc hid stay counted on the HUD.
    @Test func theHUDCountsErrorsWhosePanelWasHidden() {
        #expect(Viewer.scriptStatus(loaded: true, showsError: false, errors: 0) == "running")
        #expect(Viewer.scriptStatus(loaded: true, showsError: true, errors: 1) == "error (see below)")
        #expect(Viewer.scriptStatus(loaded: true, showsError: false, errors: 1) == "running, an error so far (panel hidden)")
        #expect(Viewer.scriptStatus(loaded: true, showsError: false, errors: 3) == "running, 3 errors so far (panel hidden)")
        #expect(Viewer.scriptStatus(loaded: false, showsError: true, errors: 0) == "not loaded (see below)")
    }
}

/// The words on the timeline strip beside the time.
struct TimelineStripStatusTests {
    static func state(_ timeline: Timeline, resumed: Bool = false) -> TimelineStrip.State {
        TimelineStrip.State(size: Size(width: 800, height: 600), timeline: timeline, shownTime: timeline.playhead,
                            reached: timeline.playhead, progress: nil, replayed: nil, resumed: resumed)
    }

    /// A script reopened where it was left says so on the strip, in a word that fits beside the
    /// pause at 800 points (the terminal says how to start at 0), until something moves the
    /// timeline.
    @Test func aResumedTimelineIsSaidToBe() {
        var timeline = Timeline()
        timeline.playhead = 6.53
        timeline.isPaused = true
        #expect(TimelineStrip.status(Self.state(timeline, resumed: true)) == "resumed   paused")
        #expect(TimelineStrip.status(Self.state(timeline)) == "paused")
    }
}
