import Foundation
import Testing
import TestSupport
@testable import snowglobe

/// `snowglobe new`: a script from each template that runs as it is, editor settings beside it,
/// and nothing ever overwritten.
extension CommandLineTests {
    @Test(arguments: Project.templateNames)
    func aNewScriptFromEachTemplateRuns(template: String) throws {
        let folder = try TemporaryFolder()
        let made = try run(["new", "my-\(template)", "--template", template], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("created my-\(template).lua from the \(template) template\n"))
        let checked = try run(["check", "my-\(template).lua", "--duration", "3"], in: folder.path)
        #expect(checked.status == 0 && checked.stderr.ranCleanly, "\(template): \(checked.stderr)")
        let text = try String(contentsOfFile: folder.path + "/my-\(template).lua", encoding: .utf8)
        #expect(text == Template.text(named: template))
    }

    /// The templates in the binary are the files in Templates/, byte for byte, each with a
    /// summary for `new --help`.
    @Test func theBuiltInTemplatesAreTheTemplatesFolder() throws {
        #expect(Template.names == Project.templateNames)
        for name in Project.templateNames {
            let file = try Data(contentsOf: URL(fileURLWithPath: "\(Project.templates)/\(name).lua"))
            #expect(Array((Template.text(named: name) ?? "").utf8) == Array(file), "\(name)")
        }
        #expect(Template.names.contains(Template.defaultName))
        #expect(Template.listing.split(separator: "\n").count == Template.names.count)
    }

    @Test func newWritesLuaLSSettingsPointingAtTheDefinitions() throws {
        let folder = try TemporaryFolder()
        let made = try run(["new", "effects/hello.lua"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/effects/hello.lua"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/effects/hello.lua.lua"))
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/effects/.luarc.json"))
        let settings = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runtime = try #require(settings["runtime"] as? [String: Any])
        #expect(runtime["version"] as? String == "Lua 5.4")
        let workspace = try #require(settings["workspace"] as? [String: Any])
        let library = try #require(workspace["library"] as? [String])
        #expect(library == [Project.docs, Project.scripts])
        #expect(FileManager.default.fileExists(atPath: library[0] + "/ca.lua"))
        #expect(made.stdout.contains("created effects/.luarc.json"))
    }

    /// The `.luacheckrc` beside a new script gives luacheck the sandbox's and `ca`'s globals:
    /// the template passes, a misspelt `ca` field and a library the sandbox leaves out do not.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/luacheck")))
    func newWritesLuacheckSettingsWithTheCaGlobals() throws {
        let folder = try TemporaryFolder()
        let made = try run(["new", "hello"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("created .luacheckrc: luacheck knows the sandbox's and `ca`'s globals from \(Project.docs)/luacheck_std.lua\n"),
                "\(made.stdout)")
        let clean = try run(["--no-color", "hello.lua"], binary: "/usr/bin/luacheck", in: folder.path)
        #expect(clean.status == 0, "\(clean.stdout)")
        try folder.write("wrong.lua", "ca.Lyer{}\nio.write(\"x\")\n")
        let wrong = try run(["--no-color", "wrong.lua"], binary: "/usr/bin/luacheck", in: folder.path)
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("wrong.lua:1:1: accessing undefined field 'Lyer' of global 'ca'"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("wrong.lua:2:1: accessing undefined variable 'io'"), "\(wrong.stdout)")

        let again = try run(["new", "other"], in: folder.path)
        #expect(again.stdout.contains("left .luacheckrc as it is (it was there already)"))
    }

    @Test func newNeverOverwrites() throws {
        let folder = try TemporaryFolder()
        try folder.write("hello.lua", "-- mine\n")
        let refused = try run(["new", "hello"], in: folder.path)
        #expect(refused.status == 1)
        #expect(refused.stderr == "snowglobe: hello.lua already exists; `snowglobe new` never overwrites a file\n")
        #expect(try String(contentsOfFile: folder.path + "/hello.lua", encoding: .utf8) == "-- mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.luarc.json"))

        try folder.write(".luarc.json", "{ \"mine\": true }\n")
        let beside = try run(["new", "other.lua", "--template", "emitter"], in: folder.path)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stdout.contains("left .luarc.json as it is (it was there already)"))
        #expect(try String(contentsOfFile: folder.path + "/.luarc.json", encoding: .utf8) == "{ \"mine\": true }\n")
    }

    @Test func newRefusesAnUnknownTemplateOrANameTheLibraryUses() throws {
        let folder = try TemporaryFolder()
        let unknown = try run(["new", "x", "--template", "snowfal"], in: folder.path)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("unknown template 'snowfal' (did you mean 'snowfall'? the templates are: "))
        let shadowing = try run(["new", "lesson", "--template", "lesson"], in: folder.path)
        #expect(shadowing.status == 1)
        #expect(shadowing.stderr.contains("'lesson' is the name of a module of the Scripts library"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
