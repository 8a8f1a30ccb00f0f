import Testing
@testable import LayerKit
import TestSupport

// MARK: - Independent references

/// A point of the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1) at parameter s, in Bernstein form
/// (the library uses precomputed polynomial coefficients instead).
private func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
}

/// y at x by plain bisection on s to 1e-13; valid when x(s) is monotonic (x control points in 0...1).
private func slowMonotonicSolve(_ c: (Double, Double, Double, Double), _ x: Double) -> Double {
    var lo = 0.0, hi = 1.0
    while hi - lo > 1e-13 {
        let mid = (lo + hi) / 2
        if bernstein(c.0, c.2, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(c.1, c.3, (lo + hi) / 2)
}

// MARK: - Chromium's cubic-bezier tables (ui/gfx/geometry/cubic_bezier_unittest.cc)

@Suite struct ChromiumCubicBezierTableTests {
    /// CubicBezierTest.Basic: cubic-bezier(0.25, 0, 0.75, 1), tolerance 0.00015.
    @Test(arguments: [
        (0.0, 0.0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803),
        (0.25, 0.18235), (0.3, 0.24115), (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345),
        (0.5, 0.5), (0.6, 0.63238), (0.65, 0.69676), (0.7, 0.75884), (0.75, 0.81764),
        (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863), (1.0, 1.0),
    ])
    func basic(x: Double, y: Double) {
        #expect(abs(CubicBezier(0.25, 0, 0.75, 1).solve(x) - y) <= 0.00015)
        #expect(abs(TimingFunction(controlPoints: 0.25, 0, 0.75, 1).evaluate(x) - y) <= 0.00015)
    }

    /// CubicBezierTest.Basic's exact cases, y outside 0...1 included.
    @Test(arguments: [
        (0.5, 1.0, 0.5, 1.0, 0.875),
        (0.5, 2.0, 0.5, 2.0, 1.625),
        (0.5, -1.0, 0.5, -1.0, -0.625),
    ])
    func basicExact(c1x: Double, c1y: Double, c2x: Double, c2y: Double, y: Double) {
        #expect(CubicBezier(c1x, c1y, c2x, c2y).solve(0.5) == y)
    }

    /// CubicBezierTest.UnclampedYValues: cubic-bezier(0.5, -1, 0.5, 2), tolerance 0.00015.
    @Test(arguments: [
        (0.0, 0.0), (0.05, -0.08954), (0.1, -0.15613), (0.15, -0.19641), (0.2, -0.20651),
        (0.25, -0.18232), (0.3, -0.11992), (0.35, -0.01672), (0.4, 0.12660), (0.45, 0.30349),
        (0.5, 0.50000), (0.55, 0.69651), (0.6, 0.87340), (0.65, 1.01672), (0.7, 1.11992),
        (0.75, 1.18232), (0.8, 1.20651), (0.85, 1.19641), (0.9, 1.15613), (0.95, 1.08954),
        (1.0, 1.0),
    ])
    func unclampedYValues(x: Double, y: Double) {
        #expect(abs(CubicBezier(0.5, -1, 0.5, 2).solve(x) - y) <= 0.00015)
    }

    /// CubicBezierTest.ClampInfinityEvaluation: y control points at ±greatestFiniteMagnitude
    /// still give finite results at x = 0, 0.05, …, 1.
    @Test(arguments: {
        let big = Double.greatestFiniteMagnitude, low = -Double.greatestFiniteMagnitude
        var cases: [(Double, Double, Double, Double)] = []
        for x in [0.5, 0.0, 1.0] {
            cases += [(x, big, x, big), (x, low, x, big), (x, big, x, low), (x, low, x, low)]
        }
        return cases + [(0, 0, 0, big), (0, low, 0, 0), (1, 0, 0, low), (0, low, 1, 1)]
    }())
    func clampInfinityEvaluation(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let curve = CubicBezier(c1x, c1y, c2x, c2y)
        for i in 0...20 {
            #expect(curve.solve(Double(i) * 0.05).isFinite)
        }
    }

    /// CubicBezierTest.InputOutOfRange, at the edge of the range. Outside it Chromium extrapolates
    /// (Solve(-1) = -2 for this curve); Core Animation clamps, and so do we.
    @Test func inputAtAndBeyondTheEdges() {
        let curve = CubicBezier(0.5, 1, 0.5, 1)
        #expect(curve.solve(0) == 0)
        #expect(curve.solve(1) == 1)
        #expect(curve.solve(-1) == 0)
        #expect(curve.solve(2) == 1)
    }

    /// Chromium's validateSolver: for s = 0, 0.05, …, 1, solving x(s) with epsilon 1e-7 gives back
    /// s within 1e-5. Curves from CommonEasingFunctions, LinearEquivalentBeziers and
    /// ControlPointsOutsideUnitSquare.
    @Test(arguments: [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0),
        (0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 1.0, 1.0),
        (0.3, 1.5, 0.8, 1.5), (0.4, -0.8, 0.7, 1.7), (0.7, -2.0, 1.0, -1.5), (0.0, 4.0, 1.0, -3.0),
    ])
    func solverRoundTrip(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let curve = CubicBezier(c1x, c1y, c2x, c2y)
        for i in 0...20 {
            let s = Double(i) * 0.05
            #expect(abs(curve.parameter(forX: curve.sampleX(s), tolerance: 1e-7) - s) <= 1e-5)
        }
    }
}

// MARK: - Named curves

@Suite struct TimingNamedCurveTests {
    /// Apple's control points, written out again here rather than read from the library.
    static let namedControlPoints: [(String, (Double, Double, Double, Double))] = [
        ("linear", (0, 0, 1, 1)),
        ("easeIn", (0.42, 0, 1, 1)),
        ("easeOut", (0, 0, 0.58, 1)),
        ("easeInEaseOut", (0.42, 0, 0.58, 1)),
        ("default", (0.25, 0.1, 0.25, 1)),
    ]

    @Test(arguments: namedControlPoints, [0, 0.01, 0.1, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.999, 1])
    func matchesSlowBisection(named: (String, (Double, Double, Double, Double)), x: Double) throws {
        let function = try #require(TimingFunction(name: named.0))
        #expect(abs(function.evaluate(x) - slowMonotonicSolve(named.1, x)) <= 1e-6)
    }

    @Test(arguments: namedControlPoints)
    func controlPointsAndStatics(named: (String, (Double, Double, Double, Double))) throws {
        let points = try #require(TimingFunction(name: named.0)?.controlPoints)
        #expect(points == named.1)
        let statics: [String: TimingFunction] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
            "easeInEaseOut": .easeInEaseOut, "default": .default,
        ]
        let staticPoints = try #require(statics[named.0]?.controlPoints)
        #expect(staticPoints == named.1)
    }

    @Test func linearIsTheIdentity() {
        if case .linear = TimingFunction.linear.kind {} else { Issue.record("linear is not .linear") }
        for i in 0...10 {
            #expect(TimingFunction.linear.evaluate(Double(i) / 10) == Double(i) / 10)
        }
    }
}

