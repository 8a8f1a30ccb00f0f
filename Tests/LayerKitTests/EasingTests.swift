import Foundation
import Testing
import LayerKit

/// Penner's equations in his original shape, f(t, b, c, d) with start b = 0, change c = 1 and
/// duration d = 1, written out per curve so they check the library's easeIn-and-compose form.
private func penner(_ name: String, _ time: Double) -> Double? {
    let b = 0.0, c = 1.0, d = 1.0
    var t = time
    switch name {
    case "easeInSine": return -c * cos(t / d * (Double.pi / 2)) + c + b
    case "easeOutSine": return c * sin(t / d * (Double.pi / 2)) + b
    case "easeInOutSine": return -c / 2 * (cos(Double.pi * t / d) - 1) + b

    case "easeInQuad": t /= d; return c * t * t + b
    case "easeOutQuad": t /= d; return -c * t * (t - 2) + b
    case "easeInOutQuad":
        t /= d / 2
        if t < 1 { return c / 2 * t * t + b }
        t -= 1
        return -c / 2 * (t * (t - 2) - 1) + b

    case "easeInCubic": t /= d; return c * t * t * t + b
    case "easeOutCubic": t = t / d - 1; return c * (t * t * t + 1) + b
    case "easeInOutCubic":
        t /= d / 2
        if t < 1 { return c / 2 * t * t * t + b }
        t -= 2
        return c / 2 * (t * t * t + 2) + b

    case "easeInQuart": t /= d; return c * t * t * t * t + b
    case "easeOutQuart": t = t / d - 1; return -c * (t * t * t * t - 1) + b
    case "easeInOutQuart":
        t /= d / 2
        if t < 1 { return c / 2 * t * t * t * t + b }
        t -= 2
        return -c / 2 * (t * t * t * t - 2) + b

    case "easeInQuint": t /= d; return c * t * t * t * t * t + b
    case "easeOutQuint": t = t / d - 1; return c * (t * t * t * t * t + 1) + b
    case "easeInOutQuint":
        t /= d / 2
        if t < 1 { return c / 2 * t * t * t * t * t + b }
        t -= 2
        return c / 2 * (t * t * t * t * t + 2) + b

    case "easeInExpo": return t == 0 ? b : c * pow(2, 10 * (t / d - 1)) + b
    case "easeOutExpo": return t == d ? b + c : c * (-pow(2, -10 * t / d) + 1) + b
    case "easeInOutExpo":
        if t == 0 { return b }
        if t == d { return b + c }
        t /= d / 2
        if t < 1 { return c / 2 * pow(2, 10 * (t - 1)) + b }
        t -= 1
        return c / 2 * (-pow(2, -10 * t) + 2) + b

    case "easeInCirc": t /= d; return -c * (sqrt(1 - t * t) - 1) + b
    case "easeOutCirc": t = t / d - 1; return c * sqrt(1 - t * t) + b
    case "easeInOutCirc":
        t /= d / 2
        if t < 1 { return -c / 2 * (sqrt(1 - t * t) - 1) + b }
        t -= 2
        return c / 2 * (sqrt(1 - t * t) + 1) + b

    case "easeInBack":
        let s = 1.70158
        t /= d
        return c * t * t * ((s + 1) * t - s) + b
    case "easeOutBack":
        let s = 1.70158
        t = t / d - 1
        return c * (t * t * ((s + 1) * t + s) + 1) + b
    case "easeInOutBack":
        let s = 1.70158 * 1.525
        t /= d / 2
        if t < 1 { return c / 2 * (t * t * ((s + 1) * t - s)) + b }
        t -= 2
        return c / 2 * (t * t * ((s + 1) * t + s) + 2) + b

    case "easeInElastic", "easeOutElastic":
        if t == 0 { return b }
        t /= d
        if t == 1 { return b + c }
        let p = d * 0.3, a = c
        let s = p / (2 * Double.pi) * asin(c / a)
        if name == "easeInElastic" {
            t -= 1
            return -(a * pow(2, 10 * t) * sin((t * d - s) * (2 * Double.pi) / p)) + b
        }
        return a * pow(2, -10 * t) * sin((t * d - s) * (2 * Double.pi) / p) + c + b
    case "easeInOutElastic":
        if t == 0 { return b }
        t /= d / 2
        if t == 2 { return b + c }
        let p = d * (0.3 * 1.5), a = c
        let s = p / (2 * Double.pi) * asin(c / a)
        t -= 1
        if t < 0 { return -0.5 * (a * pow(2, 10 * t) * sin((t * d - s) * (2 * Double.pi) / p)) + b }
        return a * pow(2, -10 * t) * sin((t * d - s) * (2 * Double.pi) / p) * 0.5 + c + b

    case "easeOutBounce": return bounceOut(t, b, c, d)
    case "easeInBounce": return c - bounceOut(d - t, 0, c, d) + b
    case "easeInOutBounce":
        if t < d / 2 { return (c - bounceOut(d - t * 2, 0, c, d)) * 0.5 + b }
        return bounceOut(t * 2 - d, 0, c, d) * 0.5 + c * 0.5 + b
    default: return nil
    }
}

