import LayerKit
import LuaBridge

/// `ca.BasicAnimation{ keyPath, fromValue, toValue, byValue, … }` (CABasicAnimation).
enum BasicAnimationBinding: CaBinding {
    /// The properties: the values it runs between, of its key path's kind.
    static let properties = [
        value("fromValue", "where it starts", get: \.fromValue, set: { $0.fromValue = $1 }),
        value("toValue", "where it ends", get: \.toValue, set: { $0.toValue = $1 }),
        value("byValue", "how far it goes (from fromValue, or back from toValue); with none set, the current value",
              get: \.byValue, set: { $0.byValue = $1 }),
    ]
    static let names = properties.map(\.name)
    static let propertyNamed = LuaClass.byName(properties)
    static let constructorKeys = AnimationConstructor.keys(ownNames: names, isPropertyAnimation: true)

    static var classes: [LuaClass] {
        [LuaClass(BasicAnimation.self, name: "BasicAnimation", parent: PropertyAnimation.self,
                  summary: "CABasicAnimation: `ca.BasicAnimation{…}`, from one value to another",
                  example: """
                      local box = ca.Layer{ frame = { 40, 100, 50, 50 }, backgroundColor = "teal" }
                      ca.root:addSublayer(box)
                      -- Set the model to where it ends (instantly), then animate the way there: it stays.
                      ca.transaction(function() box.position = { 300, 125 } end, { disableActions = true })
                      box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 65, toValue = 300,
                                                          duration = 1.5, timingFunction = "easeInEaseOut" }, "move")
                      """,
                  properties: properties)]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.BasicAnimation{…}", returns: "BasicAnimation",
                                                  "a new animation of `keyPath` between two values, with the table's "
                                                      + "properties set; run it with `layer:addAnimation`")],
                       fields: [("BasicAnimation", "fun(props?: BasicAnimationProps): BasicAnimation")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newBasic, named: "BasicAnimation", inTableAt: ca)
    }

    /// A value of the key path's kind, nil when not set.
    private static func value(_ name: String, _ note: String, get: @escaping @Sendable (BasicAnimation) -> AnimationValue?,
                              set: @escaping @Sendable (BasicAnimation, AnimationValue?) -> Void) -> LuaClass.Property {
        LuaClass.Property(name, "value of the key path's kind", lua: "any", note,
                          get: { (lua, a: BasicAnimation) in
                              if let value = get(a) { lua.push(value) } else { lua.pushNil() }
                          },
                          set: { (lua, a: BasicAnimation) in
                              set(a, try AnimationBinding.value(lua, at: 3, keyPath: a.keyPath, field: name))
                          })
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let a = BasicAnimation(keyPath: "")
        return try AnimationConstructor.construct(lua, typeName: "BasicAnimation", animation: a, ownNames: names,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            try propertyNamed[name]?.set(lua, on: a)
        }
    }
}

private func newBasic(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try BasicAnimationBinding.construct(lua) }
}
