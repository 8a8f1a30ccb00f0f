import Foundation
import Testing
import TestSupport
@testable import snowglobe

/// `snowglobe examples`, and `--example NAME` on the commands that run a script.
extension CommandLineTests {
    @Test func examplesListsEveryExampleAndLessonWithItsSummary() throws {
        let listed = try run(["examples"])
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "The examples in \(Project.examples):")
        for example in Project.allExamples() {
            let name = String(example.dropLast(4))
            #expect(lines.contains { $0.hasPrefix("  \(name) ") }, "\(name) is not listed")
        }
        #expect(lines.contains { $0.hasPrefix("  heart ") && $0.hasSuffix("The trembling heart: seed 001.") })
        #expect(lines.contains { $0.hasPrefix("  lessons/05-springs ") && $0.hasSuffix("Lesson 5: springs.") })
    }

    @Test func anExampleRunsByName() throws {
        let folder = try TemporaryFolder()
        #expect(try run(["check", "--example", "snowfall-3d", "--duration", "2"], in: folder.path).status == 0)
        let lesson = try run(["check", "--example", "keyframes", "--duration", "1"], in: folder.path)
        #expect(lesson.status == 0 && lesson.stderr.ranCleanly, "\(lesson.stderr)")
        let out = folder.path + "/heart.png"
        #expect(try run(["render", "--example", "heart.lua", "--out", out, "--size", "160x120", "--at", "1"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnknownExampleGetsASuggestionAndTheList() throws {
        let r = try run(["render", "--example", "hart", "--out", "/tmp/never.png"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("snowglobe: no example named 'hart' (did you mean 'heart'?); the examples are: bargraph, "))
        #expect(r.stderr.contains("lessons/12-replicators"))
        let both = try run(["check", "x.lua", "--example", "heart"])
        #expect(both.status != 0 && both.stderr.contains("give a script or --example, not both"))
        let neither = try run(["check"])
        #expect(neither.status != 0 && neither.stderr.contains("give SCRIPT or --example NAME"))
    }

    @Test func lessonsAnswerToTheirFileNameAndTopic() throws {
        let catalog = ExampleCatalog(folder: Project.examples)
        for name in ["lessons/04-keyframes", "04-keyframes", "keyframes", "keyframes.lua"] {
            #expect(try catalog.find(name).name == "lessons/04-keyframes")
        }
        #expect(throws: ExampleCatalogError.self) { try catalog.find("lessons") }
        let alone = ExampleCatalog(folder: nil)
        #expect(alone.entries.map(\.name) == ["snowfall"])
    }

    @Test func summariesAreTheFirstSentenceWithoutRemarks() {
        #expect(LuaFileSummary.of("-- Snowfall: seed 000, first pattern (\"…\",\n-- more (nested) here). Then more.\nlocal x") ==
                "Snowfall: seed 000, first pattern.")
        #expect(LuaFileSummary.of("\n-- Not a comment first") == "")
        #expect(LuaFileSummary.of("--- A module: what it is\n--- and more.\n---\n--- Other.") == "A module: what it is and more.")
    }
}
