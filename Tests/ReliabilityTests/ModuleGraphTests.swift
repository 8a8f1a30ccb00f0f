import Foundation
import Testing
import TestSupport

/// docs/architecture.md's module graph is the one the sources keep: every `import` in a module's
/// files names a module its line allows (Foundation and the system's own modules aside), so that
/// nothing headless reaches the window and Render never reaches files or Lua.
struct ModuleGraphTests {
    /// The C libraries the graph names in parentheses, and the modules that bring them.
    static let libraries: [String: [String]] = [
        "SDL": ["CSDL2"], "Pango/Cairo": ["CPangoCairo"], "Cairo": ["CPangoCairo"], "giflib": ["CGif"],
        "libimagequant": ["CImageQuant"], "Lua: CLua and LuaShim": ["CLua", "LuaShim"],
    ]
    static let system: Set<String> = ["Foundation", "Glibc", "Darwin", "Dispatch", "Synchronization"]

    /// Each module of the graph with the modules it may import.
    static func graph() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: Project.docs + "/architecture.md", encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.contains(" → ") {
            let parts = line.components(separatedBy: " → ")
            let module = parts[0].trimmingCharacters(in: .whitespaces)
            var rest = parts[1]
            var allowed = Set<String>()
            if let open = rest.firstIndex(of: "("), let close = rest.lastIndex(of: ")") {
                let inside = rest[rest.index(after: open)..<close].replacingOccurrences(of: "+ ", with: "")
                for name in inside.components(separatedBy: ", ") where !name.isEmpty {
                    allowed.formUnion(libraries[name] ?? [name])
                }
                rest = String(rest[..<open])
            }
            allowed.formUnion(rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            graph[module] = allowed
        }
        return graph
    }

    /// The modules `module`'s sources import.
    static func imports(of module: String) throws -> Set<String> {
        let folder = Project.root + "/Sources/" + module
        var found = Set<String>()
        for file in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let i = words.firstIndex(of: "import"), words[..<i].allSatisfy({ $0.hasPrefix("@") }), i + 1 < words.count {
                    found.insert(String(words[i + 1]))
                }
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatTheGraphAllows() throws {
        let graph = try Self.graph()
        #expect(Set(graph.keys) == ["snowglobe", "Viewer", "Learn", "Export", "Playback", "Render", "LuaHost", "LuaBridge", "LayerKit"])
        for (module, allowed) in graph {
            let extra = try Self.imports(of: module).subtracting(allowed).subtracting(Self.system).subtracting([module])
            #expect(extra.isEmpty, "\(module) imports \(extra.sorted()), which docs/architecture.md does not allow it")
        }
    }

    @Test func nothingHeadlessImportsTheViewer() throws {
        for module in ["Learn", "Export", "Playback", "Render", "LuaHost", "LayerKit"] {
            #expect(!(try Self.imports(of: module)).contains("Viewer"), "\(module) imports Viewer")
        }
        for command in ["RenderCommand", "PlotCommand", "CheckCommand", "ScriptLauncher", "LearnCheckCommand", "LearnGradeCommand",
                        "LearnSubmissionCommand"] {
            let text = try String(contentsOfFile: Project.root + "/Sources/snowglobe/\(command).swift", encoding: .utf8)
            #expect(!text.contains("import Viewer"), "\(command).swift imports Viewer")
        }
    }
}
