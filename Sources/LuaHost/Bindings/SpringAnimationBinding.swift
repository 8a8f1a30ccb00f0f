import LayerKit
import LuaBridge

/// `ca.SpringAnimation{ keyPath, fromValue, toValue, mass, stiffness, damping, initialVelocity }`
/// or `ca.SpringAnimation{ keyPath, perceptualDuration, bounce, … }` (CASpringAnimation, and
/// iOS 17's `init(perceptualDuration:bounce:)`); `perceptualDuration`, `bounce` and
/// `settlingDuration` are read-only.
enum SpringAnimationBinding: CaBinding {
    /// The properties, in id order.
    static let properties = [
        LuaClass.Property("mass", kind: .number, "the mass on the spring, > 0; default 1"),
        LuaClass.Property("stiffness", kind: .number, "the spring's stiffness, > 0; default 100"),
        LuaClass.Property("damping", kind: .number, "the damping, >= 0; default 10"),
        LuaClass.Property("initialVelocity", kind: .number,
                          "the starting velocity, in whole distances per second; positive moves toward the target"),
        LuaClass.Property("allowsOverdamping", kind: .bool,
                          "damping past critical slows the spring; default false: it moves as a critically damped one"),
        LuaClass.Property("perceptualDuration", kind: .number,
                          "how long the spring feels, 2π √(mass / stiffness); given to the constructor (> 0) with `bounce` "
                            + "instead of mass, stiffness and damping, it makes a spring of mass 1 (read-only afterwards)"),
        LuaClass.Property("bounce", kind: .number,
                          "how bouncy the spring is: 1 undamped, 0 critically damped, -1 infinitely damped; given to the "
                            + "constructor (-1…1) with `perceptualDuration` (read-only afterwards)"),
        LuaClass.Property("settlingDuration", kind: .number,
                          "read-only; the time it takes to come to rest (divided by the speed), also its default duration"),
    ]
    static let names = properties.map(\.name)
    /// The pair that describes a spring the iOS 17 way, read-only but for the constructor.
    static let perceptualNames = ["perceptualDuration", "bounce"]
    /// What the perceptual pair sets, which may not be given with it.
    static let physicalNames = ["mass", "stiffness", "damping"]
    /// What the constructor takes, in the order it applies them: Basic's values, then the
    /// spring's own (an explicit allowsOverdamping after the perceptual pair, which allows it).
    static let ownNames = BasicAnimationBinding.names + physicalNames + ["initialVelocity"] + perceptualNames
        + ["allowsOverdamping"]
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
                                                  "a new spring animation of `keyPath`, with the table's properties set: "
                                                      + "mass, stiffness and damping, or perceptualDuration and bounce")],
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
        case "allowsOverdamping": a.allowsOverdamping = try AnimationBinding.boolean(lua, name)
        default: throw lua.error("cannot set read-only property '\(name)' on SpringAnimation")
        }
    }

    /// Sets the spring from the constructor table's `perceptualDuration` and `bounce` (either
    /// may be left out: the default spring's 2π/10 s and 0.5), refusing them beside mass,
    /// stiffness or damping. The table is at index 2.
    static func setPerceptual(_ lua: LuaState, _ a: SpringAnimation) throws(LuaRaise) {
        let given = perceptualNames.filter { field in
            defer { lua.top = 2 }
            return lua.rawGet(2, field: field) != .nil
        }
        for other in physicalNames {
            defer { lua.top = 2 }
            if lua.rawGet(2, field: other) != .nil, let name = given.first {
                throw lua.error("cannot give both '\(name)' and '\(other)' to SpringAnimation "
                                + "(perceptualDuration and bounce set the mass, stiffness and damping)")
            }
        }
        var duration = 2 * Double.pi / 10, bounce = 0.5
        lua.top = 2
        if lua.rawGet(2, field: "perceptualDuration") != .nil {
            duration = try AnimationBinding.number(lua, "perceptualDuration", finite: true)
            guard duration > 0 else { throw lua.error("bad value for 'perceptualDuration' (number > 0 expected, got \(duration))") }
        }
        lua.top = 2
        if lua.rawGet(2, field: "bounce") != .nil {
            bounce = try AnimationBinding.number(lua, "bounce", finite: true)
            guard bounce >= -1 && bounce <= 1 else {
                throw lua.error("bad value for 'bounce' (number from -1 to 1 expected, got \(bounce))")
            }
        }
        lua.top = 2
        a.setPerceptualDuration(duration, bounce: bounce)
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let a = SpringAnimation(keyPath: "")
        var perceptualDone = false
        return try AnimationConstructor.construct(lua, typeName: "SpringAnimation", animation: a, ownNames: ownNames,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            if BasicAnimationBinding.names.contains(name) {
                try BasicAnimationBinding.set(lua, a, name)
            } else if perceptualNames.contains(name) {
                if !perceptualDone { try setPerceptual(lua, a) }
                perceptualDone = true
            } else {
                try set(lua, a, name)
            }
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
        case "allowsOverdamping": lua.push(a.allowsOverdamping)
        case "perceptualDuration": lua.push(a.perceptualDuration)
        case "bounce": lua.push(a.bounce)
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
