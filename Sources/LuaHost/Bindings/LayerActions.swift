import LayerKit
import LuaBridge
import Spelling

/// A layer's `actions` (CALayer's actions dictionary) and `ca.Layer.defaultAction(key)`: what a
/// change of a key does on a layer on screen. The animations live in the layer (LayerKit's
/// `Layer.actions`); the table given is kept in the layer's Lua state too, so that the
/// animations' Lua callbacks live as long as the layer uses them.
enum LayerActions {
    /// Pushes `layer.actions`: false when the layer's actions are off, nil when it has none, else
    /// a new table of key = false or the animation (the layer's own object, so changing it
    /// changes the animation later changes start).
    static func push(_ lua: LuaState, _ layer: Layer) {
        if !layer.actionsEnabled {
            lua.push(false)
        } else if layer.actions.isEmpty {
            lua.pushNil()
        } else {
            lua.newTable(fieldCount: Int32(layer.actions.count))
            for key in layer.actions.keys.sorted() {
                switch layer.actions[key] {
                case .animation(let animation)?: lua.push(animation)
                default: lua.push(false)
                }
                lua.rawSet(-2, field: key)
            }
        }
    }

    /// Sets `layer.actions` from the value at `index` (the layer's userdata at index 1).
    static func set(_ lua: LuaState, _ layer: Layer, valueAt index: Int32) throws(LuaRaise) {
        switch lua.type(at: index) {
        case .nil, .none:
            layer.actionsEnabled = true
            layer.actions = [:]
        case .boolean:
            layer.actionsEnabled = lua.toBool(at: index)
            layer.actions = [:]
        case .table:
            let table = lua.absIndex(index)
            var actions: [String: LayerAction] = [:]
            try lua.forEach(in: table) { () throws(LuaRaise) in
                guard lua.type(at: -2) == .string, let key = lua.toString(at: -2) else {
                    throw lua.error("bad value for 'actions' (keys must be property names)")
                }
                try checkKey(lua, key, on: layer)
                switch lua.type(at: -1) {
                case .boolean where !lua.toBool(at: -1):
                    actions[key] = .disabled
                case .boolean:
                    break
                default:
                    guard let animation = lua.toObject(-1, as: Animation.self) else {
                        throw lua.error("bad value for 'actions.\(key)' of \(layer.kind.rawValue) "
                                            + "(false or Animation expected, got \(lua.describeValue(at: -1)))")
                    }
                    actions[key] = .animation(animation)
                }
            }
            layer.actionsEnabled = true
            layer.actions = actions
        default:
            throw LayerBinding.badValue(lua, "actions", layer, expected: "false or a table of property = false or Animation",
                                        at: index)
        }
        // Keeps the animations' userdata (and so their callbacks) alive while the layer has them.
        ObjectState.layers.set(lua, object: 1, field: "actions", valueAt: index)
        if let host = ScriptHost.current(lua) { host.refreshPin(layer) }
    }

    /// Refuses a key that is no animatable key path of the layer.
    private static func checkKey(_ lua: LuaState, _ key: String, on layer: Layer) throws(LuaRaise) {
        if PropertyRegistry.property(named: key, on: layer.kind)?.isAnimatable == true { return }
        if key.hasPrefix("emitterCells."), (try? KeyPathResolver.resolve(key, on: layer.kind)) != nil { return }
        let names = PropertyRegistry.names(on: layer.kind).filter {
            PropertyRegistry.property(named: $0, on: layer.kind)?.isAnimatable == true
        }
        let hint = NameSuggestion.closest(to: key, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw lua.error("unknown property '\(key)' in 'actions' of \(layer.kind.rawValue)\(hint)")
    }

    /// The animation an action adds, with the callbacks the script set on it bound (the host's
    /// `Scene.prepareAction`).
    static func prepare(_ lua: LuaState, _ animation: Animation, host: ScriptHost) -> Animation {
        lua.push(animation)
        defer { lua.pop() }
        return AnimationCallbacks.prepare(lua, animation, at: -1, host: host)
    }
}

/// `ca.Layer.defaultAction(key)`: the animation a change of `key` gets by default.
func defaultLayerAction(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let key = try lua.checkString(1)
        let host = try ScriptHost.require(lua)
        var found: BasicAnimation?
        for kind in LayerKind.allCases {
            found = Layer.defaultAction(forKey: key, kind: kind, transactions: host.scene.transactions)
            if found != nil { break }
        }
        if let found { lua.push(found as Animation) } else { lua.pushNil() }
        return 1
    }
}
