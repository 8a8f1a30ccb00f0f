import LayerKit
import LuaBridge

/// `ca.Transition{ type, subtype, startProgress, endProgress, … }` (CATransition).
enum TransitionBinding: CaBinding {
    /// The properties, in id order.
    static let properties = [
        LuaClass.Property("type", kind: .choice(TransitionType.allCases.map(\.rawValue)),
                          "how the old appearance gives way to the new; default \"fade\""),
        LuaClass.Property("subtype", kind: .choice(TransitionSubtype.allCases.map(\.rawValue)),
                          "the side motion transitions start from (`fade` ignores it); default \"fromLeft\""),
        LuaClass.Property("startProgress", kind: .number, "where in the transition it starts, 0…1; default 0"),
        LuaClass.Property("endProgress", kind: .number,
                          "where in the transition it ends, 0…1; default 1 (below startProgress: held at startProgress)"),
    ]
    static let names = properties.map(\.name)
    static let constructorKeys = AnimationConstructor.keys(ownNames: names, isPropertyAnimation: false)

    static var classes: [LuaClass] {
        [LuaClass(Transition.self, name: "Transition", parent: Animation.self,
                  summary: "CATransition: `ca.Transition{…}`, added with `layer:addAnimation(t)` (always under the key "
                      + "\"transition\"): the layer as it looked before the current transaction's changes — its "
                      + "contents, text, colours, sublayers — gives way to how it looks after them",
                  example: """
                      local label = ca.TextLayer{ frame = { 40, 60, 240, 50 }, string = "Hello", fontSize = 32,
                                                  masksToBounds = true }
                      ca.root:addSublayer(label)
                      ca.after(1, function()
                        -- The new text pushes the old one out to the left.
                        label:addAnimation(ca.Transition{ type = "push", subtype = "fromRight", duration = 0.5 })
                        label.string = "World"
                      end)
                      """,
                  properties: properties, get: getTransition, set: setTransition)]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.Transition{…}", returns: "Transition",
                                                  "a new transition with the table's properties set; add it with "
                                                      + "`layer:addAnimation` in the transaction that changes the layer")],
                       fields: [("Transition", "fun(props?: TransitionProps): Transition")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newTransition, named: "Transition", inTableAt: ca)
    }

    static func get(_ lua: LuaState, _ t: Transition, _ name: String) -> Int32 {
        switch name {
        case "type": lua.push(t.type.rawValue)
        case "subtype": lua.push(t.subtype.rawValue)
        case "startProgress": lua.push(t.startProgress)
        default: lua.push(t.endProgress)
        }
        return 1
    }

    /// Sets `name` from the value at index 3 (the transition's userdata at index 1).
    static func set(_ lua: LuaState, _ t: Transition, _ name: String) throws(LuaRaise) {
        switch name {
        case "type": t.type = try AnimationBinding.choice(lua, name, TransitionType.self)
        case "subtype": t.subtype = try AnimationBinding.choice(lua, name, TransitionSubtype.self)
        default:
            let v = try AnimationBinding.number(lua, name, finite: true)
            guard v >= 0 && v <= 1 else {
                throw lua.error("bad value for '\(name)' (number between 0 and 1 expected, got \(v))")
            }
            if name == "startProgress" { t.startProgress = v } else { t.endProgress = v }
        }
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let t = Transition()
        return try AnimationConstructor.construct(lua, typeName: "Transition", animation: t, ownNames: names,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            try set(lua, t, name)
        }
    }
}

private func newTransition(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try TransitionBinding.construct(lua) }
}

private func getTransition(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let name = TransitionBinding.names[safe: Int(id)] else { return 0 }
        return TransitionBinding.get(lua, LuaState.object(object, as: Transition.self), name)
    }
}

private func setTransition(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let name = TransitionBinding.names[safe: Int(id)] else { return 0 }
        try TransitionBinding.set(lua, LuaState.object(object, as: Transition.self), name)
        return 0
    }
}
