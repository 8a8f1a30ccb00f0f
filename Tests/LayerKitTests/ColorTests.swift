import Testing
import LayerKit

@Suite("Color")
struct ColorTests {
    @Test(arguments: [
        ("#F80", Color(r: 1, g: 0x88 / 255, b: 0)),
        ("#f80c", Color(r: 1, g: 0x88 / 255, b: 0, a: 0xCC / 255)),
        ("#FF8000", Color(r: 1, g: 0x80 / 255, b: 0)),
        ("#ff800080", Color(r: 1, g: 0x80 / 255, b: 0, a: 0x80 / 255)),
        ("#aBcDeF", Color(r: 0xAB / 255, g: 0xCD / 255, b: 0xEF / 255)),
        ("#000", Color.black),
        ("#FFFFFFFF", Color.white),
        ("#00000000", Color.clear),
    ])
    func hexForms(hex: String, expected: Color) throws {
        let color = try #require(Color(hex: hex))
        #expect(color == expected)
    }

    @Test(arguments: [
        "", "#", "FF8000", "#F", "#FF", "#FFFFF", "#FFFFFFF", "#FFFFFFFFF",
        "#GG0000", "#12345z", " #FFF", "#FFF ", "##FFF", "#+FF", "#FF\u{00E9}", "red",
    ])
    func badHexIsNil(hex: String) {
        #expect(Color(hex: hex) == nil)
    }

    @Test(arguments: ["red", "RED", "Red", "rEd"])
    func namesIgnoreCase(name: String) {
        #expect(Color(cssName: name) == Color(r: 1, g: 0, b: 0))
    }

    @Test(arguments: [
        ("rebeccapurple", "#663399FF"),
        ("cornflowerblue", "#6495EDFF"),
        ("lightgoldenrodyellow", "#FAFAD2FF"),
        ("grey", "#808080FF"),
        ("gray", "#808080FF"),
        ("aqua", "#00FFFFFF"),
        ("cyan", "#00FFFFFF"),
        ("white", "#FFFFFFFF"),
        ("transparent", "#00000000"),
    ])
    func namedValues(name: String, hex: String) {
        #expect(Color(cssName: name)?.hexString == hex)
    }

    @Test(arguments: ["", "blu", "redd", "light gray", "#FF0000", "transparentt"])
    func unknownNamesAreNil(name: String) {
        #expect(Color(cssName: name) == nil)
    }

    @Test func cssNameList() {
        let names = Color.cssNames
        #expect(names.count == 149)  // 148 named colours + "transparent"
        #expect(names == names.sorted())
        #expect(names.allSatisfy { $0 == $0.lowercased() })
        #expect(Set(names).count == names.count)
        #expect(names.contains("transparent") && names.contains("rebeccapurple"))
        for name in names {
            #expect(Color(cssName: name) != nil, "\(name)")
            #expect(Color(cssName: name.uppercased()) == Color(cssName: name))
        }
        #expect(names.filter { Color(cssName: $0)?.a != 1 } == ["transparent"])
    }

    @Test func parsingAcceptsHexAndNames() {
        #expect(Color(parsing: "#00F") == Color(r: 0, g: 0, b: 1))
        #expect(Color(parsing: "Blue") == Color(r: 0, g: 0, b: 1))
        #expect(Color(parsing: "#nope") == nil)
        #expect(Color(parsing: "nope") == nil)
        #expect(Color(parsing: "") == nil)
    }

    @Test(arguments: [
        (-1.0, 0.0), (0.0, 0.0), (0.25, 0.25), (1.0, 1.0), (2.0, 1.0),
        (Double.nan, 0.0), (Double.infinity, 1.0), (-Double.infinity, 0.0),
    ])
    func componentsAreClamped(input: Double, expected: Double) {
        let c = Color(r: input, g: input, b: input, a: input)
        #expect(c.r == expected && c.g == expected && c.b == expected && c.a == expected)
    }

    @Test func defaultAlphaIsOpaque() {
        #expect(Color(r: 0.1, g: 0.2, b: 0.3).a == 1)
    }

    @Test func constants() {
        #expect(Color.clear == Color(r: 0, g: 0, b: 0, a: 0))
        #expect(Color.black == Color(r: 0, g: 0, b: 0, a: 1))
        #expect(Color.white == Color(r: 1, g: 1, b: 1, a: 1))
    }

    @Test func interpolationIsComponentwiseOnStraightAlpha() {
        let from = Color(r: 1, g: 0, b: 0.5, a: 1)
        let to = Color(r: 0, g: 1, b: 0.5, a: 0)
        #expect(from.interpolated(to: to, fraction: 0) == from)
        #expect(from.interpolated(to: to, fraction: 1) == to)
        #expect(from.interpolated(to: to, fraction: 0.25) == Color(r: 0.75, g: 0.25, b: 0.5, a: 0.75))
        // Straight alpha: fading a colour to clear keeps its hue at half opacity.
        let half = Color.white.interpolated(to: Color(r: 1, g: 1, b: 1, a: 0), fraction: 0.5)
        #expect(half == Color(r: 1, g: 1, b: 1, a: 0.5))
    }

    @Test func interpolationExtrapolatesAndClamps() {
        let from = Color(r: 0.2, g: 0.5, b: 0.8, a: 1)
        let to = Color(r: 0.8, g: 0.5, b: 0.2, a: 0.5)
        let over = from.interpolated(to: to, fraction: 2)
        #expect(over == Color(r: 1, g: 0.5, b: 0, a: 0))
        let under = from.interpolated(to: to, fraction: -1)
        #expect(abs(under.r) < 1e-12 && under.b == 1 && under.a == 1)
    }

    @Test func hexStringFormat() {
        #expect(Color.white.hexString == "#FFFFFFFF")
        #expect(Color.clear.hexString == "#00000000")
        #expect(Color(r: 1, g: 0.5, b: 0, a: 0.2).hexString == "#FF800033")
        var outOfRange = Color.black
        outOfRange.r = 3
        outOfRange.g = .nan
        outOfRange.b = -1
        #expect(outOfRange.hexString == "#FF0000FF")
    }

    @Test(arguments: ["#01234567", "#89ABCDEF", "#FEDCBA98", "#00FF7F80", "#C0FFEE00"])
    func hexStringRoundTrip(hex: String) throws {
        let color = try #require(Color(hex: hex))
        #expect(color.hexString == hex)
        #expect(Color(hex: color.hexString) == color)
    }

    @Test func shortHexExpandsLikeLongHex() {
        #expect(Color(hex: "#abc")?.hexString == "#AABBCCFF")
        #expect(Color(hex: "#abcd")?.hexString == "#AABBCCDD")
    }
}
