import Foundation
import LayerKit
import TestSupport
import Testing

/// Seed 002: a timer makes a flake every second; each falls from above the top edge to below the
/// bottom in 20 s while tumbling with perspective, and is removed in its completion block — so
/// the number of layers stays flat, however long it runs. The ginkgo variant likewise.
struct Snowfall3DTests {
    /// The flakes: the root's sublayers but the sky behind them.
    func flakes(_ run: ScriptHarness) -> [Layer] {
        run.scene.root.sublayers.filter { !($0 is GradientLayer) }
    }

    @Test func aFlakeFallsTumblesAndIsRemovedInItsCompletionBlock() throws {
        let run = ScriptHarness(example: "snowfall-3d.lua")
        #expect(run.start() == nil)
        run.run(until: 0.9)
        #expect(flakes(run).isEmpty)
        run.run(until: 1.0)   // the timer's first fire
        let flake = try #require(flakes(run).first)
        #expect(flakes(run).count == 1)
        #expect(flake.contents != nil && flake.bool(.doubleSided, .model))
        let height = flake.rect(.bounds, .model).size.height

        // From just above the top edge, linearly, to just below the bottom.
        var lastY = -Double.infinity
        var tumbled = false
        for second in 0...19 {
            run.run(until: 1.0 + Double(second) + 0.5)
            let y = flake.point(.position, .presentation).y
            let expected = -height + (600 + 2 * height) * (Double(second) + 0.5) / 20
            #expect(abs(y - expected) < 1e-6, "at \(second).5 s: y \(y), expected \(expected)")
            #expect(y > lastY)
            lastY = y
            let t = flake.transform(.transform, .presentation)
            #expect(abs(t.m34) > 1e-5)                       // perspective all the way down
            if abs(t.m13) > 0.05 || abs(t.m23) > 0.05 { tumbled = true }   // turned out of the plane
        }
        #expect(tumbled)
        #expect(flake.superlayer != nil)
        run.run(until: 21.1)
        #expect(flake.superlayer == nil)                   // removed once the fall completed
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func theLayerCountStaysFlatOverTenMinutes() throws {
        let run = ScriptHarness(example: "snowfall-3d.lua")
        #expect(run.start() == nil)
        run.run(until: 30)
        var onScreen: [Int] = []
        var alive: [Int] = []
        for minute in 1...10 {
            run.run(until: Double(minute) * 60)
            onScreen.append(flakes(run).count)
            run.collectGarbage()   // what Lua no longer references is released now, not later
            alive.append(run.scene.layerCount)
        }
        // About twenty flakes fall at any time (one a second, 20 s each)…
        #expect(onScreen.allSatisfy { (19...21).contains($0) }, "flakes on screen: \(onScreen)")
        // …and the six hundred that have fallen were freed, not just taken off the screen: the
        // count of live layers (in the tree or not) is the same every minute.
        #expect(alive.max()! - alive.min()! <= 2, "live layers by minute: \(alive)")
        #expect(alive.max()! <= 25, "live layers by minute: \(alive)")
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func theGinkgoLeavesFallAndGoTheSameWay() throws {
        let run = ScriptHarness(example: "ginkgo-3d.lua")
        #expect(run.start() == nil)
        run.run(until: 60)
        let leaves = flakes(run)
        // A leaf every 0.4 s, 12 s each: about thirty at once, each a ShapeLayer.
        #expect((28...32).contains(leaves.count), "\(leaves.count) leaves")
        #expect(leaves.allSatisfy { $0 is ShapeLayer })
        run.run(until: 120)
        #expect((28...32).contains(flakes(run).count))
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }
}
