import Foundation
import LayerKit

/// What an export kept exactly, baked and dropped, for the line that ends every export and the
/// list `--verbose` prints.
public struct LottieReport: Sendable {
    /// One reported thing: what it is, where (the layer's name or place in the tree) and the
    /// script line that made the animation or layer ("scene.lua:12"), when the run recorded it.
    public struct Item: Sendable, Equatable {
        public var what: String
        public var place: String
        public var site: String?
        /// More to say, after a semicolon (what replaced a replaced animation).
        public var note: String?

        init(what: String, place: String, site: String?, note: String? = nil) {
            (self.what, self.place, self.site, self.note) = (what, place, site, note)
        }

        /// "basic animation — 'box' position.x, made at scene.lua:12" (the site left out when the
        /// place already names it, as an unnamed layer's `Layer@scene.lua:12` does).
        var text: String {
            var text = "\(what) — \(place)"
            if let site, !place.contains("@" + site) { text += ", made at \(site)" }
            return text + (note.map { "; " + $0 } ?? "")
        }
    }

    /// Animations written as the keyframes they are (timing functions as handles).
    public internal(set) var exact: [Item] = []
    /// Things sampled on the clock and fitted with keyframes (springs, timers, particles, 3D …).
    public internal(set) var baked: [Item] = []
    /// Animations that later animations of the same property took over whenever they were in
    /// effect: what shows of them (a later animation with no from or to value starts from or
    /// runs to their value) is in the later animation's keyframes.
    public internal(set) var replaced: [Item] = []
    /// Things with no Lottie form, left out (filters, shadows, blend modes …).
    public internal(set) var dropped: [Item] = []
    /// The largest fitting error of baked values, in pixels.
    public internal(set) var bakedError = 0.0

    public var layerCount = 0
    public var keyframeCount = 0
    public var frameCount = 0
    public var fps = 30.0
    public var width = 0
    public var height = 0
    public var bytes: Int64 = 0

    public init() {}

    /// Whether anything was baked or dropped (what `--strict` refuses).
    public var isExact: Bool { baked.isEmpty && dropped.isEmpty }

    mutating func addExact(_ what: String, _ place: String, site: SourceSite?) {
        exact.append(Item(what: what, place: place, site: site?.label))
    }

    mutating func addBaked(_ what: String, _ place: String, site: SourceSite?) {
        let item = Item(what: what, place: place, site: site?.label)
        if !baked.contains(item) { baked.append(item) }
    }

    mutating func addDropped(_ what: String, _ place: String, site: SourceSite?) {
        let item = Item(what: what, place: place, site: site?.label)
        if !dropped.contains(item) { dropped.append(item) }
    }

    mutating func noteError(_ pixels: Double) { bakedError = max(bakedError, pixels) }

    /// Counts by kind, most frequent first then by name: "2 springs, 37 particles".
    static func tally(_ items: [Item]) -> String {
        var counts: [String: Int] = [:]
        for item in items { counts[item.what, default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
    }

    /// "wrote scene.json: Lottie 1.0, 320×240, 120 frames at 30 fps, 14 layers, 86 keyframes,
    /// 12.4 kB; exact: 9 animations; baked: …; dropped: …".
    public func line(path: String) -> String {
        let fpsText = fps == fps.rounded() ? String(Int(fps)) : String(format: "%.2f", fps)
        var text = "wrote \(path): Lottie 1.0, \(width)×\(height), \(frameCount) frame\(frameCount == 1 ? "" : "s") at "
            + "\(fpsText) fps, \(layerCount) layer\(layerCount == 1 ? "" : "s"), \(keyframeCount) keyframe"
            + "\(keyframeCount == 1 ? "" : "s"), \(RenderSummary.sizeText(bytes))"
        text += "; exact: " + (exact.isEmpty ? "nothing animated" : "\(exact.count) animation\(exact.count == 1 ? "" : "s")")
        if !baked.isEmpty {
            text += "; baked: " + LottieReport.tally(baked)
            if bakedError > 0 { text += " (within " + String(format: "%.2f", bakedError) + " px)" }
        }
        if !replaced.isEmpty {
            text += "; replaced: " + LottieReport.tally(replaced) + " (taken over by later animations of the same property)"
        }
        if !dropped.isEmpty { text += "; dropped: " + LottieReport.tally(dropped) + " (no Lottie form)" }
        return text
    }

    /// One line per item, for `--verbose`.
    public var details: [String] {
        exact.map { "exact: " + $0.text } + baked.map { "baked: " + $0.text } + replaced.map { "replaced: " + $0.text }
            + dropped.map { "dropped: " + $0.text }
    }
}
