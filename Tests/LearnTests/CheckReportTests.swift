import Learn
import Testing

/// The report as a teacher's tools read it: JSON with every key, exit statuses, the table.
struct CheckReportTests {
    @Test func jsonHasEveryKeyEvenWithoutAMaxError() {
        let report = CheckReport.error(exercise: "01-stay-put", file: "a.lua", .timeout, "ran too long")
        #expect(report.json == #"{"exercise":"01-stay-put","file":"a.lua","findings":[{"code":"timeout","message":"ran too long"}],"maxError":null,"verdict":"error"}"#)
        #expect(CheckReport.decode(report.json) == report)
    }

    @Test(arguments: [(CheckReport.Verdict.pass, Int32(0)), (.fail, 1), (.error, 2)])
    func exitStatusFollowsTheVerdict(verdict: CheckReport.Verdict, status: Int32) {
        #expect(CheckReport(exercise: "x", file: "f", verdict: verdict, maxError: 0, findings: []).exitStatus == status)
    }

    @Test func gradeTableListsEachFileAndTallies() {
        let reports = [
            CheckReport(exercise: "x", file: "alice.lua", verdict: .pass, maxError: 0.001, findings: []),
            CheckReport(exercise: "x", file: "bob.lua", verdict: .fail, maxError: 0.31,
                        findings: [Finding(.late, "late by 0.5 s"), Finding(.late, "again"), Finding(.slow, "slow")]),
        ]
        #expect(GradeTable.text(reports) == """
            file       verdict  max diff  findings
            alice.lua  pass     0.1%
            bob.lua    fail     31%       late, slow
            2 submissions: 1 pass, 1 fail, 0 error
            """)
    }
}
