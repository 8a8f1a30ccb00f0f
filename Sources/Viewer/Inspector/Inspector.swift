import Export
import Foundation
import LayerKit
import Playback

/// The inspector (F4): which layer is picked, and what the panel says about it — its kind, name
/// and place in the tree, its properties in the model and on screen, its animations with their
/// timing and progress, and the graph of an animated key path over time. Knows nothing of
/// drawing; `InspectorPanel` shows what it says.
final class Inspector {
    /// Whether clicks pick layers instead of going to the script.
    var isOn = false
    /// The picked layer (nil: none, or it left the scene).
    private(set) weak var picked: Layer?
    /// Where the last pick was made, so that clicking there again walks up to the superlayer.
    private var lastPick: Point?
    /// The picked layer's place in the tree (sublayer indices from the root), to find the same
    /// layer in a run rebuilt for a seek or a reload.
    private var pickedPath: [Int] = []
    /// Which animated key path the graph shows (an index into `graphedKeyPaths`).
    var graphIndex = 0
    /// The panel's folded sections.
    var collapsed: Set<InspectorSection> = []
    /// Whether the user flipped the graph from the way its key path reads naturally.
    var graphFlipped = false
    /// The graphed key path's values in the scene as the file has it, while a tweak not yet
    /// written runs: the graph draws them dashed under the new ones.
    var comparison: KeyPathRecording?

    /// The graphed key path of the picked layer in `scene`, as its animation makes it over its
    /// span (for `comparison`); nil when nothing is graphed.
    func sampleGraph(in scene: Scene, loop: ClosedRange<Double>?) -> KeyPathRecording? {
        guard let layer = layer(in: scene) else { return nil }
        let paths = Inspector.graphedKeyPaths(layer)
        guard !paths.isEmpty else { return nil }
        let keyPath = paths[graphIndex % paths.count]
        guard let state = Inspector.animation(on: keyPath, of: layer) else { return nil }
        let span = Inspector.span(of: state, layer: layer, loop: loop)
        return try? KeyPathRecording.attached(keyPath, of: layer, in: scene, over: span, marking: [state])
    }

    /// Picks the deepest layer under `point` (root coordinates, as on screen); clicking the same
    /// place again picks its superlayer, and after the root the deepest again.
    func pick(at point: Point, in scene: Scene) {
        scene.ensurePresentation()
        if let lastPick, abs(lastPick.x - point.x) < 3, abs(lastPick.y - point.y) < 3, let current = picked {
            picked = current.superlayer ?? scene.root.hitTest(point, .presentation)
        } else {
            picked = scene.root.hitTest(point, .presentation) ?? scene.root
            graphIndex = 0
            graphFlipped = false
        }
        lastPick = point
        pickedPath = picked.map(Inspector.place) ?? []
    }

    /// Picks the superlayer of the picked layer.
    func walkUp() {
        if let parent = picked?.superlayer {
            picked = parent
            pickedPath = Inspector.place(of: parent)
        }
    }

    /// The picked layer in `scene`'s tree: the same object, or — in a run rebuilt for a seek or
    /// a reload — the layer at the same place, if there is one.
    func layer(in scene: Scene) -> Layer? {
        if let picked, picked.scene === scene, Inspector.isInTree(picked, of: scene) { return picked }
        guard picked != nil || !pickedPath.isEmpty else { return nil }
        var node = scene.root
        for index in pickedPath {
            guard index < node.sublayers.count else { return nil }
            node = node.sublayers[index]
        }
        picked = node
        return node
    }

    private static func isInTree(_ layer: Layer, of scene: Scene) -> Bool {
        var top = layer
        while let parent = top.superlayer { top = parent }
        return top === scene.root
    }

    /// Sublayer indices from the root down to `layer`.
    static func place(of layer: Layer) -> [Int] {
        var indices: [Int] = []
        var node = layer
        while let parent = node.superlayer {
            indices.append(parent.sublayers.firstIndex { $0 === node } ?? 0)
            node = parent
        }
        return indices.reversed()
    }

    // MARK: What the panel says

    /// The heading: kind and name, and the path from the root.
    static func heading(_ layer: Layer) -> (title: String, path: String) {
        let made = layer.creationSite.map { " · \($0.label)" } ?? ""
        let title = "\(className(layer.kind))" + (layer.name.map { " “\($0)”" } ?? made)
        var names: [String] = []
        var node: Layer? = layer
        while let current = node {
            if let parent = current.superlayer {
                let index = (parent.sublayers.firstIndex { $0 === current } ?? 0) + 1
                // An unnamed layer by its kind and where the script made it, else its place.
                let site = current.creationSite.map { "\(className(current.kind))@\($0.label)" }
                names.append(current.name ?? site ?? "[\(index)]")
            } else {
                names.append("root")
            }
            node = current.superlayer
        }
        return (title, names.reversed().joined(separator: " › "))
    }

