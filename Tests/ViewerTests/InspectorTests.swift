import Export
import Foundation
import LayerKit
import LuaHost
@testable import Playback
import Testing
import TestSupport
@testable import Viewer

/// What the inspector picks and says, without a window.
struct InspectorTests {
    static let scene = """
        local stage = ca.Layer{ name = "stage", bounds = {0, 0, 400, 300}, position = {200, 150} }
        ca.root:addSublayer(stage)
        local box = ca.Layer{ name = "box", bounds = {0, 0, 40, 40}, position = {100, 100}, backgroundColor = "red" }
        stage:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.y", fromValue = 100, toValue = 200, duration = 2,
          beginTime = ca.now() + 1, timingFunction = "linear", fillMode = "both" }, "drop")
        box:addAnimation(ca.KeyframeAnimation{ keyPath = "opacity", values = {1, 0.2, 1}, keyTimes = {0, 0.25, 1},
          duration = 1, repeatCount = math.huge }, "blink")
        """

    func player(_ folder: TemporaryFolder) throws -> Player {
        let path = try folder.write("scene.lua", Self.scene)
        let script = LiveScript(source: .file(path), options: ScriptOptions())
        script.log = { _ in }
        let player = Player(script: script)
        player.budget = 10
        player.open()
        return player
    }

    func go(_ player: Player, to time: Double) {
        player.setPaused(true)
        player.seek(to: time)
        while player.isSeeking || player.runner?.tick ?? -1 < 0 { player.update(realSeconds: 0) }
    }

