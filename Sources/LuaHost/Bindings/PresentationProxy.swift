import LayerKit
import LuaBridge

/// `layer:presentation()`: a read-only table whose values come from a ``PresentationSnapshot``
/// taken when it was made. The table itself stays empty, so every read goes to its metatable's
/// __index, which makes the one value asked for, and every write to the shared __newindex that
/// refuses it. A display link that reads one value of a snapshot each frame pays for that value
/// alone, not for a table of every property of the layer.
enum PresentationProxy {
    /// Pushes the snapshot of `layer`'s presentation at the scene's current time.
    static func push(_ lua: LuaState, _ layer: Layer) {
        layer.scene?.ensurePresentation()
        let snapshot = PresentationSnapshot(of: layer)
        lua.newTable()
        lua.newTable(fieldCount: 3)
        lua.push(read, name: "presentation", context: snapshot)
        lua.rawSet(-2, field: "__index")
        _ = lua.rawGet(LuaState.registryIndex, field: Snapshot.newindexKey)
        lua.rawSet(-2, field: "__newindex")
        _ = lua.rawGet(LuaState.registryIndex, field: Snapshot.tostringKey)
        lua.rawSet(-2, field: "__tostring")
        lua.setMetatable(-2)
    }
}

/// The snapshot's __index: `frame`, `modelLayer`, or a property the layer has; nil for any
/// other key.
private func read(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        guard lua.type(at: 2) == .string, let key = lua.toString(at: 2),
              let snapshot = lua.withContext(as: PresentationSnapshot.self, { $0 }) else {
            lua.pushNil()
            return 1
        }
        switch key {
        case "frame": lua.push(AnimationValue.rect(snapshot.frame))
        case "modelLayer": lua.push(snapshot.layer)
        default:
            if let spec = snapshot.property(named: key) { lua.push(snapshot.value(spec)) } else { lua.pushNil() }
        }
        return 1
    }
}