    /// One line per property that is animated now or was set: name (padded to `nameWidth`),
    /// model, on screen.
    static func propertyLines(_ layer: Layer, nameWidth: Int = 16) -> [String] {
        var names: [String] = layer.propertiesSet.map(\.name)
        for state in layer.attachedAnimations {
            for path in keyPaths(of: state) where !names.contains(path) { names.append(path) }
        }
        return names.prefix(14).map { name in
            let model = (try? layer.value(forKeyPath: name)).map(format) ?? "?"
            let shown = (try? layer.value(forKeyPath: name, .presentation)).map(format) ?? "?"
            let padded = name.count < nameWidth ? name + String(repeating: " ", count: nameWidth - name.count) : name
            return model == shown ? "\(padded) \(model)" : "\(padded) \(model) → \(shown)"
        }
    }

    /// The lines that describe an attached animation at the layer's local time `local`.
    static func animationLines(_ state: AttachedAnimationState, layer: Layer, mediaTime: Double) -> [String] {
        let animation = state.animation
        let timing = state.timing
        let local = layer.localTime(mediaTime: mediaTime)
        let sample = timing.sample(at: local)
        var head = "\(state.key.map { "“\($0)” " } ?? "")\(className(animation))"
        if let path = state.keyPath { head += " · \(path)" }
        var lines = [head]
        var values: [String] = []
        if let keyframe = animation as? KeyframeAnimation {
            values.append("\(keyframe.values.count) values")
            if let times = keyframe.keyTimes { values.append("keyTimes " + times.map { format($0) }.joined(separator: " ")) }
        } else if let basic = animation as? BasicAnimation {
            if let from = basic.fromValue { values.append("from \(format(from))") }
            if let to = basic.toValue { values.append("to \(format(to))") }
            if let by = basic.byValue { values.append("by \(format(by))") }
            if let spring = animation as? SpringAnimation { values.append("settles \(format(spring.settlingDuration)) s") }
        } else if !state.children.isEmpty {
            values.append("\(state.children.count) animations")
        }
        if !values.isEmpty { lines.append("  " + values.joined(separator: " · ")) }
        var times = ["dur \(format(timing.duration)) s",
                     "begin \(format(timing.beginTime)) s (media \(format(mediaTimeOf(local: timing.beginTime, in: layer))) s)"]
        if timing.repeatCount > 0 { times.append("repeat \(timing.repeatCount.isInfinite ? "∞" : format(timing.repeatCount))") }
        if timing.repeatDuration > 0 { times.append("for \(format(timing.repeatDuration)) s") }
        if timing.autoreverses { times.append("autoreverses") }
        if timing.fillMode != .removed { times.append("fill \(timing.fillMode.rawValue)") }
        if timing.speed != 1 { times.append("speed \(format(timing.speed))") }
        if timing.timeOffset != 0 { times.append("offset \(format(timing.timeOffset))") }
        lines.append("  " + times.joined(separator: " · "))
        lines.append("  " + stateText(sample) + "  " + bar(progress(sample, timing: timing, local: local)))
        return lines
    }

    /// Waiting, active, filling or finished, as the timing says at this moment.
    static func stateText(_ sample: TimingSample) -> String {
        switch sample.phase {
        case .before: return sample.isEffective ? "filling" : "waiting"
        case .active: return "active "
        case .after: return sample.isEffective ? "filling" : "finished"
        }
    }

    /// How much of the active duration has passed, 0…1 (an endless one: of the current cycle).
    static func progress(_ sample: TimingSample, timing: MediaTiming, local: Double) -> Double {
        switch sample.phase {
        case .before: return 0
        case .after: return 1
        case .active:
            let active = timing.activeDuration
            guard active.isFinite, active > 0, timing.speed != 0 else { return sample.fraction }
            return min(max((local - timing.beginTime) * abs(timing.speed) / active, 0), 1)
        }
    }

    static func bar(_ fraction: Double) -> String {
        let filled = Int((fraction * 16).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: 16 - filled)
            + String(format: " %3d%%", Int((fraction * 100).rounded()))
    }

    // MARK: The graph

