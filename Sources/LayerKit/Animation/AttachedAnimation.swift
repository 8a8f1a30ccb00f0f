import Spelling

/// Why an animation could not be added to a layer.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    case keyPath(KeyPathError)
    case wrongValue(field: String, keyPath: String, expected: ValueKind, got: ValueKind)
    case noScene
    case groupCycle
    case groupsTooDeep(limit: Int)
    /// Two colour lists of a `colors` animation differ in length (Apple leaves the result
    /// undefined), named as the animation names them.
    case colorCounts(keyPath: String, first: String, firstCount: Int, second: String, secondCount: Int)
    /// Two paths of a `path` or `shadowPath` animation have different elements (Apple leaves the
    /// result undefined), named as the animation names them.
    case pathElements(keyPath: String, first: String, firstCount: Int, second: String, secondCount: Int)

    public var description: String {
        switch self {
        case let .pathElements(keyPath, first, firstCount, second, secondCount):
            let counts = firstCount == secondCount
                ? "both have \(firstCount) elements, but of other kinds (a line where the other has a curve)"
                : "\(first) has \(firstCount) \(firstCount == 1 ? "element" : "elements"), \(second) has \(secondCount)"
            return "the paths of a '\(keyPath)' animation must have the same elements to morph: \(counts); "
                + "build them with the same calls in the same order"

        case let .colorCounts(keyPath, first, firstCount, second, secondCount):
            return "the colour lists of a '\(keyPath)' animation must be as long as each other: \(first) has "
                + "\(firstCount) \(firstCount == 1 ? "colour" : "colours"), \(second) has \(secondCount)"
        case .groupCycle: return "an animation group contains itself"
        case .groupsTooDeep(let limit): return "animation groups are nested more than \(limit) deep"
        case .keyPath(let e): return e.description
        case let .wrongValue(field, keyPath, expected, got):
            return "\(field) for '\(keyPath)' must be a \(expected), got a \(got)"
        case .noScene: return "the layer's scene is gone"
        }
    }
}

/// An animation added to a layer: its copy, its key path resolved to a target, its values and
/// timing resolved, and its progress through its life. What per-frame evaluation runs.
final class AttachedAnimation {
    enum Content {
        case basic(BasicTrack)
        case spring(BasicTrack, SpringSolution)
        case keyframe(KeyframeTrack)
        case group([AttachedAnimation])
        case transition(TransitionRun)
        case none
    }

    /// What per-frame evaluation runs: the common case, a number-valued key path with fixed values,
    /// is compiled to plain numbers so that a frame touches no reference-counted value.
    enum Plan {
        case general
        case scalarBasic
        case scalarKeyframe
    }

    let key: String?
    /// The copy that was added (what `animation(forKey:)` returns).
    let animation: Animation
    private(set) var plan = Plan.general
    let curve: TimingCurve
    /// Where a scalar plan writes: a slot offset, or a component of the transform at that offset.
    private(set) var scalarOffset = 0
    private(set) var scalarPart: TransformComponent?
    private(set) var scalarFrom = 0.0
    private(set) var scalarTo = 0.0
    /// A scalar keyframe plan's track (owned: freed in deinit).
    private(set) var keyframes: NumberKeyframes?
    var timing: MediaTiming
    let content: Content
    /// A group's animations (empty for any other), apart from `content` so that a tick's timing
    /// pass reads them without copying the content.
    private(set) var groupAnimations: [AttachedAnimation] = []
    let target: ResolvedKeyPath?
    let isAdditive: Bool
    let isCumulative: Bool
    let timingFunction: TimingFunction?
    /// Bits of every property this animation (and its children) writes.
    let mask: UInt64
    /// Whether `beginTime` still waits to be set to the moment the transaction commits.
    var needsBeginTime: Bool
    var hasStarted = false
    var hasEnded = false
    /// Transactions waiting for this animation to finish.
    var completionGroups: [CompletionGroup] = []
    /// The serial number of the transaction whose change added it as an implicit animation
    /// (-1: added by the script), so that a transition can take the place of those it covers.
    var implicitSerial = -1
    /// Whether this animation (or one in its group) drives an emitter cell's property.
    let drivesCells: Bool
    /// For a key path into an emitter cell: the cell, found again by its names whenever the
    /// layer's cells change (an integer comparison a frame otherwise).
    private var cell: EmitterCell?
    private var cellGeneration = -1

