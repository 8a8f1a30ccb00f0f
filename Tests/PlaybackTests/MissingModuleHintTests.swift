import Foundation
import LuaHost
import Testing
@testable import Playback
import TestSupport

/// A run with no Scripts library adds its hint to a `require` that found nothing — on loading
/// and in a callback — and to nothing else.
struct MissingModuleHintTests {
    static let hint = "no Scripts library found (looked for /x): set SNOWGLOBE_SCRIPTS=/path/to/Scripts to use one"

    @Test func aFailedRequireEndsWithTheHint() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "require 'flurry'\n")
        let script = LiveScript(source: .file(folder.path + "/scene.lua"), options: ScriptOptions())
        script.missingModuleHint = Self.hint
        script.log = { _ in }
        #expect(script.load(reload: false) == .failed)
        let error = try #require(script.error)
        #expect(error.message.hasSuffix("module 'flurry' not found:\n\tno file '\(folder.path)/flurry.lua'\n"
            + "\tno file '\(folder.path)/flurry/init.lua'\n\t\(Self.hint)"))
    }

    @Test func aFailedRequireInACallbackEndsWithTheHintToo() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.lua", "ca.after(0.5, function() require 'later' end)\n")
        var recipe = ScriptRecipe(source: .file(folder.path + "/scene.lua"), options: ScriptOptions())
        recipe.missingModuleHint = Self.hint
        var errors: [ScriptError] = []
        let runner = try recipe.start(output: { _, _ in }, errors: { error, _ in errors.append(error) })
        defer { runner.close() }
        runner.advance(to: Tick.index(atOrBefore: 1), log: InputLog())
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasSuffix("\n\t" + Self.hint) == true)
    }

    @Test func otherErrorsAreLeftAlone() {
        let error = ScriptError(kind: .runtime, message: "scene.lua:1: attempt to call a nil value (global 'x')")
        #expect(error.addingMissingModuleHint(Self.hint) == error)
        #expect(ScriptError(kind: .runtime, message: "module 'a' not found:").addingMissingModuleHint(nil).message
                == "module 'a' not found:")
    }
}
