import Foundation

/// The outcome of checking one submission against an exercise: the verdict, the largest
/// difference from the target, and the findings. What `learn check` prints and `learn grade`
/// tabulates; as JSON, one object per submission.
public struct CheckReport: Equatable, Sendable, Codable {
    public enum Verdict: String, Sendable, Codable {
        case pass, fail, error
    }

    /// The exercise's name.
    public var exercise: String
    /// The submission's file, as given.
    public var file: String
    public var verdict: Verdict
    /// The largest difference from the target, as a fraction of the target's range over the
    /// checked time (the same unit as the exercise's tolerance); nil when the run errored.
    public var maxError: Double?
    public var findings: [Finding]

    public init(exercise: String, file: String, verdict: Verdict, maxError: Double?, findings: [Finding]) {
        self.exercise = exercise
        self.file = file
        self.verdict = verdict
        self.maxError = maxError
        self.findings = findings
    }

    /// An error report: the submission could not be checked.
    public static func error(exercise: String, file: String, _ code: Finding.Code, _ message: String) -> CheckReport {
        CheckReport(exercise: exercise, file: file, verdict: .error, maxError: nil, findings: [Finding(code, message)])
    }

    /// The report as one line of JSON, keys in a fixed order.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a report from JSON, as the isolated check writes it.
    public static func decode(_ text: String) -> CheckReport? {
        try? JSONDecoder().decode(CheckReport.self, from: Data(text.utf8))
    }

    /// The exit status `learn check` ends with: 0 pass, 1 fail, 2 error.
    public var exitStatus: Int32 {
        switch verdict {
        case .pass: return 0
        case .fail: return 1
        case .error: return 2
        }
    }

    /// The largest difference as a percentage: "31%".
    public var maxErrorText: String {
        guard let maxError else { return "-" }
        return Self.percent(maxError)
    }

    /// A fraction as a percentage: "31%", "1.5%".
    public static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        if value >= 10 || value == value.rounded() { return "\(Int(value.rounded()))%" }
        let text = String(format: "%.1f", value)
        return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "%"
    }
}

extension CheckReport {
    private enum CodingKeys: String, CodingKey {
        case exercise, file, verdict, maxError, findings
    }

    /// Writes every key, `maxError` as null when there is none.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(exercise, forKey: .exercise)
        try container.encode(file, forKey: .file)
        try container.encode(verdict, forKey: .verdict)
        if let maxError { try container.encode(maxError, forKey: .maxError) } else { try container.encodeNil(forKey: .maxError) }
        try container.encode(findings, forKey: .findings)
    }
}