    init(_ animation: Animation, key: String?, on layer: Layer, defaultDuration: Double, inGroup: Bool) throws(AnimationError) {
        self.key = key
        self.animation = animation
        timing = animation.resolvedTiming(defaultDuration: defaultDuration)
        needsBeginTime = !inGroup && animation.beginTime == 0
        timingFunction = animation.timingFunction
        curve = TimingCurve(animation.timingFunction)
        if let group = animation as? AnimationGroup {
            var children: [AttachedAnimation] = []
            var mask: UInt64 = 0
            var drivesCells = false
            for child in group.animations {
                let attached = try AttachedAnimation(child, key: nil, on: layer, defaultDuration: defaultDuration, inGroup: true)
                children.append(attached)
                mask |= attached.mask
                drivesCells = drivesCells || attached.drivesCells
            }
            content = .group(children)
            groupAnimations = children
            target = nil
            isAdditive = false
            isCumulative = false
            self.mask = mask
            self.drivesCells = drivesCells
            return
        }
        guard let property = animation as? PropertyAnimation else {
            content = (animation as? Transition).map { .transition(TransitionRun($0)) } ?? .none
            target = nil
            isAdditive = false
            isCumulative = false
            mask = 0
            drivesCells = false
            return
        }
        let resolved: ResolvedKeyPath
        do {
            resolved = try KeyPathResolver.resolve(property.keyPath, on: layer.kind)
        } catch {
            throw .keyPath(error)
        }
        if case let .cell(path, _, _) = resolved.target {
            try AttachedAnimation.checkCell(path, keyPath: property.keyPath, on: layer)
            drivesCells = true
        } else {
            drivesCells = false
        }
        if case let .filter(name, input) = resolved.target {
            try AttachedAnimation.checkFilter(name, input, keyPath: property.keyPath, on: layer)
        }
        target = resolved
        isAdditive = property.isAdditive
        isCumulative = property.isCumulative
        var mask = resolved.property?.bit ?? 0
        let kind = resolved.valueKind
        func check(_ value: AnimationValue?, _ field: String) throws(AnimationError) -> AnimationValue? {
            guard let value else { return nil }
            guard value.fits(kind) else {
                throw .wrongValue(field: field, keyPath: property.keyPath, expected: kind, got: value.kind)
            }
            return value.coerced(to: kind)
        }
        let previous = EvaluationContext.read(resolved, of: layer, .presentation)
        let zero = AnimationValue.zero(of: kind)
        /// A gradient's colour lists, given or left to what is on screen, all as long.
        func checkColors(_ basic: BasicAnimation, _ track: BasicTrack) throws(AnimationError) {
            guard kind == .colors || kind == .path else { return }
            let onScreen = !property.isAdditive && (track.from.needsCurrent || track.to.needsCurrent)
            let lists = [("fromValue", basic.fromValue), ("toValue", basic.toValue), ("byValue", basic.byValue),
                         ("the value on screen", onScreen ? previous : nil)]
            if kind == .path {
                try AttachedAnimation.checkPathElements(lists, keyPath: property.keyPath)
            } else {
                try AttachedAnimation.checkColorCounts(lists, keyPath: property.keyPath)
            }
        }
        switch property {
        case let spring as SpringAnimation:
            let track = BasicTrack(from: try check(spring.fromValue, "fromValue"), to: try check(spring.toValue, "toValue"),
                                   by: try check(spring.byValue, "byValue"), previous: previous,
                                   additive: property.isAdditive, zero: zero)
            try checkColors(spring, track)
            content = .spring(track, spring.solution)
        case let basic as BasicAnimation:
            let track = BasicTrack(from: try check(basic.fromValue, "fromValue"), to: try check(basic.toValue, "toValue"),
                                   by: try check(basic.byValue, "byValue"), previous: previous,
                                   additive: property.isAdditive, zero: zero)
            try checkColors(basic, track)
            content = .basic(track)
        case let keyframe as KeyframeAnimation:
            for (i, value) in keyframe.values.enumerated() { _ = try check(value, "values[\(i + 1)]") }
            let named = keyframe.values.enumerated().map { ("values[\($0.offset + 1)]", Optional($0.element)) }
            if kind == .colors { try AttachedAnimation.checkColorCounts(named, keyPath: property.keyPath) }
            if kind == .path { try AttachedAnimation.checkPathElements(named, keyPath: property.keyPath) }
            let track = KeyframeTrack(keyframe, kind: kind)
            if track.rotationMode != nil && track.path != nil {
                mask |= PropertyRegistry.spec(.transform).bit
            }
            content = .keyframe(track)
        default:
            content = .none
        }
        self.mask = mask
        // Compile the common case.
        guard kind == .number else { return }
        switch resolved.target {
        case let .stored(offset, _): scalarOffset = offset
        case let .transformPart(offset, part): scalarOffset = offset; scalarPart = part
        case .array, .cell, .filter: return
        }
        switch content {
        case .basic(let track):
            if case .value(.number(let a)) = track.from, case .value(.number(let b)) = track.to {
                scalarFrom = a
                scalarTo = b
                plan = .scalarBasic
            }
        case .keyframe(let track):
            guard track.path == nil, track.outTangents.isEmpty, !track.values.isEmpty else { return }
            var curves: [TimingCurve] = []
            if track.mode != .paced && track.mode != .cubicPaced { curves = track.functions.map { TimingCurve($0) } }
            if curves.contains(where: \.isCustom) { return }
            keyframes = NumberKeyframes(times: track.times, values: track.values.map(\.number), curves: curves,
                                        discrete: track.mode == .discrete)
            plan = .scalarKeyframe
        default:
            break
        }
    }

