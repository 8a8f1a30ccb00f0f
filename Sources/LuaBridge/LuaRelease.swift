import CLua

/// The Lua release the bridge is built with: its headers', and so the static library's.
public enum LuaRelease {
    /// "5.4.4".
    public static let version = "\(LUA_VERSION_MAJOR).\(LUA_VERSION_MINOR).\(LUA_VERSION_RELEASE)"
}
