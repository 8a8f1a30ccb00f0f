import LayerKit
import Testing
@testable import Tweak

/// Finding literals on tokens: what a person sees as a tweakable value in their script, and
/// nothing inside comments or strings.
struct LiteralScannerTests {
    private func literals(_ source: String) -> [Literal] {
        LiteralScanner.literals(in: Array(source.utf8), file: "/tmp/main.lua", isColour: { Color(parsing: $0) != nil })
    }

    private func texts(_ source: String) -> [String] { literals(source).map(\.text) }

    @Test(arguments: [
        ("local a = 3", ["3"]),
        ("local a = 345.678", ["345.678"]),
        ("local a = 3.", ["3."]),
        ("local a = .5", [".5"]),
        ("local a = 3e2", ["3e2"]),
        ("local a = 3.5E-2", ["3.5E-2"]),
        ("local a = 0.31416e+1", ["0.31416e+1"]),
        ("local a = 0xff", ["0xff"]),
        ("local a = 0XBEBADA", ["0XBEBADA"]),
        ("local a = 0x0.1E", ["0x0.1E"]),
        ("local a = 0xA23p-4", ["0xA23p-4"]),
        ("local a = 0X1.921FB54442D18P+1", ["0X1.921FB54442D18P+1"]),
    ])
    func findsEveryNumeralForm(source: String, expected: [String]) {
        #expect(texts(source) == expected)
    }

    @Test func numeralValuesAreLuas() {
        let values = literals("x(3, 0.25, 3e2, 0xff, 0xA23p-4, 0x0.1E, .5, -2)").compactMap { $0.number?.value }
        #expect(values == [3, 0.25, 300, 255, 162.1875, 0.1171875, 0.5, -2])
    }

    @Test func aMinusBelongsToTheNumberOnlyWhenUnary() {
        #expect(texts("local b = a-1") == ["1"])
        #expect(texts("local b = a - 1") == ["1"])
        #expect(texts("local b = a - -1") == ["-1"])
        #expect(texts("local b = -1") == ["-1"])
        #expect(texts("f(-1, {-2}, x[-3])") == ["-1", "-2", "-3"])
        #expect(texts("return -1") == ["-1"])
        #expect(texts("local b = t[1]-1 + f()-2 + 2^-3") == ["1", "1", "2", "2", "-3"])
        // A minus apart from its number stays an operator.
        #expect(texts("local b = - 1") == ["1"])
    }

    @Test func commentsHoldNoLiterals() {
        let source = """
        -- 1 2 3 "#ff0000"
        local a = 4 -- 5
        --[[ 6
        7 ]] local b = 8
        --[==[ 9 ]] 10 ]=] 11
        ]==] local c = 12
        ---[[ not a long comment
        local d = 13 --]]
        """
        #expect(texts(source) == ["4", "8", "12", "13"])
        #expect(literals(source).map(\.line) == [2, 4, 6, 8])
    }

    @Test func stringsHoldNoNumbers() {
        let source = ##"""
        local a = "1 # 2 \" 3" .. '4 "#fff" 5' .. [[6 "#000"]] .. [==[ 7 ]] 8 ]==] .. 9
        local b = "#ff8800"
        """##
        #expect(texts(source) == ["9", "#ff8800"])
    }

    @Test func coloursAreTheOnesSnowglobeReads() {
        let found = literals(##"a("#ff8800", "#ff880080", "white", "Tomato", "#ggg", "snow", "label", "#f80")"##)
        #expect(found.map(\.text) == ["#ff8800", "#ff880080", "white", "Tomato", "snow", "#f80"].filter { Color(parsing: $0) != nil })
        // The span is the text between the quotes.
        let source = ##"x = "#ff8800""##
        let colour = literals(source)[0]
        #expect(String(decoding: Array(source.utf8)[colour.span], as: UTF8.self) == "#ff8800")
    }

    @Test func timingFunctionArgumentsAreMarked() {
        let source = """
        local a = ca.MediaTimingFunction(0.25, 0.1, 0.25, 1)
        local b = ca.MediaTimingFunction("easeIn")
        local c = ca.MediaTimingFunction(0.6, -0.28, 0.735, 1.5)
        local d = f(0.1, 0.2, 0.3, 0.4)
        """
        let found = literals(source)
        let marked = found.filter { $0.timing != nil }
        #expect(marked.map(\.text) == ["0.25", "0.1", "0.25", "1", "0.6", "-0.28", "0.735", "1.5"])
        #expect(marked.map { $0.timing?.call ?? -1 } == [0, 0, 0, 0, 1, 1, 1, 1])
        #expect(marked.map { $0.timing?.argument ?? -1 } == [0, 1, 2, 3, 0, 1, 2, 3])
    }

    @Test func positionsAreLineColumnAndExactBytes() {
        let source = "local a = 1\r\n\tlocal b = { x = -0.5 }\nlocal s = 'é' .. 2"
        let found = literals(source)
        #expect(found.map(\.line) == [1, 2, 3])
        #expect(found.map(\.column) == [11, 18, 19])
        let bytes = Array(source.utf8)
        #expect(found.map { String(decoding: bytes[$0.span], as: UTF8.self) } == ["1", "-0.5", "2"])
    }

    @Test func aShebangLineAndMalformedNumeralsAreSkipped() {
        #expect(texts("#!/usr/bin/env lua 5\nlocal a = 3x + 4") == ["4"])
        #expect(texts("local a = \"unfinished 5\nlocal b = 6") == ["6"])
    }
}