    /// Refuses colour lists of different lengths among `lists` (each named as the animation
    /// names it; nil where not given): Apple leaves interpolating them undefined, and pairing
    /// colours up to the shorter list would show neither list.
    static func checkColorCounts(_ lists: [(String, AnimationValue?)], keyPath: String) throws(AnimationError) {
        var first: (String, Int)?
        for (name, value) in lists {
            guard case .colors(let colors)? = value else { continue }
            guard let (firstName, count) = first else {
                first = (name, colors.count)
                continue
            }
            if colors.count != count {
                throw .colorCounts(keyPath: keyPath, first: firstName, firstCount: count, second: name,
                                   secondCount: colors.count)
            }
        }
    }

    /// Refuses paths that do not blend among `paths` (each named as the animation names it; nil
    /// where not given; an empty path, none, is left out): Apple leaves morphing them undefined.
    static func checkPathElements(_ paths: [(String, AnimationValue?)], keyPath: String) throws(AnimationError) {
        var first: (String, Path)?
        for (name, value) in paths {
            guard case .path(let path)? = value, !path.isEmpty else { continue }
            guard let (firstName, firstPath) = first else {
                first = (name, path)
                continue
            }
            if !firstPath.blends(with: path) {
                throw .pathElements(keyPath: keyPath, first: firstName, firstCount: firstPath.elements.count, second: name,
                                    secondCount: path.elements.count)
            }
        }
    }

    /// The transition this animation runs, if it is one.
    var transitionRun: TransitionRun? {
        if case .transition(let run) = content { return run }
        return nil
    }

    deinit {
        keyframes?.deallocate()
        endCompletionGroups()
    }

    /// Tells every transaction waiting on this animation that it is over (once).
    func endCompletionGroups() {
        let groups = completionGroups
        completionGroups = []
        for group in groups { group.animationEnded() }
    }

