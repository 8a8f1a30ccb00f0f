import LayerKit

/// The named timing functions as shapes a curve can be matched against: which name a timing
/// function is, which named one a normalised motion is nearest to, and how a name reads in
/// words for a learner.
public enum TimingShapes {
    /// The moments (0…1) at which shapes are compared.
    static let moments = (0...20).map { Double($0) / 20 }

    /// The names matched against: Core Animation's five, then the easing catalogue.
    static let candidates: [(name: String, values: [Double])] = TimingFunction.names.compactMap { name in
        TimingFunction(name: name).map { function in (name, moments.map(function.evaluate)) }
    }

    /// The name of `function` when it is one of the named curves.
    public static func name(of function: TimingFunction) -> String? {
        let values = moments.map(function.evaluate)
        return candidates.first { candidate in
            zip(candidate.values, values).allSatisfy { abs($0 - $1) < 1e-6 }
        }?.name
    }

    /// The named curve nearest to `progress` (one value per moment in `moments`), by the root of
    /// the mean squared difference.
    public static func nearest(to progress: [Double]) -> String {
        var best = ("linear", Double.infinity)
        for candidate in candidates {
            let distance = rootMeanSquare(candidate.values, progress)
            if distance < best.1 { best = (candidate.name, distance) }
        }
        return best.0
    }

    static func rootMeanSquare(_ a: [Double], _ b: [Double]) -> Double {
        let count = min(a.count, b.count)
        guard count > 0 else { return 0 }
        var sum = 0.0
        for index in 0..<count { sum += (a[index] - b[index]) * (a[index] - b[index]) }
        return (sum / Double(count)).squareRoot()
    }

    /// What a curve of that name does, in words: "slows down at the end".
    public static func describe(_ name: String) -> String {
        switch name {
        case "linear": return "moves at one speed"
        case "default": return "starts briskly and slows down gently at the end"
        case "easeInEaseOut": return "speeds up, then slows down at the end"
        default:
            if name.hasSuffix("Elastic") || name.hasSuffix("Back") { return "overshoots, then settles" }
            if name.hasSuffix("Bounce") { return "bounces" }
            if name.hasPrefix("easeInOut") { return "speeds up, then slows down at the end" }
            if name.hasPrefix("easeIn") { return "starts slowly and speeds up" }
            if name.hasPrefix("easeOut") { return "slows down at the end" }
            return "moves like \(name)"
        }
    }
}