// MARK: - Steps

@Suite struct TimingStepsTests {
    /// steps(4, position) at t = 0, 0.1, 0.25, 0.5, 0.99, 1 (CSS Easing Functions Level 1).
    @Test(arguments: [
        (StepPosition.end, [0, 0, 0.25, 0.5, 0.75, 1] as [Double]),
        (.start, [0.25, 0.25, 0.5, 0.75, 1, 1]),
        (.both, [0.2, 0.2, 0.4, 0.6, 0.8, 1]),
        (.none, [0, 0, 1.0 / 3, 2.0 / 3, 1, 1]),
    ])
    func fourSteps(position: StepPosition, expected: [Double]) {
        let function = TimingFunction.steps(4, position: position)
        for (t, value) in zip([0, 0.1, 0.25, 0.5, 0.99, 1], expected) {
            #expect(abs(function.evaluate(t) - value) <= 1e-15, "t = \(t)")
        }
    }

    @Test func defaultPositionIsEnd() {
        guard case .steps(3, .end) = TimingFunction.steps(3).kind else {
            Issue.record("expected .steps(3, .end)")
            return
        }
    }

    @Test(arguments: [
        (0, StepPosition.end, 1), (-5, .start, 1), (1, .both, 1), (1, .none, 2), (0, .none, 2),
    ])
    func smallCountsAreRaised(count: Int, position: StepPosition, stored: Int) {
        guard case .steps(let n, let p) = TimingFunction.steps(count, position: position).kind else {
            Issue.record("expected .steps")
            return
        }
        #expect(n == stored && p == position)
    }

