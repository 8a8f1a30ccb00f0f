@testable import Export
import Foundation
import LayerKit
import LuaHost
import Playback
import Render
import Testing
import TestSupport

/// Recording a key path of a named layer from a run: the range, the samples between ticks, a
/// layer that appears later, the marks in media time, and each way it can fail.
struct KeyPathSamplerTests {
    func run(_ source: String) throws -> SceneRunner {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.lua", source)
        return try ScriptRecipe(source: .file(path), options: ScriptOptions()).start(output: { _, _ in }, errors: { _, _ in })
    }

    func record(_ source: String, layer: String = "box", keyPath: String = "position.y",
                range: KeyPathSampler.Range = .automatic(start: 0), log: InputLog = InputLog()) throws -> KeyPathRecording {
        let runner = try run(source)
        defer { runner.close() }
        return try KeyPathSampler(layerName: layer, keyPath: keyPath).record(runner, log: log, range: range)
    }

    @Test(arguments: [(1.0, 120), (2.5, 300), (100.0, 12_000), (150.0, 12_000), (300.0, 18_000), (0.001, 1), (0.0, 1)])
    func aFixedRangeIsCutIntoEnoughIntervals(length: Double, expected: Int) {
        #expect(KeyPathSampler.intervals(forLength: length) == expected)
    }

    @Test func theDefaultRangeEndsWithTheAnimationAndSamplesBetweenTicks() throws {
        let recording = try record(PlotScripts.slide(duration: 2))
        #expect(recording.start == 0 && recording.end == 2)
        #expect(recording.components == ["value"])
        #expect(recording.samples.count == 241)
        for (i, sample) in recording.samples.enumerated() {
            #expect(sample.time == min(Double(i) / 120, 2))
            let expected = sample.time < 2 ? sample.time * 50 : 100
            #expect(abs((sample.presentation[0] ?? .nan) - expected) < 1e-9, "at \(sample.time)")
            #expect(sample.model == [100])
        }
    }

    @Test func aFixedRangeEndsExactlyAtItsEnd() throws {
        let recording = try record(PlotScripts.slide(duration: 2), range: .fixed(start: 0.5, end: 1.25))
        #expect(recording.samples.first?.time == 0.5)
        #expect(recording.samples.last?.time == 1.25)
        #expect(recording.samples.count == KeyPathSampler.intervals(forLength: 0.75) + 1)
    }

    @Test(arguments: [(" , repeatCount = math.huge", 5.0), (" , beginTime = ca.now() + 100", 60.0),
                      (", fillMode = 'forwards', removedOnCompletion = false", 2.0)])
    func anEndlessOrFarAnimationGetsAFixedLength(extra: String, end: Double) throws {
        #expect(try record(PlotScripts.slide(duration: 2, extra: extra)).end == end)
    }

    @Test func aLayerMadeLaterIsFoundWhenItAppears() throws {
        let recording = try record(PlotScripts.dotOnATimer, layer: "dot", keyPath: "opacity")
        #expect(recording.samples.first?.time == 1)
        #expect(recording.end == 1.5)
        #expect(recording.samples.first?.presentation == [0])
        #expect(recording.samples.first?.model == [1])
    }

    @Test func aClickCanMakeTheLayer() throws {
        var log = InputLog()
        log.append(.mouseDown(x: 1, y: 1, button: 1), at: Tick.index(atOrAfter: 0.5))
        let recording = try record("""
            ca.on("mousedown", function()
              ca.root:addSublayer(ca.Layer{ name = "box", position = {0, 3} })
            end)
            """, range: .fixed(start: 0, end: 1), log: log)
        #expect(recording.samples.first?.time == 0.5)
        #expect(recording.samples.last?.presentation == [3])
    }

