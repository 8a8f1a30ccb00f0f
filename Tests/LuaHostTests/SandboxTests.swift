import Foundation
import TestSupport
import Testing
import LayerKit
import LuaBridge
@testable import LuaHost

/// What a script may not do, the budgets, require, persistence and determinism.
struct SandboxTests {
    @Test func dangerousLibrariesAreNotThere() {
        let h = ScriptHarness("""
            print(io, debug, package, os.execute, os.remove, os.rename, os.exit, os.getenv)
            print(type(os.clock), type(os.time), type(os.date), type(string.format), type(utf8.char), type(coroutine.wrap))
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["nil\tnil\tnil\tnil\tnil\tnil\tnil\tnil", "function\tfunction\tfunction\tfunction\tfunction\tfunction"])
    }

    @Test func everyCaFunctionTakesAPooledTrampoline() {
        // The ca library's Swift functions all fit the VM's pool, so none pays for a closure's
        // upvalue read (raise SG_POOLSIZE or SG_METHODPOOLSIZE in LuaShim.h if this fails).
        let h = ScriptHarness("print(type(ca.Layer), type(ca.now))")
        #expect(h.start() == nil)
        let pool = h.host.lua.pooledFunctions
        #expect(pool.count > 40)
        #expect(pool.count < pool.capacity)
        // So do the methods of its types.
        let methods = h.host.lua.pooledMethods
        #expect(methods.count > 20)
        #expect(methods.count < methods.capacity)
    }

    @Test func loadRefusesBytecode() {
        let h = ScriptHarness("""
            local f, err = load(string.dump(function() return 1 end))
            print(f, err ~= nil)
            print(load("return 2")())
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["nil\ttrue", "2"])
    }

    @Test func requireFindsModulesBesideTheScriptThenInScripts() throws {
        let library = NSTemporaryDirectory() + "snowglobe-lib-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: library) }
        _ = FileManager.default.createFile(atPath: "\(library)/shared.lua", contents: Data("return { who = 'library' }".utf8))
        var options = ScriptOptions()
        options.libraryPath = library
        let h = ScriptHarness("""
            local a = require "helper"
            local b = require "helper"
            print(a.who, a == b, require("shared").who, require("ca") == ca, require("sub.part").who)
            print(pcall(require, "missing"))
            """, files: ["helper.lua": "return { who = 'beside' }", "sub/part.lua": "return { who = 'sub' }"], options: options)
        #expect(h.start() == nil)
        #expect(h.output.first == "beside\ttrue\tlibrary\ttrue\tsub")
        #expect(h.output.last?.contains("module 'missing' not found") == true)
        #expect(h.host.dependencies.count == 4)
    }

    /// `snowglobe check Examples/x.lua` gives a relative path with a folder in it, and
    /// `SNOWGLOBE_SCRIPTS=Scripts` a relative library: require must find modules in both.
    @Test func requireWorksWhenTheScriptAndLibraryPathsAreRelative() throws {
        let base = NSTemporaryDirectory() + "snowglobe-relative-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: "\(base)/examples", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(base)/lib", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = FileManager.default.createFile(atPath: "\(base)/examples/main.lua",
                                           contents: Data("print(require('beside').who, require('shared').who)".utf8))
        _ = FileManager.default.createFile(atPath: "\(base)/examples/beside.lua", contents: Data("return { who = 'beside' }".utf8))
        _ = FileManager.default.createFile(atPath: "\(base)/lib/shared.lua", contents: Data("return { who = 'library' }".utf8))
        // The same folders, named relative to the current directory.
        let up = String(repeating: "../", count: FileManager.default.currentDirectoryPath.split(separator: "/").count)
        let relative = up + base.drop(while: { $0 == "/" })
        var options = ScriptOptions()
        options.libraryPath = "\(relative)/lib"
        let host = ScriptHost(scriptPath: "\(relative)/examples/main.lua", options: options)
        defer { host.close() }
        var printed: [String] = []
        host.output = { printed.append($0) }
        try host.start()
        #expect(printed == ["beside\tlibrary"])
        #expect(host.errors.isEmpty)
    }

    @Test func aModuleThatRequiresItselfIsAnError() {
        let h = ScriptHarness("require 'loop'", files: ["loop.lua": "require 'loop'\nreturn {}"])
        #expect(h.start() != nil)
        #expect(h.messages.first?.contains("module 'loop' requires itself") == true)
    }

    @Test func loadfileAndDofileStayInTheScriptsFolder() {
        let h = ScriptHarness("""
            print(dofile("other.lua"))
            local f, err = loadfile("/etc/passwd")
            print(f, err)
            print(pcall(dofile, "../outside.lua"))
            """, files: ["other.lua": "return 42"])
        #expect(h.start() == nil)
        #expect(h.output[0] == "42")
        #expect(h.output[1] == "nil\tcannot open /etc/passwd (outside the script's folder and the Scripts library)")
        #expect(h.output[2].hasPrefix("false\t"))
    }

