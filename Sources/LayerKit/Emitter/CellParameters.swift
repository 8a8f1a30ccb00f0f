import Foundation

/// One cell's values for one step, read once from its presentation state (so animations of
/// `emitterCells.NAME.PROPERTY` take effect) and multiplied by the layer's multipliers where
/// Core Animation applies them: what a newborn particle is drawn from.
struct CellParameters {
    var isEnabled = false
    /// Particles a second (cell × layer birthRate), 0…`ParticleSystem.maxBirthRate`.
    var birthRate = 0.0
    var lifetime = 0.0, lifetimeRange = 0.0
    var velocity = 0.0, velocityRange = 0.0
    var scale = 1.0, scaleRange = 0.0
    var spin = 0.0, spinRange = 0.0
    var acceleration: (x: Float, y: Float, z: Float) = (0, 0, 0)
    var color = Color.white
    var colorRange = Color(r: 0, g: 0, b: 0, a: 0)
    /// The emission direction and two directions across it, for spreading over the cone.
    var direction: (x: Double, y: Double, z: Double) = (1, 0, 0)
    var across1: (x: Double, y: Double, z: Double) = (0, 1, 0)
    var across2: (x: Double, y: Double, z: Double) = (0, 0, 1)
    /// cos of half the cone's angle (`emissionRange` is the whole angle: 2π is every direction).
    var coneCos = 1.0
    /// The stretch of its parent's time the cell emits in (`EmitterCell.emissionWindow`).
    var window: (start: Double, end: Double) = (-.infinity, .infinity)

    init() {}

    /// `cell`'s presentation values under the layer's `multipliers`.
    init(_ cell: EmitterCell, _ m: EmitterMultipliers) {
        let p = cell.base(.presentation)
        func v(_ id: CellPropertyID) -> Double {
            let x = p[id.offset]
            return x.isFinite ? x : 0
        }
        isEnabled = v(.enabled) != 0
        let rate = v(.birthRate) * m.birthRate
        birthRate = rate > 0 ? min(rate, ParticleSystem.maxBirthRate) : 0
        lifetime = v(.lifetime) * m.lifetime
        lifetimeRange = v(.lifetimeRange) * m.lifetime
        velocity = v(.velocity) * m.velocity
        velocityRange = v(.velocityRange) * m.velocity
        scale = v(.scale) * m.scale
        scaleRange = v(.scaleRange) * m.scale
        spin = v(.spin) * m.spin
        spinRange = v(.spinRange) * m.spin
        acceleration = (Float(v(.xAcceleration)), Float(v(.yAcceleration)), Float(v(.zAcceleration)))
        let c = p + CellPropertyID.color.offset
        color = Color(r: c[0], g: c[1], b: c[2], a: c[3])
        colorRange = Color(r: v(.redRange), g: v(.greenRange), b: v(.blueRange), a: v(.alphaRange))
        let lat = v(.emissionLatitude), lon = v(.emissionLongitude)
        let cl = cos(lat), sl = sin(lat), co = cos(lon), si = sin(lon)
        direction = (cl * co, cl * si, sl)
        across1 = (-si, co, 0)
        across2 = (-sl * co, -sl * si, cl)
        let half = min(abs(v(.emissionRange)) / 2, Double.pi)
        coneCos = cos(half)
        window = cell.emissionWindow
    }

    /// A uniform number in −1…1.
    @inline(__always) static func spread(_ random: inout SeededRandom) -> Double {
        2 * random.nextUnit() - 1
    }

    /// A velocity: `velocity ± velocityRange` along a direction spread evenly over the cone.
    @inline(__always) func sampleVelocity(_ random: inout SeededRandom) -> (x: Double, y: Double, z: Double) {
        let speed = velocity + velocityRange * CellParameters.spread(&random)
        let cosT = 1 - random.nextUnit() * (1 - coneCos)
        let sinT = max(0, 1 - cosT * cosT).squareRoot()
        let phi = random.nextUnit() * 2 * Double.pi
        let a = sinT * cos(phi), b = sinT * sin(phi)
        let d = direction, e1 = across1, e2 = across2
        return (speed * (cosT * d.x + a * e1.x + b * e2.x),
                speed * (cosT * d.y + a * e1.y + b * e2.y),
                speed * (cosT * d.z + a * e1.z + b * e2.z))
    }
}

/// The emitter layer's multipliers (CAEmitterLayer's `birthRate`, `lifetime`, `velocity`,
/// `scale`, `spin`), read from its presentation state. They apply to particles as they are born;
/// particles already alive keep what they were born with, as in Core Animation.
struct EmitterMultipliers {
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
}
