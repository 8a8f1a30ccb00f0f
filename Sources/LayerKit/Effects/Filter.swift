import Spelling

/// One of a layer's `filters` (a CIFilter on macOS's CALayer): a kind, the name that key paths
/// reach it by (`filters.NAME.inputRadius`), and its inputs, as set (model) and as animations
/// show them this frame (presentation).
public final class Filter {
    public let kind: FilterKind
    /// The name in key paths (`filters.blur.inputRadius`); the kind's name when none is given.
    public let name: String
    /// Values by `FilterInput.rawValue`: as set, and as shown this frame.
    private var model: [Double]
    var presented: [Double]

    /// A filter of `kind` called `name`, with Core Image's defaults for the inputs not given.
    public init(kind: FilterKind, name: String? = nil, inputs: [FilterInput: Double] = [:]) throws(FilterError) {
        for input in inputs.keys where !kind.inputs.contains(input) {
            throw .unknownInput(input.rawValue, filter: kind)
        }
        self.kind = kind
        self.name = name ?? kind.rawValue
        model = FilterInput.allCases.map { inputs[$0] ?? kind.defaultValue($0) }
        presented = model
    }

    /// The filter called `kindName` (Core Image's name without the `CI`), its inputs given by
    /// name: unknown names are errors that list the valid ones.
    public convenience init(kindName: String, name: String? = nil, inputs: [String: Double]) throws(FilterError) {
        guard let kind = FilterKind(rawValue: kindName) else { throw .unknownFilter(kindName) }
        var typed: [FilterInput: Double] = [:]
        for (key, value) in inputs {
            guard let input = FilterInput(rawValue: key), kind.inputs.contains(input) else {
                throw .unknownInput(key, filter: kind)
            }
            typed[input] = value
        }
        try self.init(kind: kind, name: name, inputs: typed)
    }

    /// A filter like this one, with its own storage (what a layer keeps when `filters` is set).
    public func copy() -> Filter {
        let made = (try? Filter(kind: kind, name: name)) ?? self
        made.model = model
        made.presented = model
        return made
    }

    /// The value of `input` as set, or as animations show it.
    public func value(_ input: FilterInput, _ slot: StateSlot = .model) -> Double {
        switch slot {
        case .model: model[input.rawValueIndex]
        default: presented[input.rawValueIndex]
        }
    }

    /// Sets `input` (the presentation follows unless an animation drives it).
    public func setValue(_ value: Double, for input: FilterInput) throws(FilterError) {
        guard kind.inputs.contains(input) else { throw .unknownInput(input.rawValue, filter: kind) }
        model[input.rawValueIndex] = value
        presented[input.rawValueIndex] = value
    }

    /// Shows the values as set again (no animation drives them now).
    func resetPresentation() {
        presented = model
    }

    /// The value drawn: the presentation, clamped to the input's range (NaN reads as the default).
    public func drawnValue(_ input: FilterInput, _ slot: StateSlot) -> Double {
        let v = value(input, slot)
        if v.isNaN { return kind.defaultValue(input) }
        return min(max(v, input.range.lowerBound), input.range.upperBound)
    }
}

extension FilterInput {
    /// The index of this input in a filter's storage.
    var rawValueIndex: Int {
        switch self {
        case .inputRadius: 0
        case .inputIntensity: 1
        case .inputSaturation: 2
        case .inputBrightness: 3
        case .inputContrast: 4
        }
    }
}

/// Why a filter could not be made or reached.
public enum FilterError: Error, Equatable, CustomStringConvertible {
    case unknownFilter(String)
    case unknownInput(String, filter: FilterKind)
    case duplicateName(String)

    public var description: String {
        switch self {
        case .unknownFilter(let name):
            let hint = NameSuggestion.closest(to: name, among: FilterKind.allCases.map(\.rawValue))
                .map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown filter '\(name)'\(hint); filters are "
                + FilterKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        case let .unknownInput(name, filter):
            return "unknown input '\(name)' for filter '\(filter.rawValue)'; its inputs are "
                + filter.inputs.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        case .duplicateName(let name):
            return "two filters are named '\(name)' (give each a name of its own: key paths reach them by it)"
        }
    }
}
