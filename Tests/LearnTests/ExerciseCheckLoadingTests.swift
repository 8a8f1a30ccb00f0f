import Foundation
import Learn
import Testing
import TestSupport

/// check.lua as a teacher writes it: what it may say, and the message for each mistake.
struct ExerciseCheckLoadingTests {
    @Test func readsEveryField() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("check.lua", """
            return { layer = "box", keyPaths = { "position.x", "opacity" }, from = 0.5, to = 3, tolerance = 0.05,
                     seed = 7, requires = { animation = "BasicAnimation", keyPath = "opacity" },
                     checkpoints = { { t = 1.5, keyPath = "position.x", value = 150, within = 1 } } }
            """)
        let check = try ExerciseCheck.load(path: path)
        #expect(check.layer == "box")
        #expect(check.keyPaths == ["position.x", "opacity"])
        #expect(check.from == 0.5 && check.to == 3 && check.tolerance == 0.05 && check.seed == 7)
        #expect(check.requirements == [.init(animation: "BasicAnimation", keyPath: "opacity")])
        #expect(check.checkpoints.count == 1)
    }

    @Test(arguments: [
        ("return 3", "must return a table (got number)"),
        ("return { keyPaths = { 'x' }, to = 1 }", "'layer' must be a string (got nil)"),
        ("return { layer = 'a', keyPaths = 'x', to = 1 }", "'keyPaths' must be a list of strings (got string)"),
        ("return { layer = 'a', keyPaths = {}, to = 1 }", "'keyPaths' must name at least one key path"),
        ("return { layer = 'a', keyPaths = { 'x' } }", "'to' must be a number (got nil)"),
        ("return { layer = 'a', keyPaths = { 'x' }, from = 2, to = 1 }", "'from' and 'to' must make a range of up to 60 s from 0 on (got 2.0 to 1.0)"),
        ("return { layer = 'a', keyPaths = { 'x' }, to = 1, tolerance = 2 }", "'tolerance' must be a fraction between 0 and 1 (got 2.0)"),
        ("return { layer = 'a', keyPaths = { 'x' }, to = 1, requires = { animation = 'Basic' } }",
         "'requires.animation' must be one of BasicAnimation, KeyframeAnimation, SpringAnimation, AnimationGroup, Transition (got 'Basic')"),
        ("return { layer = 'a', keyPaths = { 'x' }, to = 1, checkpoints = { { t = 5, keyPath = 'x', value = 1, within = 1 } } }",
         "a checkpoint's 't' must be within 'from' and 'to' (got 5.0)"),
    ])
    func mistakeIsNamed(source: String, message: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("check.lua", source)
        #expect(throws: ExerciseError("\(path): \(message)")) { try ExerciseCheck.load(path: path) }
    }

    @Test func aSyntaxErrorGivesFileAndLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("check.lua", "return {\n  layer = \n")
        do {
            _ = try ExerciseCheck.load(path: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix(path + ":3:"), "\(error.message)")
        }
    }

    @Test func aFolderWithoutCheckIsNotAnExercise() throws {
        let folder = try TemporaryFolder()
        try folder.write("goal.md", "x")
        try folder.write("start.lua", "")
        #expect(throws: ExerciseError("\(folder.path) is not an exercise: it has no check.lua")) {
            try Exercise(folder: folder.path)
        }
    }
}