    /// A scalar plan's value at eased progress `f` in cycle `iteration`: between `from` and `to`,
    /// or along `keyframes`; a cumulative animation adds, per completed cycle, the value a cycle
    /// ends on (see `cycleEnd`).
    @inline(__always)
    static func scalarValue(at f: Double, iteration: Double, cumulative: Bool, autoreverses: Bool,
                            from: Double, to: Double, keyframes: NumberKeyframes?) -> Double {
        let v = keyframes.map { $0.value(at: f) } ?? from + (to - from) * f
        guard cumulative && iteration > 0 else { return v }
        let end = cycleEnd(first: keyframes?.first ?? from, last: keyframes?.last ?? to, autoreverses: autoreverses)
        return v + end * iteration
    }

    /// The value a cycle ends on, which each later cycle of a cumulative animation adds (Apple:
    /// "the value at the end of the previous repeat cycle, plus the value of the current repeat
    /// cycle"): the last value, or the first when the cycle autoreverses back to it.
    @inline(__always)
    static func cycleEnd<T>(first: T, last: T, autoreverses: Bool) -> T {
        autoreverses ? first : last
    }

    /// Records the start and end due at `time`, as `apply` does, without making a value; a
    /// group passes its own time to its animations.
    func recordTiming(at time: Double, on layer: Layer, scene: Scene) {
        // Begun and ended, or begun and endless running forwards: nothing more can be recorded.
        let endless = timing.activeDuration == .infinity && timing.speed >= 0
        if hasStarted && (hasEnded || endless) && groupAnimations.isEmpty { return }
        let sample = timing.sample(at: time)
        noteStartAndEnd(sample, on: layer, scene: scene)
        guard sample.isEffective, !groupAnimations.isEmpty else { return }
        let groupTime = curve.evaluate(sample.fraction, custom: timingFunction) * timing.duration
        for child in groupAnimations { child.recordTiming(at: groupTime, on: layer, scene: scene) }
    }

    /// Records the start once the animation is past its beginning, and the end once past its end.
    @inline(__always) private func noteStartAndEnd(_ sample: TimingSample, on layer: Layer, scene: Scene) {
        if sample.phase != .before && !hasStarted {
            hasStarted = true
            scene.recordStart(self)
        }
        if sample.phase == .after && !hasEnded {
            hasEnded = true
            scene.recordEnd(self, on: layer)
        }
    }

    /// Gives an animation added without a begin time the layer's local time `time` as its own.
    @inline(__always) func settleBeginTime(at time: Double) {
        guard needsBeginTime else { return }
        timing.beginTime = time
        needsBeginTime = false
    }

