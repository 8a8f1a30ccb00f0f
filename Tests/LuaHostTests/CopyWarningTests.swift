import TestSupport
import Testing
@testable import LuaHost

/// `box.position.x = 300` changes a copy: reading a layer's point, size, rect, colour or
/// transform gives a new value. The host warns of it once a place, at its file and line, with
/// what to write instead; the same statement on a plain table is not warned of.
struct CopyWarningTests {
    func warnings(_ h: ScriptHarness) -> [String] {
        h.host.warnings.map { $0.replacingOccurrences(of: h.folder + "/", with: "") }
    }

    @Test(arguments: [
        ("box.position.x = 300",
         "main.lua:2: warning: box.position.x = 300 changes a copy of box.position, not the layer (reading it gives a new value); write box.position = {300, box.position.y}"),
        ("box.position.y = box.position.y + 10 -- down a little",
         "main.lua:2: warning: box.position.y = box.position.y + 10 changes a copy of box.position, not the layer (reading it gives a new value); write box.position = {box.position.x, box.position.y + 10}"),
        ("box.bounds.width = 200",
         "main.lua:2: warning: box.bounds.width = 200 changes a copy of box.bounds, not the layer (reading it gives a new value); write local copy = box.bounds; copy.width = 200; box.bounds = copy"),
        ("box.frame.height = 50",
         "main.lua:2: warning: box.frame.height = 50 changes a copy of box.frame, not the layer (reading it gives a new value); write local copy = box.frame; copy.height = 50; box.frame = copy"),
        ("box.shadowOffset.height = 4",
         "main.lua:2: warning: box.shadowOffset.height = 4 changes a copy of box.shadowOffset, not the layer (reading it gives a new value); write box.shadowOffset = {box.shadowOffset.width, 4}"),
        ("box.backgroundColor.r = 1",
         "main.lua:2: warning: box.backgroundColor.r = 1 changes a copy of box.backgroundColor, not the layer (reading it gives a new value); write local copy = box.backgroundColor; copy.r = 1; box.backgroundColor = copy"),
        ("box.transform.m34 = -1 / 500",
         "main.lua:2: warning: box.transform.m34 = -1 / 500 changes a copy of box.transform, not the layer (reading it gives a new value); write local copy = box.transform; copy.m34 = -1 / 500; box.transform = copy"),
        ("ca.root.sublayers[1].anchorPoint.x = 0",
         "main.lua:2: warning: ca.root.sublayers[1].anchorPoint.x = 0 changes a copy of ca.root.sublayers[1].anchorPoint, not the layer (reading it gives a new value); write ca.root.sublayers[1].anchorPoint = {0, ca.root.sublayers[1].anchorPoint.y}"),
        ("box.position.x = math.max(\n  300, 10)",
         "main.lua:2: warning: box.position.x = … changes a copy of box.position, not the layer (reading it gives a new value); write box.position = {…, box.position.y}"),
        ("box.position.x = 100 +\n  200",
         "main.lua:2: warning: box.position.x = … changes a copy of box.position, not the layer (reading it gives a new value); write box.position = {…, box.position.y}"),
        ("if true then box.position.x = 300 end",
         "main.lua:2: warning: box.position.x = 300 changes a copy of box.position, not the layer (reading it gives a new value); write box.position = {300, box.position.y}"),
    ])
    func aFieldOfACopyIsWarnedOfWithWhatToWrite(statement: String, warning: String) {
        let h = ScriptHarness("local box = ca.Layer{ position = {10, 20}, bounds = {0, 0, 5, 5} }; ca.root:addSublayer(box)\n" + statement)
        #expect(h.start() == nil, "\(h.errorReport)")
        #expect(warnings(h) == [warning])
        #expect(h.errors.isEmpty)
    }

    /// In a callback run every frame, the warning is given once, and the layer stays put (the
    /// warning is right: the copy changed, not the layer).
    @Test func aPlaceIsWarnedOfOnce() {
        let h = ScriptHarness("""
            local box = ca.Layer{ position = {10, 20} }
            ca.root:addSublayer(box)
            ca.DisplayLink(function() box.position.x = 300 end)
            """)
        #expect(h.start() == nil)
        h.run(until: 0.5)
        #expect(warnings(h).count == 1)
        #expect(warnings(h).first?.hasPrefix("main.lua:3: warning: box.position.x = 300 changes a copy") == true)
        #expect(h.eval("print(ca.root.sublayers[1].position.x)") == ["10.0"])
    }

    /// What is not a field of a layer's copied value is not warned of: a plain table, a copy
    /// kept in a local and assigned back, text in strings and comments, a comparison.
    @Test func whatIsNotAFieldOfACopyIsLeftAlone() {
        let h = ScriptHarness("""
            local box = ca.Layer{ position = {10, 20} }
            local sprite = { position = { x = 0, y = 0 } }
            sprite.position.x = 300
            local p = box.position; p.x = 300; box.position = p
            print("box.position.x = 1") -- box.position.x = 2
            --[[ box.position.x = 3 ]] local same = box.position.x == 300
            local s = [==[
            box.position.x = 4
            ]==]
            print(sprite.position.x, box.position.x, same, #s > 0)
            """)
        #expect(h.start() == nil, "\(h.errorReport)")
        #expect(warnings(h).isEmpty)
        #expect(h.output == ["box.position.x = 1", "300\t300.0\ttrue\ttrue"])
    }

    /// A module the script requires is watched too, at its own file and line.
    @Test func aModuleIsWarnedOfAtItsOwnLine() {
        let h = ScriptHarness("""
            local move = require "move"
            local box = ca.Layer{}
            move(box)
            """, files: ["move.lua": "return function(layer)\n  layer.position.y = 5\nend\n"])
        #expect(h.start() == nil, "\(h.errorReport)")
        #expect(warnings(h) == ["move.lua:2: warning: layer.position.y = 5 changes a copy of layer.position, not the layer (reading it gives a new value); write layer.position = {layer.position.x, 5}"])
    }
}
