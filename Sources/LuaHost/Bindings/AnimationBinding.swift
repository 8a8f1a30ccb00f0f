import LayerKit
import LuaBridge

/// CAAnimation's Lua face: the timing properties every animation has, and its callbacks.
/// `PropertyAnimation` adds `keyPath`, `additive` and `cumulative`. Callbacks are kept in Lua
/// (a weak-keyed table by the animation's userdata) and given to the copy a layer runs.
enum AnimationBinding: CaBinding {
    /// What every animation has: its CAMediaTiming fields, then its pacing and callbacks.
    static let properties = [
        timing(.beginTime, "when it starts, in the layer's time; 0: when its transaction commits"),
        timing(.duration, "seconds per cycle, >= 0; 0: the transaction's (0.25 s unless set)"),
        timing(.speed, "how fast its time runs, finite; default 1; below 0 it runs backwards from its timeOffset"),
        timing(.timeOffset, "seconds added to its local time, finite"),
        timing(.repeatCount, "cycles to play, >= 0 (`math.huge` for ever; a fraction ends part-way through a cycle)"),
        timing(.repeatDuration, "seconds to repeat for, >= 0 (instead of repeatCount when positive)"),
        timing(.autoreverses, "each cycle plays forwards then backwards"),
        timing(.fillMode, "what it shows outside its active time; default \"removed\""),
        LuaClass.Property("removedOnCompletion", kind: .bool, "the layer drops it when it ends; default true",
                          get: { (lua, a: Animation) in lua.push(a.isRemovedOnCompletion) },
                          set: { (lua, a: Animation) in a.isRemovedOnCompletion = try boolean(lua, "removedOnCompletion") }),
        LuaClass.Property("timingFunction", "MediaTimingFunction, name or function(t)",
                          lua: "nil|MediaTimingFunction|string|fun(t: number): number",
                          "the pacing of each cycle (nil: linear); a function is sampled once, at 1025 points",
                          get: { (lua, a: Animation) in
                              guard let f = a.timingFunction else { return lua.pushNil() }
                              lua.pushUnshared(TimingFunctionBox(f, name: TimingFunctionBinding.name(of: f)))
                          },
                          set: { (lua, a: Animation) in
                              a.timingFunction = try TimingFunctionBinding.timingFunction(lua, at: 3, for: "timingFunction")
                          }),
        callback("onStart", "function(animation)", lua: "fun(animation: Animation)?",
                 "called when it starts (on the copy a layer runs)"),
        callback("onStop", "function(animation, finished)", lua: "fun(animation: Animation, finished: boolean)?",
                 "called when it stops; `finished` is false when it was removed or replaced first"),
    ]

    /// What a property animation adds.
    static let keyPathProperties = [
        LuaClass.Property("keyPath", "string", lua: "string",
                          "the property or component it animates (`\"position\"`, `\"transform.rotation.z\"`)",
                          get: { (lua, a: PropertyAnimation) in lua.push(a.keyPath) },
                          set: { (lua, a: PropertyAnimation) in
                              guard lua.type(at: 3) == .string, let path = lua.toString(at: 3) else {
                                  throw lua.error("bad value for 'keyPath' (string expected, got \(lua.describeValue(at: 3)))")
                              }
                              a.keyPath = path
                          }),
        LuaClass.Property("additive", kind: .bool, "its value adds to the value underneath instead of replacing it",
                          get: { (lua, a: PropertyAnimation) in lua.push(a.isAdditive) },
                          set: { (lua, a: PropertyAnimation) in a.isAdditive = try boolean(lua, "additive") }),
        LuaClass.Property("cumulative", kind: .bool, "each repeat adds the value the last one ended on (5 → 10, then 15 → 20)",
                          get: { (lua, a: PropertyAnimation) in lua.push(a.isCumulative) },
                          set: { (lua, a: PropertyAnimation) in a.isCumulative = try boolean(lua, "cumulative") }),
    ]

    /// What a constructor sets on every animation (`properties`) or property animation, by name.
    static let propertyNamed = LuaClass.byName(properties)
    static let keyPathPropertyNamed = LuaClass.byName(keyPathProperties)

    /// A CAMediaTiming field of every animation.
    private static func timing(_ field: TimingField, _ note: String) -> LuaClass.Property {
        LuaClass.Property(field.rawValue, kind: field.kind, note, access: timingAccess(field, of: Animation.self))
    }