    @Test func marksAreInMediaTime() throws {
        let recording = try record("""
            local box = ca.Layer{ name = "box", speed = 2 }
            ca.root:addSublayer(box)
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "position", values = {{0, 0}, {10, 20}, {0, 40}},
              keyTimes = {0, 0.25, 1}, duration = 2 }, "path")
            """, keyPath: "position")
        #expect(recording.end == 1)
        #expect(recording.components == ["x", "y"])
        #expect(recording.marks == [0, 0.25, 1].map { AnimationMark(kind: .keyTime, time: $0) })
        let quarter = try #require(recording.samples.first { $0.time == 0.25 })
        #expect(quarter.presentation == [10, 20])
    }

    @Test func anUnknownNameListsTheNamesThereAre() throws {
        #expect(throws: KeyPathSamplingError.noLayer(name: "bx", start: 0, end: 2, names: ["box", "label"])) {
            try record(PlotScripts.slide(duration: 2), layer: "bx", range: .fixed(start: 0, end: 2))
        }
        let error = KeyPathSamplingError.noLayer(name: "bx", start: 0, end: 2, names: ["box", "label"])
        #expect(error.description == "no layer named 'bx' from 0 to 2 s (did you mean 'box'?); the layers with names: box, label")
        let unnamed = KeyPathSamplingError.noLayer(name: "box", start: 0, end: 5, names: [])
        #expect(unnamed.description == "no layer named 'box' from 0 to 5 s, and no layer has a name (set layer.name to find one)")
        let many = KeyPathSamplingError.noLayer(name: "zzz", start: 0, end: 5, names: (1...40).map { "l\($0)" })
        #expect(many.description.hasSuffix(" and 10 more"))
        #expect(many.description.split(separator: ",").count == 30)
    }

    @Test func anUnknownKeyPathIsTheKeyPathError() throws {
        #expect(throws: KeyPathSamplingError.keyPath(.unknownProperty(keyPath: "positon.y", on: .layer, suggestion: "position"))) {
            try record(PlotScripts.slide(duration: 2), keyPath: "positon.y")
        }
        #expect(throws: KeyPathSamplingError.keyPath(.unknownComponent(keyPath: "position.z", valid: ["position.x", "position.y"]))) {
            try record(PlotScripts.slide(duration: 2), keyPath: "position.z")
        }
    }

    @Test func aValueWithNoNumbersHasNothingToPlot() throws {
        #expect(throws: KeyPathSamplingError.noNumbers(layerName: "fade", keyPath: "locations", start: 0, end: 1)) {
            try record("ca.root:addSublayer(ca.GradientLayer{ name = 'fade' })", layer: "fade", keyPath: "locations",
                       range: .fixed(start: 0, end: 1))
        }
    }

    @Test func theCSVHasAColumnPerComponent() throws {
        let recording = try record(PlotScripts.slide(duration: 1), keyPath: "position", range: .fixed(start: 0, end: 0.5))
        let lines = recording.csv.split(separator: "\n")
        #expect(lines.first == "time,x,y")
        #expect(lines.count == 62)
        #expect(lines[1] == "0.0,30.0,0.0")
        #expect(lines[61] == "0.5,30.0,50.0")
    }

    @Test func theChartOfATransformShowsWhatChanges() throws {
        let recording = try record("""
            local box = ca.Layer{ name = "box" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0, toValue = 1, duration = 1 }, "spin")
            """, keyPath: "transform")
        let chart = recording.chart(title: "spin")
        #expect(chart.series.map(\.name) == ["rotation.z (model)", "rotation.z"])
        #expect(chart.series.map(\.stroke) == [.dashed, .solid])
        #expect(chart.legend.map(\.label) == ["rotation.z", "model value", "constant: translation.x, translation.y, "
            + "translation.z, scale.x, scale.y, scale.z, rotation.x, rotation.y"])
        #expect(chart.xLower == 0 && chart.xUpper == 1)
        #expect(chart.yTitle == "transform")
    }

    @Test func theChartOfANumberNamesPresentationAndModel() throws {
        let chart = try record(PlotScripts.slide(duration: 2)).chart(title: "slide")
        #expect(chart.legend.map(\.label) == ["presentation value", "model value"])
        #expect(chart.series.count == 2)
        #expect(chart.marks.isEmpty)
    }
}
