import Foundation

/// `snowglobe new NAME --template exercise`: an exercise's folder, its five files ready to edit.
/// The solution moves a box; the start is the same script without its timing function, so that
/// the new exercise checks out at once (start fails with wrongEasing, the solution passes).
enum ExerciseTemplate {
    static let name = "exercise"

    /// The files, by name.
    static func files(title: String) -> [(name: String, text: String)] {
        [
            ("goal.md", """
                Slide the box from x = 100 to x = 600 in 1 second so that it speeds up, then slows down: \
                give the animation the easeInEaseOut timing function. (Replace this with your exercise's goal.)

                """),
            ("start.lua", script(title: title, timing: "")),
            ("solution.lua", script(title: title, timing: "\n  timingFunction = \"easeInEaseOut\",")),
            ("check.lua", """
                -- What a submission is compared on: see docs/learn.md.
                return {
                  layer = "box",
                  keyPaths = { "position.x" },
                  from = 0, to = 1.5,
                  tolerance = 0.02,
                  -- requires = { animation = "BasicAnimation" },
                  -- checkpoints = { { t = 0.5, keyPath = "position.x", value = 350, within = 2 } },
                }

                """),
            ("hints.md", """
                - Without a timing function an animation runs at one speed.
                - easeInEaseOut speeds up at the start and slows down at the end.
                - Add `timingFunction = "easeInEaseOut"` to the animation.

                """),
        ]
    }

    static func script(title: String, timing: String) -> String {
        """
        -- \(title)
        local box = ca.Layer{
          name = "box", bounds = { 0, 0, 80, 80 }, position = { 600, 300 },
          backgroundColor = "#4fc3f7", cornerRadius = 12,
        }
        ca.root:addSublayer(box)

        box:addAnimation(ca.BasicAnimation{
          keyPath = "position.x", fromValue = 100, toValue = 600, duration = 1,\(timing)
        }, "slide")

        """
    }

    /// Writes the folder `path` with the files; an existing folder is an error.
    static func write(to path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            throw NewCommandError("\(path) already exists; `snowglobe new` never overwrites a file")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let title = "Exercise: " + (path as NSString).lastPathComponent
            for file in files(title: title) {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path + "/" + file.name), options: .withoutOverwriting)
            }
        } catch {
            throw NewCommandError("cannot write \(path): \((error as NSError).localizedDescription)")
        }
    }
}
