import Foundation
import LuaBridge
import Testing
import TestSupport
@testable import LuaHost

/// The checked-in docs are what the declarations generate. Re-record with `snowglobe docs`
/// (or RECORD_SNAPSHOTS=1 when running the tests).
struct DocsTests {
    static let docsFolder = Project.docs

    @Test(arguments: ["api.md", "ca.lua", "luacheck_std.lua"])
    func checkedInDocsAreCurrent(file: String) throws {
        let generated = switch file {
        case "api.md": APIDocs.markdown()
        case "ca.lua": APIDocs.luaDefinitions()
        default: APIDocs.luacheckStandard()
        }
        let path = "\(Self.docsFolder)/\(file)"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.docsFolder, withIntermediateDirectories: true)
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOfFile: path, encoding: .utf8)
        #expect(checkedIn == generated, "docs/\(file) is stale: run `swift run snowglobe docs`")
    }

    /// A blank line ends a Markdown table: rows after it show as a paragraph of pipes. Every
    /// table in docs/ is one block.
    @Test func noTableInTheDocsIsSplitByABlankLine() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.docsFolder).filter { $0.hasSuffix(".md") }.sorted()
        for page in pages {
            let lines = try String(contentsOfFile: "\(Self.docsFolder)/\(page)", encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for i in lines.indices.dropFirst().dropLast() where lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
                // A new table after the blank line starts with its header and a |--- line.
                let nextIsHeader = i + 2 < lines.count && lines[i + 2].hasPrefix("|---")
                let split = lines[i - 1].hasPrefix("|") && lines[i + 1].hasPrefix("|") && !nextIsHeader
                #expect(!split, "docs/\(page):\(i + 1): a blank line splits a table")
            }
        }
    }

    /// The classes' docs come from the lists they are registered from; what the bindings add to
    /// `ca` is declared beside it, so check that it names every field a host's `ca` has, and no more.
    @Test func theDefinitionsNameEveryFieldOfCa() throws {
        let documented = APIDocs.functions.flatMap { $0.fields.map(\.name) }
        let host = ScriptHost(scriptPath: "/nonexistent/docs.lua")
        defer { host.close() }
        var fields: [String] = []
        host.output = { fields.append($0) }
        try host.lua.run("for k in pairs(ca) do print(k) end", chunkName: "=docs")
        #expect(fields.sorted() == documented.sorted())
    }

    /// `ca.on`'s events in the reference are the events it accepts, in order.
    @Test func theEventsDocumentedAreTheEventsAccepted() {
        #expect(EventDocs.all.map(\.name) == CaLibrary.events)
        let definitions = APIDocs.luaDefinitions()
        #expect(definitions.contains("---@param fn fun(key: string)\n"))
        #expect(definitions.contains("---@overload fun(event: \"mousedown\"|\"mouseup\"|\"mousemove\", fn: fun(x: number, y: number, button: integer))\n"))
        #expect(definitions.contains("function ca.on(event, fn) end\n"))
    }

    /// Every method has its arguments' and result's types for LuaLS, every class an example,
    /// and every call of what `ca` has says what it does.
    @Test func everyMethodIsTypedAndEveryClassHasAnExample() {
        for type in CaLibrary.classes {
            #expect(type.example != nil, "\(type.name) has no example")
            for method in type.methods { #expect(method.luaType != nil, "\(type.name):\(method.name) has no LuaLS type") }
        }
        #expect(!APIDocs.luaDefinitions().contains("...): any"))
        for call in APIDocs.functions.flatMap(\.calls) { #expect(!call.summary.isEmpty, "\(call.usage)") }
        #expect(!APIDocs.markdown().contains("API.md"))
    }

    @Test func theReferenceNamesEveryLayerProperty() {
        let text = APIDocs.markdown()
        for name in ["opacity", "anchorPoint", "strokeEnd", "fontSize", "instanceDelay", "emitterPosition", "onTap", "actions"] {
            #expect(text.contains("`\(name)`"), "\(name)")
        }
        #expect(APIDocs.luaDefinitions().hasPrefix("---@meta"))
    }
}
