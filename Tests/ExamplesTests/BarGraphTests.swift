import Foundation
import LayerKit
import TestSupport
import Testing

/// Seed 003: tapping a stack shakes its bar; only when the shake's transaction completes does
/// the stack grow, while the stacks above slide up by exactly as much and the ones below stay.
struct BarGraphTests {
    @Test func theBarGrowsOnlyAfterTheShakeAndTheStacksAboveFollow() throws {
        let run = ScriptHarness(example: "bargraph.lua")
        #expect(run.start() == nil)
        run.run(until: 0.5)
        let bar = try #require(run.layer(named: "bar3"))
        let below = try #require(run.layer(named: "bar3.stack1"))
        let tapped = try #require(run.layer(named: "bar3.stack2"))
        let above = try #require(run.layer(named: "bar3.stack3"))
        let barX = bar.point(.position, .model).x
        let height0 = tapped.rect(.bounds, .presentation).size.height
        let aboveY0 = above.point(.position, .presentation).y
        let belowY0 = below.point(.position, .presentation).y
        let unit = bar.rect(.bounds, .model).size.height / 20   // unit 2: a full bar is 20 units

        #expect(run.tap("bar3.stack2"))
        let start = run.time

        // The shake: 0.4 s of additive position.x keyframes; nothing grows or slides meanwhile.
        // (Each frame is looked at as it is drawn.)
        var shook = 0.0
        while run.time + 1.0 / 60 < start + 0.4 + 1e-9 {
            run.onScreen {
                shook = max(shook, abs(bar.point(.position, .presentation).x - barX))
                #expect(tapped.rect(.bounds, .presentation).size.height == height0, "grew during the shake at \(run.time - start)")
                #expect(above.point(.position, .presentation).y == aboveY0)
            }
        }
        #expect(shook > 5 && shook <= 10 + 1e-9)
        #expect(bar.point(.position, .model).x == barX)   // additive: the model never moves

        // Then the growth: over 1 s the stack gains one unit, and the stack above rises by the
        // same amount at every frame; the one below stays.
        var grew = false
        while run.time < start + 1.6 {
            run.onScreen {
                let gained = tapped.rect(.bounds, .presentation).size.height - height0
                let rose = aboveY0 - above.point(.position, .presentation).y
                #expect(abs(gained - rose) < 1e-9, "gained \(gained) but rose \(rose) at \(run.time - start)")
                #expect(gained >= -1e-9 && gained <= unit + 1e-9)
                #expect(below.point(.position, .presentation).y == belowY0)
                if gained > 0 && gained < unit { grew = true }
            }
        }
        #expect(grew)   // seen part-way, not jumped
        #expect(abs(tapped.rect(.bounds, .presentation).size.height - (height0 + unit)) < 1e-9)
        #expect(abs(above.point(.position, .presentation).y - (aboveY0 - unit)) < 1e-9)
        // The model values were set first: they already say where it all ends.
        #expect(abs(tapped.rect(.bounds, .model).size.height - (height0 + unit)) < 1e-9)
        #expect(abs(above.point(.position, .model).y - (aboveY0 - unit)) < 1e-9)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func theStacksGrowFromTheirBottomEdge() throws {
        let run = ScriptHarness(example: "bargraph.lua")
        #expect(run.start() == nil)
        run.run(until: 0.5)
        let stack = try #require(run.layer(named: "bar1.stack1"))
        // anchorPoint (0.5, 1): the position is the bottom edge, which stays put as it grows.
        #expect(stack.point(.anchorPoint, .model) == Point(x: 0.5, y: 1))
        let bottom = stack.frame.origin.y + stack.frame.size.height
        let height = stack.rect(.bounds, .model).size.height
        #expect(run.tap("bar1.stack1"))
        run.run(for: 0.9)   // the shake, then half the growth
        let grown = stack.rect(.bounds, .presentation).size.height
        #expect(grown > height && grown < stack.rect(.bounds, .model).size.height)
        #expect(abs(stack.point(.position, .presentation).y - bottom) < 1e-9)
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func theSecondTransactionsCompletionRunsWhenTheGrowthEnds() throws {
        let run = ScriptHarness(example: "bargraph.lua")
        #expect(run.start() == nil)
        run.run(until: 0.5)
        #expect(run.tap("bar2.stack1"))
        // The example's completion closure writes "done" in its status line.
        func status() -> String {
            run.scene.root.sublayers.compactMap { $0 as? TextLayer }.map(\.string).joined(separator: "|")
        }
        #expect(status().contains("Aki +1 on Tue …"))
        run.run(for: 1.3)   // the shake (0.4 s) and most of the growth (1 s)
        #expect(!status().contains("done"))
        run.run(for: 0.3)
        #expect(status().contains("Aki +1 on Tue: done"))
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }
}
