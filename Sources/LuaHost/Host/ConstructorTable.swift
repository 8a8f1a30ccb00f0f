import LayerKit
import LuaBridge

/// Applies a constructor's table (`ca.Layer{ opacity = 0, position = {1, 2} }`) to a new object,
/// key by key, through the same setters assignment uses.
///
/// The object's userdata must be at index 1 and the table at index 2; each value is pushed at
/// index 3 for `apply`. Keys apply in `names` order (so `anchorPoint` comes before `frame`); an
/// unknown key is an error naming the type and the likely intended name.
enum ConstructorTable {
    static func apply(_ lua: LuaState, typeName: String, names: [String],
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
        var order: [String: Int] = [:]
        for (i, name) in names.enumerated() { order[name] = i }
        for key in keys where order[key] == nil {
            let hint = Suggestions.closest(to: key, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw lua.error("unknown property '\(key)' on \(typeName)\(hint)")
        }
        for key in keys.sorted(by: { (order[$0] ?? 0) < (order[$1] ?? 0) }) {
            _ = lua.rawGet(2, field: key)
            // Not deferred: on an error, the message `apply` pushed must stay on top.
            try apply(key)
            lua.top = 2
        }
    }
}
