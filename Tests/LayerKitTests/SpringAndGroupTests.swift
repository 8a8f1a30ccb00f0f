import Foundation
import Testing
import LayerKit
import TestSupport

/// CASpringAnimation against the closed form, and CAAnimationGroup timing.
struct SpringAndGroupTests {
    /// The under-damped solution written out independently: m x'' + c x' + k x = 0, x(0) = 1, x'(0) = -v0.
    func underDamped(_ t: Double, m: Double, k: Double, c: Double, v0: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
    }

    func springX(_ spring: SpringAnimation, at times: [Double]) throws -> [Double] {
        let driver = FrameDriver()
        let layer = try driver.layer(with: spring)
        return times.map { t in
            driver.frame(at: t)
            return layer.point(.position, .presentation).x
        }
    }

    @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (2.0, 300.0, 5.0, 3.0), (1.0, 50.0, 2.0, -4.0)])
    func underDampedSpringMatchesTheClosedForm(m: Double, k: Double, c: Double, v0: Double) throws {
        let s = SpringAnimation(keyPath: "position.x")
        s.fromValue = .number(0); s.toValue = .number(100)
        s.mass = m; s.stiffness = k; s.damping = c; s.initialVelocity = v0
        let times = [0.05, 0.1, 0.2, 0.35, 0.5, 0.8]
        let xs = try springX(s, at: times)
        for (t, x) in zip(times, xs) {
            #expect(close(x, 100 * (1 - underDamped(t, m: m, k: k, c: c, v0: v0)), 1e-9), "t = \(t)")
        }
    }

    @Test func criticallyAndOverDampedSpringsDoNotOvershoot() throws {
        for damping in [20.0, 40.0] {
            let s = SpringAnimation(keyPath: "position.x")
            s.fromValue = .number(0); s.toValue = .number(100); s.damping = damping
            s.fillMode = .forwards
            s.isRemovedOnCompletion = false
            let xs = try springX(s, at: stride(from: 0.05, to: 2, by: 0.05).map { $0 })
            #expect(xs.allSatisfy { $0 <= 100 + 1e-9 })
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
        }
        // Critical damping (c = 2√(km) = 20): x(t) = e^(−10t)(1 + 10t).
        let s = SpringAnimation(keyPath: "position.x")
        s.fromValue = .number(0); s.toValue = .number(100); s.damping = 20
        let x = try springX(s, at: [0.3])[0]
        #expect(close(x, 100 * (1 - exp(-3) * 4), 1e-9))
    }

    @Test func settlingDurationIsTheDefaultDuration() throws {
        let s = SpringAnimation(keyPath: "position.x")
        s.fromValue = .number(0); s.toValue = .number(100)
        // Default spring: ζω₀ = 5, the displacement bounded by (1 + 5/ω_d) e^(−5t).
        let wd = 10 * (0.75).squareRoot()
        let expected = log((1 + 5 / wd) / 0.001) / 5
        #expect(close(s.settlingDuration, expected, 1e-9))
        let driver = FrameDriver()
        let layer = try driver.layer(with: s)
        driver.frame(at: expected - 0.05)
        #expect(layer.animationKeys() == ["test"])
        driver.frame(at: expected + 0.05)
        #expect(layer.animationKeys().isEmpty)
    }

    /// QuartzCore's settling durations, as measured (by OpenCoreAnimation's authors) for mass 1
    /// and stiffness 100, within 0.02 s; a spring damped past critical settles as a critical one.
    @Test(arguments: [(10.0, 1.4727003346780927), (1, 13.91321015404625), (20, 1), (40, 1), (100, 1)])
    func settlingDurationMatchesQuartzCore(damping: Double, measured: Double) {
        let s = SpringAnimation(keyPath: "position.x")
        s.damping = damping
        #expect(abs(s.settlingDuration - measured) < 0.02, "\(s.settlingDuration)")
    }

    @Test func settlingDurationIsInTheParentsTime() {
        let s = SpringAnimation(keyPath: "position.x")
        let own = s.settlingDuration
        s.speed = 2
        #expect(close(s.settlingDuration, own / 2))
        s.speed = -0.5
        #expect(close(s.settlingDuration, own * 2))
    }

    /// Without allowsOverdamping (the default) a spring damped past critical moves exactly as a
    /// critically damped one; with it, more slowly.
    @Test func overdampingIsOnlyAllowedWhenAsked() throws {
        func spring(damping: Double, allows: Bool) -> SpringAnimation {
            let s = SpringAnimation(keyPath: "position.x")
            s.fromValue = .number(0); s.toValue = .number(100); s.damping = damping
            s.allowsOverdamping = allows
            s.duration = 5
            return s
        }
        let times = [0.1, 0.3, 0.5, 1]
        let critical = try springX(spring(damping: 20, allows: false), at: times)
        #expect(try springX(spring(damping: 40, allows: false), at: times) == critical)
        let over = try springX(spring(damping: 40, allows: true), at: times)
        #expect(zip(over, critical).allSatisfy { $0 < $1 }, "\(over) vs \(critical)")
        #expect(spring(damping: 40, allows: true).settlingDuration > 1.5)
        #expect(spring(damping: 40, allows: true).copy() is SpringAnimation)
        #expect((spring(damping: 40, allows: true).copy() as? SpringAnimation)?.allowsOverdamping == true)
    }

    /// iOS 17's perceptualDuration and bounce, derived as QuartzCore derives them.
    @Test func perceptualDurationAndBounceMakeASpring() {
        let s = SpringAnimation(keyPath: "position.x", perceptualDuration: 1, bounce: 0.5)
        #expect(s.allowsOverdamping && s.mass == 1)
        #expect(close(s.stiffness, 4 * .pi * .pi, 1e-12) && close(s.damping, 2 * .pi, 1e-12))
        #expect(close(s.perceptualDuration, 1, 1e-12) && close(s.bounce, 0.5, 1e-12))
        #expect(close(s.duration, s.settlingDuration, 1e-12))
        #expect(abs(s.settlingDuration - 2.3438753795710707) < 0.02)
        let over = SpringAnimation(keyPath: "position.x", perceptualDuration: 1, bounce: -0.5)
        #expect(close(over.damping, 8 * .pi, 1e-12) && close(over.bounce, -0.5, 1e-12))
        // ζ = 2: the slow root −2π(2 − √3) brings 1.0774 e^(−1.6836 t) under 0.001 after
        // 4.15 s, and the 0.1 s walk says 4.2.
        #expect(close(over.settlingDuration, 4.2, 1e-9))
        let brief = SpringAnimation(keyPath: "position.x", perceptualDuration: 0.5, bounce: 0.3)
        #expect(close(brief.stiffness, pow(4 * .pi, 2), 1e-9) && close(brief.damping, 0.7 * 8 * .pi, 1e-9))
        // The default spring, read the new way.
        let plain = SpringAnimation(keyPath: "position.x")
        #expect(close(plain.perceptualDuration, 2 * .pi / 10, 1e-12) && close(plain.bounce, 0.5, 1e-12))
        plain.damping = 40
        #expect(close(plain.bounce, -0.5, 1e-12))
    }

    /// A bounce of −1 damps infinitely: the spring is at its target at once.
    @Test func aBounceOfMinusOneRestsAtOnce() throws {
        let s = SpringAnimation(keyPath: "position.x", perceptualDuration: 1, bounce: -1)
        #expect(s.damping == .infinity && s.bounce == -1 && s.settlingDuration == 0)
        s.fromValue = .number(0); s.toValue = .number(100)
        #expect(try springX(s, at: [0.1]) == [100])
    }

    @Test func groupChildrenRunInTheGroupsTime() throws {
        let child = basic("opacity", from: .number(0), to: .number(1), duration: 1) { $0.beginTime = 0.5 }
        let other = basic("position.x", from: .number(0), to: .number(100), duration: 4)
        let group = AnimationGroup()
        group.animations = [child, other]
        group.duration = 2
        let driver = FrameDriver()
        let layer = try driver.layer(with: group) { l in driver.scene.perform(actionsDisabled: true) { l[.position] = .point(.zero) } }
        driver.frame(at: 0.25)
        #expect(layer.number(.opacity, .presentation) == 1)
        driver.frame(at: 1.0)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        #expect(close(layer.point(.position, .presentation).x, 25))
        driver.frame(at: 1.75)
        #expect(layer.number(.opacity, .presentation) == 1)
        // The group's duration cuts the longer child off.
        driver.frame(at: 2.1)
        #expect(layer.point(.position, .presentation).x == 0)
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func groupSpeedAndRepeatApplyToChildren() throws {
        let group = AnimationGroup()
        group.animations = [basic("opacity", from: .number(0), to: .number(1), duration: 1)]
        group.duration = 1
        group.speed = 2
        group.repeatCount = 2
        let driver = FrameDriver()
        let layer = try driver.layer(with: group)
        driver.frame(at: 0.25)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        driver.frame(at: 0.75)
        #expect(close(layer.number(.opacity, .presentation), 0.5))
        driver.frame(at: 1.01)
        #expect(layer.animationKeys().isEmpty)
    }
}

struct GroupSafetyTests {
    @Test func aGroupThatContainsItselfIsRefused() {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        let outer = AnimationGroup(), inner = AnimationGroup()
        outer.animations = [inner]
        inner.animations = [basic("opacity", to: .number(0)), outer]
        #expect(throws: AnimationError.groupCycle) { try layer.addAnimation(outer, forKey: "g") }
        var deep = AnimationGroup()
        for _ in 0..<40 {
            let wrapper = AnimationGroup()
            wrapper.animations = [deep]
            deep = wrapper
        }
        #expect(throws: AnimationError.groupsTooDeep(limit: Layer.maxGroupDepth)) { try layer.addAnimation(deep, forKey: "d") }
        #expect(layer.animationKeys().isEmpty)
    }
}
