import Foundation
import Render

/// One axis of a chart: the span it shows, ticks at round numbers (1, 2 or 5 times a power of
/// ten apart), and how a tick is labelled.
public struct ChartAxis: Equatable, Sendable {
    public var lower: Double
    public var upper: Double
    /// The distance between ticks.
    public var step: Double
    /// The tick values, rising, within lower…upper.
    public var ticks: [Double]

    /// An axis over exactly `lower…upper` (a range of time), with round ticks inside it, about
    /// `tickCount` of them.
    public static func exact(_ lower: Double, _ upper: Double, tickCount: Int) -> ChartAxis {
        let (lower, upper) = span(lower, upper)
        let step = niceStep(upper - lower, tickCount: tickCount)
        let first = (lower / step).rounded(.up), last = (upper / step).rounded(.down)
        return ChartAxis(lower: lower, upper: upper, step: step, ticks: ticks(from: first, to: last, step: step))
    }

    /// An axis that takes in `lower…upper` (the values plotted) and widens to the round ticks
    /// around it, with about `tickCount` ticks. A single value gets room around it.
    public static func rounded(_ lower: Double, _ upper: Double, tickCount: Int) -> ChartAxis {
        let (lower, upper) = span(lower, upper)
        let step = niceStep(upper - lower, tickCount: tickCount)
        let first = (lower / step).rounded(.down), last = (upper / step).rounded(.up)
        return ChartAxis(lower: first * step, upper: last * step, step: step, ticks: ticks(from: first, to: last, step: step))
    }

    /// The round step (1, 2 or 5 × 10ⁿ) nearest above `span / tickCount`.
    public static func niceStep(_ span: Double, tickCount: Int) -> Double {
        let raw = span / Double(max(tickCount, 1))
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 + 1e-9 ? 1 : fraction <= 2 + 1e-9 ? 2 : fraction <= 5 + 1e-9 ? 5 : 10
        return nice * magnitude
    }

    /// `value` as a tick label: as many decimals as the step needs, a true minus sign, no "-0".
    public func label(for value: Double) -> String {
        let magnitude = max(abs(lower), abs(upper))
        let text: String
        if magnitude >= 1e6 || (step < 1e-4 && magnitude > 0) {
            text = String(format: "%g", value)
        } else {
            let decimals = max(0, Int((-log10(step) - 1e-9).rounded(.up)))
            text = String(format: "%.\(decimals)f", abs(value) < step * 1e-6 ? 0 : value)
        }
        return text.hasPrefix("-") ? "\u{2212}" + text.dropFirst() : text
    }

    /// A usable span: finite, rising, no wider than ±1e307 (so that its width and its round
    /// ends stay finite too), and wider than rounding noise (a constant value `v` gets v ± 10 %,
    /// or ± 1 around 0).
    private static func span(_ lower: Double, _ upper: Double) -> (Double, Double) {
        guard lower.isFinite, upper.isFinite else { return (0, 1) }
        let limit = 1e307
        let (a, b) = (min(max(min(lower, upper), -limit), limit), max(min(max(lower, upper), limit), -limit))
        let scale = max(1, abs(a), abs(b))
        guard b - a <= 1e-9 * scale else { return (a, b) }
        let middle = (a + b) / 2
        let pad = middle == 0 ? 1 : abs(middle) * 0.1
        return (middle - pad, middle + pad)
    }

    /// `first × step`, `(first + 1) × step` … `last × step`, at most 1,000 of them.
    private static func ticks(from first: Double, to last: Double, step: Double) -> [Double] {
        guard first <= last, last - first < 1000 else { return [] }
        return (0...Int(last - first)).map { (first + Double($0)) * step }
    }
}
