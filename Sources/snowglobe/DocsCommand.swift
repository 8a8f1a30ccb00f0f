import ArgumentParser
import Foundation
import LuaHost

/// `snowglobe docs`: writes the generated API reference and LuaLS definitions.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write the API reference (api.md), LuaLS definitions (ca.lua) and luacheck's standard (luacheck_std.lua) into a folder."
    )

    @Option(help: "The folder to write into.")
    var out: String = "docs"

    func run() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try APIDocs.markdown().write(toFile: "\(out)/api.md", atomically: true, encoding: .utf8)
        try APIDocs.luaDefinitions().write(toFile: "\(out)/ca.lua", atomically: true, encoding: .utf8)
        try APIDocs.luacheckStandard().write(toFile: "\(out)/luacheck_std.lua", atomically: true, encoding: .utf8)
        print("wrote \(out)/api.md, \(out)/ca.lua and \(out)/luacheck_std.lua")
    }
}
