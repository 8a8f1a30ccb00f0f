import LayerKit

/// The fuzzer's choices, drawn from LayerKit's seeded generator: the same seed gives the same
/// sequence on every machine and every run, so a program is named by its seed.
struct FuzzRandom {
    private var source: SeededRandom

    init(seed: UInt64) {
        source = SeededRandom(seed: seed)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        source.next()
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int(span == 0 ? next() : next() % span)
    }

    /// A number in 0..<1.
    mutating func unit() -> Double {
        source.nextUnit()
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }

    /// One of the choices, each as likely as its weight.
    mutating func weighted<T>(_ choices: [(Int, T)]) -> T {
        let total = choices.reduce(0) { $0 + $1.0 }
        var roll = int(0...(total - 1))
        for (weight, value) in choices {
            if roll < weight { return value }
            roll -= weight
        }
        return choices[choices.count - 1].1
    }

    /// The seed of program `index` of a fuzz run seeded with `seed`.
    static func programSeed(run seed: UInt64, index: Int) -> UInt64 {
        var r = FuzzRandom(seed: seed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
        return r.next()
    }
}
