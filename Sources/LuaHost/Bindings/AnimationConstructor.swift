import LayerKit
import LuaBridge

/// Builds an animation from a constructor table: `keyPath` first, then the type's own
/// properties, then timing and callbacks.
enum AnimationConstructor {
    static func construct(_ lua: LuaState, typeName: String, animation: Animation, ownNames: [String],
                          setOwn: (String) throws(LuaRaise) -> Void) throws(LuaRaise) -> Int32 {
        if !lua.isNoneOrNil(1) && lua.type(at: 1) != .table { throw lua.typeError(1, expected: "table") }
        lua.top = 1
        lua.push(animation)
        lua.insert(at: 1)
        let keyPathNames = animation is PropertyAnimation ? AnimationBinding.KeyPathProperty.allCases.map(\.rawValue) : []
        let names = keyPathNames + ownNames + AnimationBinding.timingNames
        try ConstructorTable.apply(lua, typeName: typeName, names: names) { (name: String) throws(LuaRaise) in
            if let p = AnimationBinding.KeyPathProperty(rawValue: name), let a = animation as? PropertyAnimation {
                try AnimationBinding.setKeyPathProperty(lua, a, p)
            } else if ownNames.contains(name) {
                try setOwn(name)
            } else if let p = AnimationBinding.Property(rawValue: name) {
                try AnimationBinding.set(lua, animation, p)
            }
        }
        lua.top = 1
        return 1
    }
}
