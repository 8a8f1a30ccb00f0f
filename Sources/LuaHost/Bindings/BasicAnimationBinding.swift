import LayerKit
import LuaBridge

/// `ca.BasicAnimation{ keyPath, fromValue, toValue, byValue, … }` (CABasicAnimation).
enum BasicAnimationBinding: CaBinding {
    /// The properties, in id order.
    static let properties = [
        LuaClass.Property("fromValue", "value of the key path's kind", lua: "any", "where it starts"),
        LuaClass.Property("toValue", "value of the key path's kind", lua: "any", "where it ends"),
        LuaClass.Property("byValue", "value of the key path's kind", lua: "any",
                          "how far it goes (from fromValue, or back from toValue); with none set, the current value"),
    ]
    static let names = properties.map(\.name)
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
                  properties: properties, get: getBasic, set: setBasic)]
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

    static func get(_ lua: LuaState, _ a: BasicAnimation, _ name: String) -> Int32 {
        let value: AnimationValue? = name == "fromValue" ? a.fromValue : name == "toValue" ? a.toValue : a.byValue
        if let value { lua.push(value) } else { lua.pushNil() }
        return 1
    }

    static func set(_ lua: LuaState, _ a: BasicAnimation, _ name: String) throws(LuaRaise) {
        let value = try AnimationBinding.value(lua, at: 3, keyPath: a.keyPath, field: name)
        switch name {
        case "fromValue": a.fromValue = value
        case "toValue": a.toValue = value
        default: a.byValue = value
        }
    }

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let a = BasicAnimation(keyPath: "")
        return try AnimationConstructor.construct(lua, typeName: "BasicAnimation", animation: a, ownNames: names,
                                                  keys: constructorKeys) { (name: String) throws(LuaRaise) in
            try set(lua, a, name)
        }
    }
}

private func newBasic(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try BasicAnimationBinding.construct(lua) }
}

private func getBasic(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let name = BasicAnimationBinding.names[safe: Int(id)] else { return 0 }
        return BasicAnimationBinding.get(lua, LuaState.object(object, as: BasicAnimation.self), name)
    }
}

private func setBasic(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        guard let name = BasicAnimationBinding.names[safe: Int(id)] else { return 0 }
        try BasicAnimationBinding.set(lua, LuaState.object(object, as: BasicAnimation.self), name)
        return 0
    }
}