    @Test func oneStepAtTheEndIsAJumpAtOne() {
        let function = TimingFunction.steps(0)
        #expect(function.evaluate(0.999) == 0)
        #expect(function.evaluate(1) == 1)
    }

    @Test(arguments: StepPosition.allCases)
    func hugeCountsStayFinite(position: StepPosition) {
        let function = TimingFunction.steps(Int.max, position: position)
        for t in [0, 0.3, 1.0] {
            let value = function.evaluate(t)
            #expect(value.isFinite && value >= 0 && value <= 1)
        }
    }
}

// MARK: - Clamping, NaN, custom functions

@Suite struct TimingInputHandlingTests {
    @Test(arguments: TimingFunction.names)
    func inputIsClampedAndNaNIsZero(name: String) throws {
        let function = try #require(TimingFunction(name: name))
        #expect(function.evaluate(-0.5) == function.evaluate(0))
        #expect(function.evaluate(-.infinity) == function.evaluate(0))
        #expect(function.evaluate(.nan) == function.evaluate(0))
        #expect(function.evaluate(1.5) == function.evaluate(1))
        #expect(function.evaluate(.infinity) == 1)
        #expect(function.evaluate(0) == 0)
        #expect(function.evaluate(1) == 1)
    }

    @Test func stepsClampAndTreatNaNAsZero() {
        let function = TimingFunction.steps(4, position: .start)
        #expect(function.evaluate(.nan) == 0.25)
        #expect(function.evaluate(-3) == 0.25)
        #expect(function.evaluate(7) == 1)
    }