    /// A callback, kept in Lua (`AnimationCallbacks`).
    private static func callback(_ name: String, _ type: String, lua luaType: String, _ note: String) -> LuaClass.Property {
        LuaClass.Property(name, type, lua: luaType, note,
                          get: { (lua, _: Animation) in AnimationCallbacks.push(lua, animationAt: 1, field: name) },
                          set: { (lua, _: Animation) in
                              guard lua.isNoneOrNil(3) || lua.type(at: 3) == .function else {
                                  throw lua.error("bad value for '\(name)' (function expected, got \(lua.describeValue(at: 3)))")
                              }
                              AnimationCallbacks.set(lua, animationAt: 1, field: name, valueAt: 3)
                          })
    }

    /// Animation and PropertyAnimation: what the animation classes share (no constructor of their own).
    static var classes: [LuaClass] {
        [
            LuaClass(Animation.self, name: "Animation",
                     summary: "CAAnimation and CAMediaTiming: what every animation has (its timing and callbacks). "
                         + "A layer runs a copy of the animation given to `addAnimation`; an animation never changes "
                         + "the layer's model values, only what is on screen while it runs",
                     example: """
                         local box = ca.Layer{ frame = { 50, 50, 60, 60 }, backgroundColor = "tomato" }
                         ca.root:addSublayer(box)
                         box:addAnimation(ca.BasicAnimation{
                           keyPath = "opacity", fromValue = 1, toValue = 0.2,
                           duration = 0.5, autoreverses = true, repeatCount = 4,   -- 0.5 s there, 0.5 s back, 4 times
                           beginTime = ca.now() + 1,                               -- starts a second from now
                           fillMode = "backwards",                                 -- shows fromValue while it waits
                           onStop = function(animation, finished) print("blinked", finished) end,
                         }, "blink")
                         """,
                     properties: properties),
            LuaClass(PropertyAnimation.self, name: "PropertyAnimation", parent: Animation.self,
                     summary: "CAPropertyAnimation: an animation of one key path",
                     example: """
                         local box = ca.Layer{ frame = { 150, 100, 60, 60 }, backgroundColor = "tomato" }
                         ca.root:addSublayer(box)
                         -- A shake: offsets added to whatever position.x the layer has.
                         box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", additive = true,
                                                                values = { 0, 12, -12, 12, 0 }, duration = 0.4 }, "shake")
                         """,
                     properties: keyPathProperties),
        ]
    }

    /// The names every animation constructor accepts, after its own.
    static var timingNames: [String] { properties.map(\.name) }

    /// The CAMediaTiming fields animations and emitter cells share, read and set alike.
    enum TimingField: String {
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode

        /// The kind of its values.
        var kind: ValueKind {
            switch self {
            case .autoreverses: .bool
            case .fillMode: .choice(FillMode.allCases.map(\.rawValue))
            default: .number
            }
        }
    }

    /// The getter and setter of a CAMediaTiming field of `Object`, with the message for a wrong value.
    static func timingAccess<Object: MediaTimingSettings & SendableMetatype>(_ field: TimingField,
                                                                             of type: Object.Type) -> LuaProperty {
        let name = field.rawValue
        func number(_ value: ReferenceWritableKeyPath<Object, Double> & Sendable, finite: Bool,
                    nonNegative: Bool = false) -> LuaProperty {
            LuaProperty(name, of: Object.self, get: { lua, t in lua.push(t[keyPath: value]) },
                        set: { lua, t in
                            t[keyPath: value] = try AnimationBinding.number(lua, name, finite: finite, nonNegative: nonNegative)
                        })
        }
        return switch field {
        case .beginTime: number(\.beginTime, finite: true)
        case .duration: number(\.duration, finite: false, nonNegative: true)
        case .speed: number(\.speed, finite: true)
        case .timeOffset: number(\.timeOffset, finite: true)
        case .repeatCount: number(\.repeatCount, finite: false, nonNegative: true)
        case .repeatDuration: number(\.repeatDuration, finite: false, nonNegative: true)
        case .autoreverses:
            LuaProperty(name, of: Object.self, get: { lua, t in lua.push(t.autoreverses) },
                        set: { lua, t in t.autoreverses = try boolean(lua, name) })
        case .fillMode:
            LuaProperty(name, of: Object.self, get: { lua, t in lua.push(t.fillMode.rawValue) },
                        set: { lua, t in t.fillMode = try choice(lua, name, FillMode.self) })
        }
    }

