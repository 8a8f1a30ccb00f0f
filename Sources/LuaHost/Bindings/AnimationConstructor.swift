import LayerKit
import LuaBridge

/// Builds an animation from a constructor table: `keyPath` first, then the type's own
/// properties, then timing and callbacks.
enum AnimationConstructor {
    /// The keys of an animation type's constructor: `keyPath` and its company for property
    /// animations, then `ownNames`, then timing and callbacks.
    static func keys(ownNames: [String], isPropertyAnimation: Bool) -> ConstructorKeys {
        let keyPathNames = isPropertyAnimation ? AnimationBinding.keyPathProperties.map(\.name) : []
        return ConstructorKeys(keyPathNames + ownNames + AnimationBinding.timingNames)
    }

    static func construct(_ lua: LuaState, typeName: String, animation: Animation, ownNames: [String],
                          keys: ConstructorKeys, setOwn: (String) throws(LuaRaise) -> Void) throws(LuaRaise) -> Int32 {
        if !lua.isNoneOrNil(1) && lua.type(at: 1) != .table { throw lua.typeError(1, expected: "table") }
        lua.top = 1
        if let host = ScriptHost.current(lua), host.options.recordsCreationSites {
            animation.creationSite = host.creationSite(lua)
        }
        lua.push(animation)
        lua.insert(at: 1)
        try ConstructorTable.apply(lua, typeName: typeName, keys: keys) { (name: String) throws(LuaRaise) in
            if let p = AnimationBinding.keyPathPropertyNamed[name], animation is PropertyAnimation {
                try p.set(lua, on: animation)
            } else if ownNames.contains(name) {
                try setOwn(name)
            } else if let p = AnimationBinding.propertyNamed[name] {
                try p.set(lua, on: animation)
            }
        }
        lua.top = 1
        return 1
    }
}
