import LayerKit

/// The names of a value's numbers as a recording meets them (`x`, `y`; `r`, `g`, `b`, `a` …),
/// in the order they first appear, and each value as one number per name: a value whose kind
/// changes (an array that grows) keeps its columns apart.
struct ComponentColumns {
    private(set) var names: [String] = []
    private var index: [String: Int] = [:]

    /// `value`'s numbers in `names` order, nil where it has none; names not seen before are added.
    mutating func row(_ value: AnimationValue) -> [Double?] {
        var row = [Double?](repeating: nil, count: names.count)
        for (name, number) in value.components {
            if let column = index[name] {
                row[column] = number
            } else {
                index[name] = names.count
                names.append(name)
                row.append(number)
            }
        }
        return row
    }
}
