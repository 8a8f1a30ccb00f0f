import Foundation
import LayerKit
@testable import LuaHost
import Testing
import TestSupport

/// With `recordsCreationSites` (the viewer's), each layer and animation knows the script line
/// that made it — through the shared library's helpers, the line that called them — and a
/// script's text can come from memory instead of its file.
struct CreationSiteTests {
    @Test func layersAndAnimationsRememberTheLineThatMadeThem() throws {
        let library = try TemporaryFolder()
        try library.write("helpers.lua", """
            local M = {}
            function M.box(name) return ca.Layer{ name = name } end
            return M
            """)
        var options = ScriptOptions()
        options.recordsCreationSites = true
        options.libraryPath = library.path
        let script = ScriptHarness("""
            local helpers = require "helpers"
            local a = ca.Layer{ name = "a" }
            ca.root:addSublayer(a)
            a:addAnimation(ca.BasicAnimation{ keyPath = "opacity", toValue = 0, duration = 9 }, "fade")
            ca.root:addSublayer(helpers.box("b"))
            """, options: options)
        #expect(script.start() == nil)
        let a = try #require(script.layer(named: "a"))
        #expect(a.creationSite?.line == 2)
        #expect(a.creationSite?.file.hasSuffix("/main.lua") == true)
        #expect(a.attachedAnimations.first?.animation.creationSite?.line == 4)
        #expect(script.layer(named: "b")?.creationSite?.line == 5, "the script's line, not the helper's")
    }

    @Test func withoutTheOptionNothingIsRecorded() throws {
        let script = ScriptHarness("ca.root:addSublayer(ca.Layer{ name = 'a' })")
        #expect(script.start() == nil)
        #expect(script.layer(named: "a")?.creationSite == nil)
    }

    @Test func aScriptsTextCanComeFromMemory() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", "ca.root:addSublayer(ca.Layer{ name = 'disk' })")
        var options = ScriptOptions()
        options.sources = [path: "ca.root:addSublayer(ca.Layer{ name = 'memory' })"]
        let script = ScriptHarness(scriptPath: path, options: options)
        #expect(script.start() == nil)
        #expect(script.layer(named: "memory") != nil && script.layer(named: "disk") == nil)
        #expect(script.host.dependencies == [path], "the file is still the one to watch")
    }
}
