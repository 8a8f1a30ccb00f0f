import Foundation
import LuaBridge

/// The sandbox: base, string, table, math, utf8, coroutine and os.clock/time/date only (on media
/// time, see `MediaTimeOS`); no io,
/// no debug, no package.loadlib; loadfile, dofile and require confined to the script's folder
/// and the Scripts/ library; math.random seeded from the options; `pairs` in the same order in
/// every run.
extension ScriptHost {
    /// The largest file a script may load as code.
    static let maxChunkBytes = 16 << 20

    func installSandbox() {
        lua.open([.base, .string, .table, .math, .utf8, .coroutine, .os])
        lua.limitStringPatterns()
        lua.orderPairs()
        lua.removeFields(["execute", "remove", "rename", "exit", "getenv", "tmpname", "setlocale", "difftime"],
                         fromGlobal: "os")
        lua.removeGlobals(["dofile", "loadfile"])
        let seed = Int(truncatingIfNeeded: options.seed)
        do {
            try lua.run("math.randomseed(\(seed))", chunkName: Bootstrap.chunkName)
            try lua.load(Bootstrap.source, chunkName: Bootstrap.chunkName)
            lua.push(luaWrite, name: "print")
            lua.push(luaFindModule, name: "require")
            lua.push(luaReadChunk, name: "loadfile")
            try lua.pcall(arguments: 3)
        } catch {
            report(ScriptError(error, context: "snowglobe's sandbox"))
        }
        installMediaTimeOS()
    }

    /// Where `require(name)` finds a module: next to the script, then in Scripts/.
    func findModule(_ name: String) -> (path: String?, searched: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.contains("/") && $0 != ".." }) else {
            return (nil, "\n\tinvalid module name '\(name)'")
        }
        let relative = parts.joined(separator: "/")
        var folders = [scriptFolder]
        if let library = options.libraryPath { folders.append(library) }
        var searched = ""
        for folder in folders {
            for candidate in ["\(folder)/\(relative).lua", "\(folder)/\(relative)/init.lua"] {
                if FileManager.default.fileExists(atPath: candidate) { return (candidate, "") }
                searched += "\n\tno file '\(candidate)'"
            }
        }
        return (nil, searched)
    }

    /// Reads a Lua file for loadfile, dofile and require, if it is inside the script's folder or
    /// the library: (source, chunk name) or (nil, message). A relative `path` starts at the
    /// script's folder, unless `asFound` says it is one `findModule` returned, which already
    /// includes its folder.
    func readChunk(_ path: String, asFound: Bool = false) -> (source: String?, chunkOrMessage: String) {
        let resolved = path.hasPrefix("/") || asFound ? path : "\(scriptFolder)/\(path)"
        let real: String
        switch confine(resolved) {
        case .missing: return (nil, "cannot open \(path) (no such file)")
        case .outside: return (nil, "cannot open \(path) (\(ScriptHost.outsideReason))")
        case .inside(let path): real = path
        }
        if let text = options.sources[resolved] ?? options.sources[real] {
            noteDependency(resolved)
            watchCopies(in: text, chunk: "@\(resolved)")
            return (text, "@\(resolved)")
        }
        guard let data = FileManager.default.contents(atPath: real) else {
            return (nil, "cannot read \(path) (\(FileAccess.problem(reading: real) ?? "unreadable"))")
        }
        guard data.count <= ScriptHost.maxChunkBytes else {
            return (nil, "cannot load \(path) (larger than \(ScriptHost.maxChunkBytes >> 20) MiB)")
        }
        noteDependency(resolved)
        let source = String(decoding: data, as: UTF8.self)
        watchCopies(in: source, chunk: "@\(resolved)")
        return (source, "@\(resolved)")
    }

    /// Where a file a script names may be: inside the script's folder or the Scripts library
    /// (links followed), missing, or outside them.
    enum Confinement: Equatable {
        case inside(realPath: String)
        case missing
        case outside
    }

    /// Why a file outside the sandbox cannot be opened.
    static let outsideReason = "outside the script's folder and the Scripts library"

    /// Where `resolved` (an absolute path) really is, and whether a script may read it.
    func confine(_ resolved: String) -> Confinement {
        guard let real = realPath(resolved) else { return .missing }
        let roots = [scriptFolder, options.libraryPath].compactMap { $0 }.compactMap(realPath)
        return roots.contains(where: { real == $0 || real.hasPrefix($0 + "/") }) ? .inside(realPath: real) : .outside
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = Foundation.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// `write(text)`: print's output.
private func luaWrite(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let text = try lua.checkString(1)
        try ScriptHost.require(lua).output(text)
        return 0
    }
}

/// `findModule(name) -> path | nil, searched`.
private func luaFindModule(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let name = try lua.checkString(1)
        let (path, searched) = try ScriptHost.require(lua).findModule(name)
        if let path { lua.push(path) } else { lua.pushNil() }
        lua.push(searched)
        return 2
    }
}

/// `readChunk(path, asFound) -> source, chunkname | nil, message`.
private func luaReadChunk(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let path = try lua.checkString(1)
        let (source, second) = try ScriptHost.require(lua).readChunk(path, asFound: lua.toBool(at: 2))
        if let source { lua.push(source) } else { lua.pushNil() }
        lua.push(second)
        return 2
    }
}