    @Test func imagesStayInTheScriptsFolder() throws {
        let h = ScriptHarness("""
            print(pcall(ca.Image.load, "/etc/hostname"))
            print(pcall(ca.Image.load, "escape.png"))
            print(ca.Image.load("inside.png").width)
            print(ca.Image.load("art/../inside.png").width)
            """, files: ["inside.png": "(read by the recording provider)"])
        let images = RecordingImages()
        h.host.images = images
        // A link inside the folder to a file outside it is still outside.
        try FileManager.default.createSymbolicLink(atPath: h.folder + "/escape.png", withDestinationPath: "/etc/hostname")
        try FileManager.default.createDirectory(atPath: h.folder + "/art", withIntermediateDirectories: true)
        #expect(h.start() == nil)
        let outside = "(outside the script's folder and the Scripts library)"
        #expect(h.output.count == 4)
        #expect(h.output.first?.hasSuffix("cannot load image '/etc/hostname' \(outside)") == true)
        #expect(h.output.dropFirst().first?.hasSuffix("cannot load image 'escape.png' \(outside)") == true)
        #expect(h.output.dropFirst(2) == ["1", "1"])
        // Nothing outside ever reached the image loader.
        #expect(images.paths.allSatisfy { $0.hasPrefix(h.folder) && !$0.hasSuffix("escape.png") })
    }

    @Test func anEndlessLoopIsStoppedAndTheHostCarriesOn() {
        var options = ScriptOptions()
        options.budget.timeLimit = 0.2
        let h = ScriptHarness("""
            ca.after(0.1, function() while true do end end)
            ca.every(0.2, function() print("still here") end)
            """, options: options)
        #expect(h.start() == nil)
        h.run(until: 0.45)
        #expect(h.errors.count == 1)
        #expect(h.errors.first?.kind == .timeout)
        #expect(h.output == ["still here", "still here"])
    }

    @Test func runawayMemoryIsStopped() {
        var options = ScriptOptions()
        options.budget.memoryLimit = 16 << 20
        let h = ScriptHarness("""
            local t = {}
            for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end
            """, options: options)
        #expect(h.start() != nil)
        #expect(h.errors.first?.kind == .memory)
        // The VM is still usable afterwards.
        #expect(h.eval("collectgarbage(); print(1 + 1)") == ["2"])
    }

    @Test func syntaxErrorsNameTheLine() {
        let h = ScriptHarness("local x = 1\nlocal y = = 2\n")
        let error = h.start()
        #expect(error?.kind == .syntax)
        #expect(error?.line == 2)
        #expect(h.messages.first?.hasPrefix("main.lua:2:") == true)
    }

    @Test func persistCarriesPlainDataAcrossAReload() {
        let first = ScriptHarness("""
            ca.persist.count = (ca.persist.count or 0) + 1
            ca.persist.name = "snow"
            ca.persist.nested = { 1, 2, { deep = true } }
            ca.persist.layer = ca.root
            print(ca.isReload)
            """)
        #expect(first.start() == nil)
        let saved = first.host.persistedData()
        var options = ScriptOptions()
        options.persisted = saved
        options.isReload = true
        let second = ScriptHarness("print(ca.isReload, ca.persist.count, ca.persist.name, ca.persist.nested[3].deep, ca.persist.layer)",
                                   options: options)
        #expect(second.start() == nil)
        #expect(first.output == ["false"])
        #expect(second.output == ["true\t1\tsnow\ttrue\tnil"])
    }

    @Test func theSameSeedGivesTheSameRun() {
        func run(seed: UInt64) -> [String] {
            var options = ScriptOptions()
            options.seed = seed
            let h = ScriptHarness("print(math.random(1, 1000000), math.random())", options: options)
            _ = h.start()
            return h.output
        }
        #expect(run(seed: 7) == run(seed: 7))
        #expect(run(seed: 7) != run(seed: 8))
    }

    @Test func unknownEventsListTheValidOnes() {
        let h = ScriptHarness("ca.on('keypress', function() end)")
        #expect(h.start() != nil)
        #expect(h.messages == ["main.lua:1: bad argument #1 to 'on' (unknown event 'keypress' (valid: keydown, keyup, mousedown, mouseup, mousemove, resize))"])
    }

    @Test func inputReachesHandlers() {
        let h = ScriptHarness("""
            ca.on("keydown", function(key) print("down", key) end)
            ca.on("mousedown", function(x, y, b) print("click", x, y, b) end)
            ca.on("resize", function(w, h) print("resize", w, h, ca.screen.width, ca.root.bounds.width) end)
            """)
        #expect(h.start() == nil)
        h.host.dispatch(.keyDown("space"))
        h.host.dispatch(.mouseDown(x: 3, y: 4, button: 1))
        h.host.dispatch(.resize(width: 1024, height: 768))
        #expect(h.output == ["down\tspace", "click\t3.0\t4.0\t1", "resize\t1024.0\t768.0\t1024.0\t1024.0"])
    }

    @Test func layersDroppedByLuaAndRemovedFromTheTreeAreFreed() {
        let h = ScriptHarness("""
            for i = 1, 50 do
              local l = ca.Layer{}
              l.data.i = i
              l.onTap = function() print(l.data.i) end
              ca.root:addSublayer(l)
            end
            """)
        #expect(h.start() == nil)
        #expect(h.host.scene.layerCount == 51)
        _ = h.eval("for _, l in ipairs(ca.root.sublayers) do l:removeFromSuperlayer() end collectgarbage() collectgarbage()")
        #expect(h.host.scene.layerCount == 1)
    }
}

/// Loads every image as one transparent pixel, and remembers the paths it was asked for.
final class RecordingImages: ImageProvider {
    private(set) var paths: [String] = []

    func loadImage(atPath path: String) throws -> Image {
        paths.append(path)
        guard let pixel = Image(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0]) else { throw CocoaError(.fileReadCorruptFile) }
        return pixel
    }

    func circle(radius: Double, softness: Double, color: Color) -> Image? { nil }

    func rect(width: Double, height: Double, cornerRadius: Double, color: Color) -> Image? { nil }

    func snowflake(size: Double, arms: Int, seed: UInt64, color: Color) -> Image? { nil }
}