    // MARK: Value helpers shared by the animation bindings

    static func number(_ lua: LuaState, _ name: String, finite: Bool, nonNegative: Bool = false) throws(LuaRaise) -> Double {
        guard lua.type(at: 3) == .number, let v = lua.toNumber(at: 3), !v.isNaN else {
            throw lua.error("bad value for '\(name)' (number expected, got \(lua.describeValue(at: 3)))")
        }
        if finite && !v.isFinite {
            throw lua.error("bad value for '\(name)' (finite number expected, got inf)")
        }
        if nonNegative && v < 0 {
            throw lua.error("bad value for '\(name)' (number >= 0 expected, got \(v))")
        }
        return v
    }

    static func boolean(_ lua: LuaState, _ name: String) throws(LuaRaise) -> Bool {
        guard lua.type(at: 3) == .boolean else {
            throw lua.error("bad value for '\(name)' (boolean expected, got \(lua.describeValue(at: 3)))")
        }
        return lua.toBool(at: 3)
    }

    static func choice<C: ChoiceValue>(_ lua: LuaState, _ name: String, _ type: C.Type) throws(LuaRaise) -> C {
        let options = C.allCases.map(\.rawValue)
        guard lua.type(at: 3) == .string, let s = lua.toString(at: 3), let value = C(rawValue: s) else {
            throw lua.error("bad value for '\(name)' (one of \(options.map { "'\($0)'" }.joined(separator: ", ")) expected, got \(lua.describeValue(at: 3)))")
        }
        return value
    }

    /// An animation value at `index` for `keyPath`: of the key path's kind when the key path is
    /// known, else guessed from its shape (checked again when the animation is added).
    static func value(_ lua: LuaState, at index: Int32, keyPath: String, field: String) throws(LuaRaise) -> AnimationValue? {
        if lua.isNoneOrNil(index) { return nil }
        if let kind = ScriptHost.current(lua)?.valueKind(of: keyPath) ?? KeyPathResolver.valueKind(of: keyPath) {
            guard let v = lua.toAnimationValue(at: index, kind: kind) else {
                throw lua.error("bad value for '\(field)' of '\(keyPath)' (\(LuaState.describe(kind)) expected, got \(lua.describeValue(at: index, expecting: kind)))")
            }
            return v
        }
        for kind: ValueKind in [.number, .bool, .transform, .point, .size, .color, .rect] {
            if let v = lua.toAnimationValue(at: index, kind: kind) { return v }
        }
        throw lua.error("bad value for '\(field)' (a number, point, size, rect, color or Transform3D expected, got \(lua.describeValue(at: index)))")
    }
}

/// Animation callbacks kept in Lua (`ObjectState.animations`), and the copy that carries them
/// into a layer.
enum AnimationCallbacks {
    static func push(_ lua: LuaState, animationAt index: Int32, field: String) {
        ObjectState.animations.push(lua, object: index, field: field)
    }

    static func set(_ lua: LuaState, animationAt index: Int32, field: String, valueAt valueIndex: Int32) {
        ObjectState.animations.set(lua, object: index, field: field, valueAt: valueIndex)
    }

    /// The animation to add: itself, or a copy carrying its Lua callbacks as Swift closures (so
    /// the object Lua holds never points back into Lua).
    static func prepare(_ lua: LuaState, _ animation: Animation, at index: Int32, host: ScriptHost) -> Animation {
        var callbacks: [String: LuaCallback] = [:]
        for field in ["onStart", "onStop"] {
            push(lua, animationAt: index, field: field)
            if lua.type(at: -1) == .function {
                callbacks[field] = LuaCallback(popping: lua, host: host)
            } else {
                lua.pop()
            }
        }
        guard !callbacks.isEmpty else { return animation }
        let copy = animation.copy()
        if let start = callbacks["onStart"] {
            copy.onStart = { a in start.call("an animation's onStart") { lua in lua.push(a); return 1 } }
        }
        if let stop = callbacks["onStop"] {
            copy.onStop = { a, finished in stop.call("an animation's onStop") { lua in lua.push(a); lua.push(finished); return 2 } }
        }
        return copy
    }
}
