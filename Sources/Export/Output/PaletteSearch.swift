/// Finds a palette's entry nearest to a colour (by squared RGB distance) without measuring every
/// entry: the entries are kept in order of their green, and the search walks out from the
/// colour's green both ways, stopping on each side where the green alone is farther than the
/// best entry found. Of entries equally near, the one first in the palette wins.
struct PaletteSearch {
    /// The entries by ascending green: their green, their whole colour, their palette index.
    private let greens: [Int]
    private let entries: [(r: Int, g: Int, b: Int, index: Int)]

    init(_ palette: [ImageQuantizer.RGB]) {
        let sorted = palette.enumerated()
            .map { (r: Int($0.element.r), g: Int($0.element.g), b: Int($0.element.b), index: $0.offset) }
            .sorted { ($0.g, $0.index) < ($1.g, $1.index) }
        entries = sorted
        greens = sorted.map(\.g)
    }

    /// The index in the palette of the entry nearest to `color` (a pixel word, red in the low
    /// byte) and its squared distance; (0, Int.max) for an empty palette.
    func nearest(_ color: UInt32) -> (index: Int, distance: Int) {
        let r = Int(color & 0xFF), g = Int((color >> 8) & 0xFF), b = Int((color >> 16) & 0xFF)
        // The first entry whose green is at least the colour's.
        var low = 0, high = greens.count
        while low < high {
            let middle = (low + high) / 2
            if greens[middle] < g { low = middle + 1 } else { high = middle }
        }
        var best = 0, bestDistance = Int.max
        func consider(_ i: Int) {
            let e = entries[i]
            let dr = r - e.r, dg = g - e.g, db = b - e.b
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance || (d == bestDistance && e.index < best) { best = e.index; bestDistance = d }
        }
        var up = low, down = low - 1
        while up < entries.count || down >= 0 {
            if up < entries.count {
                let dg = entries[up].g - g
                if dg * dg > bestDistance { up = entries.count } else { consider(up); up += 1 }
            }
            if down >= 0 {
                let dg = g - entries[down].g
                if dg * dg > bestDistance { down = -1 } else { consider(down); down -= 1 }
            }
        }
        return (best, bestDistance)
    }
}
