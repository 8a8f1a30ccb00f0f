import LayerKit
import LuaBridge

/// CAAnimation's Lua face: the timing properties every animation has, and its callbacks.
/// `PropertyAnimation` adds `keyPath`, `additive` and `cumulative`. Callbacks are kept in Lua
/// (a weak-keyed table by the animation's userdata) and given to the copy a layer runs.
enum AnimationBinding: CaBinding {
    enum Property: String, CaseIterable {
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses
        case fillMode, removedOnCompletion, timingFunction, onStart, onStop

        var doc: LuaClass.Property {
            let name = rawValue
            switch self {
            case .beginTime:
                return LuaClass.Property(name, kind: .number, "when it starts, in the layer's time; 0: when its transaction commits")
            case .duration:
                return LuaClass.Property(name, kind: .number, "seconds per cycle, >= 0; 0: the transaction's (0.25 s unless set)")
            case .speed: return LuaClass.Property(name, kind: .number, "how fast its time runs, finite; default 1; below 0 it runs backwards from its timeOffset")
            case .timeOffset: return LuaClass.Property(name, kind: .number, "seconds added to its local time, finite")
            case .repeatCount:
                return LuaClass.Property(name, kind: .number,
                                         "cycles to play, >= 0 (`math.huge` for ever; a fraction ends part-way through a cycle)")
            case .repeatDuration:
                return LuaClass.Property(name, kind: .number, "seconds to repeat for, >= 0 (instead of repeatCount when positive)")
            case .autoreverses: return LuaClass.Property(name, kind: .bool, "each cycle plays forwards then backwards")
            case .fillMode:
                return LuaClass.Property(name, kind: .choice(FillMode.allCases.map(\.rawValue)),
                                         "what it shows outside its active time; default \"removed\"")
            case .removedOnCompletion:
                return LuaClass.Property(name, kind: .bool, "the layer drops it when it ends; default true")
            case .timingFunction:
                return LuaClass.Property(name, "MediaTimingFunction, name or function(t)",
                                         lua: "nil|MediaTimingFunction|string|fun(t: number): number",
                                         "the pacing of each cycle (nil: linear); a function is sampled once, at 1025 points")
            case .onStart:
                return LuaClass.Property(name, "function(animation)", lua: "fun(animation: Animation)?",
                                         "called when it starts (on the copy a layer runs)")
            case .onStop:
                return LuaClass.Property(name, "function(animation, finished)",
                                         lua: "fun(animation: Animation, finished: boolean)?",
                                         "called when it stops; `finished` is false when it was removed or replaced first")
            }
        }
    }

    enum KeyPathProperty: String, CaseIterable {
        case keyPath, additive, cumulative

