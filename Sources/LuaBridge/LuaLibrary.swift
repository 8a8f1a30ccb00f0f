import CLua
import LuaShim

/// A Lua standard library, to open one by one (a sandbox opens only the safe ones).
public enum LuaLibrary: String, CaseIterable, Sendable {
    /// The base library (`print`, `pairs`, `pcall`, `load`…), as the global table `_G`.
    case base = "_G"
    /// `require` and `package`.
    case package
    /// `coroutine`.
    case coroutine
    /// `table`.
    case table
    /// `io` (files: not for sandboxes).
    case io
    /// `os` (remove `execute`, `remove`, `rename`, `exit`, `getenv`, `tmpname` in a sandbox).
    case os
    /// `string` (also the strings' metatable).
    case string
    /// `math`.
    case math
    /// `utf8`.
    case utf8
    /// `debug` (breaks every guarantee: not for sandboxes).
    case debug

    /// The library's `luaopen_` function.
    var opener: lua_CFunction {
        switch self {
        case .base: luaopen_base
        case .package: luaopen_package
        case .coroutine: luaopen_coroutine
        case .table: luaopen_table
        case .io: luaopen_io
        case .os: luaopen_os
        case .string: luaopen_string
        case .math: luaopen_math
        case .utf8: luaopen_utf8
        case .debug: luaopen_debug
        }
    }
}

extension LuaState {
    /// Makes the global `pairs` visit keys in the same order in every run (numbers ascending,
    /// then strings by their bytes, then booleans, then the rest): Lua's own order follows string
    /// hashes, which each state seeds afresh. Call it after opening the base library.
    public func orderPairs() {
        sg_orderpairs(L)
    }

    /// Opens `libraries` (`luaL_requiref`): each is set as a global and in `package.loaded`.
    public func open(_ libraries: [LuaLibrary]) {
        for library in libraries {
            luaL_requiref(L, library.rawValue, library.opener, 1)
            pop()
        }
    }
}
