extension CheckReport {
    /// The report for a terminal: a verdict line, then one line per finding.
    public func text(tolerance: Double?) -> String {
        var head = "\(verdict.rawValue): \(file) · \(exercise)"
        if let maxError, verdict != .error {
            head += " (largest difference \(CheckReport.percent(maxError)) of the target's range"
            head += tolerance.map { "; up to \(CheckReport.percent($0)) passes)" } ?? ")"
        }
        let width = findings.map(\.code.rawValue.count).max() ?? 0
        let lines = findings.map { finding in
            "  " + finding.code.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + finding.message
        }
        return ([head] + lines).joined(separator: "\n")
    }
}

/// The table `learn grade` prints: one row per submission (file, verdict, largest difference,
/// the findings' codes), then a tally.
public enum GradeTable {
    public static func text(_ reports: [CheckReport]) -> String {
        let header = ["file", "verdict", "max diff", "findings"]
        let rows = reports.map { report in
            [report.file, report.verdict.rawValue, report.maxErrorText,
             uniqueCodes(report).joined(separator: ", ")]
        }
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = ""
            for column in 0..<3 { text += cells[column].padding(toLength: widths[column], withPad: " ", startingAt: 0) + "  " }
            return (text + cells[3]).trimmingTrailingSpaces
        }
        let count = { (verdict: CheckReport.Verdict) in reports.filter { $0.verdict == verdict }.count }
        let noun = reports.count == 1 ? "submission" : "submissions"
        let tally = "\(reports.count) \(noun): \(count(.pass)) pass, \(count(.fail)) fail, \(count(.error)) error"
        return ([line(header)] + rows.map(line) + [tally]).joined(separator: "\n")
    }

    /// The findings' codes, each once, in order.
    static func uniqueCodes(_ report: CheckReport) -> [String] {
        var seen: Set<String> = []
        return report.findings.map(\.code.rawValue).filter { seen.insert($0).inserted }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
