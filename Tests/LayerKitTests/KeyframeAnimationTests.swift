import Foundation
import Testing
import LayerKit
import TestSupport

/// CAKeyframeAnimation: key times, calculation modes, per-segment timing, paths.
struct KeyframeAnimationTests {
    func keyframes(_ keyPath: String = "position.x", values: [Double], keyTimes: [Double]? = nil,
                   mode: CalculationMode = .linear, configure: (KeyframeAnimation) -> Void = { _ in }) -> KeyframeAnimation {
        let a = KeyframeAnimation(keyPath: keyPath)
        a.values = values.map { .number($0) }
        a.keyTimes = keyTimes
        a.calculationMode = mode
        a.duration = 1
        configure(a)
        return a
    }

    func x(at times: [Double], _ animation: KeyframeAnimation) throws -> [Double] {
        let driver = FrameDriver()
        let layer = try driver.layer(with: animation) { layer in
            driver.scene.perform(actionsDisabled: true) { layer[.position] = .point(.zero) }
        }
        return times.map { t in
            driver.frame(at: t)
            return layer.point(.position, .presentation).x
        }
    }

    /// A one-second `position` animation along `path`.
    func following(_ path: Path, mode: CalculationMode = .linear,
                   configure: (KeyframeAnimation) -> Void = { _ in }) -> KeyframeAnimation {
        let a = KeyframeAnimation(keyPath: "position")
        a.path = path
        a.calculationMode = mode
        a.duration = 1
        configure(a)
        return a
    }

