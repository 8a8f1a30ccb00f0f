import LayerKit
import TestSupport

/// A cell with everything set in one call.
func cell(_ name: String? = nil, birthRate: Double = 0, lifetime: Double = 10,
          configure: (EmitterCell) -> Void = { _ in }) -> EmitterCell {
    let c = EmitterCell()
    c.name = name
    c.set(.birthRate, birthRate)
    c.set(.lifetime, lifetime)
    configure(c)
    return c
}

extension FrameDriver {
    /// An emitter layer at the root's origin with copies of `cells`, set up by `configure`
    /// before it joins the tree (so that nothing animates implicitly), committed with a frame at
    /// the current time (so that it starts now).
    func emitter(_ cells: [EmitterCell], configure: (EmitterLayer) -> Void = { _ in }) -> EmitterLayer {
        let layer = EmitterLayer(scene: scene)
        layer.set(.bounds, Rect(x: 0, y: 0, width: 400, height: 300))
        layer.set(.anchorPoint, Point.zero)
        layer.emitterCells = cells
        configure(layer)
        try? root.addSublayer(layer)
        frame(at: time)
        return layer
    }
}

/// One live particle, as a test reads it.
struct Particle {
    var cell: String?
    var x: Double, y: Double, z: Double
    var age: Double
}

extension EmitterLayer {
    /// Every live particle (of the cell named `name`, if given).
    func particles(of name: String? = nil) -> [Particle] {
        var out: [Particle] = []
        forEachParticleGroup { cell, view in
            guard name == nil || cell.name == name else { return }
            for i in 0..<view.count {
                out.append(Particle(cell: cell.name, x: Double(view.x[i]), y: Double(view.y[i]), z: Double(view.z[i]),
                                    age: Double(view.age[i])))
            }
        }
        return out
    }
}
