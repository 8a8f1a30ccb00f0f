import Foundation

/// `snowglobe learn`: checking one exercise's solution (two headless runs compared, in a process
/// of its own) against `check` of the same script for the same time, and grading a class of 100
/// submissions with one job and with two.
struct LearnBenchmark {
    let snowglobe: String
    /// The project's exercises/ folder.
    let exercises: String
    /// Known submissions to make the class from (Tests/LearnTests/Submissions/01-stay-put).
    let submissions: String
    let runs: Int

    /// The exercise checked.
    static let exercise = "05-spring-drop"
    /// The class's size.
    static let classSize = 100

    struct Result {
        var learnCheck: [Double] = []
        var plainCheck: [Double] = []
        var grade: [Int: Double] = [:]
    }

    func run() -> Result {
        var result = Result()
        let environment = ProcessInfo.processInfo.environment
        let solution = exercises + "/" + Self.exercise + "/solution.lua"
        for run in 0..<(runs + 1) {
            let learn = timedRun(snowglobe, ["learn", "check", exercises + "/" + Self.exercise, solution], environment: environment)
            let plain = timedRun(snowglobe, ["check", solution, "--duration", "3"], environment: environment)
            guard run >= 1 else { continue }
            if let learn { result.learnCheck.append(learn * 1000) }
            if let plain { result.plainCheck.append(plain * 1000) }
        }
        guard let folder = makeClass() else { return result }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for jobs in [1, 2] {
            result.grade[jobs] = timedRun(snowglobe, ["learn", "grade", exercises + "/01-stay-put", folder, "--jobs", "\(jobs)"],
                                          environment: environment)
        }
        return result
    }

    /// A folder of `classSize` submissions, copies of the known ones in turn.
    private func makeClass() -> String? {
        let known = ((try? FileManager.default.contentsOfDirectory(atPath: submissions)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
        guard !known.isEmpty else {
            FileHandle.standardError.write(Data("learn benchmark: no submissions in \(submissions)\n".utf8))
            return nil
        }
        let folder = NSTemporaryDirectory() + "snowglobe-learn-class-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<Self.classSize {
            let source = submissions + "/" + known[index % known.count]
            try? FileManager.default.copyItem(atPath: source, toPath: folder + String(format: "/student-%03d.lua", index))
        }
        return folder
    }
}
