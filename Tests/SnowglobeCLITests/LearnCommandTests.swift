import Foundation
import Testing
import TestSupport

/// `snowglobe learn check` and `learn grade` as a teacher runs them, on a class that includes
/// hostile submissions: each gets its own verdict, the grader finishes, and nothing outside the
/// submissions' folder changes.
@Suite(.serialized)
struct LearnCommandTests {
    static let exercise = Project.root + "/exercises/01-stay-put"

    /// Hostile submissions and the code each must be stopped with.
    static let hostile: [(file: String, source: String, code: String)] = [
        ("read-passwd.lua", "local f = io.open('/etc/passwd') print(f:read('a'))", "scriptError"),
        ("loadfile-passwd.lua", "assert(loadfile('/etc/passwd'))()", "scriptError"),
        ("execute.lua", "os.execute('touch /tmp/snowglobe-learn-pwned')", "scriptError"),
        ("popen.lua", "io.popen('touch /tmp/snowglobe-learn-pwned')", "scriptError"),
        ("require-outside.lua", "require 'outside'", "scriptError"),
        ("require-parent.lua", "require '..outside'", "scriptError"),
        ("endless-loop.lua", "while true do end", "timeout"),
        ("memory-bomb.lua", "local s = 'x' while true do s = s .. s end", "memory"),
        ("huge-rep.lua", "local s = string.rep('x', 1 << 30) print(#s)", "memory"),
        ("giant-rep.lua", "local s = string.rep('x', 1 << 40) print(#s)", "scriptError"),
        ("deep-recursion.lua", "local function f(n) return 1 + f(n + 1) end print(f(1))", "scriptError"),
        ("coroutine-bomb.lua", "local all = {} while true do all[#all + 1] = coroutine.create(function() end) end", "memory"),
        ("completion-error.lua", """
            local box = ca.Layer{ name = "box", bounds = { 0, 0, 10, 10 } }
            ca.root:addSublayer(box)
            ca.transaction(function()
              box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = 500, duration = 0.5 })
            end, { completion = function() error("boom in completion") end })
            """, "scriptError"),
    ]

    /// A class folder holding the hostile submissions and one right one, beside a file that must
    /// not change.
    static func makeClass(_ root: TemporaryFolder) throws -> String {
        try root.write("outside.lua", "return 'secret'")
        try root.write("canary.txt", "unchanged")
        for item in hostile { try root.write("class/" + item.file, item.source) }
        try root.write("class/good.lua", try String(contentsOfFile: exercise + "/solution.lua", encoding: .utf8))
        return root.path + "/class"
    }

    @Test func hostileSubmissionsAreErrorsAndTheGraderFinishes() throws {
        let root = try TemporaryFolder()
        let folder = try Self.makeClass(root)
        let before = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        let result = try CLI.run(["learn", "grade", Self.exercise, folder, "--json", "--jobs", "2"], seconds: 600)
        #expect(result.status == 0, "\(result.stderr)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let byFile = Dictionary(uniqueKeysWithValues: reports.map { ($0["file"] as? String ?? "", $0) })
        for item in Self.hostile {
            let report = try #require(byFile[item.file], "no report for \(item.file)")
            let findings = report["findings"] as? [[String: String]] ?? []
            #expect(report["verdict"] as? String == "error", "\(item.file): \(report)")
            #expect(findings.first?["code"] == item.code, "\(item.file): \(findings)")
        }
        #expect(byFile["good.lua"]?["verdict"] as? String == "pass")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/snowglobe-learn-pwned"))
        #expect(try String(contentsOfFile: root.path + "/canary.txt", encoding: .utf8) == "unchanged")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == Self.hostile.count + 1)
    }

    @Test func gradingIsTheSameEveryTimeAndWithAnyNumberOfJobs() throws {
        let submissions = Project.root + "/Tests/LearnTests/Submissions/01-stay-put"
        let once = try CLI.run(["learn", "grade", "01-stay-put", submissions, "--jobs", "1"])
        let twice = try CLI.run(["learn", "grade", "01-stay-put", submissions, "--jobs", "2"])
        #expect(once.status == 0)
        #expect(once.stdout == twice.stdout)
        #expect(once.stdout.hasPrefix("file "))
        #expect(once.stdout.contains("snaps.lua "))
        #expect(once.stdout.hasSuffix("5 submissions: 2 pass, 3 fail, 0 error\n"), "\(once.stdout)")
    }

    @Test(arguments: [("solution.lua", Int32(0), "pass: "), ("start.lua", 1, "fail: ")])
    func checkExitsWithTheVerdict(file: String, status: Int32, prefix: String) throws {
        let result = try CLI.run(["learn", "check", "01", Self.exercise + "/" + file])
        #expect(result.status == status)
        #expect(result.stdout.hasPrefix(prefix), "\(result.stdout)")
    }

