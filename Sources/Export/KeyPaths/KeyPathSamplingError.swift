import LayerKit
import Playback
import Render
import Spelling

/// Why a key path of a named layer could not be recorded.
public enum KeyPathSamplingError: Error, Equatable, CustomStringConvertible {
    /// No layer in the tree had the name at any sample; `names` are the names layers had
    /// (sorted, each once).
    case noLayer(name: String, start: Double, end: Double, names: [String])
    /// The key path means nothing on the layer's kind.
    case keyPath(KeyPathError)
    /// The value had no numbers at any sample (an empty array).
    case noNumbers(layerName: String, keyPath: String, start: Double, end: Double)

    /// How many names a message lists before it says how many more there are.
    static let namesShown = 30

    public var description: String {
        switch self {
        case let .noLayer(name, start, end, names):
            let range = "from \(Tick.text(start)) to \(Tick.text(end)) s"
            guard !names.isEmpty else {
                return "no layer named '\(name)' \(range), and no layer has a name (set layer.name to find one)"
            }
            var list = names.prefix(Self.namesShown).joined(separator: ", ")
            if names.count > Self.namesShown { list += " and \(names.count - Self.namesShown) more" }
            let hint = NameSuggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            return "no layer named '\(name)' \(range)\(hint); the layers with names: \(list)"
        case .keyPath(let error):
            return error.description
        case let .noNumbers(layerName, keyPath, start, end):
            return "'\(keyPath)' of layer '\(layerName)' holds no numbers from \(Tick.text(start)) to \(Tick.text(end)) s "
                + "(an empty array): there is nothing to plot"
        }
    }
}
