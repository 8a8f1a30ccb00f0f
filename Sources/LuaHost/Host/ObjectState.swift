import LayerKit
import LuaBridge

/// The script's own state on a Swift object (a layer's `data` and `onTap`, an animation's
/// `onStart` and `onStop`), kept in Lua: a table per object in a weak-keyed (ephemeron) table
/// keyed by the object's userdata. Cycles through it (an onTap that captures its layer) stay
/// inside Lua, where the collector can free them.
struct ObjectState {
    /// The registry field holding this kind of state.
    let key: String

    /// Layers' state; while a layer with state has a superlayer, the host pins its userdata so
    /// the state survives Lua dropping it.
    static let layers = ObjectState(key: "snowglobe.layerstate")
    /// Animations' callbacks.
    static let animations = ObjectState(key: "snowglobe.animationstate")
    static let pinsKey = "snowglobe.pins"

    /// Creates the registry tables for every kind of state and the pins.
    static func install(_ lua: LuaState) {
        for state in [layers, animations] {
            lua.newTable()
            lua.newTable(fieldCount: 1)
            lua.rawSet(-1, field: "__mode", to: "k")
            lua.setMetatable(-2)
            lua.rawSet(LuaState.registryIndex, field: state.key)
        }
        lua.newTable()
        lua.rawSet(LuaState.registryIndex, field: pinsKey)
    }

    /// Pushes the state table of the userdata at `object` (creating it when `create`), or
    /// pushes nothing and returns false.
    private func pushStates(_ lua: LuaState, object: Int32, create: Bool) -> Bool {
        let ud = lua.absIndex(object)
        _ = lua.rawGet(LuaState.registryIndex, field: key)
        lua.pushValue(at: ud)
        if lua.rawGet(-2) == .table {
            lua.insert(at: -2)
            lua.pop()
            return true
        }
        lua.pop()
        guard create else {
            lua.pop()
            return false
        }
        lua.newTable(fieldCount: 2)
        lua.pushValue(at: ud)
        lua.pushValue(at: -2)
        lua.rawSetKeyValue(-4)
        lua.insert(at: -2)
        lua.pop()
        return true
    }

    /// Pushes `field` of the object's state (a new empty table when `createTable`), or nil.
    func push(_ lua: LuaState, object: Int32, field: String, createTable: Bool = false) {
        let ud = lua.absIndex(object)
        guard pushStates(lua, object: ud, create: createTable) else {
            lua.pushNil()
            return
        }
        if lua.rawGet(-1, field: field) == .nil && createTable {
            lua.pop()
            lua.newTable()
            lua.pushValue(at: -1)
            lua.rawSet(-3, field: field)
        }
        lua.insert(at: -2)
        lua.pop()
    }

    /// Sets `field` of the object's state to the value at `index`.
    func set(_ lua: LuaState, object: Int32, field: String, valueAt index: Int32) {
        let value = lua.absIndex(index)
        _ = pushStates(lua, object: object, create: true)
        lua.pushValue(at: value)
        lua.rawSet(-2, field: field)
        lua.pop()
    }

    /// Whether the object whose userdata is at `object` has any state.
    func hasState(_ lua: LuaState, object: Int32) -> Bool {
        guard pushStates(lua, object: object, create: false) else { return false }
        defer { lua.pop() }
        return !lua.isEmptyTable(at: -1)
    }
}

extension ScriptHost: LayerObserver {
    public func layerDidChangeSuperlayer(_ layer: Layer) {
        refreshPin(layer)
    }

    /// Pins the layer's userdata while it has a superlayer and script state; unpins otherwise.
    func refreshPin(_ layer: Layer) {
        let pointer = Unmanaged.passUnretained(layer).toOpaque()
        _ = lua.rawGet(LuaState.registryIndex, field: ObjectState.pinsKey)
        let pins = lua.absIndex(-1)
        defer { lua.pop() }
        lua.push(lightUserdata: pointer)
        let keep = layer.superlayer != nil && hasUserdataWithState(layer)
        if keep {
            lua.push(layer)
        } else {
            lua.pushNil()
        }
        lua.rawSetKeyValue(pins)
    }

    private func hasUserdataWithState(_ layer: Layer) -> Bool {
        guard lua.pushExisting(layer) else { return false }
        defer { lua.pop() }
        return ObjectState.layers.hasState(lua, object: -1)
    }
}
