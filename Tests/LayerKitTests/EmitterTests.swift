import Foundation
import Testing
import LayerKit
import TestSupport

/// CAEmitterLayer and CAEmitterCell: births, lifetimes, pre-runs, bursts, nested cells, the
/// layer's clock, key-path animation of cells, determinism and limits.
struct EmitterTests {
    /// Seed 004's snow: two cells along the top edge, pre-run ten seconds.
    @Test func aTimeOffsetPreRunFillsTheScreenAtOnce() {
        let driver = FrameDriver(size: Size(width: 400, height: 300), start: 100)
        let flake = cell("flake", birthRate: 30, lifetime: 20) {
            $0[.velocity] = .number(30); $0[.velocityRange] = .number(20); $0[.emissionRange] = .number(.pi)
            $0[.yAcceleration] = .number(30); $0[.xAcceleration] = .number(5)
        }
        let blurry = flake.copy()
        blurry.name = "blurry"
        blurry.set(.velocity, 40)
        let layer = driver.emitter([flake, blurry]) {
            $0[.emitterShape] = EmitterShape.line.animationValue
            $0.set(.emitterPosition, Point(x: 200, y: 0))
            $0.set(.emitterSize, Size(width: 400, height: 1))
            $0.set(.beginTime, 100)
            $0.set(.timeOffset, 10)
        }
        driver.frame(at: 100)
        #expect(layer.particleCount == 600)
        let particles = layer.particles()
        #expect(particles.filter { $0.cell == "flake" }.count == 300)
        #expect(particles.map(\.age).max() ?? 0 > 9.9)
        #expect(particles.filter { $0.y > 150 }.count > 100, "the snow has fallen down the screen")
        // Without the offset the same emitter starts empty.
        let fresh = driver.emitter([flake])
        driver.frame(at: 100 + 1.0 / 60)
        #expect(fresh.particleCount == 0)
        driver.run(until: 101.0 + 1.0 / 60)
        #expect(fresh.particleCount == 30)
    }

    @Test func birthRateZeroStopsBirthsWhileLifetimesRunOn() {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", birthRate: 10, lifetime: 3)])
        driver.run(until: 2)
        #expect(layer.particleCount == 20)
        layer.emitterCells[0].set(.birthRate, 0)
        driver.run(until: 2.5)
        #expect(layer.particleCount == 20)
        driver.run(until: 5.5)
        #expect(layer.particleCount == 0)
        // The layer's multiplier does the same.
        layer.emitterCells[0].set(.birthRate, 10)
        driver.scene.perform(actionsDisabled: true) { layer[.birthRate] = .number(0) }
        driver.run(until: 7)
        #expect(layer.particleCount == 0)
    }

