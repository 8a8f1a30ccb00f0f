import LuaBridge

extension ExerciseCheck {
    /// Reads check.lua at `path`: a chunk that returns the check's table. It runs in a Lua of
    /// its own with only the base, string, table and math libraries, under a small budget.
    public static func load(path: String) throws(ExerciseError) -> ExerciseCheck {
        let vm = LuaVM(budget: LuaBudget(timeLimit: 1, memoryLimit: 64 << 20))
        defer { vm.close() }
        let lua = vm.lua
        lua.open([.base, .string, .table, .math])
        lua.removeGlobals(["dofile", "loadfile", "require", "load"])
        let data: LuaData
        do {
            try lua.load(file: path)
            try lua.pcall(arguments: 0, results: 1)
            data = LuaData.read(lua, at: -1)
            lua.pop()
        } catch {
            throw ExerciseError(Self.message(error, path: path))
        }
        return try ExerciseCheck(data, file: path)
    }

    /// Lua's message with the whole path in front (Lua cuts a long chunk name to "...").
    static func message(_ error: LuaError, path: String) -> String {
        guard let line = error.line, let range = error.message.range(of: ":\(line):") else { return error.message }
        return path + error.message[range.lowerBound...]
    }

    /// The check a table describes; `file` names check.lua in messages.
    init(_ table: LuaData, file: String) throws(ExerciseError) {
        let reader = CheckFields(file: file)
        guard case .table = table else {
            throw ExerciseError("\(file): must return a table (got \(table.typeName))")
        }
        layer = try reader.string(table, "layer")
        keyPaths = try reader.strings(table, "keyPaths")
        guard !keyPaths.isEmpty else { throw ExerciseError("\(file): 'keyPaths' must name at least one key path") }
        from = try reader.number(table, "from", default: 0)
        to = try reader.number(table, "to")
        guard from >= 0, to > from, to - from <= Self.longestRange else {
            throw ExerciseError("\(file): 'from' and 'to' must make a range of up to \(Int(Self.longestRange)) s from 0 on (got \(from) to \(to))")
        }
        tolerance = try reader.number(table, "tolerance", default: Self.defaultTolerance)
        guard tolerance > 0, tolerance < 1 else {
            throw ExerciseError("\(file): 'tolerance' must be a fraction between 0 and 1 (got \(tolerance))")
        }
        let seedNumber = try reader.number(table, "seed", default: 1)
        guard seedNumber >= 0, seedNumber < 1e15, seedNumber.rounded() == seedNumber else {
            throw ExerciseError("\(file): 'seed' must be a whole number from 0 (got \(seedNumber))")
        }
        seed = UInt64(seedNumber)
        targetCSV = try reader.optionalString(table, "target")
        if targetCSV != nil, keyPaths.count != 1 {
            throw ExerciseError("\(file): a 'target' CSV holds one key path; 'keyPaths' names \(keyPaths.count)")
        }
        requirements = try reader.requirements(table["requires"])
        checkpoints = try reader.checkpoints(table["checkpoints"], from: from, to: to)
    }
}

/// Reads check.lua's fields, saying which one is wrong and what it must be.
private struct CheckFields {
    let file: String

    func fail(_ field: String, _ expected: String, _ got: LuaData) -> ExerciseError {
        ExerciseError("\(file): '\(field)' must be \(expected) (got \(got.typeName))")
    }

    func string(_ table: LuaData, _ field: String, in place: String? = nil) throws(ExerciseError) -> String {
        guard case .string(let text) = table[field], !text.isEmpty else {
            throw fail(place.map { "\($0).\(field)" } ?? field, "a string", table[field])
        }
        return text
    }

    func optionalString(_ table: LuaData, _ field: String, in place: String? = nil) throws(ExerciseError) -> String? {
        if table[field] == .nil { return nil }
        return try string(table, field, in: place)
    }

    func number(_ table: LuaData, _ field: String, default fallback: Double? = nil, in place: String? = nil) throws(ExerciseError) -> Double {
        switch table[field] {
        case .number(let value) where value.isFinite: return value
        case .nil where fallback != nil: return fallback ?? 0
        default: throw fail(place.map { "\($0).\(field)" } ?? field, "a number", table[field])
        }
    }

    func strings(_ table: LuaData, _ field: String) throws(ExerciseError) -> [String] {
        let list = table[field]
        guard case .table(let array, _) = list else { throw fail(field, "a list of strings", list) }
        var result: [String] = []
        for item in array {
            guard case .string(let text) = item else { throw fail(field, "a list of strings", item) }
            result.append(text)
        }
        return result
    }

    func requirements(_ value: LuaData) throws(ExerciseError) -> [ExerciseCheck.Requirement] {
        if value == .nil { return [] }
        guard case .table(let array, _) = value else { throw fail("requires", "a table", value) }
        // `requires = { animation = "…" }` or a list of such tables.
        let items = array.isEmpty ? [value] : array
        var result: [ExerciseCheck.Requirement] = []
        for item in items {
            let name = try string(item, "animation", in: "requires")
            guard ExerciseCheck.animationClasses.contains(name) else {
                throw ExerciseError("\(file): 'requires.animation' must be one of \(ExerciseCheck.animationClasses.joined(separator: ", ")) (got '\(name)')")
            }
            result.append(.init(animation: name, keyPath: try optionalString(item, "keyPath", in: "requires")))
        }
        return result
    }

    func checkpoints(_ value: LuaData, from: Double, to: Double) throws(ExerciseError) -> [ExerciseCheck.Checkpoint] {
        if value == .nil { return [] }
        guard case .table(let array, _) = value else { throw fail("checkpoints", "a list of tables", value) }
        var result: [ExerciseCheck.Checkpoint] = []
        for item in array {
            let time = try number(item, "t", in: "checkpoints")
            guard time >= from, time <= to else {
                throw ExerciseError("\(file): a checkpoint's 't' must be within 'from' and 'to' (got \(time))")
            }
            result.append(.init(time: time, keyPath: try string(item, "keyPath", in: "checkpoints"),
                                component: try optionalString(item, "component", in: "checkpoints"),
                                value: try number(item, "value", in: "checkpoints"),
                                within: try number(item, "within", in: "checkpoints")))
        }
        return result
    }
}
