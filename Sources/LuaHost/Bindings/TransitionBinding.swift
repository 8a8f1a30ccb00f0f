import LayerKit
import LuaBridge

/// `ca.Transition{ type, subtype, startProgress, endProgress, … }` (CATransition).
enum TransitionBinding: CaBinding {
    /// The properties.
    static let properties = [
        LuaClass.Property("type", kind: .choice(TransitionType.allCases.map(\.rawValue)),
                          "how the old appearance gives way to the new; default \"fade\"",
                          get: { (lua, t: Transition) in lua.push(t.type.rawValue) },
                          set: { (lua, t: Transition) in t.type = try AnimationBinding.choice(lua, "type", TransitionType.self) }),
        LuaClass.Property("subtype", kind: .choice(TransitionSubtype.allCases.map(\.rawValue)),
                          "the side motion transitions start from (`fade` ignores it); default \"fromLeft\"",
                          get: { (lua, t: Transition) in lua.push(t.subtype.rawValue) },
                          set: { (lua, t: Transition) in
                              t.subtype = try AnimationBinding.choice(lua, "subtype", TransitionSubtype.self)
                          }),
        LuaClass.Property("startProgress", kind: .number, "where in the transition it starts, 0…1; default 0",
                          get: { (lua, t: Transition) in lua.push(t.startProgress) },
                          set: { (lua, t: Transition) in t.startProgress = try progress(lua, "startProgress") }),
        LuaClass.Property("endProgress", kind: .number,
                          "where in the transition it ends, 0…1; default 1 (below startProgress: held at startProgress)",
                          get: { (lua, t: Transition) in lua.push(t.endProgress) },
                          set: { (lua, t: Transition) in t.endProgress = try progress(lua, "endProgress") }),
    ]
    static let names = properties.map(\.name)
    static let propertyNamed = LuaClass.byName(properties)
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
                  properties: properties)]
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

    /// The progress at index 3, 0…1, with the message for anything else.
    private static func progress(_ lua: LuaState, _ name: String) throws(LuaRaise) -> Double {
        let v = try AnimationBinding.number(lua, name, finite: true)
        guard v >= 0 && v <= 1 else {
            throw lua.error("bad value for '\(name)' (number between 0 and 1 expected, got \(v))")
        }
        return v
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let t = Transition()
        return try AnimationConstructor.construct(lua, typeName: "Transition", animation: t, ownNames: names,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            try propertyNamed[name]?.set(lua, on: t)
        }
    }
}

private func newTransition(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try TransitionBinding.construct(lua) }
}
