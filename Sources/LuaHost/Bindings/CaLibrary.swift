import LayerKit
import LuaBridge
import Spelling

/// The `ca` table: every binding's classes and functions, and `ca`'s own (values, time, input,
/// persistence and tasks). The Lua-level conveniences (`ca.transaction`, `ca.await`) are in
/// `extras`.
enum CaLibrary {
    /// Every binding of the `ca` API, one line each, each after the bindings of its classes'
    /// parents: the host registers their classes and installs their functions in this order,
    /// and the docs describe them in it.
    static var bindings: [any CaBinding.Type] {
        [
            LayerBinding.self,
            EmitterCellBinding.self,
            FilterBinding.self,
            AnimationBinding.self,
            BasicAnimationBinding.self,
            SpringAnimationBinding.self,
            KeyframeAnimationBinding.self,
            AnimationGroupBinding.self,
            TransitionBinding.self,
            TimingFunctionBinding.self,
            TransformBinding.self,
            PathBinding.self,
            ImageBinding.self,
            MeasureTextBinding.self,
            TransactionBinding.self,
            TimerBinding.self,
            DisplayLinkBinding.self,
        ]
    }

    /// Every class of the API, parents first.
    static var classes: [LuaClass] { bindings.flatMap { $0.classes } }

    /// Input events a script can handle with `ca.on`.
    static let events = ["keydown", "keyup", "mousedown", "mouseup", "mousemove", "resize"]

    /// The reference's lines for `ca`'s own functions and values, after the bindings'.
    static var functions: [CaFunctionDoc] {
        [
            CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.Color(r, g, b[, a])", returns: "colour",
                                                     "the colour table {r, g, b, a}, components from 0 to 1 (a: 1 when "
                                                         + "left out)"),
                                  CaFunctionDoc.Call("ca.Color(color[, a])", returns: "colour",
                                                     "the same from any colour form: a CSS name (\"red\"), \"#RRGGBB[AA]\", "
                                                         + "a table; `a` replaces the alpha")],
                          fields: [("Color", "fun(r: number|ca.Color, g?: number, b?: number, a?: number): ca.ColorValue")]),
            CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.transaction(fn[, {duration, timingFunction, disableActions, completion}])",
                                                     "runs `fn()` inside a transaction with those settings (as "
                                                         + "ca.Transaction's setters), committed when `fn` returns or fails; "
                                                         + "`completion()` runs when its animations have finished")],
                          fields: [("transaction",
                                    "fun(fn: fun(), opts?: {duration?: number, timingFunction?: MediaTimingFunction|string, disableActions?: boolean, completion?: fun()})")]),
            CaFunctionDoc(calls: [
                              CaFunctionDoc.Call("ca.spawn(fn)",
                                                 "runs `fn()` as a task at once, until it first waits; it goes on when its "
                                                     + "wait is over, so a sequence reads top to bottom"),
                              CaFunctionDoc.Call("ca.wait(seconds)", "inside a task: pauses it for `seconds` of media time"),
                              CaFunctionDoc.Call("ca.await(fn[, opts])",
                                                 "inside a task: runs `fn()` in a transaction as `ca.transaction` does "
                                                     + "and pauses the task until the animations it added have finished"),
                          ],
                          fields: [("spawn", "fun(fn: fun())"), ("wait", "fun(seconds: number)"),
                                   ("await",
                                    "fun(fn: fun(), opts?: {duration?: number, timingFunction?: MediaTimingFunction|string, disableActions?: boolean, completion?: fun()})")]),
            CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.now()", returns: "number",
                                                     "the media time of the current frame, in seconds from the start")],
                          fields: [("now", "fun(): number")]),
            CaFunctionDoc(calls: [CaFunctionDoc.Call("ca.on(event, fn)",
                                                     "calls `fn` for each input event of that kind (see Events below for "
                                                         + "what `fn` receives); several handlers of one event run in the "
                                                         + "order added")],
                          fields: [("on", "fun(event: \"\(events.joined(separator: "\"|\""))\", fn: function)")],
                          declarations: ["on": EventDocs.onDeclaration]),
            CaFunctionDoc(calls: [
                              CaFunctionDoc.Call("ca.root", returns: "Layer",
                                                 "the layer that fills the window; add yours to it. Its bounds are the "
                                                     + "window's size in points, and follow it"),
                              CaFunctionDoc.Call("ca.screen", returns: "{width, height, scale, uiScale}",
                                                 "the window's size in points, its pixels per point, and how much "
                                                     + "larger the viewer draws its own text (`--ui-scale`; 1 headless "
                                                     + "unless `render --ui-scale` says otherwise)"),
                              CaFunctionDoc.Call("ca.persist", returns: "table",
                                                 "a table kept across hot reloads (numbers, strings, booleans and tables "
                                                     + "of them)"),
                              CaFunctionDoc.Call("ca.isReload", returns: "boolean",
                                                 "whether this run is a hot reload after a save"),
                          ],
                          fields: [("root", "Layer"), ("screen", "{width: number, height: number, scale: number, uiScale: number}"),
                                   ("persist", "table"), ("isReload", "boolean")]),
        ]
    }

    static func install(_ host: ScriptHost) throws(LuaError) {
        let lua = host.lua
        lua.newTable(fieldCount: 40)
        let ca = lua.absIndex(-1)
        lua.pushValue(at: ca)
        lua.setGlobal("ca")
        for binding in bindings {
            try binding.install(lua, ca: ca)
        }
        for (name, function) in [("Color", newColor), ("now", now), ("on", on), ("spawn", spawn), ("wait", wait),
                                 ("__waker", waker)] as [(String, LuaFunction)] {
            lua.setFunction(function, named: name, inTableAt: ca)
        }
        lua.push(host.scene.root)
        lua.rawSet(ca, field: "root")
        host.pushScreen()
        lua.rawSet(ca, field: "screen")
        if let persisted = host.options.persisted, case .table = persisted {
            host.pushPersisted(persisted)
        } else {
            lua.newTable()
        }
        lua.rawSet(ca, field: "persist")
        lua.push(host.options.isReload)
        lua.rawSet(ca, field: "isReload")
        lua.pop()
        try lua.run(extras, chunkName: "=snowglobe")
    }

    /// The conveniences written in Lua on top of the Swift functions.
    static let extras = #"""
