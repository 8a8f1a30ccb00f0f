import Foundation

/// easeIn sine, from its definition (not from LayerKit), to check the examples against.
func easeInSine(_ p: Double) -> Double {
    1 - cos(min(max(p, 0), 1) * .pi / 2)
}

/// easeInOut sine, from its definition.
func easeInOutSine(_ p: Double) -> Double {
    -(cos(.pi * min(max(p, 0), 1)) - 1) / 2
}

/// The piecewise-linear value of `values` at `keyTimes` for progress `p`.
func interpolate(_ values: [Double], at keyTimes: [Double], _ p: Double) -> Double {
    guard p > keyTimes[0] else { return values[0] }
    for i in 1..<values.count where p <= keyTimes[i] {
        let span = keyTimes[i] - keyTimes[i - 1]
        let f = span > 0 ? (p - keyTimes[i - 1]) / span : 1
        return values[i - 1] + (values[i] - values[i - 1]) * f
    }
    return values[values.count - 1]
}