        var doc: LuaClass.Property {
            switch self {
            case .keyPath:
                LuaClass.Property("keyPath", "string", lua: "string",
                                  "the property or component it animates (`\"position\"`, `\"transform.rotation.z\"`)")
            case .additive:
                LuaClass.Property("additive", kind: .bool, "its value adds to the value underneath instead of replacing it")
            case .cumulative:
                LuaClass.Property("cumulative", kind: .bool, "each repeat adds the value the last one ended on (5 → 10, then 15 → 20)")
            }
        }
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
                     properties: Property.allCases.map(\.doc), get: getAnimation, set: setAnimation),
            LuaClass(PropertyAnimation.self, name: "PropertyAnimation", parent: Animation.self,
                     summary: "CAPropertyAnimation: an animation of one key path",
                     example: """
                         local box = ca.Layer{ frame = { 150, 100, 60, 60 }, backgroundColor = "tomato" }
                         ca.root:addSublayer(box)
                         -- A shake: offsets added to whatever position.x the layer has.
                         box:addAnimation(ca.KeyframeAnimation{ keyPath = "position.x", additive = true,
                                                                values = { 0, 12, -12, 12, 0 }, duration = 0.4 }, "shake")
                         """,
                     properties: KeyPathProperty.allCases.map(\.doc), get: getPropertyAnimation, set: setPropertyAnimation),
        ]
    }

    /// The names every animation constructor accepts, after its own.
    static var timingNames: [String] { Property.allCases.map(\.rawValue) }

    /// The CAMediaTiming fields animations and emitter cells share, read and set alike.
    enum TimingField: String {
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    }

    /// Pushes a CAMediaTiming field of `t`.
    static func getTiming(_ lua: LuaState, _ t: some MediaTimingSettings, _ field: TimingField) {
        switch field {
        case .beginTime: lua.push(t.beginTime)
        case .duration: lua.push(t.duration)
        case .speed: lua.push(t.speed)
        case .timeOffset: lua.push(t.timeOffset)
        case .repeatCount: lua.push(t.repeatCount)
        case .repeatDuration: lua.push(t.repeatDuration)
        case .autoreverses: lua.push(t.autoreverses)
        case .fillMode: lua.push(t.fillMode.rawValue)
        }
    }

    /// Sets a CAMediaTiming field of `t` from the value at index 3, with the message for a
    /// wrong one.
    static func setTiming(_ lua: LuaState, _ t: some MediaTimingSettings, _ field: TimingField) throws(LuaRaise) {
        let name = field.rawValue
        switch field {
        case .beginTime: t.beginTime = try number(lua, name, finite: true)
        case .duration: t.duration = try number(lua, name, finite: false, nonNegative: true)
        case .speed: t.speed = try number(lua, name, finite: true)
        case .timeOffset: t.timeOffset = try number(lua, name, finite: true)
        case .repeatCount: t.repeatCount = try number(lua, name, finite: false, nonNegative: true)
        case .repeatDuration: t.repeatDuration = try number(lua, name, finite: false, nonNegative: true)
        case .autoreverses: t.autoreverses = try boolean(lua, name)
        case .fillMode: t.fillMode = try choice(lua, name, FillMode.self)
        }
    }

    static func get(_ lua: LuaState, _ a: Animation, _ property: Property) -> Int32 {
        if let field = TimingField(rawValue: property.rawValue) {
            getTiming(lua, a, field)
            return 1
        }
        switch property {
        case .beginTime, .duration, .speed, .timeOffset, .repeatCount, .repeatDuration, .autoreverses, .fillMode:
            break
        case .removedOnCompletion: lua.push(a.isRemovedOnCompletion)
        case .timingFunction:
            if let f = a.timingFunction { lua.pushUnshared(TimingFunctionBox(f, name: TimingFunctionBinding.name(of: f))) } else { lua.pushNil() }
        case .onStart, .onStop:
            AnimationCallbacks.push(lua, animationAt: 1, field: property.rawValue)
        }
        return 1
    }

    /// Sets `property` from the value at index 3 (the animation's userdata at index 1).
    static func set(_ lua: LuaState, _ a: Animation, _ property: Property) throws(LuaRaise) {
        let name = property.rawValue
        if let field = TimingField(rawValue: name) {
            try setTiming(lua, a, field)
            return
        }
        switch property {
        case .beginTime, .duration, .speed, .timeOffset, .repeatCount, .repeatDuration, .autoreverses, .fillMode:
            break
        case .removedOnCompletion: a.isRemovedOnCompletion = try boolean(lua, name)
        case .timingFunction: a.timingFunction = try TimingFunctionBinding.timingFunction(lua, at: 3, for: name)
        case .onStart, .onStop:
            guard lua.isNoneOrNil(3) || lua.type(at: 3) == .function else {
                throw lua.error("bad value for '\(name)' (function expected, got \(lua.describeValue(at: 3)))")
            }
            AnimationCallbacks.set(lua, animationAt: 1, field: name, valueAt: 3)
        }
    }

    static func getKeyPathProperty(_ lua: LuaState, _ a: PropertyAnimation, _ property: KeyPathProperty) -> Int32 {
        switch property {
        case .keyPath: lua.push(a.keyPath)
        case .additive: lua.push(a.isAdditive)
        case .cumulative: lua.push(a.isCumulative)
        }
        return 1
    }

    static func setKeyPathProperty(_ lua: LuaState, _ a: PropertyAnimation, _ property: KeyPathProperty) throws(LuaRaise) {
        switch property {
        case .keyPath:
            guard lua.type(at: 3) == .string, let path = lua.toString(at: 3) else {
                throw lua.error("bad value for 'keyPath' (string expected, got \(lua.describeValue(at: 3)))")
            }
            a.keyPath = path
        case .additive: a.isAdditive = try boolean(lua, "additive")
        case .cumulative: a.isCumulative = try boolean(lua, "cumulative")
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

private func getAnimation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let p = AnimationBinding.Property.allCases[safe: Int(id)] else { return 0 }
        return AnimationBinding.get(lua, LuaState.object(object, as: Animation.self), p)
    }
}

private func setAnimation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let p = AnimationBinding.Property.allCases[safe: Int(id)] else { return 0 }
        try AnimationBinding.set(lua, LuaState.object(object, as: Animation.self), p)
        return 0
    }
}

private func getPropertyAnimation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let p = AnimationBinding.KeyPathProperty.allCases[safe: Int(id)] else { return 0 }
        return AnimationBinding.getKeyPathProperty(lua, LuaState.object(object, as: PropertyAnimation.self), p)
    }
}

private func setPropertyAnimation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let p = AnimationBinding.KeyPathProperty.allCases[safe: Int(id)] else { return 0 }
        try AnimationBinding.setKeyPathProperty(lua, LuaState.object(object, as: PropertyAnimation.self), p)
        return 0
    }
}

extension Array {
    /// The element at `index`, or nil when it is out of range.
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}
