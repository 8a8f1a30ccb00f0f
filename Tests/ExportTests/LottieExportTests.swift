@testable import Export
import Foundation
import LayerKit
import LuaHost
import Playback
import Render
import Testing
import TestSupport

/// Lottie export from a run: timing functions and key times kept as keyframes, the same bytes
/// every time, `--strict` refusing what bakes, and no file left when writing fails.
struct LottieExportTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func export(_ source: String, seconds: Double = 1.5, fps: Double = 30, name: String = "scene.json",
                strict: Bool = false) throws -> (report: LottieReport, json: [String: Any], path: String) {
        let script = try folder.write("scene.lua", source)
        let runner = try ScriptRecipe(source: .file(script), options: ScriptOptions(), images: RenderImages())
            .start(output: { _, _ in }, errors: { _, _ in })
        defer { runner.close() }
        let settings = RenderSettings.duration(seconds, fps: fps, width: 320, height: 120)
        let path = folder.path + "/" + name
        let output = try #require(LottieOutput(path: path))
        let report = try LottieExport.export(runner, settings: settings, log: InputLog(), to: output, strict: strict)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = output.isArchive ? [:] : try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (report, json, path)
    }

    /// The first layer (topmost) of a file's layers.
    func topLayer(_ json: [String: Any]) throws -> [String: Any] {
        try #require((json["layers"] as? [[String: Any]])?.first)
    }

    static let eased = """
        local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
        ca.root:addSublayer(box)
        box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 1,
          timingFunction = "easeInEaseOut", fillMode = "forwards", removedOnCompletion = false }, "move")
        """

    @Test func anEaseInEaseOutAnimationIsTwoKeyframesWithItsHandles() throws {
        let (report, json, _) = try export(Self.eased)
        let transform = try #require(try topLayer(json)["ks"] as? [String: Any])
        let x = try #require((transform["p"] as? [String: Any])?["x"] as? [String: Any])
        let keys = try #require(x["k"] as? [[String: Any]])
        #expect(keys.count == 2)
        #expect(keys.map { $0["t"] as? Double } == [0, 30])
        let out = try #require(keys[0]["o"] as? [String: Double])
        let into = try #require(keys[0]["i"] as? [String: Double])
        #expect(out["x"] == 0.42 && out["y"] == 0)
        #expect(into["x"] == 0.58 && into["y"] == 1)
        #expect((keys[0]["s"] as? [Double]) == [20] && (keys[1]["s"] as? [Double]) == [220])
        #expect(report.exact.count == 1 && report.isExact)
    }

    @Test func aKeyframeAnimationKeepsItsKeyTimesAsFrames() throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "gold" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "opacity", values = { 1, 0.2, 0.6, 1 },
              keyTimes = { 0, 0.2, 0.7, 1 }, duration = 1 }, "fade")
            """)
        // Opacity is the fill's (a shape layer's opacity is multiplied into its paints).
        let group = try #require((try topLayer(json)["shapes"] as? [[String: Any]])?.first)
        let fill = try #require((group["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "fl" })
        let keys = try #require((fill["o"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.map { $0["t"] as? Double } == [0, 6, 21, 30])
        #expect(keys.map { ($0["s"] as? [Double])?.first } == [100, 20, 60, 100])
        #expect(report.isExact)
    }

    /// The keyframes of the top layer's `p.x` or `p.y`: frames, values and the easing handles
    /// out of each keyframe (`o` x, y, then `i` x, y; empty for the last or a hold).
    func positionKeys(_ json: [String: Any], _ axis: String) throws -> [(t: Double, s: Double, handles: [Double])] {
        let transform = try #require(try topLayer(json)["ks"] as? [String: Any])
        let keys = try #require(((transform["p"] as? [String: Any])?[axis] as? [String: Any])?["k"] as? [[String: Any]])
        return try keys.map { key in
            let out = key["o"] as? [String: Double], into = key["i"] as? [String: Double]
            let handles = [out?["x"], out?["y"], into?["x"], into?["y"]].compactMap { $0 }
            return (try #require(key["t"] as? Double), try #require((key["s"] as? [Double])?.first), handles)
        }
    }

    @Test func aGroupExportsItsChildrenAsTheirOwnKeyframesInsideItsTime() throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.AnimationGroup{ beginTime = ca.now() + 0.5, duration = 1, fillMode = "forwards",
              removedOnCompletion = false, animations = {
                ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 0.5,
                  timingFunction = "easeIn", fillMode = "forwards" },
                ca.BasicAnimation{ keyPath = "position.y", fromValue = 60, toValue = 100, beginTime = 0.2, duration = 0.5,
                  timingFunction = "easeOut", fillMode = "forwards" },
              } }, "group")
            """)
        // The group begins at 0.5 s (frame 15); y's child 0.2 s into it (frame 21).
        let x = try positionKeys(json, "x"), y = try positionKeys(json, "y")
        #expect(x.map(\.t) == [0, 15, 30] && x.map(\.s) == [20, 20, 220])
        #expect(x[1].handles == [0.42, 0, 1, 1])
        #expect(y.map(\.t) == [0, 21, 36] && y.map(\.s) == [40, 40, 80])
        #expect(y[1].handles == [0, 0, 0.58, 1])
        #expect(report.exact.map(\.what) == ["animation group"] && report.isExact)
    }

    /// The animation's own speed, or its layer's.
    @Test(arguments: [("speed = 2,", ""), ("", "box.speed = 2")])
    func speedTwoHalvesTheFrameNumbers(_ animationSpeed: String, _ layerSpeed: String) throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            \(layerSpeed)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 1,
              \(animationSpeed) timingFunction = "easeInEaseOut", fillMode = "forwards", removedOnCompletion = false }, "move")
            """)
        let x = try positionKeys(json, "x")
        #expect(x.map(\.t) == [0, 15] && x.map(\.s) == [20, 220])
        #expect(x[0].handles == [0.42, 0, 0.58, 1])
        #expect(report.exact.count == 1 && report.isExact)
    }

    @Test func aTimeOffsetStartsTheCyclesPartWayAndWrapsRound() throws {
        // Autoreversing half-second cycles, started a quarter second in: half way out at frame 0,
        // out at 15, back at 45, out at 75 (at 60 fps).
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 0.5,
              autoreverses = true, repeatCount = 2, timeOffset = 0.25 }, "swing")
            """, fps: 60)
        let x = try positionKeys(json, "x")
        #expect(x.map(\.t) == [0, 15, 45, 75, 105], "\(x)")
        #expect(x.map(\.s) == [120, 220, 20, 220, 20], "\(x)")
        #expect(report.isExact)
    }

    @Test func aPacedKeyframeAnimationIsKeyedWhereItsDistancesPutTheValues() throws {
        // Distances 40, 120, 40: key times 0, 0.2, 0.8, 1 (the given ones are ignored, as paced mode does).
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", values = { 40, 80, 200, 240 },
              keyTimes = { 0, 0.5, 0.6, 1 }, calculationMode = "paced", duration = 1, fillMode = "forwards",
              removedOnCompletion = false }, "pace")
            """)
        let x = try positionKeys(json, "x")
        #expect(x.map(\.t) == [0, 6, 24, 30] && x.map(\.s) == [20, 60, 180, 220])
        #expect(x[0].handles == [0, 0, 1, 1])
        #expect(report.exact.map(\.what) == ["keyframe animation"] && report.isExact)
    }

    @Test func aCubicKeyframeAnimationIsItsHermiteSegmentsAsHandles() throws {
        // Catmull-Rom tangents 50, 100, 50 through 40, 140, 240: handle heights m0 / 3Δ and 1 − m1 / 3Δ.
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", values = { 40, 140, 240 },
              calculationMode = "cubic", duration = 1, fillMode = "forwards", removedOnCompletion = false }, "curve")
            """)
        let x = try positionKeys(json, "x")
        #expect(x.map(\.t) == [0, 15, 30] && x.map(\.s) == [20, 120, 220])
        #expect(x[0].handles == [0.3333, 0.1667, 0.6667, 0.6667])
        #expect(x[1].handles == [0.3333, 0.3333, 0.6667, 0.8333])
        #expect(report.isExact)
    }

    @Test func aCycleEndingBetweenFramesJumpsBackWithTwoKeyframesAtOneTime() throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 0.75,
              repeatCount = 2 }, "again")
            """)
        let x = try positionKeys(json, "x")
        #expect(x.map(\.t) == [0, 22.5, 22.5, 45] && x.map(\.s) == [20, 220, 20, 220], "\(x)")
        #expect(report.isExact)
    }

    @Test func anImplicitAnimationRetargetedPartWayIsExactUpToThere() throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            ca.after(0.2, function()
              ca.transaction(function() box.position = { 240, 60 } end, { duration = 1, timingFunction = "linear" })
            end)
            ca.after(0.7, function()
              ca.transaction(function() box.position = { 40, 60 } end, { duration = 0.5, timingFunction = "easeOut" })
            end)
            """)
        // Out from frame 6 (linear), back from frame 21 (easeOut) from where the first had got to:
        // the first segment cut there, its curve's first half.
        let x = try positionKeys(json, "x")
        #expect(x.map(\.t) == [0, 6, 21, 36] && x.map(\.s) == [20, 20, 120, 20], "\(x)")
        #expect(x[1].handles == [0, 0, 0.5, 0.5] && x[2].handles == [0, 0, 0.58, 1], "\(x)")
        #expect(report.exact.count == 2 && report.isExact, "\(report.details)")
    }

    @Test func anAnimationIsExactOnlyWhereItsOwnKeyPathFollowsIt() throws {
        // The same timing on two key paths: the corners stop rounding at half the side (20), so
        // the cornerRadius animation must be baked although position.x follows the same curve.
        let (report, _, path) = try export("""
            local box = ca.Layer{ name = "box", bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 1 }, "move")
            box:addAnimation(ca.BasicAnimation{ keyPath = "cornerRadius", fromValue = 1, toValue = 100, duration = 1 }, "round")
            """)
        #expect(report.details == ["exact: basic animation — 'box' position.x", "baked: basic animation — 'box' cornerRadius"],
                "\(report.details)")
        #expect(report.line(path: path).contains("; exact: 1 animation; baked: 1 × basic animation"))
    }

    @Test func implicitAnimationsThatExplicitOnesReplaceAreReportedAsReplaced() throws {
        // The model set first (an implicit animation each), then an explicit animation of the
        // same property, or of the part of it that changes, which takes it over throughout.
        let (report, _, path) = try export("""
            local box = ca.Layer{ name = "box", bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            ca.after(0.1, function()
              box.position = { 240, 60 }
              box:addAnimation(ca.BasicAnimation{ keyPath = "position", fromValue = { 40, 60 }, toValue = { 240, 60 },
                duration = 1 }, "slide")
              box.bounds = { 0, 0, 40, 80 }
              box:addAnimation(ca.BasicAnimation{ keyPath = "bounds.size.height", fromValue = 40, toValue = 80, duration = 1 },
                "grow")
            end)
            """)
        #expect(report.replaced.map(\.text) == ["implicit animation — 'box' position; replaced by basic animation position",
                                                "implicit animation — 'box' bounds; replaced by basic animation bounds.size.height"],
                "\(report.details)")
        #expect(report.exact.count == 2 && report.isExact, "\(report.details)")
        #expect(report.line(path: path).hasSuffix("; exact: 2 animations; replaced: 2 × implicit animation "
                                                  + "(taken over by later animations of the same property)"))
    }

    @Test func anAnimatedDashPatternAndPhaseAreTheStrokesDashKeyframes() throws {
        let (report, json, _) = try export("""
            local ants = ca.ShapeLayer{ path = ca.Path.roundedRect({ 10, 10, 100, 60 }, 8), fillColor = "transparent",
              strokeColor = "white", lineWidth = 4, lineDashPattern = { 4, 8 } }
            ca.root:addSublayer(ants)
            ants:addAnimation(ca.BasicAnimation{ keyPath = "lineDashPattern", fromValue = { 4, 8 }, toValue = { 22, 8 },
              duration = 1, timingFunction = "easeInEaseOut", fillMode = "forwards", removedOnCompletion = false }, "dashes")
            ants:addAnimation(ca.BasicAnimation{ keyPath = "lineDashPhase", fromValue = 0, toValue = -60, duration = 1,
              fillMode = "forwards", removedOnCompletion = false }, "march")
            """)
        let group = try #require((try topLayer(json)["shapes"] as? [[String: Any]])?.first)
        let stroke = try #require((group["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "st" })
        let entries = try #require(stroke["d"] as? [[String: Any]])
        #expect(entries.map { $0["n"] as? String } == ["d", "g", "o"])
        func keys(_ n: Int) throws -> [(t: Double, s: Double, handles: [Double])] {
            let value = try #require(entries[n]["v"] as? [String: Any])
            guard let list = value["k"] as? [[String: Any]] else { return [(0, value["k"] as? Double ?? .nan, [])] }
            return try list.map { key in
                let out = key["o"] as? [String: Double], into = key["i"] as? [String: Double]
                return (try #require(key["t"] as? Double), try #require((key["s"] as? [Double])?.first),
                        [out?["x"], out?["y"], into?["x"], into?["y"]].compactMap { $0 })
            }
        }
        let dash = try keys(0), gap = try keys(1), offset = try keys(2)
        #expect(dash.map(\.t) == [0, 30] && dash.map(\.s) == [4, 22] && dash[0].handles == [0.42, 0, 0.58, 1], "\(dash)")
        #expect(gap.map(\.s) == [8], "\(gap)")
        #expect(offset.map(\.t) == [0, 30] && offset.map(\.s) == [0, -60] && offset[0].handles == [0, 0, 1, 1], "\(offset)")
        #expect(report.exact.count == 2 && report.isExact, "\(report.details)")
    }

    @Test func aDiscreteKeyframeAnimationIsHoldKeyframes() throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", values = { 40, 140, 240 },
              calculationMode = "discrete", duration = 1, fillMode = "forwards", removedOnCompletion = false }, "steps")
            """)
        let transform = try #require(try topLayer(json)["ks"] as? [String: Any])
        let keys = try #require(((transform["p"] as? [String: Any])?["x"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.map { $0["t"] as? Double } == [0, 10, 20])
        #expect(keys.map { ($0["s"] as? [Double])?.first } == [20, 120, 220])
        #expect(keys.dropLast().allSatisfy { $0["h"] as? Int == 1 })
        #expect(report.isExact)
    }

    @Test func anImageIsPlacedByItsTopLeftAtItsAssetsPixelSize() throws {
        let dot = try #require(Image(width: 14, height: 14, premultipliedRGBA: [UInt8](repeating: 255, count: 14 * 14 * 4)))
        try LottieImageAssets.png(dot, tint: (1, 1, 1)).write(to: URL(fileURLWithPath: folder.path + "/dot.png"))
        let (_, json, _) = try export("""
            local dot = ca.Image.load("dot.png")
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 28, 28 }, position = { 75.25, 45.75 }, contents = dot })
            """)
        let asset = try #require((json["assets"] as? [[String: Any]])?.first)
        let width = try #require(asset["w"] as? Double)
        let layer = try topLayer(json)
        #expect(layer["ty"] as? Int == 2 && layer["refId"] as? String == asset["id"] as? String)
        let transform = try #require(layer["ks"] as? [String: Any])
        let position = try #require(transform["p"] as? [String: Any])
        #expect((position["x"] as? [String: Any])?["k"] as? Double == 61.25)
        #expect((position["y"] as? [String: Any])?["k"] as? Double == 31.75)
        #expect(((transform["a"] as? [String: Any])?["k"] as? [Double]) == [0, 0])
        let scale = try #require((transform["s"] as? [String: Any])?["k"] as? [Double])
        #expect(scale.map { ($0 * 1000).rounded() } == [2800 / width * 1000, 2800 / width * 1000].map { $0.rounded() })
    }

    /// A disc's radial gradient: its outer radius (item coordinates) and its alpha stops.
    func discGradient(_ layer: [String: Any]) throws -> (radius: Double, stops: [(offset: Double, alpha: Double)]) {
        #expect(layer["ty"] as? Int == 4)
        let items = try #require(((layer["shapes"] as? [[String: Any]])?.first)?["it"] as? [[String: Any]])
        let fill = try #require(items.first { $0["ty"] as? String == "gf" })
        #expect(fill["t"] as? Int == 2)
        let start = try #require((fill["s"] as? [String: Any])?["k"] as? [Double])
        let end = try #require((fill["e"] as? [String: Any])?["k"] as? [Double])
        let g = try #require(fill["g"] as? [String: Any])
        let count = try #require(g["p"] as? Int)
        let values = try #require((g["k"] as? [String: Any])?["k"] as? [Double])
        let stops = (0..<count).map { (offset: values[4 * count + 2 * $0], alpha: values[4 * count + 2 * $0 + 1]) }
        // Offsets rise: rlottie draws two stops at one offset as a dark dot.
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.offset < $1.offset }, "\(stops)")
        return (end[0] - start[0], stops)
    }

    @Test func aGeneratedDiscIsDrawnAsShapesNotPixels() throws {
        let (_, json, _) = try export("""
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 60, 60 },
              contents = ca.Image.circle{ radius = 10, color = "white" } })
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 160, 60 },
              contents = ca.Image.circle{ radius = 10, softness = 1, color = "white" } })
            """)
        #expect((json["assets"] as? [Any])?.isEmpty == true)
        let layers = try #require(json["layers"] as? [[String: Any]])
        // The soft disc (top): alpha falls from nearly 1 at the centre (its smoothstep peak,
        // read between texels) to 0 at the rim.
        let soft = try discGradient(layers[0])
        #expect((soft.stops.first?.alpha ?? 0) > 0.95 && soft.stops.last?.alpha == 0, "\(soft.stops)")
        // The sharp disc: whole inside, its edge half covered at the image's radius (10 of its
        // 22 pixels, shown over 40 points) as the renderer draws it, reaching a little beyond.
        let sharp = try discGradient(layers[1])
        #expect(sharp.stops.first?.alpha == 1 && sharp.stops.last?.alpha == 0, "\(sharp.stops)")
        let half = try #require(zip(sharp.stops, sharp.stops.dropFirst()).first { $0.alpha >= 0.5 && $1.alpha < 0.5 })
        let t = (half.0.alpha - 0.5) / (half.0.alpha - half.1.alpha)
        let edge = (half.0.offset + t * (half.1.offset - half.0.offset)) * sharp.radius
        #expect(abs(edge - 10 * 40 / 22) < 0.3, "half covered at \(edge)")
        #expect(sharp.radius > 10 * 40 / 22 + 0.5, "\(sharp.radius)")
    }

    @Test func aDiscDrawnSmallHasTheWiderEdgeOfTheMipmapLevelItIsReadThrough() throws {
        // The same 50-pixel disc at its size and at a fifth of it (mipmap level 2, whose texels
        // are four of its pixels): the edge spreads over more of the image's pixels.
        let (_, json, _) = try export("""
            local disc = ca.Image.circle{ radius = 24, color = "white" }
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 50, 50 }, position = { 60, 60 }, contents = disc })
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 10, 10 }, position = { 160, 60 }, contents = disc })
            """)
        let layers = try #require(json["layers"] as? [[String: Any]])
        /// Where the edge starts and ends, in the image's pixels from its centre.
        func edge(_ layer: [String: Any], shownAt scale: Double) throws -> (from: Double, to: Double) {
            let gradient = try discGradient(layer)
            let radius = gradient.radius / scale
            let from = gradient.stops.last { $0.alpha > 0.99 }.map { $0.offset * radius } ?? 0
            let to = gradient.stops.first { $0.alpha < 0.01 }.map { $0.offset * radius } ?? radius
            return (from, to)
        }
        let large = try edge(layers[1], shownAt: 1), small = try edge(layers[0], shownAt: 0.2)
        #expect(large.to - large.from < 4, "\(large)")
        #expect(small.to - small.from > 8, "\(small)")
        #expect(abs((small.from + small.to) / 2 - 24.5) < 2 && abs((large.from + large.to) / 2 - 24.5) < 1)
    }

    @Test func aSnowflakeIsDrawnAsItsStrokedLinesNotPixels() throws {
        let flake = try Image.snowflake(size: 40, seed: 3)
        guard case let .strokes(lines, passes, _, _, _)? = flake.shape else {
            Issue.record("a snowflake keeps the lines it is drawn from")
            return
        }
        // The lines (six arms, one straight up and one down, and the core's outline) reach out
        // to 0.9 of the half side, about the image's centre.
        let box = lines.boundingBox
        #expect(abs(box.maxY - box.minY - 36) < 0.01 && abs(box.midY - 20) < 0.01, "\(box)")
        #expect(passes.map(\.alpha) == [0.12, 0.22, 1])

        // Shown at twice its size: one shape layer of the lines, the sharp stroke over two wider
        // faint glows, and no image asset.
        let (_, json, _) = try export("""
            local flake = ca.Image.snowflake{ size = 40, seed = 3 }
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 80, 80 }, position = { 60, 60 }, contents = flake })
            """)
        #expect((json["assets"] as? [Any])?.isEmpty == true)
        let layers = try #require(json["layers"] as? [[String: Any]])
        let stroked = layers.compactMap { layer in
            (layer["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "stroke" }?["it"] as? [[String: Any]]
        }
        let items = try #require(stroked.first)
        let styles = items.filter { $0["ty"] as? String == "st" }
        #expect(styles.map { (($0["o"] as? [String: Any])?["k"] as? Double) ?? -1 } == [100, 22, 12])
        let widths = styles.map { (($0["w"] as? [String: Any])?["k"] as? Double) ?? -1 }
        #expect(zip(widths, passes.reversed()).allSatisfy { abs($0 - $1.width * 2) < 0.01 }, "\(widths)")
        #expect(items.filter { $0["ty"] as? String == "sh" }.count == LottieBezier.subpaths(of: lines).count)
    }

    @Test func aSnowflakeDrawnSmallHasWiderFainterLinesCarryingTheSameLight() throws {
        let flake = try Image.snowflake(size: 40, seed: 3)
        guard case let .strokes(_, passes, _, _, _)? = flake.shape else {
            Issue.record("a snowflake keeps the lines it is drawn from")
            return
        }
        // Shown at a quarter of its size, through mipmap level 2 (texels of four pixels).
        let (_, json, _) = try export("""
            local flake = ca.Image.snowflake{ size = 40, seed = 3 }
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 10, 10 }, position = { 60, 60 }, contents = flake })
            """)
        let layers = try #require(json["layers"] as? [[String: Any]])
        let stroked = layers.compactMap { layer in
            (layer["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "stroke" }?["it"] as? [[String: Any]]
        }
        let items = try #require(stroked.first)
        let styles = items.filter { $0["ty"] as? String == "st" }
        let widths = styles.map { (($0["w"] as? [String: Any])?["k"] as? Double) ?? -1 }
        let alphas = styles.map { ((($0["o"] as? [String: Any])?["k"] as? Double) ?? -1) / 100 }
        for ((width, alpha), pass) in zip(zip(widths, alphas), passes.reversed()) {
            #expect(width > pass.width / 4 + 0.1, "\(width) for a line \(pass.width / 4) wide")
            #expect(abs(width * alpha - pass.width / 4 * pass.alpha) < 0.01, "\(width) × \(alpha)")
        }
    }

    /// The shape groups of each layer, top first, by their names ("fill", "stroke").
    func groups(_ json: [String: Any]) throws -> [[String: [[String: Any]]]] {
        try #require(json["layers"] as? [[String: Any]]).map { layer in
            var named: [String: [[String: Any]]] = [:]
            for group in layer["shapes"] as? [[String: Any]] ?? [] {
                if let name = group["nm"] as? String, let items = group["it"] as? [[String: Any]] { named[name] = items }
            }
            return named
        }
    }

    /// A layer `stage` filling the scene, whose sublayers share a perspective seen from 300 points.
    static let perspectiveStage = """
        local stage = ca.Layer{ frame = { 0, 0, 320, 120 } }
        local p = ca.Transform3D.identity
        p.m34 = -1 / 300
        stage.sublayerTransform = p
        ca.root:addSublayer(stage)

        """

    @Test func aBorderSeenInPerspectiveIsTheRingBetweenItsEdges() throws {
        // A face turned away about y: its border narrows towards the far side, which a stroke of
        // one width cannot do.
        let (_, json, _) = try export(Self.perspectiveStage + """
            stage:addSublayer(ca.Layer{ bounds = { 0, 0, 80, 80 }, position = { 160, 60 }, cornerRadius = 6,
              borderWidth = 4, borderColor = "white", transform = ca.Transform3D.rotation(0.8, 0, 1, 0) })
            """, seconds: 0.1)
        let border = try #require(try groups(json).first { $0["fill"] != nil })
        let items = try #require(border["fill"])
        #expect(items.filter { $0["ty"] as? String == "sh" }.count == 2)
        #expect(items.first { $0["ty"] as? String == "fl" }?["r"] as? Int == 2)
        #expect(!items.contains { $0["ty"] as? String == "st" })
        // Its two edges, on the screen: the border is wider on its near side than on its far one.
        let paths = items.compactMap { (($0["ks"] as? [String: Any])?["k"] as? [String: Any])?["v"] as? [[Double]] }
        let (outer, inner) = (paths[0].map { $0[0] }, paths[1].map { $0[0] })
        let left = inner.min()! - outer.min()!, right = outer.max()! - inner.max()!
        #expect(min(left, right) > 1 && abs(left - right) > 0.5, "\(outer) \(inner)")
    }

    @Test func aStrokeSeenFromFurtherAwayIsThinnerOnTheScreen() throws {
        // Twice as far from the eye as the perspective's distance: half the size, and a stroke of
        // 4 points half as wide.
        let (_, json, _) = try export(Self.perspectiveStage + """
            local line = ca.ShapeLayer{ bounds = { 0, 0, 80, 80 }, position = { 160, 60 }, lineWidth = 4,
              strokeColor = "white", fillColor = { 0, 0, 0, 0 }, path = ca.Path.ellipse{ 0, 0, 80, 80 } }
            line.transform = ca.Transform3D.translation(0, 0, -300)
            stage:addSublayer(line)
            """, seconds: 0.1)
        let stroke = try #require(try groups(json).compactMap { $0["stroke"] }.first)
        let width = try #require(((stroke.first { $0["ty"] as? String == "st" })?["w"] as? [String: Any])?["k"] as? Double)
        #expect(abs(width - 2) < 0.02, "\(width)")
    }

    @Test func aBackgroundsShadowIsABlurredImageBeneathIt() throws {
        let (report, json, _) = try export("""
            local card = ca.Layer{ name = "card", bounds = { 0, 0, 60, 40 }, position = { 80, 60 }, backgroundColor = "white",
              cornerRadius = 8, shadowOpacity = 0.5, shadowRadius = 6, shadowOffset = { 0, 3 } }
            ca.root:addSublayer(card)
            local star = ca.ShapeLayer{ path = ca.Path.roundedRect({ 0, 0, 30, 30 }, 4), fillColor = "gold",
              position = { 200, 60 }, shadowOpacity = 0.5 }
            ca.root:addSublayer(star)
            """)
        #expect(report.baked.map(\.text) == ["shadow (as a blurred image) — 'card'"], "\(report.details)")
        // A path's shadow has no Lottie form here.
        #expect(report.dropped.map(\.what) == ["shadow"], "\(report.details)")
        // Top first: the star, the card, the card's shadow, the background.
        let layers = try #require(json["layers"] as? [[String: Any]])
        let shadow = layers[layers.count - 2]
        #expect(shadow["ty"] as? Int == 2 && shadow["nm"] as? String == "'card' shadow")
        let asset = try #require((json["assets"] as? [[String: Any]])?.first { $0["id"] as? String == shadow["refId"] as? String })
        let width = try #require(asset["w"] as? Int), height = try #require(asset["h"] as? Int)
        let pad = Double(width - 60) / 2
        #expect(Double(height - 40) / 2 == pad && pad > 6)
        let transform = try #require(shadow["ks"] as? [String: Any])
        let position = try #require(transform["p"] as? [String: Any])
        #expect((position["x"] as? [String: Any])?["k"] as? Double == 50 - pad)
        #expect((position["y"] as? [String: Any])?["k"] as? Double == 40 - pad + 3)
        #expect((transform["o"] as? [String: Any])?["k"] as? Double == 50)
    }

    @Test func aFadeTransitionCrossfadesTheAppearanceBeforeAndAfter() throws {
        let (report, json, _) = try export("""
            local tile = ca.Layer{ name = "tile", bounds = { 0, 0, 40, 40 }, position = { 60, 60 }, backgroundColor = "tomato" }
            ca.root:addSublayer(tile)
            ca.after(0.5, function()
              tile:addAnimation(ca.Transition{ type = "fade", duration = 0.5 }, "fade")
              tile.backgroundColor = "gold"
            end)
            """)
        #expect(report.baked.map(\.text) == ["fade transition — 'tile'"], "\(report.details)")
        #expect(report.dropped.isEmpty, "\(report.details)")
        // While it runs (frames 15 to 30), the tile as it was and the tile as it is, clipped to its
        // bounds, are layers of their own: the gold one fades in over the tomato one, which stays
        // whole beneath it.
        let tiles = try #require(json["layers"] as? [[String: Any]]).filter { $0["nm"] as? String == "'tile'" }
        let during = tiles.filter { ($0["ip"] as? Int ?? 0) >= 15 && ($0["op"] as? Int ?? 99) <= 31 }
        #expect(tiles.count == 3 && during.count == 2, "\(tiles.map { ($0["ip"] ?? 0, $0["op"] ?? 0) })")
        func fill(_ layer: [String: Any]) -> [String: Any]? {
            ((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "fl" }
        }
        // Top first: the new appearance over the old.
        let new = try #require(during.first.flatMap(fill)), old = try #require(during.last.flatMap(fill))
        #expect((new["o"] as? [String: Any])?["a"] as? Int == 1)
        #expect((old["o"] as? [String: Any])?["k"] as? Double == 100)
        #expect((old["c"] as? [String: Any])?["k"] as? [Double] == [1, 0.388, 0.278], "\(old)")
    }

    @Test func aSpringIsBakedIntoFewerKeyframesThanFrames() throws {
        let (report, json, _) = try export("""
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "gold" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.SpringAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240,
              damping = 8, duration = 2, fillMode = "forwards", removedOnCompletion = false }, "spring")
            """, seconds: 2)
        let transform = try #require(try topLayer(json)["ks"] as? [String: Any])
        let keys = try #require(((transform["p"] as? [String: Any])?["x"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keys.count > 2 && keys.count < 30, "\(keys.count) keyframes for 60 frames")
        #expect(report.baked.map(\.what) == ["spring"])
        #expect(report.bakedError <= 0.5)
    }

    @Test func thingsThatSwapTheirDepthOrderAreDrawnInEachFramesOrder() throws {
        // Red starts behind blue; its zPosition passes blue's half way through, and red is in
        // front from then on.
        let (report, json, _) = try export("""
            local red = ca.Layer{ name = "red", bounds = { 0, 0, 60, 60 }, position = { 80, 60 }, backgroundColor = "red" }
            local blue = ca.Layer{ name = "blue", bounds = { 0, 0, 60, 60 }, position = { 110, 60 }, backgroundColor = "blue",
              zPosition = 1 }
            ca.root:addSublayer(red)
            ca.root:addSublayer(blue)
            red:addAnimation(ca.BasicAnimation{ keyPath = "zPosition", fromValue = 0, toValue = 2, duration = 1,
              fillMode = "forwards", removedOnCompletion = false }, "rise")
            """, seconds: 1)
        let layers = try #require(json["layers"] as? [[String: Any]])
        // Top first, so a layer drawn over another comes before it in the list.
        func topmost(at frame: Int) -> String? {
            layers.first { layer in
                guard let name = layer["nm"] as? String, name == "'red'" || name == "'blue'",
                      let ip = layer["ip"] as? Int, let op = layer["op"] as? Int else { return false }
                return ip <= frame && frame < op
            }?["nm"] as? String
        }
        #expect(topmost(at: 0) == "'blue'" && topmost(at: 14) == "'blue'")
        #expect(topmost(at: 16) == "'red'" && topmost(at: 29) == "'red'")
        // One of them is two layers, one after the other in time.
        let names = layers.compactMap { $0["nm"] as? String }
        #expect(names.filter { $0 == "'red'" || $0 == "'blue'" }.count == 3, "\(names)")
        #expect(report.baked.contains { $0.what == "changing back-to-front order" }, "\(report.details)")
    }

    @Test func aSoftDiscMaskIsTheTrackMatteOfEverythingItMasks() throws {
        let (report, json, _) = try export("""
            local card = ca.Layer{ name = "card", bounds = { 0, 0, 100, 80 }, position = { 80, 60 }, backgroundColor = "gold" }
            card:addSublayer(ca.Layer{ name = "dot", bounds = { 0, 0, 20, 20 }, position = { 50, 40 }, backgroundColor = "red" })
            card.mask = ca.Layer{ bounds = { 0, 0, 60, 60 }, position = { 50, 40 },
              contents = ca.Image.circle{ radius = 30, softness = 0.5 } }
            ca.root:addSublayer(card)
            """)
        #expect(report.dropped.isEmpty, "\(report.details)")
        let layers = try #require(json["layers"] as? [[String: Any]])
        // Top first: the dot's matte, the dot, the card's matte, the card (then the background).
        #expect(layers.prefix(4).map { $0["nm"] as? String } == ["'dot' mask", "'dot'", "'card' mask", "'card'"])
        for (matte, masked) in [(layers[0], layers[1]), (layers[2], layers[3])] {
            #expect(matte["td"] as? Int == 1 && matte["tt"] == nil)
            #expect(masked["tt"] as? Int == 1 && masked["td"] == nil)
            // The matte is the soft disc: a radial gradient whose alpha falls to 0 at the rim.
            let items = try #require(((matte["shapes"] as? [[String: Any]])?.first)?["it"] as? [[String: Any]])
            #expect(items.contains { $0["ty"] as? String == "gf" && $0["t"] as? Int == 2 })
        }
    }

    @Test func eachBakedAnimationCountsEvenWhereTwoShareAPlace() throws {
        let (report, _, path) = try export("""
            for i = 1, 2 do
              local box = ca.Layer{ bounds = { 0, 0, 20, 20 }, position = { 40 * i, 60 }, backgroundColor = "gold" }
              ca.root:addSublayer(box)
              box:addAnimation(ca.SpringAnimation{ keyPath = "position.y", fromValue = 20, toValue = 100 }, "drop")
            end
            """)
        #expect(report.baked.map(\.what) == ["spring", "spring"])
        #expect(report.line(path: path).contains("; baked: 2 × spring"))
    }

    @Test func theSameSceneGivesTheSameBytes() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/b", withIntermediateDirectories: true)
        let first = try export(Self.eased, name: "a/scene.json").path
        let second = try export(Self.eased, name: "b/scene.json").path
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
        let archive = try export(Self.eased, name: "a/scene.lottie").path
        let again = try export(Self.eased, name: "b/scene.lottie").path
        #expect(FileManager.default.contents(atPath: archive) == FileManager.default.contents(atPath: again))
    }

    @Test func strictRefusesASceneThatBakesAndWritesNothing() throws {
        let source = """
            local box = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "gold" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.SpringAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240 }, "spring")
            """
        #expect {
            _ = try export(source, strict: true)
        } throws: { error in
            "\(error)".hasPrefix("--strict: the scene cannot be exported exactly: it bakes 1 × spring")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/scene.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.lua"])
        #expect(try export(Self.eased, strict: true).report.isExact)
    }

    @Test func anUnwritablePathIsAClearErrorAndLeavesNoFile() throws {
        let script = try folder.write("scene.lua", Self.eased)
        let runner = try ScriptRecipe(source: .file(script), options: ScriptOptions()).start(output: { _, _ in }, errors: { _, _ in })
        defer { runner.close() }
        let output = try #require(LottieOutput(path: folder.path + "/missing/scene.json"))
        #expect {
            _ = try LottieExport.export(runner, settings: .duration(1, fps: 30, width: 64, height: 64), log: InputLog(), to: output)
        } throws: { error in
            "\(error)".hasPrefix("cannot write '\(folder.path)/missing/scene.json': No such file or directory")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing"))
    }

    @Test func theReportLineSaysWhatWasWritten() throws {
        let (report, _, path) = try export(Self.eased)
        let line = report.line(path: path)
        #expect(line.hasPrefix("wrote \(path): Lottie 1.0, 320×120, 45 frames at 30 fps, 2 layers, 2 keyframes, "))
        #expect(line.hasSuffix("; exact: 1 animation"))
    }

    @Test func aDotLottieIsAZipOfTheManifestAndTheAnimation() throws {
        let (_, _, path) = try export(Self.eased, name: "clip.lottie")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("manifest.json") && text.contains("animations/clip.json"))
        #expect(text.contains("\"ver\":10000"))
    }

    /// rlottie draws a layer on its out point too; a layer taken away before the file ends is
    /// therefore transparent there, its opacity held until then.
    @Test func aLayerThatEndsEarlyIsTransparentOnItsOutPoint() throws {
        let (_, json, _) = try export("""
            local box = ca.Layer{ frame = { 10, 10, 40, 40 }, backgroundColor = "orange" }
            ca.root:addSublayer(box)
            ca.after(0.5, function() box:removeFromSuperlayer() end)
            """, seconds: 1)
        let layers = try #require(json["layers"] as? [[String: Any]])
        let box = try #require(layers.first { ($0["op"] as? Int ?? 30) < 30 })
        let end = try #require(box["op"] as? Int)
        #expect(end == 15 || end == 16)
        let opacity = try #require((box["ks"] as? [String: Any])?["o"] as? [String: Any])
        let keys = try #require(opacity["k"] as? [[String: Any]])
        #expect(keys.count == 2)
        #expect(keys[0]["s"] as? [Double] == [100] && keys[0]["h"] as? Int == 1)
        #expect(keys[1]["t"] as? Double == Double(end) && keys[1]["s"] as? [Double] == [0])
        // A layer that lasts to the end (the background) keeps its constant opacity.
        let background = try #require(layers.first { $0["nm"] as? String == "background" })
        #expect((background["ks"] as? [String: Any]).flatMap { ($0["o"] as? [String: Any])?["a"] as? Int } == 0)
    }

    /// A fade that runs past a layer's last frame is cut there: up to that frame its values are the
    /// fade's own, then held, then 0 on the out point.
    @Test func aFadeCutAtItsLayersOutPointKeepsItsCurveUpToTheLastFrame() throws {
        let fade = LottieKeyframe(frame: 0, value: .numbers([100]), easeOut: [.init(x: 0.42, y: 0)],
                                  easeIn: [.init(x: 0.58, y: 1)])
        let track = LottieProperty(keyframes: [fade, LottieKeyframe(frame: 20, value: .numbers([0]))], decimals: 1, isScalar: true)
        let closed = LottieLayer.opacity(track, closingAt: 10)
        #expect(closed.keyframes.map(\.frame) == [0, 9, 10])
        #expect(closed.keyframes.map(\.hold) == [false, true, false])
        #expect(closed.keyframes.last?.value == .numbers([0]))
        let atLastFrame = closed.keyframes[1].value.numbers[0]
        #expect(abs(atLastFrame - (value(of: fade, to: 0, over: 20, at: 9) ?? .nan)) < 0.01)
        for frame in stride(from: 0.0, through: 9, by: 1.5) {
            let before = try #require(value(of: fade, to: 0, over: 20, at: frame))
            let cut = try #require(value(of: closed.keyframes[0], to: atLastFrame, over: 9, at: frame))
            #expect(abs(before - cut) < 0.01, "frame \(frame): \(before) then, \(cut) cut")
        }
    }

    /// The value of a scalar segment from `key` (at frame 0) to `target` at frame `length`, found by
    /// walking its easing curve finely: independent of the bisection the exporter uses.
    private func value(of key: LottieKeyframe, to target: Double, over length: Double, at frame: Double) -> Double? {
        guard let out = key.easeOut.first, let into = key.easeIn.first, let start = key.value.numbers.first else { return nil }
        func bezier(_ u: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - u) * (1 - u) * u * a + 3 * (1 - u) * u * u * b + u * u * u }
        let x = (frame - key.frame) / length
        var best = (gap: Double.infinity, progress: 0.0)
        for step in 0...200_000 {
            let u = Double(step) / 200_000
            let gap = abs(bezier(u, out.x, into.x) - x)
            if gap < best.gap { best = (gap, bezier(u, out.y, into.y)) }
        }
        return start + (target - start) * best.progress
    }
}

/// The pieces under the export: numbers and keys written the same way every time, CRC-32, the
/// fitter's bounds.
struct LottiePartsTests {
    @Test(arguments: [(1.0, 2, "1"), (0.125, 2, "0.13"), (-0.0001, 2, "0"), (12.5, 0, "13"), (Double.nan, 2, "0"),
                      (-3.14159, 3, "-3.142"), (100.10, 2, "100.1")])
    func numbersAreRoundedWithoutTrailingZeros(value: Double, decimals: Int, text: String) {
        #expect(LottieJSON.numberText(value, decimals: decimals) == text)
    }

    @Test func objectsKeepTheirKeyOrderAndStringsAreEscaped() {
        let json = LottieJSON.object([("z", .int(1)), ("a", .string("say \"hi\"\n")), ("m", .array([.bool(true)]))])
        #expect(json.text == #"{"z":1,"a":"say \"hi\"\n","m":[true]}"#)
    }

    @Test func crc32MatchesTheZipCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func aStraightRunIsTwoKeyframesAndAConstantOneIsOne() {
        let fitter = LottieFitter(tolerances: [0.4])
        let frames = Array(0..<30)
        #expect(fitter.fit(frames: frames, values: frames.map { [Double($0) * 3] }).keys.count == 2)
        #expect(fitter.fit(frames: frames, values: frames.map { _ in [7] }).keys.count == 1)
    }

    @Test func everyFittedSampleIsWithinTolerance() {
        let frames = Array(0..<90)
        let values = frames.map { f -> [Double] in
            let t = Double(f) / 30
            return [200 - 150 * exp(-3 * t) * cos(9 * t)]
        }
        let fitted = LottieFitter(tolerances: [0.4]).fit(frames: frames, values: values)
        #expect(fitted.keys.count < 45)
        #expect(fitted.error <= 1)
    }

}
