import Foundation
import LayerKit
import TestSupport
import Testing

/// Seed 001: the heart squashes and stretches through the article's eight scales at its
/// keyTimes, with ease-in-ease-out over the whole 1.5 s, forever.
struct HeartTests {
    static let frames: [(keyTime: Double, sx: Double, sy: Double)] = [
        (0.0, 1.0, 1.0), (0.2, 1.3, 0.7), (0.4, 0.8, 1.2), (0.6, 1.25, 0.85),
        (0.7, 0.93, 1.08), (0.8, 1.1, 0.9), (0.9, 0.98, 1.03), (1.0, 1.0, 1.0),
    ]

    /// The time within one 1.5 s cycle at which ease-in-ease-out reaches `progress` (the timing
    /// function warps the whole animation's time, so a keyTime is reached when the eased time
    /// gets there).
    static func time(reaching progress: Double) -> Double {
        // Core Animation's easeInEaseOut is the cubic Bézier (0.42, 0), (0.58, 1): find the curve
        // parameter where y = progress by bisection, and return x there (times the duration).
        func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0, 1) < progress { lo = mid } else { hi = mid }
        }
        return 1.5 * bezier((lo + hi) / 2, 0.42, 0.58)
    }

    @Test func theScaleMatchesTheKeyTimesEveryCycle() throws {
        let run = ScriptHarness(example: "heart.lua")
        #expect(run.start() == nil)
        let heart = try #require(run.layer(named: "heart"))
        for cycle in [0, 1, 7] {
            for frame in Self.frames.dropLast() {
                var t = Transform3D.identity
                run.look(at: Double(cycle) * 1.5 + Self.time(reaching: frame.keyTime)) { t = heart.transform(.transform, .presentation) }
                #expect(abs(t.m11 - frame.sx) < 1e-4 && abs(t.m22 - frame.sy) < 1e-4,
                        "cycle \(cycle), keyTime \(frame.keyTime): scale (\(t.m11), \(t.m22))")
            }
        }
        #expect(run.errors.isEmpty, "\(run.errorReport)")
    }

    @Test func betweenKeyTimesTheScaleIsInBetween() throws {
        let run = ScriptHarness(example: "heart.lua")
        #expect(run.start() == nil)
        let heart = try #require(run.layer(named: "heart"))
        // Halfway from 0.2 (1.3, 0.7) to 0.4 (0.8, 1.2): (1.05, 0.95).
        var t = Transform3D.identity
        run.look(at: Self.time(reaching: 0.3)) { t = heart.transform(.transform, .presentation) }
        #expect(abs(t.m11 - 1.05) < 1e-4 && abs(t.m22 - 0.95) < 1e-4)
        // The slow first half: at a fifth of the time (linear), the eased time is well short of
        // the first keyframe, so the heart is not yet squashed to 1.3.
        run.look(at: 0.3) { #expect(heart.transform(.transform, .presentation).m11 < 1.2) }
        // The model is never changed: only the animation moves the heart.
        #expect(heart.transform(.transform, .model).isIdentity)
    }

    @Test func thePlayheadCrossesEachDotAsTheHeartReachesIt() throws {
        let run = ScriptHarness(example: "heart.lua")
        #expect(run.start() == nil)
        let timeline = try #require(run.layer(named: "timeline"))
        let width = timeline.rect(.bounds, .model).size.width
        let playhead = try #require(timeline.sublayers.last { $0.rect(.bounds, .model).size.width == 2 })
        for frame in Self.frames.dropLast() {
            run.look(at: 3 + Self.time(reaching: frame.keyTime)) {
                #expect(abs(playhead.point(.position, .presentation).x - width * frame.keyTime) < 1e-3)
            }
        }
    }
}
