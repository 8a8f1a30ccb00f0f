/// Why an emitter could not do what it was asked; each reads as a sentence for the script author.
public enum EmitterError: Error, Equatable, CustomStringConvertible {
    case unknownCell(name: String, suggestion: String?)
    case nestedTooDeep(limit: Int)

    public var description: String {
        switch self {
        case let .unknownCell(name, suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "no emitter cell named '\(name)'\(hint)"
        case let .nestedTooDeep(limit):
            return "emitter cells nest more than \(limit) deep"
        }
    }
}
