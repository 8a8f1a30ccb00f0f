import Foundation

/// Checks every submission in a folder, a few at a time, each by `IsolatedCheck`: the reports
/// come back in the files' order whatever order they finish in.
public struct Grader: Sendable {
    public var isolated: IsolatedCheck
    /// How many submissions are checked at once.
    public var jobs: Int

    public init(isolated: IsolatedCheck, jobs: Int) {
        self.isolated = isolated
        self.jobs = max(jobs, 1)
    }

    /// The Lua files directly in `folder`, sorted by name.
    public static func submissions(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.filter { $0.hasSuffix(".lua") && !$0.hasPrefix(".") }.sorted()
    }

    /// The reports on `files` (names in `folder`), in their order.
    public func grade(exercise: Exercise, folder: String, files: [String]) -> [CheckReport] {
        let results = ReportCollector(count: files.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(files.count, 1))) { _ in
            while let index = results.next() {
                let report = isolated.run(exercise: exercise, submission: folder + "/" + files[index], file: files[index])
                results.store(report, at: index)
            }
        }
        return results.reports
    }
}

/// The reports being gathered, and the next file to hand out, shared by the workers.
private final class ReportCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var filed: [CheckReport?]
    private var handedOut = 0

    init(count: Int) {
        filed = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard handedOut < filed.count else { return nil }
        handedOut += 1
        return handedOut - 1
    }

    func store(_ report: CheckReport, at index: Int) {
        lock.lock()
        filed[index] = report
        lock.unlock()
    }

    var reports: [CheckReport] {
        lock.lock()
        defer { lock.unlock() }
        return filed.compactMap { $0 }
    }
}
