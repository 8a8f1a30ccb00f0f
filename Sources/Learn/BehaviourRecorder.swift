import Foundation
import LayerKit
import LuaBridge
import LuaHost
import Playback
import Render

/// Runs a script headless on the tick clock and records what a check compares: the checked
/// layer's key paths at `sampleRate` over [from, to], evaluated at each sample's exact time, and
/// the animations attached to it. The run stops at the script's first error.
public struct BehaviourRecorder {
    /// Samples a second.
    public static let sampleRate = 120.0

    public var check: ExerciseCheck
    /// The Scripts/ library, on every script's require path.
    public var libraryPath: String?
    public var budget: LuaBudget
    /// The scene's size, as `check` uses.
    public var size = Size(width: 800, height: 600)

    public init(check: ExerciseCheck, libraryPath: String?, budget: LuaBudget) {
        self.check = check
        self.libraryPath = libraryPath
        self.budget = budget
    }

    /// The sample times over the check's range: `sampleRate` a second, both ends included.
    public var sampleTimes: [Double] {
        let count = max(Int(((check.to - check.from) * Self.sampleRate).rounded()), 1)
        return (0...count).map { check.from + (check.to - check.from) * Double($0) / Double(count) }
    }

    /// Runs the script at `path` and records its behaviour.
    public func record(script path: String) -> Behaviour {
        var options = ScriptOptions()
        options.seed = check.seed
        options.size = size
        options.budget = budget
        options.libraryPath = libraryPath
        let recipe = ScriptRecipe(source: .file(path), options: options, images: RenderImages())
        let firstError = ErrorBox()
        var behaviour = Behaviour()
        let runner: SceneRunner
        do {
            runner = try recipe.start(output: { _, _ in }, errors: { error, _ in firstError.note(error) })
        } catch {
            behaviour.error = RunError(error)
            return behaviour
        }
        defer { runner.close() }
        var state = RecordingState(check: check)
        let log = InputLog()
        for time in sampleTimes {
            runner.advance(to: Tick.index(atOrBefore: time), log: log)
            if let error = firstError.error {
                behaviour.error = RunError(error)
                break
            }
            runner.withFrame(at: time) { scene in state.sample(scene, at: time) }
            if let problem = state.problem {
                behaviour.error = problem
                break
            }
        }
        state.finish(into: &behaviour)
        return behaviour
    }
}

/// Holds a run's first error for the closure that is told of them.
private final class ErrorBox {
    var error: ScriptError?
    func note(_ error: ScriptError) {
        if self.error == nil { self.error = error }
    }
}

extension RunError {
    init(_ error: ScriptError) {
        let kind: Kind
        switch error.kind {
        case .timeout: kind = .timeout
        case .memory: kind = .memory
        case .syntax, .runtime, .file: kind = .script
        }
        var message = error.message
        if let context = error.context { message += " (in \(context))" }
        self.init(kind: kind, message: message)
    }
}

/// What a recording gathers sample by sample.
private struct RecordingState {
    let check: ExerciseCheck
    var times: [Double] = []
    /// Per key path, per component (in the order first seen), the values so far.
    var values: [[(component: String, values: [Double?])]]
    var found: Layer?
    var foundOnce = false
    var names: Set<String> = []
    var animations: [Behaviour.SeenAnimation] = []
    var seen: Set<ObjectIdentifier> = []
    var kept: [Animation] = []
    var problem: RunError?
    /// The key paths an animation is noted as touching: the checked and the required ones.
    let watched: [String]

    init(check: ExerciseCheck) {
        self.check = check
        watched = check.keyPaths + check.requirements.compactMap(\.keyPath).filter { !check.keyPaths.contains($0) }
        values = Array(repeating: [], count: check.keyPaths.count)
    }

    mutating func sample(_ scene: Scene, at time: Double) {
        let index = times.count
        times.append(time)
        guard let layer = currentLayer(in: scene) else {
            pad(to: index + 1)
            return
        }
        foundOnce = true
        scene.ensurePresentation()
        for (keyPathIndex, keyPath) in check.keyPaths.enumerated() {
            let value: AnimationValue
            do {
                value = try layer.value(forKeyPath: keyPath, .presentation)
            } catch {
                problem = RunError(kind: .keyPath, message: "'\(check.layer)' has no key path to compare: \(error)")
                pad(to: index + 1)
                return
            }
            for (component, number) in value.components {
                if let column = values[keyPathIndex].firstIndex(where: { $0.component == component }) {
                    values[keyPathIndex][column].values.append(number)
                } else {
                    var column = [Double?](repeating: nil, count: index)
                    column.append(number)
                    values[keyPathIndex].append((component, column))
                }
            }
        }
        pad(to: index + 1)
        note(layer.attachedAnimations)
    }

    /// Fills the columns that missed this sample with nil.
    mutating func pad(to count: Int) {
        for keyPathIndex in values.indices {
            for column in values[keyPathIndex].indices where values[keyPathIndex][column].values.count < count {
                values[keyPathIndex][column].values.append(nil)
            }
        }
    }

    /// The layer with the checked name: the one found before while it keeps its place and name,
    /// else the first in the tree, parents first (masks included).
    mutating func currentLayer(in scene: Scene) -> Layer? {
        if let found, found.isInTree, found.scene === scene, found.name == check.layer { return found }
        found = nil
        var first: Layer?
        scene.root.forEachInSubtree { layer in
            if first == nil, layer.name == check.layer { first = layer }
            if !foundOnce, let name = layer.name { names.insert(name) }
        }
        found = first
        return first
    }

    mutating func note(_ attached: [AttachedAnimationState]) {
        for state in attached {
            if seen.insert(ObjectIdentifier(state.animation)).inserted {
                kept.append(state.animation)
                let animation = state.animation
                animations.append(.init(className: String(describing: type(of: animation)),
                                        keyPath: state.keyPath,
                                        touches: watched.filter { state.touches(keyPath: $0) },
                                        holdsAtEnd: !animation.isRemovedOnCompletion
                                            && (animation.fillMode == .forwards || animation.fillMode == .both),
                                        timingName: animation.timingFunction.flatMap(TimingShapes.name(of:))))
            }
            note(state.children)
        }
    }

    func finish(into behaviour: inout Behaviour) {
        behaviour.times = times
        behaviour.series = zip(check.keyPaths, values).flatMap { keyPath, columns in
            columns.map { Behaviour.Series(keyPath: keyPath, component: $0.component, values: $0.values) }
        }
        behaviour.animations = animations
        behaviour.layerNames = foundOnce ? [] : names
        behaviour.foundLayer = foundOnce
    }
}
