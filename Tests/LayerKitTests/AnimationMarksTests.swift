import LayerKit
import Testing
import TestSupport

/// What tools read of attached animations: their timing once committed, the moments their key
/// times and settling fall on in every cycle, and the inverse of a timing curve behind them.
struct AnimationMarksTests {
    @Test(arguments: TimingFunction.names)
    func firstProgressFindsTheFirstCrossing(name: String) throws {
        let curve = try #require(TimingFunction(name: name))
        for target in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let u = curve.firstProgress(reaching: target)
            #expect(close(curve.evaluate(u), target, 1e-9), "\(name) at \(target): f(\(u)) = \(curve.evaluate(u))")
            // No sample before it reaches the target.
            for i in 0..<Int(u * 512) {
                #expect(curve.evaluate(Double(i) / 512) < target, "\(name) reaches \(target) before \(u)")
            }
        }
    }

    @Test func firstProgressOfAValueNeverReachedIsOne() {
        #expect(TimingFunction.easeIn.firstProgress(reaching: 2) == 1)
        #expect(TimingFunction.easeIn.firstProgress(reaching: -1) == 0)
        #expect(TimingFunction.linear.firstProgress(reaching: 0.3) == 0.3)
    }

    struct TimingCase: Sendable, CustomStringConvertible {
        var description: String
        var begin = 0.0, duration = 1.0, speed = 1.0, offset = 0.0, repeats = 0.0, autoreverses = false
        var simple: Double
        var limit = 100.0
        var expected: [Double]
    }

    static let timingCases: [TimingCase] = [
        TimingCase(description: "once", begin: 1, duration: 2, simple: 0.5, expected: [1.5]),
        TimingCase(description: "each repeat", begin: 1, duration: 2, repeats: 3, simple: 0.5, expected: [1.5, 3.5, 5.5]),
        TimingCase(description: "up to the limit", begin: 1, duration: 2, repeats: 3, simple: 0.5, limit: 4, expected: [1.5, 3.5]),
        TimingCase(description: "there and back", begin: 1, duration: 2, autoreverses: true, simple: 0.5, expected: [1.5, 4.5]),
        TimingCase(description: "the turning point once", duration: 2, autoreverses: true, simple: 2, expected: [2]),
        TimingCase(description: "twice as fast", begin: 1, duration: 2, speed: 2, simple: 1, expected: [1.5]),
        TimingCase(description: "shifted by timeOffset", duration: 2, offset: 0.5, simple: 1, expected: [0.5]),
        TimingCase(description: "shifted and wrapped", duration: 2, offset: 1.5, simple: 1, expected: [1.5]),
        TimingCase(description: "endless, to the limit", duration: 1, repeats: .infinity, simple: 0.25, limit: 3,
                   expected: [0.25, 1.25, 2.25]),
        TimingCase(description: "not past the last cycle", duration: 1, repeats: 2, simple: 0, expected: [0, 1]),
        TimingCase(description: "within part of a cycle", duration: 2, repeats: 1.5, simple: 0.5, expected: [0.5, 2.5]),
        TimingCase(description: "not past part of a cycle", duration: 2, repeats: 1.5, simple: 1.5, expected: [1.5]),
        TimingCase(description: "paused", duration: 1, speed: 0, simple: 0.5, expected: []),
        TimingCase(description: "outside the duration", duration: 1, simple: 1.5, expected: []),
    ]

    @Test(arguments: timingCases)
    func parentTimesFollowTheTiming(_ c: TimingCase) {
        var timing = MediaTiming()
        timing.beginTime = c.begin
        timing.duration = c.duration
        timing.speed = c.speed
        timing.timeOffset = c.offset
        timing.repeatCount = c.repeats
        timing.autoreverses = c.autoreverses
        let times = timing.parentTimes(atSimpleTime: c.simple, through: c.limit)
        #expect(times.count == c.expected.count, "\(times)")
        for (time, expected) in zip(times, c.expected) { #expect(close(time, expected, 1e-12), "\(times)") }
    }

    @Test func anEndlessAnimationStopsAtTheCount() {
        var timing = MediaTiming()
        timing.duration = 0.001
        timing.repeatCount = .infinity
        #expect(timing.parentTimes(atSimpleTime: 0, through: 1e9, maxCount: 50).count == 50)
    }

    @Test func attachedAnimationsShowTheCommittedTiming() throws {
        let driver = FrameDriver()
        driver.frame(at: 2)
        let layer = try driver.layer(with: basic("position.y", from: .number(0), to: .number(1), duration: 3), key: "move")
        #expect(layer.attachedAnimations.first?.isWaitingToBegin == true)
        driver.frame(at: 2)
        let info = try #require(layer.attachedAnimations.first)
        #expect(info.key == "move")
        #expect(info.keyPath == "position.y")
        #expect(!info.isWaitingToBegin)
        #expect(info.timing.beginTime == 2)
        #expect(info.timing.endTime == 5)
        #expect(info.touches(keyPath: "position"))
        #expect(info.touches(keyPath: "position.y"))
        #expect(!info.touches(keyPath: "position.x"))
        #expect(!info.touches(keyPath: "pos"))
    }

    @Test func keyframeMarksFallWhereTheEasedProgressReachesEachKeyTime() throws {
        let driver = FrameDriver()
        let keyframes = KeyframeAnimation(keyPath: "opacity")
        keyframes.values = [0, 1, 0.5].map(AnimationValue.number)
        keyframes.keyTimes = [0, 0.25, 1]
        keyframes.duration = 2
        keyframes.timingFunction = .easeIn
        keyframes.repeatCount = 2
        let layer = try driver.layer(with: keyframes)
        let info = try #require(layer.attachedAnimations.first)
        #expect(info.keyTimes == [0, 0.25, 1])
        let marks = info.marks(through: 100)
        let quarter = TimingFunction.easeIn.firstProgress(reaching: 0.25) * 2
        let expected = [0, quarter, 2, 2 + quarter, 4]
        #expect(marks.map(\.kind) == Array(repeating: .keyTime, count: expected.count))
        #expect(marks.count == expected.count)
        for (mark, time) in zip(marks, expected) { #expect(close(mark.time, time, 1e-9), "\(marks)") }
        // The value at a mark is the key value.
        driver.frame(at: 2 + quarter)
        #expect(close(layer.number(.opacity, .presentation), 1, 1e-6))
    }

    @Test func aSpringIsMarkedWhereItSettles() throws {
        let driver = FrameDriver()
        let spring = SpringAnimation(keyPath: "position.x")
        spring.fromValue = .number(0)
        spring.toValue = .number(100)
        spring.duration = 10
        let layer = try driver.layer(with: spring)
        let info = try #require(layer.attachedAnimations.first)
        #expect(info.settlingDuration == spring.settlingDuration)
        let marks = info.marks(through: 100)
        #expect(marks.map(\.kind) == [.settled])
        #expect(close(marks.first?.time ?? 0, spring.settlingDuration, 1e-9))
        // Cut before it settles: no mark.
        spring.duration = spring.settlingDuration / 2
        let short = try driver.layer(with: spring)
        #expect(short.attachedAnimations.first?.marks(through: 100) == [])
    }

    @Test func aGroupCarriesItsChildrensMarksThroughItsOwnTiming() throws {
        let driver = FrameDriver()
        let child = KeyframeAnimation(keyPath: "opacity")
        child.values = [0, 1, 0].map(AnimationValue.number)
        child.beginTime = 0.5
        child.duration = 1
        let other = KeyframeAnimation(keyPath: "position.x")
        other.values = [0, 1].map(AnimationValue.number)
        other.duration = 1
        let group = AnimationGroup()
        group.animations = [child, other]
        group.duration = 3
        group.beginTime = 10
        group.repeatCount = 2
        let layer = try driver.layer(with: group)
        let info = try #require(layer.attachedAnimations.first)
        #expect(info.children.count == 2)
        #expect(info.touches(keyPath: "opacity") && info.touches(keyPath: "position") && !info.touches(keyPath: "zPosition"))
        let times = info.marks(touching: "opacity", through: 100).map(\.time)
        #expect(times == [10.5, 11, 11.5, 13.5, 14, 14.5])
        #expect(info.marks(through: 100).map(\.time) == [10, 10.5, 11, 11.5, 13, 13.5, 14, 14.5])
    }

    @Test func firstInSubtreeSearchesDepthFirst() throws {
        let driver = FrameDriver()
        let a = Layer(scene: driver.scene), b = Layer(scene: driver.scene), c = Layer(scene: driver.scene)
        a.name = "a"
        b.name = "target"
        c.name = "target"
        try a.addSublayer(b)
        try driver.root.addSublayer(a)
        try driver.root.addSublayer(c)
        #expect(driver.root.firstInSubtree { $0.name == "target" } === b)
        #expect(driver.root.firstInSubtree { $0.name == "none" } == nil)
    }
}
