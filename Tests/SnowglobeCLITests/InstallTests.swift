import Foundation
import Testing
import TestSupport

/// `make install` and `make uninstall`: tools/install.sh, run here with the debug binary the
/// tests were built with (`make install` gives it the release binary; building that here would
/// double the tests' time). The installed binary is run from a folder outside the package, with
/// no SNOWGLOBE_SCRIPTS, so that it can only find what it needs from its own place.
extension CommandLineTests {
    static let installer = Project.root + "/tools/install.sh"

    @Test func anInstalledBinaryRunsFromAnyFolderAndUninstallsWithoutATrace() throws {
        let prefix = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let installed = try run(["install", Self.binary, prefix.path], binary: Self.installer)
        #expect(installed.status == 0, "\(installed.stderr)")
        let snowglobe = prefix.path + "/bin/snowglobe"
        let share = prefix.path + "/share/snowglobe"
        for file in ["bin/snowglobe", "share/snowglobe/Scripts/flurry.lua", "share/snowglobe/Examples/lessons/01-model-vs-presentation.lua",
                     "share/snowglobe/Templates/blank.lua", "share/snowglobe/exercises/01-stay-put/check.lua", "share/snowglobe/definitions/ca.lua", "share/snowglobe/definitions/luacheck_std.lua",
                     "share/doc/snowglobe/README.md",
                     "share/doc/snowglobe/docs/api.md", "share/bash-completion/completions/snowglobe",
                     "share/zsh/site-functions/_snowglobe", "share/fish/vendor_completions.d/snowglobe.fish"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: prefix.path + "/" + file)[.size] as? Int) ?? 0
            #expect(size > 0, "\(file) is not installed")
        }

        // An example that requires a module of the library, by name, and a script of one's own.
        let example = try run(["check", "--example", "snowfall-3d", "--duration", "2"], binary: snowglobe, in: elsewhere.path)
        #expect(example.status == 0 && example.stderr.ranCleanly, "\(example.stderr)")
        try elsewhere.write("own.lua", "local flurry = require \"flurry\"\nflurry.start{ images = { ca.Image.circle{ radius = 4 } } }\n")
        let own = try run(["check", "own.lua", "--duration", "2"], binary: snowglobe, in: elsewhere.path)
        #expect(own.status == 0 && own.stderr.ranCleanly, "\(own.stderr)")
        #expect(try run(["examples"], binary: snowglobe, in: elsewhere.path).stdout.hasPrefix("The examples in \(share)/Examples:\n"))
        #expect(try run(["learn", "list"], binary: snowglobe, in: elsewhere.path).stdout.contains(" 01-stay-put "))
        #expect(try run(["--version"], binary: snowglobe).stdout.hasPrefix("snowglobe "))

        // A script from every template, with LuaLS pointed at the installed definitions.
        for template in Project.templateNames {
            let made = try run(["new", "my-\(template)", "--template", template], binary: snowglobe, in: elsewhere.path)
            #expect(made.status == 0, "\(template): \(made.stderr)")
            let checked = try run(["check", "my-\(template).lua"], binary: snowglobe, in: elsewhere.path)
            #expect(checked.status == 0 && checked.stderr.ranCleanly, "\(template): \(checked.stderr)")
        }
        let settings = try String(contentsOfFile: elsewhere.path + "/.luarc.json", encoding: .utf8)
        #expect(settings.contains("\"\(share)/definitions\""))
        #expect(settings.contains("\"\(share)/Scripts\""))
        let luacheck = try String(contentsOfFile: elsewhere.path + "/.luacheckrc", encoding: .utf8)
        #expect(luacheck.contains("dofile(\"\(share)/definitions/luacheck_std.lua\")"))

        let removed = try run(["uninstall", prefix.path], binary: Self.installer)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.path) == [])
    }

    /// A binary copied alone still runs its built-in example and templates; a `require` of the
    /// library says where it looked and how to name the library.
    @Test func aBinaryCopiedAloneSaysHowToFindTheLibrary() throws {
        let alone = try TemporaryFolder()
        let snowglobe = alone.path + "/snowglobe"
        try FileManager.default.copyItem(atPath: Self.binary, toPath: snowglobe)
        try alone.write("snow.lua", "local flurry = require \"flurry\"\n")
        let missing = try run(["check", "snow.lua"], binary: snowglobe, in: alone.path)
        let share = (alone.path as NSString).deletingLastPathComponent + "/share/snowglobe/Scripts"
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("""
            snow.lua:1: module 'flurry' not found:
            \tno file './flurry.lua'
            \tno file './flurry/init.lua'
            \tno Scripts library found (looked for \(share); \
            Scripts/ beside a Package.swift above \(alone.path); Scripts/ beside a Package.swift above \(alone.path)): \
            set SNOWGLOBE_SCRIPTS=/path/to/Scripts to use one

            """))
        #expect(try run(["check", "--example", "snowfall", "--duration", "1"], binary: snowglobe, in: alone.path).status == 0)
        #expect(try run(["new", "fresh", "--template", "emitter"], binary: snowglobe, in: alone.path).status == 0)
        #expect(try run(["check", "fresh.lua"], binary: snowglobe, in: alone.path).status == 0)
    }

    /// `make install` and `make uninstall` run the script the test above runs.
    @Test func theMakefileInstallsWithTheScript() throws {
        let makefile = try String(contentsOfFile: Project.root + "/Makefile", encoding: .utf8)
        #expect(makefile.contains("\t./tools/install.sh install .build/release/snowglobe \"$(PREFIX)\" \"$(DESTDIR)\"\n"))
        #expect(makefile.contains("\t./tools/install.sh uninstall \"$(PREFIX)\" \"$(DESTDIR)\"\n"))
    }
}
