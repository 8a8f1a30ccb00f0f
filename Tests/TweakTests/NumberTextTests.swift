import Testing
@testable import Tweak

/// A changed number is printed as it was written, and moves by a step its printing suggests.
struct NumberTextTests {
    @Test(arguments: [
        ("0.25", 0.01), ("120", 1), ("3.", 1), (".5", 0.1), ("2.5e-3", 0.0001), ("1e3", 1000), ("0xff", 1), ("-1.5", 0.1),
    ])
    func stepFollowsPrintedPrecision(text: String, step: Double) throws {
        let number = try #require(NumberText(Array(text.utf8)))
        #expect(abs(number.step - step) < step * 1e-9)
    }

    @Test(arguments: [
        ("0.25", 0.26, nil, "0.26"),
        ("0.25", -0.01, nil, "-0.01"),
        ("0.25", 0.0000001, nil, "0.00"),
        ("0.25", 0.251, 0.001, "0.251"),
        ("120", 121, nil, "121"),
        ("120", 130, 10, "130"),
        ("120", 120.1, 0.1, "120.1"),
        (".5", 0.6, nil, ".6"),
        ("3.", 4, nil, "4."),
        ("2.5e-3", 0.0026, nil, "2.6e-3"),
        ("0xff", 256, nil, "0x100"),
        ("0x0F", 16, nil, "0x10"),
        ("0xFF", -1, nil, "-0x01"),
        ("-1", 0, nil, "0"),
    ] as [(String, Double, Double?, String)])
    func printsLikeTheOriginal(text: String, value: Double, step: Double?, expected: String) throws {
        let number = try #require(NumberText(Array(text.utf8)))
        #expect(number.formatted(value, step: step) == expected)
    }

    @Test func refusesWhatLuaRefuses() {
        for text in ["1e", "1..2", "0x", "x1", "1e+", ""] {
            #expect(NumberText(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(NumberText(Array("1".utf8))?.formatted(.infinity) == nil)
    }
}