    /// Two lines from the origin: `dx` along x, then `dy` along y.
    func twoLines(_ dx: Double, _ dy: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: dx, y: 0))
        path.addLine(to: Point(x: dx, y: dy))
        return path
    }

    /// An arch: a cubic curve from (0, 0) to (100, 0) with its controls at (0, 100) and (100, 100).
    func arch() -> Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addCurve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: 100), control2: Point(x: 100, y: 100))
        return path
    }

    @Test func linearFollowsKeyTimes() throws {
        let xs = try x(at: [0, 0.25, 0.5, 0.75, 0.999], keyframes(values: [0, 10, 30], keyTimes: [0, 0.5, 1]))
        #expect(close(xs[0], 0)); #expect(close(xs[1], 5)); #expect(close(xs[2], 10)); #expect(close(xs[3], 20))
        #expect(close(xs[4], 29.96, 1e-6))
    }

    @Test func withoutKeyTimesValuesAreEvenlySpaced() throws {
        let xs = try x(at: [0.25, 0.75], keyframes(values: [0, 10, 30]))
        #expect(close(xs[0], 5)); #expect(close(xs[1], 20))
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() throws {
        let xs = try x(at: [0.1, 0.34, 0.5, 0.9], keyframes(values: [1, 2, 3], mode: .discrete))
        #expect(xs == [1, 2, 2, 3])
        let bounded = try x(at: [0.1, 0.3, 0.7], keyframes(values: [1, 2, 3], keyTimes: [0, 0.2, 0.6, 1], mode: .discrete))
        #expect(bounded == [1, 2, 3])
        // One key time per value is one too few for "discrete": ignored, the values fill thirds.
        let nTimes = try x(at: [0.1, 0.3, 0.7], keyframes(values: [1, 2, 3], keyTimes: [0, 0.2, 0.6], mode: .discrete))
        #expect(nTimes == [1, 1, 3])
    }

    @Test func pacedSpacesValuesForConstantSpeed() throws {
        let a = keyframes(values: [0, 10, 30], keyTimes: [0, 0.9, 1], mode: .paced) {
            $0.timingFunctions = [.easeIn, .easeIn]
        }
        let xs = try x(at: [0.25, 0.5, 0.75], a)
        #expect(close(xs[0], 7.5)); #expect(close(xs[1], 15)); #expect(close(xs[2], 22.5))
    }

    @Test func perSegmentTimingFunctions() throws {
        let a = keyframes(values: [0, 10, 20], keyTimes: [0, 0.5, 1]) { $0.timingFunctions = [.easeIn, .linear] }
        let xs = try x(at: [0.25, 0.75], a)
        #expect(close(xs[0], 10 * TimingFunction.easeIn.evaluate(0.5)))
        #expect(close(xs[1], 15))
    }

    @Test func cubicPassesThroughTheValuesOnASmoothCurve() throws {
        let xs = try x(at: [0.25, 0.5, 0.75], keyframes(values: [0, 10, 0], mode: .cubic))
        // Kochanek–Bartels with zero tension, continuity and bias (Catmull–Rom): the tangent at
        // the first value is half the first step, at the peak zero.
        #expect(close(xs[0], 5.625)); #expect(close(xs[1], 10)); #expect(close(xs[2], 5.625))
        let tense = try x(at: [0.25], keyframes(values: [0, 10, 0], mode: .cubic) { $0.tensionValues = [1, 1, 1] })
        #expect(close(tense[0], 5))
    }

    @Test func cubicPacedUsesDistancesForTiming() throws {
        let xs = try x(at: [1.0 / 3, 0.5], keyframes(values: [0, 10, 30], mode: .cubicPaced))
        #expect(close(xs[0], 10))
        #expect(xs[1] > 10 && xs[1] < 30)
    }

    /// Seed 003's shake: eight values with nine key times, additive on position.x. The count
    /// breaks Apple's rule, so the key times are ignored and the values spaced 0.4 / 7 s apart.
    @Test func keyTimesOfTheWrongCountAreIgnoredAsInSeed003() throws {
        let a = keyframes(values: [0, 10, -10, 10, -5, 5, -5, 0], keyTimes: [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]) {
            $0.isAdditive = true
            $0.duration = 0.4
        }
        let driver = FrameDriver()
        let layer = try driver.layer(with: a) { l in driver.scene.perform(actionsDisabled: true) { l[.position] = .point(Point(x: 100, y: 0)) } }
        var xs: [Double] = []
        for t in [0.025, 0.05, 0.1, 0.375] {
            driver.frame(at: t)
            xs.append(layer.point(.position, .presentation).x)
        }
        #expect(close(xs[0], 104.375)); #expect(close(xs[1], 108.75)); #expect(close(xs[2], 95))
        #expect(close(xs[3], 97.8125))
    }

    /// Key times that break a rule are ignored (the values evenly spaced: 5 at a quarter), and
    /// `keyTimesProblem` says which rule.
    @Test(arguments: [
        ([0, 0.8, 1], CalculationMode.linear, nil as String?),
        ([0, 1], .linear, "2 key times for 3 values (\"linear\" takes one per value)"),
        ([0, 0.2, 0.5, 1], .cubic, "4 key times for 3 values (\"cubic\" takes one per value)"),
        ([0.2, 0.5, 1], .linear, "the first key time is 0.2, not 0"),
        ([0, 0.5, 0.8], .linear, "the last key time is 0.8, not 1"),
        ([-1, 0.5, 1], .linear, "key time 1 (-1.0) is outside 0...1"),
        ([0, 0.75, 0.5], .linear, "key time 3 (0.5) is less than the one before it (0.75)"),
        ([0, .nan, 1], .linear, "key time 2 is nan"),
        ([0, .infinity, 1], .linear, "key time 2 is inf"),
        ([0, 0.5, 1], .discrete, "3 key times for 3 values (\"discrete\" takes one more than the values)"),
        ([0, 0.1, 1], .paced, nil),
    ])
    func keyTimesThatBreakARuleAreIgnored(_ keyTimes: [Double], mode: CalculationMode, problem: String?) throws {
        let a = keyframes(values: [0, 10, 100], keyTimes: keyTimes, mode: mode)
        #expect(a.keyTimesProblem(forValueKind: .number) == problem)
        guard mode == .linear else { return }
        let x = try x(at: [0.25], a)[0]
        #expect(close(x, problem == nil ? 3.125 : 5), "\(x)")
    }

    @Test func aPathsKeyTimesAreCheckedAgainstItsKeyframes() throws {
        let a = following(twoLines(10, 90)) { $0.keyTimes = [0, 0.2] }
        #expect(a.keyTimesProblem(forValueKind: .point) == "2 key times for 3 path keyframes (\"linear\" takes one per value)")
        let p = try positions(along: twoLines(10, 90), at: [0.25]) { $0.keyTimes = [0, 0.2] }[0]
        #expect(close(p.x, 5) && close(p.y, 0))
    }

    @Test func tooFewOrUnorderedKeyTimesFallBackToEvenSpacing() throws {
        let few = try x(at: [0.25], keyframes(values: [0, 10, 30], keyTimes: [0, 1]))
        #expect(close(few[0], 5))
        let unordered = try x(at: [0.25], keyframes(values: [0, 10, 30], keyTimes: [0, 0.8, 0.5]))
        #expect(close(unordered[0], 5))
        let outOfRange = try x(at: [0.25], keyframes(values: [0, 10, 30], keyTimes: [0, 0.5, 2]))
        #expect(close(outOfRange[0], 5))
    }

    /// A cumulative cycle adds the value the previous cycle ended on: its last keyframe.
    @Test func cumulativeKeyframesAddTheLastValueEachCycle() throws {
        let a = keyframes(values: [5, 10, 8]) { $0.isCumulative = true; $0.repeatCount = 3 }
        let xs = try x(at: [0.25, 1.25, 2.5], a)
        #expect(close(xs[0], 7.5) && close(xs[1], 15.5) && close(xs[2], 26), "\(xs)")
        let point = KeyframeAnimation(keyPath: "position")
        point.values = [Point(x: 5, y: 1), Point(x: 10, y: 2), Point(x: 8, y: 3)].map { .point($0) }
        point.isCumulative = true
        point.repeatCount = 3
        point.duration = 1
        let driver = FrameDriver()
        let layer = try driver.layer(with: point)
        driver.frame(at: 1.25)
        #expect(layer.point(.position, .presentation) == Point(x: 15.5, y: 4.5))
    }

    /// Seed 001's heart: transform keyframes of scales at frame-driven key times, ease-in-ease-out.
    @Test func keyframedScalesStayScales() throws {
        let scales: [(Double, Double)] = [(1, 1), (1.3, 0.7), (0.8, 1.2), (1.25, 0.85), (0.93, 1.08), (1.1, 0.9), (0.98, 1.03), (1, 1)]
        let a = KeyframeAnimation(keyPath: "transform")
        a.values = scales.map { .transform(Transform3D(scaleX: $0.0, y: $0.1)) }
        a.keyTimes = [0, 0.2, 0.4, 0.6, 0.7, 0.8, 0.9, 1]
        a.timingFunction = .easeInEaseOut
        a.repeatCount = .infinity
        a.duration = 1.5
        let driver = FrameDriver()
        let layer = try driver.layer(with: a)
        for cycle in [0.0, 3.0] {
            for (i, key) in a.keyTimes!.enumerated() {
                // The overall curve maps time to progress; find the time whose progress is this key time.
                var lo = 0.0, hi = 1.0
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if TimingFunction.easeInEaseOut.evaluate(mid) < key { lo = mid } else { hi = mid }
                }
                let t = cycle + min(lo, 0.999_999) * 1.5
                driver.frame(at: t)
                let m = layer.transform(.transform, .presentation)
                #expect(close(m.m11, scales[i].0, 1e-6), "scale x at key \(i)")
                #expect(close(m.m22, scales[i].1, 1e-6), "scale y at key \(i)")
                #expect(abs(m.m12) < 1e-12 && abs(m.m21) < 1e-12)
            }
        }
    }

    @Test func positionFollowsAPathAndTurnsWithIt() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: following(twoLines(100, 100)) { $0.rotationMode = .auto })
        driver.frame(at: 0.25)
        #expect(layer.point(.position, .presentation) == Point(x: 50, y: 0))
        driver.frame(at: 0.75)
        let p = layer.point(.position, .presentation)
        #expect(close(p.x, 100) && close(p.y, 50))
        let m = layer.transform(.transform, .presentation)
        #expect(close(m.m12, 1, 1e-9) && close(m.m21, -1, 1e-9))
    }

    @Test func pacedPathMovesAtConstantSpeed() throws {
        #expect(try positions(along: twoLines(30, 10), mode: .paced, at: [0.5]) == [Point(x: 20, y: 0)])
    }

    /// The position of a `position` keyframe animation along `path` at each of `times`.
    func positions(along path: Path, mode: CalculationMode = .linear, at times: [Double],
                   configure: (KeyframeAnimation) -> Void = { _ in }) throws -> [Point] {
        let driver = FrameDriver()
        let layer = try driver.layer(with: following(path, mode: mode, configure: configure))
        return times.map { t in
            driver.frame(at: t)
            return layer.point(.position, .presentation)
        }
    }

    /// "Move-to segments do not define separate keyframe values": a move between subpaths is a
    /// jump at the start of the next segment, in time and in length alike.
    @Test(arguments: [CalculationMode.linear, .paced])
    func aMoveBetweenSubpathsIsAJumpNotASegment(_ mode: CalculationMode) throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.move(to: Point(x: 100, y: 100))
        path.addLine(to: Point(x: 100, y: 110))
        let ps = try positions(along: path, mode: mode, at: [0.25, 0.5, 0.75])
        #expect(ps == [Point(x: 5, y: 0), Point(x: 100, y: 100), Point(x: 100, y: 105)], "\(ps)")
    }

    /// In "linear" mode a curve is traversed by its parameter: B(t) at t = the segment's progress.
    @Test func linearModeFollowsACurveByItsParameter() throws {
        let p = try positions(along: arch(), at: [0.25])[0]
        #expect(close(p.x, 15.625) && close(p.y, 56.25), "\(p)")
    }

    /// In "paced" mode the same curve is traversed at constant speed: a quarter of its length
    /// (10.59, 48.35 by a fine sum; QuartzCore, measured: 10.65, 48.46).
    @Test func pacedModeFollowsACurveByArcLength() throws {
        let p = try positions(along: arch(), mode: .paced, at: [0.25])[0]
        #expect(close(p.x, 10.589, 0.02) && close(p.y, 48.353, 0.02), "\(p)")
        #expect(close(p.x, 10.648, 0.15) && close(p.y, 48.460, 0.15))
    }

    /// Key times for a path count its keyframes: its start and each segment's end.
    @Test func keyTimesForAPathCountItsStartAndSegmentEnds() throws {
        let p = try positions(along: twoLines(10, 90), at: [0.25]) { $0.keyTimes = [0, 0.8, 1] }[0]
        #expect(close(p.x, 3.125) && close(p.y, 0))
    }

    /// A closed subpath's closing line is a keyframe interval of its own.
    @Test func aClosingLineIsASegment() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addLine(to: Point(x: 0, y: 10))
        path.closeSubpath()
        let p = try positions(along: path, at: [5.0 / 6])[0]
        #expect(close(p.x, 0) && close(p.y, 5))
    }

    /// rotationMode turns the layer along the curve's tangent where it is.
    @Test func rotationModeFollowsTheCurvesTangent() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: following(arch()) { $0.rotationMode = .auto })
        driver.frame(at: 0.25)
        // B′(0.25) = 3 (37.5, 50): the angle atan2(50, 37.5).
        let angle = atan2(50.0, 37.5)
        let m = layer.transform(.transform, .presentation)
        #expect(close(m.m11, cos(angle), 1e-9) && close(m.m12, sin(angle), 1e-9))
    }

    @Test func aValueOfTheWrongKindIsReportedWithItsPosition() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let a = KeyframeAnimation(keyPath: "opacity")
        a.values = [.number(0), .color(.white)]
        #expect(throws: AnimationError.wrongValue(field: "values[2]", keyPath: "opacity", expected: .number, got: .color)) {
            try layer.addAnimation(a, forKey: "k")
        }
    }
}
