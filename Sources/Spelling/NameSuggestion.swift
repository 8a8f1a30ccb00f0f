/// "Did you mean …?": the known name closest to a misspelt one. The one rule for every message
/// that suggests a name, whether LayerKit, the `ca` bindings or the generic Lua bridge makes it.
public enum NameSuggestion {
    /// The name in `candidates` closest to `name` by edit distance (case is ignored, a swap of
    /// two neighbours counts as one edit), if close enough to be a likely typo: at most a third
    /// of the name's length (and at least 1) edits away, and fewer edits than `name` has
    /// characters. `name` itself is never suggested. Ties go to the earliest candidate, so a
    /// caller whose candidates come in no fixed order sorts them first.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, target.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased()))
            guard distance <= limit, distance < target.count else { continue }
            if distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
        }
        return best?.name
    }

    /// Damerau–Levenshtein distance (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of neighbours each cost 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
