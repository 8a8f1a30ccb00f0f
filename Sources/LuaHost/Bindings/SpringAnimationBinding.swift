import LayerKit
import LuaBridge

/// `ca.SpringAnimation{ keyPath, fromValue, toValue, mass, stiffness, damping, initialVelocity }`
/// or `ca.SpringAnimation{ keyPath, perceptualDuration, bounce, … }` (CASpringAnimation, and
/// iOS 17's `init(perceptualDuration:bounce:)`); `perceptualDuration`, `bounce` and
/// `settlingDuration` are read-only.
enum SpringAnimationBinding: CaBinding {
    /// The properties.
    static let properties = [
        LuaClass.Property("mass", kind: .number, "the mass on the spring, > 0; default 1",
                          get: { (lua, a: SpringAnimation) in lua.push(a.mass) },
                          set: { (lua, a: SpringAnimation) in a.mass = try positive(lua, "mass") }),
        LuaClass.Property("stiffness", kind: .number, "the spring's stiffness, > 0; default 100",
                          get: { (lua, a: SpringAnimation) in lua.push(a.stiffness) },
                          set: { (lua, a: SpringAnimation) in a.stiffness = try positive(lua, "stiffness") }),
        LuaClass.Property("damping", kind: .number, "the damping, >= 0; default 10",
                          get: { (lua, a: SpringAnimation) in lua.push(a.damping) },
                          set: { (lua, a: SpringAnimation) in
                              a.damping = try AnimationBinding.number(lua, "damping", finite: true, nonNegative: true)
                          }),
        LuaClass.Property("initialVelocity", kind: .number,
                          "the starting velocity, in whole distances per second; positive moves toward the target",
                          get: { (lua, a: SpringAnimation) in lua.push(a.initialVelocity) },
                          set: { (lua, a: SpringAnimation) in
                              a.initialVelocity = try AnimationBinding.number(lua, "initialVelocity", finite: true)
                          }),
        LuaClass.Property("allowsOverdamping", kind: .bool,
                          "damping past critical slows the spring; default false: it moves as a critically damped one",
                          get: { (lua, a: SpringAnimation) in lua.push(a.allowsOverdamping) },
                          set: { (lua, a: SpringAnimation) in
                              a.allowsOverdamping = try AnimationBinding.boolean(lua, "allowsOverdamping")
                          }),
        LuaClass.Property("perceptualDuration", kind: .number,
                          "how long the spring feels, 2π √(mass / stiffness); given to the constructor (> 0) with `bounce` "
                            + "instead of mass, stiffness and damping, it makes a spring of mass 1 (read-only afterwards)",
                          get: { (lua, a: SpringAnimation) in lua.push(a.perceptualDuration) }, givenToConstructor: true),
        LuaClass.Property("bounce", kind: .number,
                          "how bouncy the spring is: 1 undamped, 0 critically damped, -1 infinitely damped; given to the "
                            + "constructor (-1…1) with `perceptualDuration` (read-only afterwards)",
                          get: { (lua, a: SpringAnimation) in lua.push(a.bounce) }, givenToConstructor: true),
        LuaClass.Property("settlingDuration", kind: .number,
                          "read-only; the time it takes to come to rest (divided by the speed), also its default duration",
                          get: { (lua, a: SpringAnimation) in lua.push(a.settlingDuration) }),
    ]
    static let propertyNamed = LuaClass.byName(properties)
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
                  properties: properties)]
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

    /// The number > 0 at index 3, for `name`.
    private static func positive(_ lua: LuaState, _ name: String) throws(LuaRaise) -> Double {
        let v = try AnimationBinding.number(lua, name, finite: true)
        guard v > 0 else { throw lua.error("bad value for '\(name)' (number > 0 expected, got \(v))") }
        return v
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
            if let p = BasicAnimationBinding.propertyNamed[name] {
                try p.set(lua, on: a)
            } else if perceptualNames.contains(name) {
                if !perceptualDone { try setPerceptual(lua, a) }
                perceptualDone = true
            } else {
                try propertyNamed[name]?.set(lua, on: a)
            }
        }
    }
}

private func newSpring(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try SpringAnimationBinding.construct(lua) }
}
