import LayerKit
import LuaBridge

/// `ca.BasicAnimation{ keyPath, fromValue, toValue, byValue, … }` (CABasicAnimation).
enum BasicAnimationBinding {
    static let names = ["fromValue", "toValue", "byValue"]
    static let constructorKeys = AnimationConstructor.keys(ownNames: names, isPropertyAnimation: true)

    static func register(_ lua: LuaState) {
        lua.register(LuaObjectType(BasicAnimation.self, name: "BasicAnimation", parent: PropertyAnimation.self,
                                   properties: names, get: getBasic, set: setBasic))
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
