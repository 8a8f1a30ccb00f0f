import Glibc
import LuaBridge
import Testing

@Suite("Loading, protected calls and LuaError")
struct LuaErrorTests {
    @Test func runtimeErrorWithFileLineAndTraceback() {
        let vm = makeVM()
        defer { vm.close() }
        do {
            try vm.lua.run("local function f()\n  error('broken')\nend\nf()", chunkName: "@scenes/snow.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .runtime)
            #expect(error.message == "scenes/snow.lua:2: broken")
            #expect(error.file == "scenes/snow.lua" && error.line == 2)
            let traceback = error.traceback ?? ""
            #expect(traceback.hasPrefix("stack traceback:"))
            #expect(traceback.contains("scenes/snow.lua:2: in "))
            #expect(traceback.contains("scenes/snow.lua:4: in main chunk"))
            #expect(error.description == error.message + "\n" + traceback)
        }
        #expect(vm.lua.top == 0)
    }

    @Test func errorLevelTwoPointsAtTheCaller() {
        let vm = makeVM()
        defer { vm.close() }
        do {
            try vm.lua.run("local function check(x)\n  error('bad x', 2)\nend\n\ncheck(1)", chunkName: "@main.lua")
        } catch {
            #expect(error.message == "main.lua:5: bad x")
            #expect(error.file == "main.lua" && error.line == 5)
        }
    }

    @Test func syntaxError() {
        let vm = makeVM()
        defer { vm.close() }
        do {
            try vm.lua.load("local x = 1\nlocal = 2", chunkName: "@main.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message == "main.lua:2: <name> expected near '='")
            #expect(error.file == "main.lua" && error.line == 2)
            #expect(error.traceback == nil)
        }
        #expect(vm.lua.top == 0)
    }

    @Test func longPathsAreNotCut() {
        let vm = makeVM()
        defer { vm.close() }
        let path = "/home/someone/projects/snowglobe/examples/lessons/timing/very_long_file_name.lua"
        do {
            try vm.lua.run("\n\nerror('deep')", chunkName: "@" + path)
        } catch {
            #expect(error.file == path && error.line == 3)
            #expect(error.message.hasSuffix(":3: deep"))
        }
        do {
            try vm.lua.load("x = = 1", chunkName: "@" + path)
        } catch {
            #expect(error.file == path && error.line == 1)
            #expect(error.message.hasPrefix("...")) // Lua's own message keeps its 60-character cut
        }
        // Messages built by the bridge name the whole path.
        vm.lua.setGlobal("add", function: add)
        do {
            try vm.lua.run("add()", chunkName: "@" + path)
        } catch {
            #expect(error.message == "\(path):1: bad argument #1 to 'add' (number expected, got no value)")
            #expect(error.file == path && error.line == 1)
        }
    }

    @Test func stringChunks() {
        let vm = makeVM()
        defer { vm.close() }
        do {
            try vm.lua.run("error('x')")
        } catch {
            #expect(error.message == "[string \"error('x')\"]:1: x")
            #expect(error.file == "[string \"error('x')\"]" && error.line == 1)
        }
        do {
            try vm.lua.run("error('x')", chunkName: "=console")
        } catch {
            #expect(error.message == "console:1: x" && error.file == "console")
        }
    }

    @Test func nonStringErrorObjects() {
        let vm = makeVM()
        defer { vm.close() }
        do {
            try vm.lua.run("error({})", chunkName: "=t")
        } catch {
            #expect(error.message == "(error object is a table value)")
            #expect(error.kind == .runtime && error.line == 1)
        }
        do {
            try vm.lua.run("error(42)", chunkName: "=t")
        } catch {
            #expect(error.message == "42")
        }
    }

    @Test func loadFile() throws {
        let vm = makeVM()
        defer { vm.close() }
        let path = "/tmp/luabridge-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).lua"
        let file = try #require(fopen(path, "w"))
        fputs("#!/usr/bin/env lua\nreturn 6 * 7\n", file)
        fclose(file)
        defer { unlink(path) }
        try vm.lua.run(file: path, results: 1)
        #expect(vm.lua.toInteger(at: -1) == 42)
        vm.lua.pop()
        do {
            try vm.lua.load(file: path + ".missing")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .file)
            #expect(error.message.hasPrefix("cannot open \(path).missing"))
        }
    }

    @Test func binaryChunksRefusedByDefault() throws {
        let vm = makeVM()
        defer { vm.close() }
        do {
            try vm.lua.load("\u{1B}Lua", chunkName: "=bin")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message.contains("attempt to load a binary chunk"))
        }
    }

    @Test func positionParsing() {
        #expect(LuaError(kind: .runtime, message: "x").description == "x")
    }
}

@Suite("Standard libraries and sandboxing")
struct LuaLibraryTests {
    @Test func openOnlyWhatIsAsked() throws {
        let vm = LuaVM()
        defer { vm.close() }
        vm.lua.open([.base, .math])
        #expect(try vm.lua.eval("return type(math) .. ' ' .. type(string) .. ' ' .. type(io)") == "table nil nil")
        vm.lua.open([.string, .os])
        #expect(try vm.lua.eval("return ('x'):rep(3)") == "xxx")
        vm.lua.removeGlobals(["dofile", "loadfile"])
        vm.lua.removeFields(["execute", "remove", "rename", "exit", "getenv", "tmpname"], fromGlobal: "os")
        vm.lua.removeFields(["x"], fromGlobal: "nonexistent")
        #expect(try vm.lua.eval("return tostring(dofile) .. tostring(os.execute) .. type(os.clock)") == "nilnilfunction")
        #expect(vm.lua.top == 0)
    }

    @Test func everyLibraryOpens() throws {
        let vm = LuaVM()
        defer { vm.close() }
        vm.lua.open(LuaLibrary.allCases)
        #expect(try vm.lua.eval("return type(debug) .. type(io) .. type(utf8) .. type(coroutine) .. type(package)")
            == "tabletabletabletabletable")
    }
}
