import LuaBridge

/// Plain data read from a Lua value: what an exercise's check.lua returns. Functions, userdata
/// and threads have no place in it and read as `.other` with their type's name.
public indirect enum LuaData: Equatable, Sendable {
    case `nil`
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A table: its array part (1…n, in order) and its other string-keyed fields.
    case table(array: [LuaData], fields: [String: LuaData])
    case other(String)

    /// Lua's name for the value's type, for messages.
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .other(let name): return name
        }
    }

    /// A field of a table (nil for anything else or a missing field).
    public subscript(field: String) -> LuaData {
        if case .table(_, let fields) = self { return fields[field] ?? .nil }
        return .nil
    }

    /// The array part of a table (empty for anything else).
    public var array: [LuaData] {
        if case .table(let array, _) = self { return array }
        return []
    }

    /// The fields of a table (empty for anything else).
    public var fields: [String: LuaData] {
        if case .table(_, let fields) = self { return fields }
        return [:]
    }

    /// The deepest tables read; deeper ones read as `.other("table")`.
    static let maxDepth = 16

    /// Reads the value at `index` of `lua`'s stack, leaving the stack as it was.
    static func read(_ lua: LuaState, at index: Int32, depth: Int = 0) -> LuaData {
        let index = lua.absIndex(index)
        switch lua.type(at: index) {
        case .nil, .none: return .nil
        case .boolean: return .bool(lua.toBool(at: index))
        case .number: return .number(lua.toNumber(at: index) ?? 0)
        case .string: return .string(lua.toString(at: index) ?? "")
        case .table:
            guard depth < maxDepth, lua.checkStack(4) else { return .other("table") }
            var array: [LuaData] = []
            let count = lua.rawLength(index)
            for position in 0..<min(count, 100_000) {
                _ = lua.rawGet(index, index: position + 1)
                array.append(read(lua, at: -1, depth: depth + 1))
                lua.pop()
            }
            var fields: [String: LuaData] = [:]
            lua.forEach(in: index) {
                guard lua.type(at: -2) == .string, let key = lua.toString(at: -2) else { return }
                fields[key] = read(lua, at: -1, depth: depth + 1)
            }
            return .table(array: array, fields: fields)
        default:
            return .other(lua.typeName(at: index))
        }
    }
}