    /// Every key path an animation of `layer` animates, groups opened.
    static func graphedKeyPaths(_ layer: Layer) -> [String] {
        var paths: [String] = []
        for state in layer.attachedAnimations {
            for path in keyPaths(of: state) where !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    static func keyPaths(of state: AttachedAnimationState) -> [String] {
        if let path = state.keyPath { return [path] }
        return state.children.flatMap(keyPaths)
    }

    /// The first animation (groups opened) on `keyPath`, with the group it is in if any.
    static func animation(on keyPath: String, of layer: Layer) -> AttachedAnimationState? {
        func find(_ states: [AttachedAnimationState]) -> AttachedAnimationState? {
            for state in states {
                if state.keyPath == keyPath { return state }
                if let inner = find(state.children) { return state.children.isEmpty ? inner : state }
            }
            return nil
        }
        return find(layer.attachedAnimations)
    }

    /// The media-time span the graph of an animation covers: its active time (two cycles of an
    /// endless one), or `loop` when set.
    static func span(of state: AttachedAnimationState, layer: Layer, loop: ClosedRange<Double>?) -> ClosedRange<Double> {
        if let loop { return loop }
        let timing = state.timing
        let begin = mediaTimeOf(local: timing.beginTime, in: layer)
        var length = timing.activeDuration / max(abs(timing.speed), 1e-9)
        if !length.isFinite || length <= 0 { length = max(timing.cycleDuration, 0.25) * 2 / max(abs(timing.speed), 1e-9) }
        length = min(max(length, 0.1), 600)
        let margin = length * 0.08
        return max(begin - margin, 0)...(begin + length + margin)
    }

    /// The media time at which `layer`'s local time is `local` (its ancestors' timing undone by
    /// bisection; local time grows with media time when speeds are positive).
    static func mediaTimeOf(local: Double, in layer: Layer) -> Double {
        guard local.isFinite else { return 0 }
        var low = 0.0, high = Tick.maximumTime
        if layer.localTime(mediaTime: low) >= local { return low }
        if layer.localTime(mediaTime: high) <= local { return high }
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if layer.localTime(mediaTime: mid) < local { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    // MARK: Words

    static func className(_ kind: LayerKind) -> String {
        let raw = kind.rawValue
        return raw.prefix(1).uppercased() + raw.dropFirst() + (raw.lowercased().hasSuffix("layer") ? "" : "Layer")
    }

    static func className(_ animation: Animation) -> String {
        switch animation {
        case is SpringAnimation: return "SpringAnimation"
        case is BasicAnimation: return "BasicAnimation"
        case is KeyframeAnimation: return "KeyframeAnimation"
        case is AnimationGroup: return "AnimationGroup"
        default: return String(describing: type(of: animation))
        }
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "∞" : value < 0 ? "-∞" : "nan" }
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(format: "%.2f", value)
    }

    static func format(_ value: AnimationValue) -> String {
        switch value {
        case .number(let n): return format(n)
        case .point(let p): return "(\(format(p.x)), \(format(p.y)))"
        case .size(let s): return "\(format(s.width))×\(format(s.height))"
        case .rect(let r): return "(\(format(r.origin.x)), \(format(r.origin.y)), \(format(r.size.width))×\(format(r.size.height)))"
        case .color(let c):
            return String(format: "#%02X%02X%02X", Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded()))
                + (c.a < 1 ? String(format: " α%.2f", c.a) : "")
        case .transform(let t):
            let p = t.parts
            var parts: [String] = []
            if p.rotationZ != 0 { parts.append("rot \(format(p.rotationZ))") }
            if p.rotationX != 0 || p.rotationY != 0 { parts.append("rot x \(format(p.rotationX)) y \(format(p.rotationY))") }
            if p.scaleX != 1 || p.scaleY != 1 { parts.append(p.scaleX == p.scaleY ? "scale \(format(p.scaleX))" : "scale \(format(p.scaleX))×\(format(p.scaleY))") }
            if p.translationX != 0 || p.translationY != 0 { parts.append("move \(format(p.translationX)),\(format(p.translationY))") }
            return parts.isEmpty ? "identity" : parts.joined(separator: " ")
        case .bool(let b): return b ? "true" : "false"
        case .numbers(let values): return "[" + values.prefix(4).map { format($0) }.joined(separator: ", ") + (values.count > 4 ? ", …]" : "]")
        case .colors(let colors): return "\(colors.count) colours"
        case .choice(let s): return s
        case .path(let p): return p.isEmpty ? "none" : "path of \(p.elements.count) elements"
        }
    }
}
