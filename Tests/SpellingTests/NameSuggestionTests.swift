import Testing
@testable import Spelling

/// The one "did you mean" rule: close enough to be a typo, case ignored, the earliest of equals.
struct NameSuggestionTests {
    @Test(arguments: [
        ("opactiy", ["position", "opacity"], "opacity"),      // a swap of neighbours is one edit
        ("Text", ["text", "font"], "text"),                   // case is ignored
        ("ad", ["add", "remove"], "add"),
        ("birthrat", ["birthRate", "lifetime"], "birthRate"),
        ("bat", ["cat", "hat"], "cat"),                       // equals: the earliest
        ("hat", ["hat", "cat"], "cat"),                       // the name itself is never suggested
        ("x", ["y", "xy"], nil),                              // an edit for every character
        ("opcty", ["opacity"], nil),                          // 2 edits for 5 characters
        ("backgroundColr", ["backgroundColor"], "backgroundColor"),
        ("zzzzzz", ["opacity"], nil),
    ] as [(String, [String], String?)])
    func suggests(name: String, candidates: [String], expected: String?) {
        #expect(NameSuggestion.closest(to: name, among: candidates) == expected)
    }

    @Test func editDistanceCountsSwapsOnce() {
        #expect(NameSuggestion.editDistance(Array("abcd"), Array("abdc")) == 1)
        #expect(NameSuggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(NameSuggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
