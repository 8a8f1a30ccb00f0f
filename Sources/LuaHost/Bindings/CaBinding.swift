import LuaBridge

/// One binding file of the `ca` API: the Lua classes it declares and what it adds to the `ca`
/// table, each with its documentation. `CaLibrary.bindings` lists every binding, one line each:
/// a new Lua class is a new binding file and a line there; the host registers it and the
/// reference and LuaLS definitions (`snowglobe docs`) describe it from that.
protocol CaBinding {
    /// The classes it declares, each after its parent. None by default.
    static var classes: [LuaClass] { get }
    /// The reference's lines for what `install` adds to `ca`. None by default.
    static var functions: [CaFunctionDoc] { get }
    /// Adds the binding's constructors, functions and tables to the `ca` table at index `ca`
    /// (its classes are registered by then). Nothing by default.
    static func install(_ lua: LuaState, ca: Int32) throws(LuaError)
}

extension CaBinding {
    static var classes: [LuaClass] { [] }
    static var functions: [CaFunctionDoc] { [] }
    static func install(_ lua: LuaState, ca: Int32) throws(LuaError) {}
}
