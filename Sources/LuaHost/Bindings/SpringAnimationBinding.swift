import LayerKit
import LuaBridge

/// `ca.SpringAnimation{ keyPath, fromValue, toValue, mass, stiffness, damping, initialVelocity }`
/// (CASpringAnimation); `settlingDuration` is read-only.
enum SpringAnimationBinding: CaBinding {
    /// The properties, in id order.
    static let properties = [
        LuaClass.Property("mass", kind: .number, "the mass on the spring, > 0; default 1"),
        LuaClass.Property("stiffness", kind: .number, "the spring's stiffness, > 0; default 100"),
        LuaClass.Property("damping", kind: .number, "the damping, >= 0; default 10"),
        LuaClass.Property("initialVelocity", kind: .number,
                          "the starting velocity, in whole distances per second; positive moves toward the target"),
        LuaClass.Property("settlingDuration", kind: .number,
                          "read-only; the time it takes to come to rest, also its default duration"),
    ]
    static let names = properties.map(\.name)
    /// What the constructor takes: Basic's values and the spring's own (not the read-only settlingDuration).
    static let ownNames = BasicAnimationBinding.names + names.dropLast()
    static let constructorKeys = AnimationConstructor.keys(ownNames: ownNames, isPropertyAnimation: true)

    static var classes: [LuaClass] {
        [LuaClass(SpringAnimation.self, name: "SpringAnimation", parent: BasicAnimation.self,
                  summary: "CASpringAnimation: `ca.SpringAnimation{…}`, a weight on a spring pulled to toValue",
                  example: """
                      local ball = ca.Layer{ frame = { 100, 280, 40, 40 }, cornerRadius = 20, backgroundColor = "orange" }
                      ca.root:addSublayer(ball)
                      -- Lasts settlingDuration by default: until the ball comes to rest.
                      ball:addAnimation(ca.SpringAnimation{ keyPath = "position.y", fromValue = 60, toValue = 300,
                                                            mass = 1, stiffness = 120, damping = 8 }, "drop")
                      """,
                  properties: properties, get: getSpring, set: setSpring)]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.SpringAnimation{…}", returns: "SpringAnimation",
                                                  "a new spring animation of `keyPath`, with the table's properties set")],
                       fields: [("SpringAnimation", "fun(props?: SpringAnimationProps): SpringAnimation")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newSpring, named: "SpringAnimation", inTableAt: ca)
    }

    static func set(_ lua: LuaState, _ a: SpringAnimation, _ name: String) throws(LuaRaise) {
        switch name {
        case "mass":
            let v = try AnimationBinding.number(lua, name, finite: true)
            guard v > 0 else { throw lua.error("bad value for 'mass' (number > 0 expected, got \(v))") }
            a.mass = v
        case "stiffness":
            let v = try AnimationBinding.number(lua, name, finite: true)
            guard v > 0 else { throw lua.error("bad value for 'stiffness' (number > 0 expected, got \(v))") }
            a.stiffness = v
        case "damping": a.damping = try AnimationBinding.number(lua, name, finite: true, nonNegative: true)
        case "initialVelocity": a.initialVelocity = try AnimationBinding.number(lua, name, finite: true)
        default: throw lua.error("cannot set read-only property 'settlingDuration' on SpringAnimation")
        }
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let a = SpringAnimation(keyPath: "")
        return try AnimationConstructor.construct(lua, typeName: "SpringAnimation", animation: a, ownNames: ownNames,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            if BasicAnimationBinding.names.contains(name) { try BasicAnimationBinding.set(lua, a, name) } else { try set(lua, a, name) }
        }
    }
}

private func newSpring(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try SpringAnimationBinding.construct(lua) }
}

private func getSpring(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        let a = LuaState.object(object, as: SpringAnimation.self)
        switch SpringAnimationBinding.names[safe: Int(id)] {
        case "mass": lua.push(a.mass)
        case "stiffness": lua.push(a.stiffness)
        case "damping": lua.push(a.damping)
        case "initialVelocity": lua.push(a.initialVelocity)
        default: lua.push(a.settlingDuration)
        }
        return 1
    }
}

private func setSpring(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let name = SpringAnimationBinding.names[safe: Int(id)] else { return 0 }
        try SpringAnimationBinding.set(lua, LuaState.object(object, as: SpringAnimation.self), name)
        return 0
    }
}
