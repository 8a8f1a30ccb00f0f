import Foundation
import TestSupport
import Testing
import LayerKit
import LuaBridge
@testable import LuaHost

/// Bugs the fuzzer and the errors table (Tests/ReliabilityTests) found, one test each, named by
/// what a user would have seen.
struct ReliabilityRegressionTests {
    /// Fuzz program 363256345404178072: a cyclic `ca.persist` (`t.self = t`) carried across a
    /// reload pushed 32 nested tables onto the Lua stack without making room for them, and the
    /// heap was corrupted ("corrupted size vs. prev_size" at the next close).
    @Test func deeplyNestedPersistedDataSurvivesAReload() {
        var deep = PersistedValue.integer(7)
        for _ in 0..<3000 { deep = .table([(key: .string("next"), value: deep)]) }
        var options = ScriptOptions()
        options.persisted = .table([(key: .string("chain"), value: deep)])
        options.isReload = true
        let h = ScriptHarness("""
            local t, depth = ca.persist.chain, 0
            while type(t) == "table" do t, depth = t.next, depth + 1 end
            print(depth, t)
            local c = {} c.self = c
            ca.persist.cycle = c
            """, options: options)
        #expect(h.start() == nil)
        #expect(h.output == ["3000\t7"])
        for _ in 0..<50 {
            guard case .table(let entries)? = h.host.persistedData() else {
                Issue.record("no persisted table")
                return
            }
            #expect(entries.count == 2)
        }
    }

    /// Fuzz program 12385159451333097962: `ca.persist` holding a table that shares its subtables
    /// (`t = { t, t }` forty times) was read as 2^40 values when the viewer reloaded: a hang.
    @Test(.timeLimit(.minutes(1)))
    func persistedDataThatSharesTablesIsCutShortWithAMessage() {
        let h = ScriptHarness("""
            local t = {} for i = 1, 40 do t = { t, t } end
            ca.persist.shared = t
            ca.persist.score = 12
            """)
        #expect(h.start() == nil)
        let saved = h.host.persistedData()
        #expect(h.messages == ["ca.persist holds more than 100000 values; only the first 100000 are kept across the reload"])
        #expect(h.errors.first?.context == "ca.persist")
        guard case .table(let entries)? = saved else {
            Issue.record("no persisted table")
            return
        }
        #expect(entries.contains { $0.key == .string("shared") })
    }

