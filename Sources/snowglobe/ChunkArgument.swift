import ArgumentParser

/// `--chunk K/N`: the K-th (from 1) of N consecutive, near-equal parts of a render's frames.
struct ChunkArgument: ExpressibleByArgument, Equatable {
    let text: String
    let index: Int?
    let count: Int?

    init?(argument: String) {
        text = argument
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        index = parts.count == 2 ? Int(parts[0]) : nil
        count = parts.count == 2 ? Int(parts[1]) : nil
    }

    static var defaultValueDescription: String { "K/N" }

    /// The part's place (from 1) and the number of parts, or a `ValidationError` saying what is allowed.
    func checked() throws -> (index: Int, count: Int) {
        guard let index, let count else {
            throw ValidationError("--chunk takes K/N, the K-th of N parts (e.g. 2/8), got '\(text)'")
        }
        guard count >= 1 else { throw ValidationError("--chunk K/N needs at least 1 part (N ≥ 1), got \(text)") }
        guard (1...count).contains(index) else {
            throw ValidationError("--chunk K/N needs K from 1 to N, got \(text)")
        }
        return (index, count)
    }
}
