import LayerKit
import LuaBridge
import Spelling

/// Applies a constructor's table (`ca.Layer{ opacity = 0, position = {1, 2} }`) to a new object,
/// key by key, through the same setters assignment uses.
///
/// The object's userdata must be at index 1 and the table at index 2; each value is pushed at
/// index 3 for `apply`. Keys apply in `names` order (so `anchorPoint` comes before `frame`); an
/// unknown key is an error naming the type and the likely intended name.
enum ConstructorTable {
    static func apply(_ lua: LuaState, typeName: String, keys order: ConstructorKeys,
                      _ apply: (String) throws(LuaRaise) -> Void) throws(LuaRaise) {
        guard lua.type(at: 2) == .table else { return }
        var keys: [String] = []
        var badKey: String?
        lua.forEach(in: 2) {
            if lua.type(at: -2) == .string, let key = lua.toString(at: -2) {
                keys.append(key)
            } else if badKey == nil {
                badKey = lua.typeNameForError(at: -2)
            }
        }
        if let badKey {
            throw lua.error("bad key in \(typeName) constructor (property name expected, got \(badKey))")
        }
        var positioned: [(position: Int, key: String)] = []
        positioned.reserveCapacity(keys.count)
        for key in keys {
            guard let position = order.position[key] else {
                let hint = NameSuggestion.closest(to: key, among: order.names).map { " (did you mean '\($0)'?)" } ?? ""
                throw lua.error("unknown property '\(key)' on \(typeName)\(hint)")
            }
            positioned.append((position, key))
        }
        positioned.sort { $0.position < $1.position }
        for (_, key) in positioned {
            _ = lua.rawGet(2, field: key)
            // Not deferred: on an error, the message `apply` pushed must stay on top.
            try apply(key)
            lua.top = 2
        }
    }
}

/// A constructor's keys in the order they apply, with each key's position looked up once (when
/// the binding is set up), not on every call.
struct ConstructorKeys: Sendable {
    /// Every key the constructor takes, in the order they apply.
    let names: [String]
    /// Each key's place in `names`.
    let position: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var position: [String: Int] = [:]
        for (i, name) in names.enumerated() where position[name] == nil { position[name] = i }
        self.position = position
    }
}