    @Test func aWrongSubmissionSaysWhyInOneLineEach() throws {
        let result = try CLI.run(["learn", "check", "03-ease-out", Project.root + "/exercises/03-ease-out/start.lua"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\n  wrongEasing  position.x: yours is linear; the target slows down at the end: easeOut\n"))
    }

    @Test func aHangIsStoppedByTheWallClock() throws {
        let root = try TemporaryFolder()
        let file = try root.write("hang.lua", "while true do end")
        let result = try CLI.run(["learn", "check", Self.exercise, file, "--time-limit", "30", "--wall-limit", "1", "--json"])
        #expect(result.status == 2)
        #expect(result.stdout.contains(#""code":"timeout""#), "\(result.stdout)")
        #expect(result.stdout.contains("the check ran longer than 1 s and was stopped"))
    }

    @Test(arguments: [
        (["learn", "check", "no-such-exercise", "x.lua"], "no exercise 'no-such-exercise'"),
        (["learn", "check", "01", "/no/such/file.lua"], "cannot open /no/such/file.lua"),
        (["learn", "grade", "01", "/no/such/folder"], "cannot open /no/such/folder (no such folder)"),
        (["learn", "grade", "01", ".", "--jobs", "0"], "--jobs must be from 1 to 64, got 0"),
        (["learn", "check", "01", "x.lua", "--wall-limit", "0"], "--wall-limit must be from 1 to 3600 seconds, got 0.0"),
        (["learn", "check", "01", "x.lua", "--memory-limit", "0"], "--memory-limit must be between 1 and 4096 MiB, got 0"),
    ])
    func badInputIsNamed(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status != 0 && result.status != 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func listResetAndHintKeepProgressInTheStateFolder() throws {
        let home = try TemporaryFolder()
        let environment = ["XDG_STATE_HOME": home.path + "/state", "XDG_DATA_HOME": home.path + "/data"]
        let passed = try CLI.run(["learn", "--from", "01", "--once"], environment: environment)
        #expect(passed.status == 1)
        #expect(passed.stdout.contains(home.path + "/data/snowglobe/learn/01-stay-put.lua"))
        let copy = home.path + "/data/snowglobe/learn/01-stay-put.lua"
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: Self.exercise + "/solution.lua", toPath: copy)
        #expect(try CLI.run(["learn", "--from", "01", "--once"], environment: environment).status == 0)
        let list = try CLI.run(["learn", "list"], environment: environment)
        #expect(list.stdout.hasPrefix("✓ 01-stay-put"))
        #expect(list.stdout.contains("1 of "))
        let hint = try CLI.run(["learn", "hint"], environment: environment)
        #expect(hint.stdout.hasPrefix("Hint 1 of 3 for 02-fill-backwards: "))
        #expect(try CLI.run(["learn", "hint"], environment: environment).stdout.hasPrefix("Hint 2 of 3"))
        #expect(try CLI.run(["learn", "reset", "--all"], environment: environment).status == 0)
        #expect(try CLI.run(["learn", "list"], environment: environment).stdout.contains("0 of "))
    }

    @Test func aNewExerciseFromTheTemplateChecksOut() throws {
        let folder = try TemporaryFolder()
        let exercise = folder.path + "/my-exercise"
        let made = try CLI.run(["new", exercise, "--template", "exercise"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("created the exercise \(exercise)/"))
        let start = try CLI.run(["learn", "check", exercise, exercise + "/start.lua"])
        #expect(start.status == 1)
        #expect(start.stdout.contains("wrongEasing"), "\(start.stdout)")
        #expect(try CLI.run(["learn", "check", exercise, exercise + "/solution.lua"]).status == 0)
        #expect(try CLI.run(["new", exercise, "--template", "exercise"]).status == 1)
    }

    @Test func aChartShowsBothCurves() throws {
        let folder = try TemporaryFolder()
        let chart = folder.path + "/curves.svg"
        let result = try CLI.run(["learn", "check", "05", Project.root + "/exercises/05-spring-drop/start.lua", "--chart", chart])
        #expect(result.status == 1)
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        // Cairo writes text as glyph outlines: the target's curve is the dashed one.
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg"))
        #expect(svg.contains("stroke-dasharray"))
        let refused = try CLI.run(["learn", "check", "05", Project.root + "/exercises/05-spring-drop/start.lua", "--chart", "x.gif"])
        #expect(refused.stderr.contains("--chart must name a .svg or .png file, got 'x.gif'"))
    }

    @Test func aSubmissionMayRequireAModuleBesideItAndItsMessagesNameItsFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("helper.lua", "return { right = 500 }\n")
        let good = try folder.write("good.lua", """
            local helper = require "helper"
            local box = ca.Layer{ name = "box", bounds = { 0, 0, 80, 80 }, position = { helper.right, 300 } }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 100, toValue = helper.right, duration = 2 })
            """)
        #expect(try CLI.run(["learn", "check", "01", good]).status == 0)
        let bad = try folder.write("bad.lua", "\nerror('no')\n")
        let result = try CLI.run(["learn", "check", "01", bad, "--json"])
        #expect(result.status == 2)
        #expect(result.stdout.contains(#""message":"bad.lua:2: no""#), "\(result.stdout)")
    }
}
