import LayerKit
import Playback
import Render

/// Records a key path of the layer with a given name over a range of a run's media time: the
/// run makes its ticks up to each sample, and the value is read from the presentation evaluated
/// at exactly the sample's time (between ticks too). The layer is looked for, depth first by
/// name, at every sample until it is found, so a layer made later (on a timer, on a click) is
/// found when it appears.
public struct KeyPathSampler {
    /// The range to sample.
    public enum Range: Equatable, Sendable {
        /// From `start` to `end`.
        case fixed(start: Double, end: Double)
        /// From `start` to the end of the active spans of the animations on the key path found
        /// on the layer (at most `automaticLimit` seconds on), or `fallbackLength` seconds when
        /// none found has a finite end after `start`.
        case automatic(start: Double)
    }

    /// Samples a second: twice the tick rate, so that the moments between ticks show.
    public static let rate = 120.0
    /// The fewest samples a second of a long fixed range gets.
    public static let minimumRate = 60.0
    /// The most samples a fixed range gets at `rate` before it falls back towards `minimumRate`.
    public static let sampleBudget = 12_000
    /// The longest automatic range, in seconds.
    public static let automaticLimit = 60.0
    /// An automatic range's length when no animation on the key path ends.
    public static let fallbackLength = 5.0

    /// The `name` of the layer to record.
    public let layerName: String
    /// The key path to record (`"position.y"`, `"backgroundColor"`).
    public let keyPath: String

    public init(layerName: String, keyPath: String) {
        self.layerName = layerName
        self.keyPath = keyPath
    }

    /// How many equal intervals a fixed range `length` seconds long is cut into: `rate` a second,
    /// or fewer for a long range to stay within `sampleBudget`, but never fewer than
    /// `minimumRate` a second (and at least one).
    public static func intervals(forLength length: Double) -> Int {
        guard length.isFinite, length > 0 else { return 1 }
        let atRate = min((length * rate).rounded(.up), Double(sampleBudget))
        return max(Int(max(atRate, (length * minimumRate).rounded(.up))), 1)
    }

    /// Runs `runner` (which must not have passed the range's start) forward through the range,
    /// delivering the input in `log`, and records the key path. Throws when no layer of the
    /// name was in the tree at any sample, when the key path means nothing on the layer's
    /// kind, or when its value never had a number.
    public func record(_ runner: SceneRunner, log: InputLog, range: Range) throws(KeyPathSamplingError) -> KeyPathRecording {
        let start: Double, intervals: Int?
        var end: Double
        switch range {
        case let .fixed(from, to):
            (start, end, intervals) = (from, to, Self.intervals(forLength: to - from))
        case let .automatic(from):
            (start, end, intervals) = (from, Self.automaticEnd(start: from, spanEnd: nil), nil)
        }
        let markLimit = intervals == nil ? Self.automaticLimit(start: start) : end
        var state = SamplingState(layerName: layerName, keyPath: keyPath, markLimit: markLimit)
        var index = 0
        var time = start
        while true {
            runner.advance(to: Tick.index(atOrBefore: time), log: log)
            var failure: KeyPathError?
            runner.withFrame(at: time) { scene in
                do throws(KeyPathError) { try state.sample(scene, at: time) } catch { failure = error }
            }
            if let failure { throw .keyPath(failure) }
            if intervals == nil { end = Self.automaticEnd(start: start, spanEnd: state.spanEnd) }
            guard time < end else { break }
            index += 1
            if let intervals {
                time = index >= intervals ? end : start + (end - start) * Double(index) / Double(intervals)
            } else {
                time = min(start + Double(index) / Self.rate, end)
            }
        }
        guard !state.samples.isEmpty else {
            throw .noLayer(name: layerName, start: start, end: time, names: state.names.sorted())
        }
        guard !state.components.isEmpty else {
            throw .noNumbers(layerName: layerName, keyPath: keyPath, start: start, end: time)
        }
        return KeyPathRecording(layerName: layerName, keyPath: keyPath, start: start, end: time,
                                components: state.components, samples: state.samples,
                                marks: state.marks(from: start, to: time))
    }

    /// The end of an automatic range from `start`, given the latest end of the animations seen.
    static func automaticEnd(start: Double, spanEnd: Double?) -> Double {
        let limit = automaticLimit(start: start)
        if let spanEnd, spanEnd > start { return min(spanEnd, limit) }
        return min(start + fallbackLength, limit)
    }

    static func automaticLimit(start: Double) -> Double {
        min(start + automaticLimit, max(Tick.maximumTime, start))
    }
}

/// What a recording gathers as it goes: the layer, the samples, the components' names, the
/// animations on the key path seen so far with their ends and marks.
private struct SamplingState {
    let layerName: String
    let keyPath: String
    /// The latest media time marks are gathered up to.
    let markLimit: Double
    /// The layer found at the last sample, when it was in the tree.
    var found: Layer?
    var samples: [KeyPathRecording.Sample] = []
    private var columns = ComponentColumns()
    var components: [String] { columns.names }
    /// The names of the layers in the tree, gathered while the layer is not found.
    var names: Set<String> = []
    /// The latest finite end, in media time, of an animation on the key path.
    var spanEnd: Double?
    private var markList: [AnimationMark] = []
    /// The animations already noted, kept so that their identifiers stay theirs.
    private var noted: [Animation] = []
    private var notedIDs: Set<ObjectIdentifier> = []

    init(layerName: String, keyPath: String, markLimit: Double) {
        self.layerName = layerName
        self.keyPath = keyPath
        self.markLimit = markLimit
    }

    /// Reads the value at `time` from `scene`'s presentation, if the layer is in the tree.
    mutating func sample(_ scene: Scene, at time: Double) throws(KeyPathError) {
        guard let layer = currentLayer(in: scene) else { return }
        scene.ensurePresentation()
        let presentation = try layer.value(forKeyPath: keyPath, .presentation)
        let model = try layer.value(forKeyPath: keyPath, .model)
        samples.append(KeyPathRecording.Sample(time: time, presentation: columns.row(presentation), model: columns.row(model)))
        note(layer.attachedAnimations, of: layer)
    }

    /// The layer with the name, the one found before while it is still in the tree under that
    /// name, else the first depth first.
    private mutating func currentLayer(in scene: Scene) -> Layer? {
        if let found, found.isInTree, found.scene === scene, found.name == layerName { return found }
        found = scene.root.firstInSubtree { $0.name == layerName }
        if found == nil && samples.isEmpty {
            scene.root.forEachInSubtree { layer in
                if let name = layer.name { names.insert(name) }
            }
        }
        return found
    }

    /// Notes the ends and marks of the animations on the key path not seen before (once their
    /// begin times are set).
    private mutating func note(_ animations: [AttachedAnimationState], of layer: Layer) {
        for info in animations where !info.isWaitingToBegin && info.touches(keyPath: keyPath) {
            guard notedIDs.insert(ObjectIdentifier(info.animation)).inserted else { continue }
            noted.append(info.animation)
            let end = info.timing.endTime
            if end.isFinite, let mediaEnd = layer.mediaTime(localTime: end), mediaEnd.isFinite {
                spanEnd = max(spanEnd ?? mediaEnd, mediaEnd)
            }
            markList += layer.mediaMarks(of: info, touching: keyPath, through: markLimit)
        }
    }

    /// The marks from `start` to `end`, in time order, each moment once for each kind.
    func marks(from start: Double, to end: Double) -> [AnimationMark] {
        AnimationMark.unique(markList.filter { $0.time >= start - 1e-9 && $0.time <= end + 1e-9 })
    }
}