    @Test func lifetimeEndsParticles() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", lifetime: 1)])
        driver.frame(at: 0)
        try layer.emit(10)
        #expect(layer.particleCount == 10)
        driver.run(until: 0.5)
        #expect(layer.particleCount == 10)
        driver.run(until: 1.1)
        #expect(layer.particleCount == 0)
        #expect(driver.scene.particleCount == 0)
    }

    @Test func lifetimeRangeAndTheLayerLifetimeMultiplierApply() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", lifetime: 2) { $0[.lifetimeRange] = .number(1) }]) {
            $0.set(.lifetime, 0.5)
        }
        driver.frame(at: 0)
        try layer.emit(200)
        driver.run(until: 0.45)
        #expect(layer.particleCount == 200, "lifetimes are 0.5…1.5 s")
        driver.run(until: 1.0)
        let left = layer.particleCount
        #expect(left > 50 && left < 150)
        driver.run(until: 1.55)
        #expect(layer.particleCount == 0)
    }

    /// Where each shape and mode puts newborn particles (still, so they stay where born).
    @Test(arguments: EmitterShape.allCases.flatMap { shape in EmitterMode.allCases.map { (shape, $0) } })
    func shapesAndModesPlaceParticlesWhereTheyBelong(shape: EmitterShape, mode: EmitterMode) throws {
        let driver = FrameDriver()
        let (cx, cy, cz, w, h, d) = (200.0, 150.0, 10.0, 100.0, 60.0, 40.0)
        let layer = driver.emitter([cell("c")]) {
            $0[.emitterShape] = shape.animationValue
            $0[.emitterMode] = mode.animationValue
            $0.set(.emitterPosition, Point(x: cx, y: cy))
            $0.set(.emitterZPosition, cz)
            $0.set(.emitterSize, Size(width: w, height: h))
            $0.set(.emitterDepth, d)
        }
        driver.frame(at: 0)
        try layer.emit(300)
        driver.frame(at: 1.0 / 60)
        let points = layer.particles().map { ($0.x - cx, $0.y - cy, $0.z - cz) }
        #expect(points.count == 300)
        let e = 1e-3
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < e * max(1, abs(b)) }
        func within(_ a: Double, _ half: Double) -> Bool { abs(a) <= half + e }
        for (x, y, z) in points {
            let ok: Bool
            switch (shape, mode) {
            case (.point, _), (.circle, .points), (.sphere, .points):
                ok = near(x, 0) && near(y, 0) && near(z, 0)
            case (.line, .points):
                ok = near(abs(x), w / 2) && near(y, 0) && near(z, 0)
            case (.line, _):
                ok = within(x, w / 2) && near(y, 0) && near(z, 0)
            case (.rectangle, .points):
                ok = near(abs(x), w / 2) && near(abs(y), h / 2) && near(z, 0)
            case (.rectangle, .outline):
                ok = ((near(abs(x), w / 2) && within(y, h / 2)) || (near(abs(y), h / 2) && within(x, w / 2))) && near(z, 0)
            case (.rectangle, _):
                ok = within(x, w / 2) && within(y, h / 2) && near(z, 0)
            case (.circle, .outline):
                ok = near((x * x + y * y).squareRoot(), w) && near(z, 0)
            case (.circle, _):
                ok = (x * x + y * y).squareRoot() <= w + e && near(z, 0)
            case (.cuboid, .points):
                ok = near(abs(x), w / 2) && near(abs(y), h / 2) && near(abs(z), d / 2)
            case (.cuboid, .outline):
                let extremes = [near(abs(x), w / 2), near(abs(y), h / 2), near(abs(z), d / 2)].filter { $0 }.count
                ok = extremes >= 2 && within(x, w / 2) && within(y, h / 2) && within(z, d / 2)
            case (.cuboid, .surface):
                let extremes = [near(abs(x), w / 2), near(abs(y), h / 2), near(abs(z), d / 2)].filter { $0 }.count
                ok = extremes >= 1 && within(x, w / 2) && within(y, h / 2) && within(z, d / 2)
            case (.cuboid, .volume):
                ok = within(x, w / 2) && within(y, h / 2) && within(z, d / 2)
            case (.sphere, .volume):
                ok = (x * x + y * y + z * z).squareRoot() <= w + e
            case (.sphere, _):
                ok = near((x * x + y * y + z * z).squareRoot(), w)
            }
            #expect(ok, "\(shape) \(mode): (\(x), \(y), \(z))")
            if !ok { break }
        }
        // Spread out, not piled on one spot (where the shape has room).
        if shape != .point && !(mode == .points && (shape == .circle || shape == .sphere)) {
            let xs = points.map(\.0)
            #expect((xs.max() ?? 0) - (xs.min() ?? 0) > w * 0.8, "\(shape) \(mode)")
        }
        // Volumes fill the inside: some particles well inside the outline.
        if mode == .surface || mode == .volume, shape == .circle {
            #expect(points.contains { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() < w / 2 })
        }
    }

    @Test func emissionAnglesSendParticlesWhereTheyPoint() throws {
        let driver = FrameDriver()
        let down = cell("down") { $0[.velocity] = .number(100); $0[.emissionLongitude] = .number(.pi / 2) }
        let cone = cell("cone") {
            $0[.velocity] = .number(100); $0[.emissionLongitude] = .number(.pi / 2); $0[.emissionRange] = .number(.pi / 2)
        }
        let right = cell("right") { $0[.velocity] = .number(100) }
        let up = cell("up") { $0[.velocity] = .number(100); $0[.emissionLatitude] = .number(.pi / 2) }
        let layer = driver.emitter([down, cone, right, up]) { $0[.emitterPosition] = .point(Point(x: 200, y: 100)) }
        try layer.emit(200)
        driver.frame(at: 0)
        driver.frame(at: 0.5)
        for p in layer.particles(of: "down") {
            #expect(abs(p.x - 200) < 0.01 && abs(p.y - 150) < 0.1)
        }
        for p in layer.particles(of: "right") {
            #expect(abs(p.x - 250) < 0.1 && abs(p.y - 100) < 0.01, "longitude 0 is +x")
        }
        for p in layer.particles(of: "up") {
            #expect(abs(p.x - 200) < 0.01 && abs(p.y - 100) < 0.01 && abs(p.z - 50) < 0.1, "latitude π/2 is +z")
        }
        let angles = layer.particles(of: "cone").map { atan2(abs($0.x - 200), $0.y - 100) }
        #expect(angles.allSatisfy { $0 <= .pi / 4 + 1e-3 }, "within 45° either side of +y")
        #expect(angles.contains { $0 > .pi / 8 }, "spread across the cone")
    }

    @Test func theLayerMultipliersApplyAtBirthOnly() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c") { $0[.velocity] = .number(100) }]) {
            $0.set(.velocity, 2)
            $0.set(.emitterPosition, Point(x: 0, y: 0))
        }
        try layer.emit(1)
        driver.frame(at: 0)
        driver.frame(at: 0.5)
        driver.scene.perform(actionsDisabled: true) { layer[.velocity] = .number(1) }
        try layer.emit(1)
        driver.frame(at: 0.5)
        driver.frame(at: 1)
        let xs = layer.particles().map(\.x).sorted()
        #expect(xs.count == 2 && abs(xs[0] - 50) < 0.1 && abs(xs[1] - 200) < 0.1)
    }

    @Test func anAnimatedCellBirthRateTakesEffect() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("snow", birthRate: 0, lifetime: 100)])
        driver.frame(at: 0)
        try layer.addAnimation(basic("emitterCells.snow.birthRate", from: .number(60), to: .number(60), duration: 1), forKey: "rate")
        driver.run(until: 0.5)
        #expect(layer.emitterCells[0].number(.birthRate, .presentation) == 60)
        #expect(layer.emitterCells[0].number(.birthRate) == 0, "the model keeps its value")
        driver.run(until: 1)
        let made = layer.particleCount
        #expect(made >= 58 && made <= 61)
        driver.run(until: 2)
        #expect(layer.particleCount == made, "births stop when the animation is removed")
        #expect(layer.emitterCells[0].number(.birthRate, .presentation) == 0)
    }

    @Test func nestedCellKeyPathsAndComponentsResolve() throws {
        let driver = FrameDriver()
        let spark = cell("spark")
        let rocket = cell("rocket") { try? $0.setEmitterCells([spark]) }
        let layer = driver.emitter([rocket])
        let a = basic("emitterCells.rocket.emitterCells.spark.contentsRect.size.width", from: .number(0.5), to: .number(0.5))
        try layer.addAnimation(a)
        try layer.addAnimation(basic("emitterCells.rocket.color", from: .color(.black), to: .color(.black)))
        driver.frame(at: 0.5)
        #expect(layer.emitterCells[0].emitterCells[0].value(.contentsRect, .presentation) == .rect(Rect(x: 0, y: 0, width: 0.5, height: 1)))
        #expect(layer.emitterCells[0].value(.color, .presentation) == .color(.black))
    }

    @Test(arguments: [
        ("emitterCells.snoe.birthRate", "unknown key path 'emitterCells.snoe.birthRate': no emitter cell named 'snoe' (did you mean 'snow'?)"),
        ("emitterCells.snow.birthrate", "unknown key path 'emitterCells.snow.birthrate' on EmitterLayer (did you mean 'birthRate'?)"),
        ("emitterCells.snow.enabled", "'emitterCells.snow.enabled' is not animatable"),
        ("emitterCells.snow", "unknown key path 'emitterCells.snow' on EmitterLayer"),
        ("emitterCells.snow.color.r", "unknown key path 'emitterCells.snow.color.r' (valid: )"),
    ])
    func badCellKeyPathsAreErrorsWhenAdded(path: String, message: String) {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("snow")])
        do {
            try layer.addAnimation(basic(path, from: .number(1), to: .number(2)))
            Issue.record("'\(path)' was added")
        } catch {
            #expect(error.description == message)
        }
        #expect(layer.animationCount == 0)
    }

    @Test func aKeyPathFindsItsCellAgainAfterTheCellsAreReplaced() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("snow", lifetime: 100)])
        try layer.addAnimation(basic("emitterCells.snow.birthRate", from: .number(30), to: .number(30), duration: 10))
        driver.run(until: 1)
        layer.emitterCells = [cell("snow", lifetime: 100)]
        driver.run(until: 2)
        #expect(layer.emitterCells[0].number(.birthRate, .presentation) == 30)
        #expect(layer.particleCount >= 29 && layer.particleCount <= 31, "the old cell's particles went with it")
    }

    @Test func burstsAppearAtOnce() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("flake"), cell("spark")]) { $0[.emitterPosition] = .point(Point(x: 40, y: 30)) }
        driver.frame(at: 0)
        try layer.emit(25)
        #expect(layer.particleCount == 50, "25 of each cell")
        try layer.emit(5, cellNamed: "spark")
        #expect(layer.particleCount == 55)
        driver.frame(at: 1.0 / 60)
        #expect(layer.particles(of: "spark").count == 30)
        #expect(layer.particles().allSatisfy { $0.x == 40 && $0.y == 30 && $0.age == 0 })
        #expect(throws: EmitterError.unknownCell(name: "sprak", suggestion: "spark")) { try layer.emit(1, cellNamed: "sprak") }
        try layer.emit(-5)
        #expect(layer.particleCount == 55)
    }

    @Test func disabledCellsStopBirthsAndBursts() throws {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", birthRate: 10)])
        driver.run(until: 1)
        #expect(layer.particleCount == 10)
        layer.emitterCells[0].isEnabled = false
        driver.run(until: 2)
        #expect(layer.particleCount == 10)
    }

    @Test func nestedCellsEmitFromTheirParticles() {
        let driver = FrameDriver()
        let trail = cell("trail", birthRate: 20, lifetime: 0.5)
        let rocket = cell("rocket", birthRate: 2, lifetime: 10) {
            $0[.velocity] = .number(100); $0[.emissionLongitude] = .number(-.pi / 2)
            try? $0.setEmitterCells([trail])
        }
        let layer = driver.emitter([rocket]) { $0[.emitterPosition] = .point(Point(x: 200, y: 290)) }
        driver.run(until: 2)
        #expect(layer.particles(of: "rocket").count == 4)
        let sparks = layer.particles(of: "trail")
        #expect(sparks.count >= 30 && sparks.count <= 40, "four rockets, 20 a second each, living 0.5 s: \(sparks.count)")
        #expect(sparks.allSatisfy { abs($0.x - 200) < 0.01 && $0.y < 290 }, "on the rockets' paths")
        #expect(Set(sparks.map(\.y)).count >= 10, "spread along the paths, not piled up")
    }

    @Test func aMovingEmitterLeavesAnEvenTrail() {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", birthRate: 600, lifetime: 10)]) { $0[.emitterPosition] = .point(Point(x: 0, y: 100)) }
        driver.frame(at: 0)
        driver.scene.perform(actionsDisabled: true) { layer[.emitterPosition] = .point(Point(x: 300, y: 100)) }
        driver.frame(at: 1.0 / 60)
        let xs = layer.particles().map(\.x).sorted()
        #expect(xs.count == 10)
        for (i, x) in xs.enumerated() { #expect(abs(x - 30 * Double(i + 1)) < 0.5) }
    }

    @Test func aPausedLayerPausesItsParticles() {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", birthRate: 10) { $0[.velocity] = .number(50) }])
        driver.run(until: 1)
        let before = layer.particles().map(\.x)
        layer.set(.timeOffset, layer.convertTime(driver.scene.time, from: nil))
        layer.set(.speed, 0)
        driver.run(until: 3)
        #expect(layer.particles().map(\.x) == before)
        // Resuming picks up where it stopped.
        let paused = layer.number(.timeOffset)
        layer.set(.speed, 1)
        layer.set(.timeOffset, 0)
        layer.set(.beginTime, layer.convertTime(driver.scene.time, from: nil) - paused)
        driver.run(until: 4)
        #expect(layer.particleCount == 20)
    }

    @Test func aSpeedOfTwoRunsTwiceAsFast() {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", birthRate: 10, lifetime: 100)]) { $0[.speed] = .number(2) }
        driver.run(until: 1)
        #expect(layer.particleCount == 20)
    }

    @Test func aLaterBeginTimeDelaysTheEmitter() {
        let driver = FrameDriver()
        let layer = driver.emitter([cell("c", birthRate: 10, lifetime: 100)]) { $0[.beginTime] = .number(2) }
        driver.run(until: 1.9)
        #expect(layer.particleCount == 0)
        driver.run(until: 3)
        #expect(layer.particleCount == 10)
    }

    @Test func theSameSeedGivesTheSameParticles() throws {
        func run(seed: Double) -> [Double] {
            let driver = FrameDriver()
            let c = cell("c", birthRate: 50, lifetime: 3) {
                $0[.velocity] = .number(40); $0[.velocityRange] = .number(30); $0[.emissionRange] = .number(2 * .pi)
            }
            let layer = driver.emitter([c]) {
                $0.set(.seed, seed)
                $0[.emitterShape] = EmitterShape.rectangle.animationValue
                $0.set(.emitterSize, Size(width: 100, height: 100))
            }
            driver.run(until: 2)
            return layer.particles().flatMap { [$0.x, $0.y] }
        }
        #expect(run(seed: 7) == run(seed: 7))
        #expect(run(seed: 7) != run(seed: 8))
    }

    @Test func hugeValuesAreClampedToTheParticleLimit() {
        let driver = FrameDriver()
        driver.scene.particleLimit = 5000
        let wild = cell("c", birthRate: 1e300, lifetime: 1e300) {
            $0[.velocity] = .number(.nan); $0[.scale] = .number(.infinity); $0[.emissionRange] = .number(-1e300)
        }
        let layer = driver.emitter([wild, wild]) { $0[.timeOffset] = .number(1e12) }
        let clock = ContinuousClock()
        let elapsed = clock.measure { driver.run(until: 0.1) }
        #expect(layer.particleCount == 5000)
        #expect(driver.scene.particleCount == 5000)
        #expect(elapsed < .seconds(5))
        #expect(throws: Never.self) { try layer.emit(Int.max) }
        #expect(layer.particleCount == 5000)
    }

    @Test func theSceneCountsEveryEmittersParticles() throws {
        let driver = FrameDriver()
        var a: EmitterLayer? = driver.emitter([cell("c", birthRate: 10, lifetime: 100)])
        let b = driver.emitter([cell("c", birthRate: 20, lifetime: 100)])
        driver.run(until: 1)
        #expect(driver.scene.particleCount == 30)
        b.emitterCells = []
        driver.run(until: 1.1)
        #expect(driver.scene.particleCount == 11)
        a?.removeFromSuperlayer()
        a = nil
        #expect(driver.scene.particleCount == 0)
    }

    @Test func cellsAreCopiedWhenSetAndNestingIsLimited() throws {
        let original = cell("c", birthRate: 5)
        let driver = FrameDriver()
        let layer = driver.emitter([original])
        original.set(.birthRate, 100)
        #expect(layer.emitterCells[0].number(.birthRate) == 5)
        #expect(layer.emitterCells[0] !== original)
        var deep = cell("d")
        for _ in 1..<EmitterCell.maxNesting {
            let up = cell("d")
            try up.setEmitterCells([deep])
            deep = up
        }
        try layer.setEmitterCells([deep])
        #expect(throws: EmitterError.nestedTooDeep(limit: EmitterCell.maxNesting)) { try cell("d").setEmitterCells([deep]) }
    }
}