    @Test func customFunctionsSeeClampedInput() {
        let square = TimingFunction(custom: { $0 * $0 })
        #expect(square.evaluate(0.5) == 0.25)
        #expect(square.evaluate(3) == 1)
        #expect(square.evaluate(.nan) == 0)
        #expect(square.controlPoints == nil)
        guard case .custom = square.kind else {
            Issue.record("expected .custom")
            return
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteCustomResultsFallBackToT(bad: Double) {
        let function = TimingFunction(custom: { _ in bad })
        #expect(function.evaluate(0.3) == 0.3)
        #expect(function.evaluate(2) == 1)
        #expect(function.evaluate(.nan) == 0)
    }

    @Test func controlPointsAreNilForOtherKinds() {
        #expect(TimingFunction(easing: .sine, .easeIn).controlPoints == nil)
        #expect(TimingFunction.steps(2).controlPoints == nil)
        let points = TimingFunction(controlPoints: -0.5, -1.5, 1.5, -1.6).controlPoints
        #expect(points.map { $0 == (-0.5, -1.5, 1.5, -1.6) } == true)
    }

    @Test func nanControlPointsBecomeTheLinearCurvesValues() {
        let curve = CubicBezier(.nan, .nan, .nan, .nan)
        #expect(curve == CubicBezier(0, 0, 1, 1))
        #expect(TimingFunction(controlPoints: .nan, 0.1, .nan, 1).controlPoints.map { $0 == (0, 0.1, 1, 1) } == true)
        for i in 0...10 {
            let x = Double(i) / 10
            #expect(abs(curve.solve(x) - x) <= 1e-7)
        }
    }

    @Test func infiniteControlPointsGiveFiniteResults() {
        for curve in [
            CubicBezier(.infinity, 0, -.infinity, 1), CubicBezier(-.infinity, .infinity, .infinity, -.infinity),
            CubicBezier(1e300, -1e300, 0.5, 1e300),
        ] {
            for i in 0...20 {
                #expect(curve.solve(Double(i) / 20).isFinite)
            }
        }
    }

    @Test func curvesAreHashableByControlPoints() {
        let curves: Set<CubicBezier> = [CubicBezier(0.25, 0.1, 0.25, 1), CubicBezier(0.25, 0.1, 0.25, 1), CubicBezier(0.42, 0, 1, 1)]
        #expect(curves.count == 2)
    }
}

// MARK: - Names

@Suite struct TimingFunctionNameTests {
    @Test(arguments: TimingFunction.names)
    func everyNameIsAccepted(name: String) {
        #expect(TimingFunction(name: name) != nil)
    }

    @Test func thereAreThirtyFiveUniqueNames() {
        #expect(TimingFunction.names.count == 35)
        #expect(Set(TimingFunction.names).count == 35)
        #expect(Array(TimingFunction.names.prefix(5)) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    }

    @Test(arguments: ["", "EaseIn", "easein", "ease-in", "easeInSine ", "easeInOutSpring", "easeInEaseOutSine", "Linear"])
    func unknownNamesAreNil(name: String) {
        #expect(TimingFunction(name: name) == nil)
    }
}

// MARK: - Solver robustness

@Suite struct CubicBezierSolverRobustnessTests {
    /// 1,000 seeded curves, x control points in [-1, 2] and y in [-2, 3], 50 inputs each: never
    /// NaN, and the result is y(s) for an s with x(s) within 1e-6 of the input.
    @Test func randomCurvesFindARoot() {
        var random = SeededRandom(seed: 0x5EED_0001)
        var failures = 0
        for _ in 0..<1000 {
            let curve = CubicBezier(
                random.uniform(-1, 2), random.uniform(-2, 3), random.uniform(-1, 2), random.uniform(-2, 3))
            for k in 0..<50 {
                let x = k < 25 ? Double(k) / 24 : random.uniform(0, 1)
                let y = curve.solve(x)
                let s = curve.parameter(forX: x, tolerance: 1e-10)
                let ok = y.isFinite && s >= 0 && s <= 1 && abs(curve.sampleX(s) - x) <= 1e-6
                    && abs(curve.sampleY(s) - y) <= 1e-6
                if !ok { failures += 1 }
            }
        }
        #expect(failures == 0)
    }

    /// A grid of x control points, edge values and folds included (x(s) = s³ and its kin, where an
    /// unguarded Newton step lands on the end of the bracket), at 199 inputs each.
    @Test func gridOfXControlPointsFindsARoot() {
        let values = [0, 0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 1, 1.2, 2, -0.5, -1]
        var failures = 0
        for c1x in values {
            for c2x in values {
                let curve = CubicBezier(c1x, 0, c2x, 1)
                for i in 1..<200 {
                    let x = Double(i) / 200
                    let s = curve.parameter(forX: x, tolerance: 1e-9)
                    if !(s >= 0 && s <= 1 && abs(curve.sampleX(s) - x) <= 1e-6) { failures += 1 }
                }
            }
        }
        #expect(failures == 0)
    }

    /// Monotonic seeded curves (x control points in 0...1, y in [-2, 3]) against plain bisection.
    @Test func randomMonotonicCurvesMatchBisection() {
        var random = SeededRandom(seed: 0x5EED_0002)
        var worst = 0.0
        for _ in 0..<200 {
            let c = (random.uniform(0, 1), random.uniform(-2, 3), random.uniform(0, 1), random.uniform(-2, 3))
            let curve = CubicBezier(c.0, c.1, c.2, c.3)
            for _ in 0..<20 {
                let x = random.uniform(0, 1)
                worst = max(worst, abs(curve.solve(x) - slowMonotonicSolve(c, x)))
            }
        }
        #expect(worst <= 1e-6)
    }

    /// When x(s) folds back (x control points outside 0...1), the smallest root is used, found here
    /// by dense sampling; x = 1 still gives exactly 1.
    @Test(arguments: [(2.0, 0.0, -1.0, 1.0), (1.8, 2.5, -0.6, -1.2), (-0.8, 0.3, 1.9, 0.7)])
    func foldedCurvesUseTheFirstRoot(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let curve = CubicBezier(c1x, c1y, c2x, c2y)
        for x in [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95] {
            var lo = 0.0, hi = 1.0, previous = 0.0
            for i in 1...20_000 {
                let s = Double(i) / 20_000
                if bernstein(c1x, c2x, s) >= x {
                    lo = previous
                    hi = s
                    break
                }
                previous = s
            }
            while hi - lo > 1e-13 {
                let mid = (lo + hi) / 2
                if bernstein(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
            }
            #expect(abs(curve.solve(x) - bernstein(c1y, c2y, lo)) <= 1e-6, "x = \(x)")
        }
        #expect(curve.solve(1) == 1)
        #expect(curve.solve(0) == 0)
    }
}
