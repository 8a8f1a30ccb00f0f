/// A line of the reference's function list: how a script calls something in `ca`, what it
/// gives, and the LuaLS type of each `ca` field the line covers.
struct CaFunctionDoc: Sendable {
    /// How it is called: `"ca.Timer.scheduled{interval, repeats, action}, ca.every(interval, fn)"`.
    let usage: String
    /// What it gives: `"timers"`.
    let summary: String
    /// The fields of `ca` it covers, with their LuaLS types, for the definitions file.
    let fields: [(name: String, luaType: String)]

    init(_ usage: String, _ summary: String, fields: [(name: String, luaType: String)]) {
        self.usage = usage
        self.summary = summary
        self.fields = fields
    }
}
