import Foundation
import Testing
@testable import snowglobe

/// Arguments a newcomer gets wrong: numbers out of range (negative ones too, which the parser
/// once took for options) and a misspelt command.
extension CommandLineTests {
    static let outOfRange: [(arguments: [String], message: String)] = [
        (["check", "S", "--duration", "-1"], "--duration must be a time from 0 to 86400 seconds (a day), got -1"),
        (["check", "S", "--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, got '-1'"),
        (["check", "S", "--time-limit", "-1"], "--time-limit must be more than 0 and at most 3600 seconds, got -1"),
        (["check", "S", "--memory-limit", "-1"], "--memory-limit must be between 1 and 65536 MiB, got -1"),
        (["check", "S", "--size", "-1x5"], "--size must be from 1x1 to 16384x16384, got -1x5"),
        (["check", "S", "--click", "5,3@-1"], "--click's time must be a time from 0 to 86400 seconds (a day), got -1"),
        (["check", "S", "--key", "space@-2"], "--key's time must be a time from 0 to 86400 seconds (a day), got -2"),
        (["render", "S", "--out", "o.png", "--fps", "-1"], "--fps must be between 1 and 240, got -1"),
        (["render", "S", "--out", "o.gif", "--frames", "-1"], "--frames must be between 1 and 100000, got -1"),
        (["render", "S", "--out", "o.png", "--at", "-5"], "--at must be a time from 0 to 86400 seconds (a day), got -5"),
        (["render", "S", "--out", "o.png", "--size", "800x-600"], "--size must be from 1x1 to 16384x16384, got 800x-600"),
        (["plot", "S", "--layer", "a", "--key-path", "opacity", "--out", "p.svg", "--scene-size", "-2x2"],
         "--scene-size must be from 1x1 to 16384x16384, got -2x2"),
        (["plot", "S", "--layer", "a", "--key-path", "opacity", "--out", "p.svg", "--from", "-1"],
         "--from must be a time from 0 to 86400 seconds (a day), got -1"),
        (["view", "S", "--quit-after", "-1"], "--quit-after must be between 0 and 604800 seconds, got -1"),
        (["view", "S", "--loop", "-1:2"], "--loop's start must be a time from 0 to 86400 seconds (a day), got -1"),
        (["view", "S", "--speed", "-1"], "--speed must be more than 0 and at most 16, got -1"),
    ]

    @Test(arguments: outOfRange)
    func aNumberOutOfRangeGetsTheRange(arguments: [String], message: String) throws {
        let path = try script("print(1)")
        let r = try run(arguments.map { $0 == "S" ? path : $0 })
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(message)\n"), "\(r.stderr)")
    }

    @Test func aNegativeCoordinateIsAPlace() throws {
        let path = try script("ca.on('mousedown', function(x, y) print(x, y) end)")
        let r = try run(["check", path, "--click", "-5,3", "--duration", "0.1"])
        #expect(r.status == 0)
        #expect(r.stdout == "-5.0\t3.0\n")
    }

    @Test func aMisspeltCommandGetsASuggestion() throws {
        let path = try script("print(1)")
        let r = try run(["rendr", path, "--out", "x.png"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: unknown command 'rendr' (did you mean 'render'?)\n"), "\(r.stderr)")
        let check = try run(["chek"])
        #expect(check.stderr.hasPrefix("Error: unknown command 'chek' (did you mean 'check'?)\n"), "\(check.stderr)")
    }

    /// `--help` shows each default as it is typed on the command line.
    @Test func renderHelpShowsTheBackgroundAsItIsTyped() throws {
        let r = try run(["render", "--help"])
        #expect(r.status == 0)
        let help = r.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("or transparent. (default: black)"), "\(r.stdout)")
        #expect(!help.contains("BackgroundArgument"))
    }

    /// Only a first argument that cannot be a script is taken for a misspelt command.
    @Test func aScriptIsNeverTakenForACommand() throws {
        let folder = try script("print(1)")
        let named = (folder as NSString).deletingLastPathComponent + "/rendr"
        try "print(1)".write(toFile: named, atomically: true, encoding: .utf8)
        let commands = Snowglobe.commandNames
        #expect(MistypedCommand.message(for: ["rendr"], commands: commands) == "unknown command 'rendr' (did you mean 'render'?)")
        #expect(MistypedCommand.message(for: [named], commands: commands) == nil)
        #expect(MistypedCommand.message(for: ["rendr.lua"], commands: commands) == nil)
        #expect(MistypedCommand.message(for: ["snowflakes"], commands: commands) == nil)
        #expect(MistypedCommand.message(for: ["render", "x.lua"], commands: commands) == nil)
        #expect(MistypedCommand.message(for: ["--help"], commands: commands) == nil)
    }
}
