extension TimingFunction {
    /// Every name ``init(name:)`` accepts, in table order, for error messages and suggestions.
    public static var names: [String] {
        named.map(\.name)
    }

    /// Looks up a timing function by name: Core Animation's `"linear"`, `"easeIn"`, `"easeOut"`,
    /// `"easeInEaseOut"`, `"default"`, and each catalogue curve (`"easeInSine"` … `"easeInOutBounce"`).
    ///
    /// Names are case-sensitive; returns nil for any other string.
    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self = entry.function
    }

    /// The one table of named timing functions: Core Animation's five, then the easing catalogue
    /// by family, each family as easeIn, easeOut, easeInOut.
    private static let named: [(name: String, function: TimingFunction)] =
        [
            ("linear", .linear),
            ("easeIn", .easeIn),
            ("easeOut", .easeOut),
            ("easeInEaseOut", .easeInEaseOut),
            ("default", .default),
        ]
        + EasingFamily.allCases.flatMap { family in
            EasingMode.allCases.map { mode in
                (catalogueName(family, mode), TimingFunction(easing: family, mode))
            }
        }

    /// The catalogue name of a family in a mode: the mode, then the family capitalised
    /// ("easeInOutElastic").
    private static func catalogueName(_ family: EasingFamily, _ mode: EasingMode) -> String {
        mode.rawValue + family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()
    }
}
