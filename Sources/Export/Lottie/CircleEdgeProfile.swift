import LayerKit
import Render

/// The alpha of a generated disc (`Image.circle`) at each distance from its centre as the
/// compositor shows it: the image's own coverage, averaged into the mipmap level it is drawn
/// through (a box as wide as one of that level's texels) and read between texels (a tent as wide
/// as two). A disc shown larger than its pixels therefore has an edge a few of its pixels wide,
/// and one shown smaller an edge about a screen pixel wide; players drawing a sharp circle
/// instead would differ along every edge.
struct CircleEdgeProfile {
    let radius: Double
    let softness: Double
    let level: Int

    /// Gradient stops from the inner radius to the outer one (one more marks the centre).
    static let stopsAcrossTheEdge = 12

    /// Image pixels a texel of the level covers.
    private var texel: Double { CircleEdgeProfile.pixelsPerTexel(atLevel: level) }

    /// Image pixels a texel of mipmap level `level` covers on a side.
    static func pixelsPerTexel(atLevel level: Int) -> Double { Double(1 << min(max(level, 0), 20)) }

    /// How far beyond the image's own edge (image pixels) the filtering spreads it.
    private var spread: Double { level == 0 ? 1 : 1.5 * texel }

    /// The distance from the centre beyond which nothing shows.
    var outerRadius: Double { radius + (softness > 0 ? 0 : 0.5) + spread }

    /// The distance within which the disc shows whole (0 when it shows whole nowhere).
    var innerRadius: Double { max(0, radius - max(radius * softness, 1) - 0.5 - spread) }

    /// Offsets along the filter (image pixels) and their weights, summing to 1.
    private var taps: [(offset: Double, weight: Double)] {
        let steps = 8
        let h = texel / Double(steps)
        // The tent of bilinear reading: ±1 texel.
        var tent: [(Double, Double)] = []
        for k in -(steps - 1)...(steps - 1) { tent.append((Double(k) * h, 1 - Double(abs(k)) / Double(steps))) }
        guard level > 0 else { return normalised(tent) }
        // Level n's texels are the means of 2ⁿ × 2ⁿ image pixels: a box one texel wide first.
        var combined: [Double: Double] = [:]
        for b in 0..<steps {
            let u = (Double(b) - Double(steps - 1) / 2) * h
            for (v, w) in tent { combined[u + v, default: 0] += w }
        }
        return normalised(combined.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 })
    }

    private func normalised(_ t: [(Double, Double)]) -> [(offset: Double, weight: Double)] {
        let total = t.reduce(0) { $0 + $1.1 }
        return t.map { (offset: $0.0, weight: $0.1 / total) }
    }

    /// The shown alpha (0…1) at each of `distances` from the centre (image pixels).
    func alphas(at distances: [Double]) -> [Double] {
        let taps = self.taps
        return distances.map { d in
            var sum = 0.0
            for (u, wu) in taps {
                let x = d + u
                for (v, wv) in taps {
                    sum += wu * wv * Image.circleCoverage(atDistance: (x * x + v * v).squareRoot(), radius: radius,
                                                          softness: softness)
                }
            }
            return min(max(sum, 0), 1)
        }
    }
}