    @Test func aClickPicksTheDeepestLayerThenItsSuperlayers() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let scene = try #require(player.runner?.scene)
        let inspector = Inspector()
        inspector.pick(at: Point(x: 100, y: 100), in: scene)
        #expect(inspector.layer(in: scene)?.name == "box")
        #expect(Inspector.heading(try #require(inspector.layer(in: scene))) == ("Layer “box”", "root › stage › box"))
        inspector.pick(at: Point(x: 100, y: 100), in: scene)
        #expect(inspector.layer(in: scene)?.name == "stage")
        inspector.pick(at: Point(x: 100, y: 100), in: scene)
        #expect(inspector.layer(in: scene) === scene.root)
    }

    /// Mid-drop in the springs lesson, a click where each box is drawn picks that box, not the
    /// stage it falls through.
    @Test(arguments: [Size(width: 800, height: 600), Size(width: 1024, height: 768), Size(width: 640, height: 700)])
    func aClickPicksTheLayerDrawnUnderThePointerAtTheMomentShown(window: Size) throws {
        let script = LiveScript(source: .file(Project.examples + "/lessons/05-springs.lua"), options: {
            var options = ScriptOptions()
            options.size = window
            options.libraryPath = Project.root + "/Scripts"
            return options
        }())
        script.log = { _ in }
        let player = Player(script: script)
        player.budget = 10
        player.open()
        go(player, to: 0.3)
        let scene = try #require(player.runner?.scene)
        scene.ensurePresentation()
        let boxes = Self.layers(in: scene.root).filter { $0.animation(forKey: "drop") != nil }
        #expect(boxes.count == 6)
        for box in boxes {
            let bounds = box.rect(.bounds, .presentation)
            let centre = Point(x: bounds.origin.x + bounds.width / 2, y: bounds.origin.y + bounds.height / 2)
            let onScreen = try #require(box.convertPoint(centre, to: scene.root, .presentation))
            let inspector = Inspector()
            inspector.pick(at: onScreen, in: scene)
            #expect(inspector.layer(in: scene) === box, "a click at \(onScreen) picked \(String(describing: inspector.layer(in: scene)?.name))")
        }
    }

    /// easeOutBack overshoots: the curve's chart takes all of it in, with 0 and 1 on its grid;
    /// a linear curve's chart spans just 0…1.
    @Test func theCurveChartShowsAnOvershootWhole() throws {
        let back = try #require(TimingFunction(name: "easeOutBack"))
        let samples = (0...64).map { back.evaluate(Double($0) / 64) }
        let measure: (String, ChartLayout.TextRole) -> Size = { text, _ in Size(width: Double(text.count) * 6, height: 13) }
        let layout = ChartLayout(chart: InspectorGraph.curveChart(samples), width: 180, height: 120,
                                 style: InspectorGraph.style, measure: measure)
        #expect((samples.max() ?? 0) > 1.05)
        #expect(layout.yAxis.upper >= (samples.max() ?? 0) && layout.yAxis.lower <= 0)
        #expect(layout.yAxis.ticks.contains(0) && layout.yAxis.ticks.contains(1))
        let linear = ChartLayout(chart: InspectorGraph.curveChart((0...64).map { Double($0) / 64 }), width: 180, height: 120,
                                 style: InspectorGraph.style, measure: measure)
        #expect(linear.yAxis.lower == 0 && linear.yAxis.upper == 1)
    }

    /// The graph is the chart `plot` draws of the key path — the presentation solid, the model
    /// dashed, the keyframes' key times marked — laid out by `ChartLayout`; a press on it seeks
    /// to the time its x axis shows there.
    @Test func theGraphIsThePlotChartAndAPressOnItSeeks() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let overlay = Scene(size: Size(width: 800, height: 600))
        let panel = InspectorPanel(scene: overlay)
        let inspector = Inspector()
        inspector.isOn = true
        player.withFrame { scene in
            guard let scene else { return }
            inspector.pick(at: Point(x: 100, y: 100), in: scene)
            inspector.graphIndex = 1
            panel.update(inspector: inspector, layer: inspector.layer(in: scene), scene: scene, time: 0.5, loop: nil,
                         size: Size(width: 800, height: 600), bottom: 0, overlay: overlay)
        }
        #expect(panel.graphHeading == "▾ graph · opacity")
        let chart = try #require(panel.graph.valuesChart)
        #expect(chart.series.map(\.name) == ["value (model)", "value"])
        #expect(chart.series.map(\.stroke) == [.dashed, .solid])
        #expect(chart.legend.map(\.label) == ["presentation value", "model value", "key times"])
        // blink: key times 0, 0.25 and 1 of each 1-second cycle.
        let marks = try #require(chart.marks.first { $0.name == "key times" })
        #expect(marks.xs.contains { abs($0 - 0.25) < 1e-6 } && marks.xs.contains { abs($0 - 1.25) < 1e-6 })
        // The values between the blink's keyframes: at 0.125 s halfway from 1 to 0.2.
        let line = try #require(chart.series.last)
        let near = try #require(line.xs.indices.min { abs(line.xs[$0] - 0.125) < abs(line.xs[$1] - 0.125) })
        #expect(abs((line.ys[near] ?? 0) - (1 - 0.8 * line.xs[near] / 0.25)) < 1e-6)
        // A press at the middle of the plot seeks to the middle of the x axis.
        let layout = try #require(panel.graph.values.layout)
        let origin = panel.graph.values.root.point(.position)
        let panelOrigin = try #require(overlay.root.sublayers.first { $0.sublayers.contains { $0 === panel.graph.values.root } })
            .point(.position)
        let press = Point(x: panelOrigin.x + origin.x + layout.plot.midX, y: panelOrigin.y + origin.y + layout.plot.midY)
        let middle = (layout.xAxis.lower + layout.xAxis.upper) / 2
        guard case .seek(let time)? = panel.command(at: press) else {
            Issue.record("a press on the graph does not seek")
            return
        }
        #expect(abs(time - middle) < 1e-9)
    }

    /// A falling layer's y grows: graphed with larger values lower, so that the line falls too.
    @Test(arguments: [("position.y", ["value"], ChartDirection.down), ("position", ["y"], .down),
                      ("position", ["x", "y"], .up), ("opacity", ["value"], .up),
                      ("transform.translation.y", ["value"], .down), ("bounds.size.height", ["value"], .up)])
    func screenCoordinatesAreGraphedDownwards(keyPath: String, components: [String], expected: ChartDirection) {
        #expect(ChartDirection.natural(keyPath: keyPath, components: components) == expected)
    }

    /// The panel is at most a third of an 800-point window, and folds text sections away.
    @Test func thePanelTakesAThirdOfTheWindow() {
        #expect(InspectorPanel.width(forWindow: 800) <= 800 / 3 + 1e-9)
        #expect(InspectorPanel.width(forWindow: 1280) <= 1280 / 3 + 1e-9)
        #expect(InspectorPanel.width(forWindow: 1920) <= 1920 / 3 + 1e-9)
        #expect(InspectorPanel.share(10, among: [20, 3]) == [7, 3])
        #expect(InspectorPanel.share(10, among: [20, 20]) == [5, 5])
        #expect(InspectorPanel.share(10, among: [2, 3]) == [2, 3])
    }

    /// Long lines wrap, continued rows indented, rather than being cut with an ellipsis.
    @Test func longLinesWrapInsteadOfBeingCut() {
        let rows = InspectorPanel.wrap(["  “drop” SpringAnimation · position.y · settles 1.5 s"], columns: 24)
        #expect(rows.count > 1)
        #expect(rows.allSatisfy { $0.count <= 24 })
        #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("      ") })
        #expect(rows.joined(separator: " ").replacingOccurrences(of: "  ", with: " ").contains("settles 1.5 s"))
        #expect(!rows.joined().contains("…"))
    }

    /// After its animation ends and is removed, a layer's graph stays on view, marked ended,
    /// until the layer gets another animation.
    @Test func aGraphStaysAfterItsAnimationEnds() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", """
            local box = ca.Layer{ name = "box", bounds = {0, 0, 40, 40}, position = {100, 100}, backgroundColor = "red" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 300, duration = 1 }, "slide")
            ca.after(3, function()
              box:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1 }, "fade")
            end)
            """)
        let script = LiveScript(source: .file(path), options: ScriptOptions())
        script.log = { _ in }
        let player = Player(script: script)
        player.budget = 10
        player.open()
        let overlay = Scene(size: Size(width: 800, height: 600))
        let panel = InspectorPanel(scene: overlay)
        let inspector = Inspector()
        inspector.isOn = true
        func show(at time: Double) -> String? {
            go(player, to: time)
            var heading: String?
            player.withFrame { scene in
                guard let scene else { return }
                if inspector.layer(in: scene) == nil { inspector.pick(at: Point(x: 100 + 200 * min(time, 1), y: 100), in: scene) }
                panel.update(inspector: inspector, layer: inspector.layer(in: scene), scene: scene, time: time, loop: nil,
                             size: Size(width: 800, height: 600), bottom: 0, overlay: overlay)
                heading = panel.graphHeading
            }
            return heading
        }
        #expect(show(at: 0.5) == "▾ graph · position.x")
        #expect(show(at: 2) == "▾ graph · position.x (ended)")
        #expect(show(at: 3.5) == "▾ graph · opacity")
    }

    static func layers(in layer: Layer) -> [Layer] {
        [layer] + layer.sublayers.flatMap(layers)
    }

    /// An unnamed layer is shown by its kind and the line of the script that made it, not by its
    /// place among its siblings.
    @Test func anUnnamedLayerIsShownByKindAndWhereTheScriptMadeIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", """
            local holder = ca.Layer{ bounds = {0, 0, 400, 300}, position = {200, 150} }
            ca.root:addSublayer(holder)
            holder:addSublayer(ca.ShapeLayer{ bounds = {0, 0, 40, 40}, position = {100, 100} })
            """)
        var options = ScriptOptions()
        options.recordsCreationSites = true
        let script = LiveScript(source: .file(path), options: options)
        script.log = { _ in }
        let player = Player(script: script)
        player.budget = 10
        player.open()
        go(player, to: 0.1)
        let scene = try #require(player.runner?.scene)
        let shape = try #require(scene.root.sublayers.first?.sublayers.first)
        let heading = Inspector.heading(shape)
        #expect(heading.title == "ShapeLayer · scene.lua:3")
        #expect(heading.path == "root › Layer@scene.lua:1 › ShapeLayer@scene.lua:3")
    }

    @Test func thePickSurvivesASeekBack() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 2)
        let inspector = Inspector()
        inspector.pick(at: Point(x: 100, y: 150), in: try #require(player.runner?.scene))
        let before = try #require(player.runner)
        go(player, to: 1)
        #expect(player.runner !== before)
        #expect(inspector.layer(in: try #require(player.runner?.scene))?.name == "box")
    }

    @Test func theAnimationLinesSayWhereEachIs() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let scene = try #require(player.runner?.scene)
        let box = try #require(scene.root.sublayers.first?.sublayers.first)
        let states = box.attachedAnimations
        #expect(states.map(\.keyPath) == ["position.y", "opacity"])
        let waiting = Inspector.animationLines(states[0], layer: box, mediaTime: 0.5)
        #expect(waiting[0] == "“drop” BasicAnimation · position.y")
        #expect(waiting[1] == "  from 100 · to 200")
        #expect(waiting[2] == "  dur 2 s · begin 1 s (media 1 s) · fill both")
        #expect(waiting[3].hasPrefix("  filling ") && waiting[3].hasSuffix("0%"))
        let active = Inspector.animationLines(states[0], layer: box, mediaTime: 2)
        #expect(active[3].hasPrefix("  active ") && active[3].hasSuffix(" 50%"))
        let blink = Inspector.animationLines(states[1], layer: box, mediaTime: 0.5)
        #expect(blink[1] == "  3 values · keyTimes 0 0.25 1")
        #expect(blink[2].contains("repeat ∞"))
        let properties = Inspector.propertyLines(box)
        #expect(properties.contains { $0.hasPrefix("position.y") && $0.hasSuffix("100 → 100") || $0 == "position.y       100" })
        #expect(properties.contains { $0.hasPrefix("backgroundColor") && $0.contains("#FF0000") })
        #expect(Inspector.span(of: states[0], layer: box, loop: nil) == 0.84...3.16)
    }

    @Test func presentationValuesFollowTheAnimationsAtOtherMoments() throws {
        let folder = try TemporaryFolder()
        let player = try player(folder)
        go(player, to: 0.5)
        let scene = try #require(player.runner?.scene)
        let box = try #require(scene.root.sublayers.first?.sublayers.first)
        let values = try scene.presentationValues(of: box, keyPath: "position.y", at: [0.5, 1, 2, 3, 4])
        #expect(values == [.number(100), .number(100), .number(150), .number(200), .number(200)])
        // Nothing moved: the presentation shows the frame's moment again.
        #expect(try box.value(forKeyPath: "position.y", .presentation) == .number(100))
    }
}
