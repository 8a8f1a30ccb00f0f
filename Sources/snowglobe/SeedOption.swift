import ArgumentParser

/// `--seed N`: the seed of `math.random` and every seeded generator, a whole number from 0 to
/// 2⁶⁴ − 1. Read as text so that a negative or too large one gets the range in its message.
struct SeedOption: ParsableArguments {
    @Option(name: .customLong("seed"), parsing: .unconditional, help: "Seed for math.random and every seeded generator.")
    var text: String = "0"

    func validate() throws {
        guard UInt64(text) != nil else {
            throw ValidationError("--seed must be a whole number from 0 to \(UInt64.max), got '\(text)'")
        }
    }

    /// The seed (0 only before validation has refused a bad one).
    var value: UInt64 { UInt64(text) ?? 0 }
}