    /// Applies this animation at `time` in its parent's time space (the layer's, or a group's).
    @inline(__always)
    func apply(at time: Double, _ context: inout EvaluationContext) {
        let sample = timing.sample(at: time)
        noteStartAndEnd(sample, on: context.layer, scene: context.scene)
        guard sample.isEffective else {
            if case .transition(let run) = content { run.progress = nil }
            return
        }
        let f = curve.evaluate(sample.fraction, custom: timingFunction)
        switch plan {
        case .scalarBasic, .scalarKeyframe:
            let v = AttachedAnimation.scalarValue(at: f, iteration: Double(sample.iteration), cumulative: isCumulative,
                                                  autoreverses: timing.autoreverses, from: scalarFrom, to: scalarTo,
                                                  keyframes: keyframes)
            context.writeNumber(v, offset: scalarOffset, part: scalarPart, additive: isAdditive)
            return
        case .general:
            break
        }
        switch content {
        case .basic(let track):
            guard let target else { return }
            let current = track.from.needsCurrent || track.to.needsCurrent ? read(target, &context) : .number(0)
            let from = track.from.resolve(current), to = track.to.resolve(current)
            var value = AnimationValue.interpolate(from, to, f)
            if isCumulative && sample.iteration > 0 {
                let end = AttachedAnimation.cycleEnd(first: from, last: to, autoreverses: timing.autoreverses)
                value = value + end.repeated(Double(sample.iteration))
            }
            write(target, value, &context)
        case let .spring(track, solution):
            guard let target else { return }
            let current = track.from.needsCurrent || track.to.needsCurrent ? read(target, &context) : .number(0)
            let from = track.from.resolve(current), to = track.to.resolve(current)
            let progress = solution.progress(at: f * timing.duration)
            write(target, AnimationValue.interpolate(from, to, progress), &context)
        case .keyframe(let track):
            guard let target, !track.values.isEmpty else { return }
            var (value, angle) = track.value(at: f)
            if isCumulative && sample.iteration > 0, let first = track.values.first, let last = track.values.last {
                let end = AttachedAnimation.cycleEnd(first: first, last: last, autoreverses: timing.autoreverses)
                value = value + end.repeated(Double(sample.iteration))
            }
            write(target, value, &context)
            if let angle { context.addRotation(angle) }
        case .group(let children):
            let groupTime = f * timing.duration
            for child in children { child.apply(at: groupTime, &context) }
        case .transition(let run):
            run.apply(f)
        case .none:
            break
        }
    }
}

extension AttachedAnimation {
    /// Throws unless `layer` is an emitter layer with a cell at `path`, naming the first name
    /// that is not there.
    static func checkCell(_ path: [String], keyPath: String, on layer: Layer) throws(AnimationError) {
        guard let emitter = layer as? EmitterLayer else {
            throw .keyPath(.unknownProperty(keyPath: keyPath, on: layer.kind, suggestion: nil))
        }
        for k in path.indices where emitter.cell(atPath: Array(path[...k])) == nil {
            let names = emitter.cellNames(along: Array(path[..<k]))
            throw .keyPath(.unknownCell(keyPath: keyPath, name: path[k],
                                        suggestion: NameSuggestion.closest(to: path[k], among: names)))
        }
    }

    /// The presentation state of the emitter cell this animation drives.
    @inline(__always)
    private func cellState(_ layer: Layer) -> UnsafeMutablePointer<Double>? {
        guard case let .cell(path, _, _)? = target?.target, let emitter = layer as? EmitterLayer else { return nil }
        if cellGeneration != emitter.cellGeneration {
            cell = emitter.cell(atPath: path)
            cellGeneration = emitter.cellGeneration
        }
        return cell?.base(.presentation)
    }

    /// The value of the key path as evaluated so far this frame.
    @inline(__always)
    private func read(_ target: ResolvedKeyPath, _ context: inout EvaluationContext) -> AnimationValue {
        guard case let .cell(_, offset, kind) = target.target else { return context.read(target) }
        guard let state = cellState(context.layer) else { return .zero(of: kind) }
        return FlatValues.load(kind: kind, at: state + offset)
    }

    /// Writes (or adds, for an additive animation) the key path's value.
    @inline(__always)
    private func write(_ target: ResolvedKeyPath, _ value: AnimationValue, _ context: inout EvaluationContext) {
        guard case let .cell(_, offset, kind) = target.target else {
            context.write(target, value, additive: isAdditive)
            return
        }
        guard let state = cellState(context.layer) else { return }
        let result = isAdditive ? FlatValues.load(kind: kind, at: state + offset) + value : value
        FlatValues.store(result, kind: kind, at: state + offset)
    }
}

extension AnimationValue {
    /// The neutral value of `kind` for addition (0, the origin, the identity transform …).
    static func zero(of kind: ValueKind) -> AnimationValue {
        switch kind {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(Color(r: 0, g: 0, b: 0, a: 0))
        case .transform: return .transform(.identity)
        case .bool: return .bool(false)
        case .numbers: return .numbers([])
        case .colors: return .colors([])
        case .choice(let options): return .choice(options.first ?? "")
        case .path: return .path(Path())
        }
    }
}
