import Testing
import LayerKit
import TestSupport

/// Timers and display links on the scene's frame clock.
struct SchedulerTests {
    @Test func timersFireInOrderOfFireTimeThenCreation() {
        let driver = FrameDriver()
        var log: [String] = []
        driver.scene.scheduleTimer(interval: 0.5, repeats: false) { _ in log.append("b") }
        driver.scene.scheduleTimer(interval: 0.2, repeats: false) { _ in log.append("a") }
        driver.scene.scheduleTimer(interval: 0.5, repeats: false) { _ in log.append("c") }
        driver.frame(at: 1)
        #expect(log == ["a", "b", "c"])
        driver.frame(at: 2)
        #expect(log.count == 3)
        #expect(driver.scene.activeTimerCount == 0)
    }

    @Test func repeatingTimersKeepTheirPhaseAndFireOncePerFrameAtMost() {
        let driver = FrameDriver()
        var fired: [Double] = []
        let timer = driver.scene.scheduleTimer(interval: 1, repeats: true) { _ in fired.append(driver.scene.time) }
        driver.run(until: 3.5)
        #expect(fired.count == 3)
        #expect(abs(timer.fireTime - 4) < 1e-9)
        driver.frame(at: 10.2)
        #expect(fired.count == 4)
        #expect(abs(timer.fireTime - 11) < 1e-9)
        timer.invalidate()
        driver.run(until: 13)
        #expect(fired.count == 4)
        #expect(!timer.isValid)
    }

    @Test func timersCanInvalidateThemselvesAndOthers() {
        let driver = FrameDriver()
        var count = 0
        var second: Timer?
        driver.scene.scheduleTimer(interval: 0.1, repeats: true) { t in
            count += 1
            if count == 3 { t.invalidate(); second?.invalidate() }
        }
        second = driver.scene.scheduleTimer(interval: 10, repeats: false) { _ in count += 100 }
        driver.run(until: 20)
        #expect(count == 3)
    }

    @Test func displayLinksRunEveryFrameWithActionsDisabled() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        var stamps: [Double] = []
        driver.scene.addDisplayLink { link in
            stamps.append(link.timestamp)
            #expect(abs(link.targetTimestamp - link.timestamp - link.duration) < 1e-12)
            layer.set(.opacity, 0.5)
        }
        driver.run(until: 0.1)
        #expect(stamps.count == 6)
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.number(.opacity, .presentation) == 0.5)
    }

    @Test func preferredFramesPerSecondSkipsFrames() {
        let driver = FrameDriver()
        var calls = 0
        let link = driver.scene.addDisplayLink { _ in calls += 1 }
        link.preferredFramesPerSecond = 30
        driver.run(until: 1)
        #expect(calls == 30 || calls == 31)
        link.isPaused = true
        driver.run(until: 2)
        #expect(calls <= 31)
        link.invalidate()
        #expect(driver.scene.activeDisplayLinkCount == 0)
        driver.frame(at: 2.1)
        #expect(calls <= 31)
    }

    @Test func seededRandomRepeats() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let xs = (0..<5).map { _ in a.nextUnit() }
        #expect(xs == (0..<5).map { _ in b.nextUnit() })
        #expect(xs != (0..<5).map { _ in c.nextUnit() })
        #expect(xs.allSatisfy { $0 >= 0 && $0 < 1 })
    }
}
