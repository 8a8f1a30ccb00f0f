/// What one binding adds to `ca`, for the reference and the LuaLS definitions: each way a
/// script calls it (how, what it returns, what it does), and the LuaLS type of each `ca` field
/// it covers.
struct CaFunctionDoc: Sendable {
    /// One way to call it.
    struct Call: Sendable {
        /// How it is called: `"ca.every(interval, fn)"`.
        let usage: String
        /// What it returns, in words (`"Timer"`); nil when nothing.
        let returns: String?
        /// What it does, with its units.
        let summary: String

        init(_ usage: String, returns: String? = nil, _ summary: String) {
            self.usage = usage
            self.returns = returns
            self.summary = summary
        }
    }

    /// The calls, in the reference's order.
    let calls: [Call]
    /// The fields of `ca` it covers, with their LuaLS types, for the definitions file.
    let fields: [(name: String, luaType: String)]
    /// LuaLS declarations (`function ca.on(event, fn) end` with its `---@overload`s) that stand
    /// in for a field's `---@field` line, by field name: for what one type cannot say.
    let declarations: [String: String]
    /// LuaLS classes the fields' types name (`ca.TimerLib`, the table `ca.Timer` is), written
    /// before the `ca` class.
    let types: String

    init(calls: [Call], fields: [(name: String, luaType: String)], declarations: [String: String] = [:],
         types: String = "") {
        self.calls = calls
        self.fields = fields
        self.declarations = declarations
        self.types = types
    }

    /// A line of one call, returning nothing said.
    init(_ usage: String, _ summary: String, fields: [(name: String, luaType: String)]) {
        self.init(calls: [Call(usage, summary)], fields: fields)
    }
}