private func bounceOut(_ time: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
    var t = time / d
    if t < 1 / 2.75 { return c * (7.5625 * t * t) + b }
    if t < 2 / 2.75 { t -= 1.5 / 2.75; return c * (7.5625 * t * t + 0.75) + b }
    if t < 2.5 / 2.75 { t -= 2.25 / 2.75; return c * (7.5625 * t * t + 0.9375) + b }
    t -= 2.625 / 2.75
    return c * (7.5625 * t * t + 0.984375) + b
}

/// The 30 catalogue names, spelled out.
private let catalogueNames = [
    "easeInSine", "easeOutSine", "easeInOutSine", "easeInQuad", "easeOutQuad", "easeInOutQuad",
    "easeInCubic", "easeOutCubic", "easeInOutCubic", "easeInQuart", "easeOutQuart", "easeInOutQuart",
    "easeInQuint", "easeOutQuint", "easeInOutQuint", "easeInExpo", "easeOutExpo", "easeInOutExpo",
    "easeInCirc", "easeOutCirc", "easeInOutCirc", "easeInBack", "easeOutBack", "easeInOutBack",
    "easeInElastic", "easeOutElastic", "easeInOutElastic", "easeInBounce", "easeOutBounce", "easeInOutBounce",
]

@Suite struct EasingTests {
    @Test(arguments: catalogueNames)
    func nameMapsToFamilyAndMode(name: String) throws {
        let function = try #require(TimingFunction(name: name))
        guard case .easing(let family, let mode) = function.kind else {
            Issue.record("\(name) is not an easing")
            return
        }
        let capitalised = family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()
        #expect(mode.rawValue + capitalised == name)
    }

    @Test func catalogueCoversEveryFamilyAndMode() {
        #expect(EasingFamily.allCases.count * EasingMode.allCases.count == catalogueNames.count)
        #expect(Set(TimingFunction.names).isSuperset(of: catalogueNames))
    }

    @Test(arguments: catalogueNames)
    func endpointsAreExact(name: String) throws {
        let function = try #require(TimingFunction(name: name))
        #expect(function.evaluate(0) == 0)
        #expect(function.evaluate(1) == 1)
    }

    @Test(arguments: catalogueNames, [0.1, 0.3, 0.5, 0.7, 0.9])
    func interiorMatchesPenner(name: String, t: Double) throws {
        let function = try #require(TimingFunction(name: name))
        let expected = try #require(penner(name, t))
        #expect(abs(function.evaluate(t) - expected) <= 1e-12)
    }

