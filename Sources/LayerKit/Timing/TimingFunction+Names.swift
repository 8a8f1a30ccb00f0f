import Spelling

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

    /// The name to suggest for an unknown one: Core Animation's name for a curve other APIs name
    /// otherwise (CSS's `ease-in-out` and `ease`, UIKit's and SwiftUI's `easeInOut`,
    /// `kCAMediaTimingFunctionEaseIn`), a known name written in another case or with dashes
    /// (`ease-in-out-sine`), else the closest known name to a typo.
    public static func suggestion(for name: String) -> String? {
        let key = foreignKey(name)
        if let known = foreignNames[key] { return known }
        if let known = names.first(where: { foreignKey($0) == key }), known != name { return known }
        return NameSuggestion.closest(to: name, among: names)
    }

    /// Curves other APIs name otherwise, by ``foreignKey(_:)``: CSS's keywords (`ease` is Core
    /// Animation's `default` curve, control points and all) and the UIKit and SwiftUI name for
    /// ease-in-ease-out.
    private static let foreignNames = [
        "easeinout": "easeInEaseOut",
        "ease": "default",
    ]

    /// `name` in lower case without separators and the prefixes of Core Animation's constants
    /// and UIKit's curve options, so that `ease-in-out`, `EaseInOut`, `.easeInOut`,
    /// `curveEaseInOut` and `kCAMediaTimingFunctionEaseInEaseOut` meet their Core Animation name.
    private static func foreignKey(_ name: String) -> String {
        var key = name.lowercased().filter { !"-_ .".contains($0) }
        for prefix in ["kcamediatimingfunction", "camediatimingfunctionname", "uiviewanimationcurve", "curve"]
        where key.hasPrefix(prefix) && key.count > prefix.count {
            key.removeFirst(prefix.count)
            break
        }
        return key
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