local ca = ca
local T, pairs, type, error, pcall = ca.Transaction, pairs, type, error, pcall
local yield = coroutine.yield
local waker = ca.__waker
ca.__waker = nil

function ca.transaction(fn, opts)
  if type(fn) ~= "function" then
    error("bad argument #1 to 'transaction' (function expected, got " .. type(fn) .. ")", 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'transaction' (table expected, got " .. type(opts) .. ")", 2)
  end
  T.begin()
  if opts then
    for k, v in pairs(opts) do
      if k == "duration" then T.setAnimationDuration(v)
      elseif k == "timingFunction" then T.setAnimationTimingFunction(v)
      elseif k == "disableActions" then T.setDisableActions(v)
      elseif k == "completion" then T.setCompletionBlock(v)
      else
        T.commit()
        error("unknown option '" .. tostring(k) .. "' for ca.transaction (valid: duration, timingFunction, disableActions, completion)", 2)
      end
    end
  end
  local ok, err = pcall(fn)
  T.commit()
  if not ok then error(err, 0) end
end

function ca.await(fn, opts)
  local wake = waker()
  if not wake then
    error("ca.await can only be called inside a task (start one with ca.spawn)", 2)
  end
  local o = {}
  if opts then for k, v in pairs(opts) do o[k] = v end end
  local user = o.completion
  o.completion = function()
    if user then user() end
    wake()
  end
  ca.transaction(fn, o)
  return yield()
end
"""#
}

extension ScriptHost {
    /// Pushes `ca.screen`: `{ width, height, scale, uiScale }`.
    func pushScreen() {
        let bounds = scene.root.rect(.bounds)
        lua.newTable(fieldCount: 4)
        lua.rawSet(-1, field: "width", to: bounds.width)
        lua.rawSet(-1, field: "height", to: bounds.height)
        lua.rawSet(-1, field: "scale", to: options.scale)
        lua.rawSet(-1, field: "uiScale", to: options.uiScale)
        lua.setShape(.screen)
    }

    /// Registers every type and builds `ca`.
    func installAPI() {
        ObjectState.install(lua)
        Snapshot.install(lua)
        for type in CaLibrary.classes {
            type.register(lua)
        }
        do {
            try ValueShape.install(lua)
            try CaLibrary.install(self)
        } catch {
            report(ScriptError(error, context: "snowglobe's ca library"))
        }
    }
}

/// The `__newindex` that makes `layer:presentation()` snapshots read-only, and the
/// `__tostring` that says what one is ("presentation() of Layer: 0x…").
enum Snapshot {
    static let newindexKey = "snowglobe.snapshot.newindex"
    static let tostringKey = "snowglobe.snapshot.tostring"

    static func install(_ lua: LuaState) {
        do {
            try lua.run("""
                return function(_, k)
                  error("cannot set '" .. tostring(k) .. "': presentation() is a read-only snapshot", 2)
                end, function(t)
                  return "presentation() of " .. tostring(t.modelLayer)
                end
                """, chunkName: "=snowglobe", results: 2)
            lua.rawSet(LuaState.registryIndex, field: tostringKey)
            lua.rawSet(LuaState.registryIndex, field: newindexKey)
        } catch {
            lua.newTable()
            lua.rawSet(LuaState.registryIndex, field: newindexKey)
        }
    }
}

/// `ca.Color(r, g, b[, a])` → `{ r, g, b, a }`, components in 0…1; or `ca.Color(color[, a])`
/// for any form a colour property takes (a CSS name, "#RRGGBB[AA]", a table), with its alpha
/// replaced when `a` is given.
private func newColor(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        if lua.type(at: 1) != .number {
            guard case .color(var color) = try lua.checkValue(1, kind: .color) else { return 0 }
            if !lua.isNoneOrNil(2) {
                let a = try lua.checkNumber(2)
                guard a.isFinite else { throw lua.argError(2, "finite number expected, got \(a.isNaN ? "nan" : "inf")") }
                color = Color(r: color.r, g: color.g, b: color.b, a: a)
            }
            lua.pushColor(color)
            return 1
        }
        var c: [Double] = []
        for arg: Int32 in 1...4 {
            let v = arg == 4 ? try lua.optNumber(4, default: 1) : try lua.checkNumber(arg)
            guard v.isFinite else { throw lua.argError(arg, "finite number expected, got \(v.isNaN ? "nan" : "inf")") }
            c.append(v)
        }
        lua.pushColor(Color(r: c[0], g: c[1], b: c[2], a: c[3]))
        return 1
    }
}

/// `ca.now()`: the media time of the current frame.
private func now(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(try ScriptHost.require(lua).scene.time); return 1 }
}

/// `ca.on(event, fn)`.
private func on(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let event = try lua.checkString(1)
        guard CaLibrary.events.contains(event) else {
            let hint = NameSuggestion.closest(to: event, among: CaLibrary.events).map { "; did you mean '\($0)'?" } ?? ""
            throw lua.argError(1, "unknown event '\(event)' (valid: \(CaLibrary.events.joined(separator: ", "))\(hint))")
        }
        try lua.checkFunction(2)
        let host = try ScriptHost.require(lua)
        lua.top = 2
        host.eventHandlers[event, default: []].append(LuaCallback(popping: lua, host: host))
        return 0
    }
}

/// `ca.spawn(fn)`: runs fn as a task now, until it first waits.
private func spawn(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        try lua.checkFunction(1)
        let host = try ScriptHost.require(lua)
        lua.top = 1
        host.spawnTask(from: lua)
        return 0
    }
}

/// `ca.wait(seconds)`: pauses the running task for `seconds` of media time.
private func wait(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let seconds = try lua.checkNumber(1)
        guard !seconds.isNaN, seconds >= 0 else { throw lua.argError(1, "seconds >= 0 expected, got \(seconds)") }
        let host = try ScriptHost.require(lua)
        guard lua.isYieldable, host.tasks[lua.L] != nil else {
            throw lua.error("ca.wait can only be called inside a task (start one with ca.spawn)")
        }
        try TimerBinding.checkRoom(lua, host)
        let thread = lua.L
        host.scene.scheduleTimer(interval: seconds.isFinite ? seconds : .infinity, repeats: false) { [weak host] _ in
            host?.resumeTask(thread)
        }
        return lua.yield(results: 0)
    }
}

/// `waker()`: a function that resumes the running task (for `ca.await`), or nil outside a task
/// (`ca.await` then raises at its caller's line).
private func waker(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let host = try ScriptHost.require(lua)
        guard lua.isYieldable, host.tasks[lua.L] != nil else {
            lua.pushNil()
            return 1
        }
        lua.push(lightUserdata: UnsafeRawPointer(lua.L))
        lua.push(wake, name: "wake", upvalues: 1)
        return 1
    }
}

private func wake(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        let host = try ScriptHost.require(lua)
        guard let pointer = lua.toUserdata(at: lua.upvalueIndex(1)) else { return 0 }
        let thread = OpaquePointer(pointer)
        // Resume from the scene's loop, not from inside the completion block that woke it.
        host.scene.scheduleTimer(interval: 0, repeats: false) { [weak host] _ in host?.resumeTask(thread) }
        return 0
    }
}
