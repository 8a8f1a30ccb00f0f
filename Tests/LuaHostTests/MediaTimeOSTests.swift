import Foundation
import TestSupport
import Testing
@testable import LuaHost

/// `os.clock`, `os.time` and `os.date` follow media time and UTC, so no wall clock reaches a
/// script and a replayed run sees what the played one saw.
struct MediaTimeOSTests {
    @Test func theClockIsMediaTime() {
        let h = ScriptHarness("""
            print(os.clock(), os.time(), os.date("%Y-%m-%d %H:%M:%S"))
            ca.after(2.5, function() print(os.clock(), os.time(), os.date("%H:%M:%S"), os.date("*t").sec) end)
            """)
        #expect(h.start() == nil)
        h.run(until: 3)
        #expect(h.output == ["0.0\t946684800\t2000-01-01 00:00:00", "2.5\t946684802\t00:00:02\t2"])
    }

    @Test func dateTablesAreReadAsUTC() {
        let h = ScriptHarness("""
            print(os.time{ year = 2024, month = 2, day = 29, hour = 0 })
            print(os.time{ year = 2000, month = 13, day = 1, hour = 0 })
            print(os.time{ year = 1969, month = 12, day = 31, hour = 23, min = 59, sec = 59 })
            print(os.date("!%c", 0), os.date("%c", 0))
            """)
        #expect(h.start() == nil)
        #expect(h.output == ["1709164800", "978307200", "-1", "Thu Jan  1 00:00:00 1970\tThu Jan  1 00:00:00 1970"])
    }

    @Test(arguments: [
        ("os.time(5)", "bad argument #1 to 'time' (table expected, got number)"),
        ("os.time{ year = 2000 }", "field 'month' missing in date table"),
        ("os.time{ year = 2000.5, month = 1, day = 1 }", "field 'year' is not an integer"),
        ("os.time{ year = 2^40, month = 1, day = 1 }", "field 'year' is out-of-bound"),
        ("os.date({})", "bad argument #1 to 'date' (string expected, got table)"),
    ])
    func badDatesGetLuaStyleErrors(code: String, message: String) {
        let h = ScriptHarness("local ok, err = pcall(function() return \(code) end)\nprint(err)")
        #expect(h.start() == nil)
        #expect(h.output.first?.hasSuffix(message) == true, "\(h.output)")
    }
}
