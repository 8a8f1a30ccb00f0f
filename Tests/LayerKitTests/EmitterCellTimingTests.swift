import Testing
import LayerKit
import TestSupport

/// Emitter cells as CAMediaTiming objects: a cell emits only in its active time (or while it
/// fills), counted on its emitter's running time, or for a sub-cell on its parent particle's age.
struct EmitterCellTimingTests {
    /// The particles of one cell after running an emitter of it for `seconds` at `fps`.
    private func run(_ configure: (EmitterCell) -> Void, seconds: Double = 2, fps: Double = 60) -> [Particle] {
        let driver = FrameDriver(fps: fps)
        let layer = driver.emitter([cell("c", birthRate: 100, lifetime: 10, configure: configure)])
        driver.run(for: seconds)
        return layer.particles(of: "c")
    }

    @Test func aCellEmitsOnlyInsideItsBeginTimeAndDuration() {
        let particles = run { $0.beginTime = 0.5; $0.duration = 0.2 }
        #expect(particles.count == 20)
        // Born between 0.5 s and 0.7 s of the emitter's time, seen at 2 s.
        #expect(particles.allSatisfy { $0.age >= 1.3 - 1e-4 && $0.age <= 1.5 + 1e-4 })
    }

    @Test func theCountIsExactWhateverTheFrameRate() {
        let at60 = run({ $0.beginTime = 0.25; $0.duration = 0.33 }, fps: 60)
        let at24 = run({ $0.beginTime = 0.25; $0.duration = 0.33 }, fps: 24)
        #expect(at60.count == 33)
        #expect(at24.count == 33)
    }

    @Test func repeatsAndAutoreversesLengthenTheActiveTime() {
        #expect(run { $0.duration = 0.1; $0.repeatCount = 3 }.count == 30)
        #expect(run { $0.duration = 0.1; $0.repeatCount = 2; $0.autoreverses = true }.count == 40)
        #expect(run { $0.duration = 0.1; $0.repeatDuration = 0.25 }.count == 25)
        #expect(run { $0.duration = 0.1; $0.repeatCount = .infinity }.count == 200)
    }

    @Test func speedScalesTheActiveTime() {
        #expect(run { $0.duration = 0.2; $0.speed = 2 }.count == 10)
        #expect(run { $0.duration = 0.2; $0.speed = 0.5 }.count == 40)
        // A paused cell's time stands still inside its active time: it emits for ever.
        #expect(run { $0.duration = 0.2; $0.speed = 0 }.count == 200)
    }

    @Test func fillModesExtendEmissionBeforeAndAfter() {
        #expect(run { $0.beginTime = 0.5; $0.duration = 0.2; $0.fillMode = .forwards }.count == 150)
        #expect(run { $0.beginTime = 0.5; $0.duration = 0.2; $0.fillMode = .backwards }.count == 70)
        #expect(run { $0.beginTime = 0.5; $0.duration = 0.2; $0.fillMode = .both }.count == 200)
    }

    @Test func aDurationOfZeroEmitsForEver() {
        #expect(run { $0.beginTime = 1 }.count == 100)
    }

    @Test func aSubCellsTimeIsItsParentParticlesAge() {
        let driver = FrameDriver()
        // 37 a second: births at ages j / 37, none near a frame's edge; j = 19…25 fall in 0.5…0.7 s.
        let spark = cell("spark", birthRate: 37, lifetime: 10) { $0.beginTime = 0.5; $0.duration = 0.2 }
        let rocket = cell("rocket", birthRate: 0, lifetime: 10)
        try? rocket.setEmitterCells([spark])
        let layer = driver.emitter([rocket])
        try? layer.emit(1, cellNamed: "rocket")
        driver.run(for: 0.3)
        #expect(layer.particles(of: "spark").isEmpty)
        driver.run(for: 1.3)
        let age = layer.particles(of: "rocket").first?.age ?? 0
        let sparks = layer.particles(of: "spark")
        #expect(sparks.count == 7)
        // Born while the rocket was 0.5 to 0.7 s old.
        #expect(sparks.allSatisfy { $0.age >= age - 0.7 - 1e-4 && $0.age <= age - 0.5 + 1e-4 })
    }

    @Test func aCopyKeepsTheTiming() {
        let c = cell("c") { $0.beginTime = 1; $0.duration = 2; $0.speed = 3; $0.timeOffset = 4; $0.repeatCount = 5
            $0.repeatDuration = 6; $0.autoreverses = true; $0.fillMode = .both }
        let d = c.copy()
        #expect(d.beginTime == 1 && d.duration == 2 && d.speed == 3 && d.timeOffset == 4)
        #expect(d.repeatCount == 5 && d.repeatDuration == 6 && d.autoreverses && d.fillMode == .both)
    }

    @Test func twoRunsGiveTheSameParticles() {
        let a = run { $0.beginTime = 0.3; $0.duration = 0.4; $0[.velocity] = .number(50); $0[.emissionRange] = .number(6) }
        let b = run { $0.beginTime = 0.3; $0.duration = 0.4; $0[.velocity] = .number(50); $0[.emissionRange] = .number(6) }
        #expect(a.map(\.x) == b.map(\.x))
        #expect(a.map(\.age) == b.map(\.age))
    }
}