    @Test(arguments: [
        ("easeInSine", 0.5, 0.29289321881),  // 1 − cos(π/4)
        ("easeOutSine", 0.5, 0.70710678119),
        ("easeInOutSine", 0.5, 0.5),
        ("easeInQuad", 0.5, 0.25),
        ("easeInOutQuad", 0.25, 0.125),
        ("easeInOutQuad", 0.75, 0.875),
        ("easeInCubic", 0.5, 0.125),
        ("easeOutCubic", 0.5, 0.875),
        ("easeInQuart", 0.5, 0.0625),
        ("easeInQuint", 0.5, 0.03125),
        ("easeInExpo", 0.5, 0.03125),
        ("easeOutExpo", 0.5, 0.96875),
        ("easeInOutExpo", 0.5, 0.5),
        ("easeInCirc", 0.5, 0.13397459622),  // 1 − √0.75
        ("easeInBack", 0.5, -0.0876975),
        ("easeOutBack", 0.5, 1.0876975),
        ("easeInOutBack", 0.25, -0.09968184375),
        ("easeInElastic", 0.5, -0.015625),
        ("easeOutElastic", 0.5, 1.015625),
        ("easeInOutElastic", 0.5, 0.5),
        ("easeInOutElastic", 0.25, 0.01196944442),  // sin(50°)/64
        ("easeOutBounce", 0.2, 0.3025),
        ("easeOutBounce", 0.5, 0.765625),
        ("easeInBounce", 0.5, 0.234375),
        ("easeInOutBounce", 0.25, 0.1171875),
    ])
    func knownValues(name: String, t: Double, expected: Double) throws {
        let function = try #require(TimingFunction(name: name))
        #expect(abs(function.evaluate(t) - expected) <= 1e-10)
    }

    @Test func sineCurvesHoldToTheCLibraryEverywhere() throws {
        // The quarter wave comes from LayerKit's own sine kernel: check it densely, and near 0,
        // where 1 − cos t·π/2 is tiny and must keep its relative precision.
        let easeIn = try #require(TimingFunction(name: "easeInSine"))
        let easeInOut = try #require(TimingFunction(name: "easeInOutSine"))
        for i in 0...4096 {
            let t = Double(i) / 4096
            #expect(abs(easeIn.evaluate(t) - (1 - cos(t * Double.pi / 2))) <= 4.5e-16)
            #expect(abs(easeInOut.evaluate(t) - (1 - cos(Double.pi * t)) / 2) <= 4.5e-16)
        }
        for t in [1e-3, 1e-6, 1e-9] {
            let exact = 2 * pow(sin(t * Double.pi / 4), 2)
            #expect(abs(easeIn.evaluate(t) - exact) <= 1e-15 * exact)
        }
    }

    @Test func sineOutAndInOutAreComposedFromEaseInToTheBit() {
        // The sine family computes every mode through one call of its kernel; the results must be
        // exactly those of composing easeIn as Penner's definitions say.
        let easeIn = TimingFunction(easing: .sine, .easeIn), easeOut = TimingFunction(easing: .sine, .easeOut)
        let easeInOut = TimingFunction(easing: .sine, .easeInOut)
        for i in 1..<4096 {
            let t = Double(i) / 4096 + 1e-7 * Double(i % 7)
            #expect(easeOut.evaluate(t) == 1 - easeIn.evaluate(1 - t), "easeOut at \(t)")
            let inOut = t < 0.5 ? easeIn.evaluate(2 * t) / 2 : 1 - easeIn.evaluate(2 - 2 * t) / 2
            #expect(easeInOut.evaluate(t) == inOut, "easeInOut at \(t)")
        }
        for mode in EasingMode.allCases {
            let f = TimingFunction(easing: .sine, mode)
            #expect(f.evaluate(0) == 0 && f.evaluate(-0.5) == 0 && f.evaluate(1) == 1 && f.evaluate(7) == 1)
            #expect(f.evaluate(0.5) > 0 && f.evaluate(0.5) < 1)
        }
    }

    @Test(arguments: EasingFamily.allCases, EasingMode.allCases)
    func initializerMatchesName(family: EasingFamily, mode: EasingMode) throws {
        let byName = try #require(TimingFunction(name: mode.rawValue + family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()))
        let direct = TimingFunction(easing: family, mode)
        for i in 0...20 {
            #expect(direct.evaluate(Double(i) / 20) == byName.evaluate(Double(i) / 20))
        }
    }
}