    /// Fuzz program 14319441099569151960: `insertSublayer(l, math.mininteger)` overflowed turning
    /// the 1-based index into a 0-based one: a Swift trap.
    @Test func insertSublayerTakesAnyIntegerIndex() {
        let h = ScriptHarness("""
            local a, b, c = ca.Layer{ name = "a" }, ca.Layer{ name = "b" }, ca.Layer{ name = "c" }
            ca.root:addSublayer(a)
            ca.root:insertSublayer(b, math.mininteger)
            ca.root:insertSublayer(c, math.maxinteger)
            local names = {}
            for i, l in ipairs(ca.root.sublayers) do names[i] = l.name end
            print(table.concat(names, " "))
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["b a c"])
    }

    /// Fuzz program 8775718174667212807: a `__gc` metamethod runs with Lua's hooks turned off,
    /// so the time limit could not stop one that loops, and the host hung (at the script's
    /// next allocation or `collectgarbage()`, or in `close()`). Scripts may not set one.
    @Test(.timeLimit(.minutes(1)))
    func aFinalizerCannotHangTheHost() {
        var options = ScriptOptions()
        options.budget.timeLimit = 0.2
        let h = ScriptHarness("""
            local ok, err = pcall(setmetatable, {}, { __gc = function() while true do end end })
            print(ok, err)
            local mt = { __gc = false }
            print(pcall(setmetatable, {}, mt))
            local t = setmetatable({}, { __index = function() return 1 end })
            print(t.x)
            setmetatable({}, { __gc = function() while true do end end })
            collectgarbage()
            """, options: options)
        let error = h.start()
        h.host.close()
        #expect(h.output == [
            "false\tbad argument #2 to 'setmetatable' (a __gc metamethod is not allowed: the time limit cannot stop a finalizer)",
            "false\tbad argument #2 to 'setmetatable' (a __gc metamethod is not allowed: the time limit cannot stop a finalizer)",
            "1",
        ])
        #expect(error?.line == 7)
        #expect(error?.message.hasSuffix("main.lua:7: bad argument #2 to 'setmetatable' (a __gc metamethod is not allowed: the time limit cannot stop a finalizer)") == true)
    }

    /// Fuzz program 6446436672307496238: `('x'):rep(1e4):find(('x?'):rep(20) .. 'y')` backtracks
    /// for hours inside one C call, where the time limit's hook never fires: a hang.
    @Test(.timeLimit(.minutes(1)))
    func aCatastrophicPatternIsStoppedByTheTimeLimit() {
        var options = ScriptOptions()
        options.budget.timeLimit = 0.2
        let h = ScriptHarness("""
            ca.after(0.1, function() print("still running") end)
            local found = ('x'):rep(1e4):find(('x?'):rep(20) .. 'y')
            """, options: options)
        let error = h.start()
        #expect(error?.kind == .timeout)
        #expect(h.messages == ["main.lua:2: script ran too long (more than 0.2 s in one call)"])
        h.run(until: 0.2)
        #expect(h.output == ["still running"])
    }

    /// Found by the fuzzer's check that no message shows a cut path (programs 5007117048991136983,
    /// 13010411966416010388 and more): an error raised with `error(msg, 2)` by a Lua-written
    /// helper (ca.transaction, require, setmetatable), or re-raised by one, named a script whose
    /// path is over 59 bytes as Lua's "...last/56/bytes/main.lua".
    @Test func errorsNameLongScriptPathsInFull() {
        let h = ScriptHarness("""
            ca.after(0, function() ca.transaction(5) end)
            ca.after(0, function() ca.transaction(function() error("inside") end) end)
            ca.after(0, function() require("failing") end)
            ca.after(0, function() local t = nil; ca.transaction(function() return t.x end) end)
            """, files: ["failing.lua": "error('module failed')"])
        #expect((h.folder + "/main.lua").utf8.count > 59)
        #expect(h.start() == nil)
        h.run(until: 0.1)
        #expect(h.messages == [
            "main.lua:1: bad argument #1 to 'transaction' (function expected, got number)",
            "main.lua:2: inside",
            "failing.lua:1: module failed",
            "main.lua:4: attempt to index a nil value (upvalue 't')",
        ])
        #expect(h.errors.allSatisfy { $0.file?.hasPrefix(h.folder) == true })
        #expect(h.errors.allSatisfy { $0.traceback?.contains("...") != true })
    }

    /// Found by docs/errors.md: a check that failed after the binding had pushed a value it
    /// popped in a `defer` (a constructor's key, an array element, an options field) popped the
    /// error message instead, and the user saw "(error object is a table value)" or the bad
    /// value itself ("-1") with no file or line.
    @Test(arguments: [
        ("ca.Layer{ opacity = 'half' }", "main.lua:1: bad value for 'opacity' of Layer (number expected, got 'half')"),
        ("ca.Layer{ position = { 1/0, 0 } }", "main.lua:1: bad value for 'position' of Layer (point {x, y} expected, got table)"),
        ("ca.Layer{ sublayers = { 5 } }", "main.lua:1: bad value for 'sublayers' of Layer (layer expected at [1], got number)"),
        ("ca.Layer{ actions = { opactiy = false } }", "main.lua:1: unknown property 'opactiy' in 'actions' of Layer (did you mean 'opacity'?)"),
        ("ca.BasicAnimation{ keyPath = 'opacity', duration = -1 }", "main.lua:1: bad value for 'duration' (number >= 0 expected, got -1.0)"),
        ("ca.AnimationGroup{ animations = { 5 } }", "main.lua:1: bad value for 'animations' (Animation expected at [1], got number)"),
        ("ca.KeyframeAnimation{ keyPath = 'opacity', values = { 0, 'x' } }", "main.lua:1: bad value for 'values[2]' of 'opacity' (number expected, got 'x')"),
        ("ca.Image.circle{ radius = -1 }", "main.lua:1: bad value for 'radius' (number in 0.5...2048.0 expected, got -1.0)"),
    ])
    func aBadValueInATableIsReportedWithItsMessage(script: String, message: String) {
        let h = ScriptHarness(script)
        h.host.images = BlankImages()
        _ = h.start()
        #expect(h.messages == [message])
    }

    /// Found by docs/errors.md: helpers written in Lua on top of Swift functions (`ca.after`,
    /// `ca.every`, `ca.await`, `require`) reported their mistakes at a line of snowglobe's own
    /// code ("snowglobe:37: bad value for 'interval' of Timer (… got number)"), and a module
    /// that failed to load as "main.lua:1: ././broken.lua:1: …".
    @Test(arguments: [
        ("ca.after(-1, print)", "main.lua:1: bad argument #1 to 'after' (number >= 0 expected, got -1.0)"),
        ("ca.every(0/0, print)", "main.lua:1: bad argument #1 to 'every' (number >= 0 expected, got nan)"),
        ("ca.every(1)", "main.lua:1: bad argument #2 to 'every' (function expected, got no value)"),
        ("ca.Timer.scheduled{ interval = -2, action = print }", "main.lua:1: bad value for 'interval' of Timer (number >= 0 expected, got -2.0)"),
        ("ca.await(function() end)", "main.lua:1: ca.await can only be called inside a task (start one with ca.spawn)"),
        ("require('broken')", "main.lua:1: error loading module 'broken' from file 'broken.lua':\n\tbroken.lua:1: unexpected symbol near '='"),
    ])
    func helpersReportMistakesAtTheScriptsLine(script: String, message: String) {
        let h = ScriptHarness(script, files: ["broken.lua": "local x = = 1"])
        _ = h.start()
        #expect(h.messages == [message])
    }

    @Test func theShortTimerFormsStillWork() {
        let h = ScriptHarness("""
            local t = ca.every(0.1, function(timer) print("tick", timer.interval) end)
            ca.after(0.25, function() t:invalidate() print("after", t.isValid) end)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        #expect(h.output == ["tick\t0.1", "tick\t0.1", "after\tfalse"])
    }

    /// Found by docs/errors.md: a script file that is not text (bytecode, an image saved under
    /// the script's name) was refused with "attempt to load a binary chunk (mode is 't')",
    /// naming no file.
    @Test func aBinaryScriptIsRefusedNamingTheFile() {
        let h = ScriptHarness("\u{1B}Lua\u{54}\u{0}")
        let error = h.start()
        #expect(error?.kind == .syntax)
        #expect(h.messages == ["main.lua: attempt to load a binary chunk (mode is 't')"])
    }

    /// Found by docs/errors.md: `snowglobe check .` crashed, as did any one-letter script name
    /// (`snowglobe check x`): NSString's deletingLastPathComponent traps on them on Linux.
    @Test(arguments: [".", "x", "./", "a/", "/", "main.lua", "dir/main.lua", "/abs/main.lua"])
    func anyScriptPathMakesAHost(path: String) {
        let host = ScriptHost(scriptPath: path)
        defer { host.close() }
        let expected = ["main.lua": ".", "dir/main.lua": "dir", "/abs/main.lua": "/abs", "/": "/", "a/": "a"][path] ?? "."
        #expect(host.scriptFolder == expected)
    }

    /// Fuzz program 2759169522461924401: callbacks that each schedule two more of themselves
    /// doubled every frame (2^n display links, timers or waiting tasks by frame n) and the host
    /// never finished a frame again. Timers and display links are capped at 10,000, and the
    /// errors a host keeps at its latest 1,000 or so.
    @Test(.timeLimit(.minutes(1)), arguments: [
        ("local function f() ca.after(0, f) ca.after(0, f) end f()", "too many timers"),
        ("local function g() ca.DisplayLink(function(link) link:invalidate() g() g() end) end g()", "too many display links"),
        ("local function h() ca.spawn(function() ca.wait(0) h() h() end) end h()", "too many timers"),
    ])
    func callbacksThatMultiplyAreCapped(script: String, message: String) {
        let h = ScriptHarness(script + "\nca.after(0.3, function() print('alive', ca.now()) end)")
        #expect(h.start() == nil)
        h.run(until: 0.3)
        #expect(h.output == ["alive\t0.3"])
        #expect(h.messages.contains { $0.contains(message) })
        #expect(h.errors.count < 2 * ScriptHost.maxKeptErrors)
    }
}

/// Images of the right size, all transparent.
final class BlankImages: ImageProvider {
    func loadImage(atPath path: String) throws -> Image {
        throw CocoaError(.fileNoSuchFile)
    }

    func circle(radius: Double, softness: Double, color: Color) -> Image? {
        let side = Int(radius * 2)
        return Image(width: side, height: side, premultipliedRGBA: [UInt8](repeating: 0, count: side * side * 4))
    }

    func rect(width: Double, height: Double, cornerRadius: Double, color: Color) -> Image? {
        let (w, h) = (Int(width.rounded(.up)), Int(height.rounded(.up)))
        return Image(width: w, height: h, premultipliedRGBA: [UInt8](repeating: 0, count: w * h * 4))
    }

    func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image? {
        let side = Int(size)
        return Image(width: side, height: side, premultipliedRGBA: [UInt8](repeating: 0, count: side * side * 4))
    }
}
