import LayerKit
import LuaBridge

/// `ca.AnimationGroup{ animations = {…}, duration, … }` (CAAnimationGroup).
enum AnimationGroupBinding: CaBinding {
    static var classes: [LuaClass] {
        [LuaClass(AnimationGroup.self, name: "AnimationGroup", parent: Animation.self,
                  summary: "CAAnimationGroup: `ca.AnimationGroup{…}`, animations that share one timeline",
                  example: """
                      local card = ca.Layer{ frame = { 120, 120, 100, 60 }, backgroundColor = "slateblue" }
                      ca.root:addSublayer(card)
                      card:addAnimation(ca.AnimationGroup{
                        duration = 2, autoreverses = true, repeatCount = math.huge,
                        animations = {   -- their times count from the group's start
                          ca.BasicAnimation{ keyPath = "transform.rotation.z", toValue = math.pi / 8, duration = 2 },
                          ca.BasicAnimation{ keyPath = "opacity", toValue = 0.3, beginTime = 1, duration = 1 },
                        },
                      }, "wobble")
                      """,
                  properties: [animations])]
    }

    static var functions: [CaFunctionDoc] {
        [CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.AnimationGroup{…}", returns: "AnimationGroup",
                                                  "a new group of animations that run together in its time, with the "
                                                      + "table's properties set")],
                       fields: [("AnimationGroup", "fun(props?: AnimationGroupProps): AnimationGroup")])]
    }

    static func install(_ lua: LuaState, ca: Int32) {
        lua.setFunction(newGroup, named: "AnimationGroup", inTableAt: ca)
    }

    static let animations = LuaClass.Property("animations", "array of Animation", lua: "Animation[]",
                                              "run together in the group's time, cut off by its duration",
                                              get: { (lua, group: AnimationGroup) in
                                                  lua.pushArray(group.animations) { lua.push($0) }
                                              },
                                              set: { (lua, group: AnimationGroup) in try set(lua, group) })

    /// Sets the group's animations from the array at index 3.
    static func set(_ lua: LuaState, _ group: AnimationGroup) throws(LuaRaise) {
        if lua.isNoneOrNil(3) { group.animations = []; return }
        guard lua.type(at: 3) == .table else {
            throw lua.error("bad value for 'animations' (array of animations expected, got \(lua.describeValue(at: 3)))")
        }
        var children: [Animation] = []
        for i in 1...max(1, lua.rawLength(3)) where i <= lua.rawLength(3) {
            _ = lua.rawGet(3, index: i)
            defer { lua.pop() }
            guard let child = lua.toObject(-1, as: Animation.self) else {
                throw lua.error("bad value for 'animations' (Animation expected at [\(i)], got \(lua.typeNameForError(at: -1)))")
            }
            if child === group { throw lua.error("bad value for 'animations' (a group cannot contain itself)") }
            children.append(child)
        }
        group.animations = children
    }

    static let constructorKeys = AnimationConstructor.keys(ownNames: ["animations"], isPropertyAnimation: false)

    static func construct(_ lua: LuaState) throws(LuaRaise) -> Int32 {
        let group = AnimationGroup()
        return try AnimationConstructor.construct(lua, typeName: "AnimationGroup", animation: group, ownNames: ["animations"],
                                                  keys: constructorKeys) { (_: String) throws(LuaRaise) in
            try animations.set(lua, on: group)
        }
    }
}

private func newGroup(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in try AnimationGroupBinding.construct(lua) }
}
