import LayerKit

extension SeededRandom {
    /// A uniform number in `low..<high`, for tests whose random cases must repeat exactly.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * nextUnit()
    }
}
