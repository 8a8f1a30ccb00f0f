/// Shows layers as they are at another moment: evaluates the animations of some layers and their
/// subtrees at a shifted time, calls the caller back, then puts back the presentation the frame
/// evaluated. The scene evaluates a replicator's instance i this way, `i × instanceDelay` seconds
/// earlier (CAReplicatorLayer), and draws a moment between two frames: the shift is of the roots'
/// superlayer's time, passed down through each layer's own timing (beginTime, speed, timeOffset)
/// as the frame's evaluation passes it.
///
/// A shifted evaluation leaves no trace: no `onStart` or `onStop` is recorded, no animation ends,
/// is removed or has its begin time settled, and once the body returns every layer presents the
/// frame's own values again (for hit testing, `presentation()`, the next instance, the HUD).
/// Emitters' particles are not stepped: they are drawn as they are at the frame's time. Shifts
/// nest (a delayed replicator inside another). Scratch storage is kept from call to call, so a
/// steady state allocates nothing.
final class TimeShiftedEvaluation {
    /// What one shifted evaluation changed, for its callback to read (see `forEachLayer(in:_:)`,
    /// `forEachCell(in:_:)`, `replicators(in:)`).
    struct Changes {
        fileprivate let layers: Range<Int>
        fileprivate let cells: Range<Int>
        fileprivate let replicators: Range<Int>
    }

    /// A layer whose presentation was overwritten: where its saved slots start in `values`, and
    /// its array-valued properties.
    private struct SavedLayer {
        let layer: Layer
        let start: Int
        let arrays: [PropertyID: AnimationValue]
        /// The presented inputs of its filters, when animations drive them.
        let filterInputs: [[Double]]
        /// Whether begin times were settled for the look (its compiled program is rebuilt then,
        /// and again once they are put back).
        var settledBeginTimes = false
    }

    /// An emitter cell whose presentation was overwritten, and where its slots start in `values`.
    private struct SavedCell {
        let cell: EmitterCell
        let start: Int
    }

    /// An attached animation's bookkeeping, as it was before the shifted evaluation.
    private struct SavedAnimation {
        let animation: AttachedAnimation
        let hasStarted: Bool
        let hasEnded: Bool
        let needsBeginTime: Bool
        let beginTime: Double
        let progress: Double?
    }

    private var values: [Double] = []
    private var layers: [SavedLayer] = []
    private var cells: [SavedCell] = []
    private var animations: [SavedAnimation] = []
    /// The replicators the walks met, with their local time as shifted.
    private var replicators: [(layer: ReplicatorLayer, local: Double)] = []
    /// The walk: each layer with its superlayer's local time in the frame and shifted.
    private var walk: [(layer: Layer, parentTime: Double, shiftedParentTime: Double)] = []
    private let offsets = StorageOffsets.shared

    /// Calls `body` with `roots` and their subtrees presented at `shiftedParentTime` instead of
    /// `parentTime` (both in the time space of the roots' superlayer; `parentTime` is the time
    /// their presentation now shows), then restores their presentation.
    func withPresentation(of roots: [Layer], parentTime: Double, shiftedTo shiftedParentTime: Double,
                          _ body: () -> Void) {
        withPresentation(of: roots, parentTime: parentTime, shiftedTo: shiftedParentTime) { _ in body() }
    }

    /// `withPresentation(of:parentTime:shiftedTo:_:)` for a `body` that reads what the shift
    /// changed.
    func withPresentation(of roots: [Layer], parentTime: Double, shiftedTo shiftedParentTime: Double,
                          _ body: (Changes) -> Void) {
        let marks = (values: values.count, layers: layers.count, cells: cells.count, animations: animations.count,
                     replicators: replicators.count)
        evaluate(roots, parentTime: parentTime, shiftedParentTime: shiftedParentTime)
        body(Changes(layers: marks.layers..<layers.count, cells: marks.cells..<cells.count,
                     replicators: marks.replicators..<replicators.count))
        restore(to: marks)
    }

    /// Evaluates `roots` and their subtrees at `parentTime` into their presentation and leaves it
    /// there: the scene's presentation made again after ticks that drew nothing, with no trace
    /// otherwise (no start or stop recorded, no begin time settled, no particle stepped).
    func present(_ roots: [Layer], parentTime: Double) {
        let marks = (values: values.count, layers: layers.count, cells: cells.count, animations: animations.count,
                     replicators: replicators.count)
        evaluate(roots, parentTime: parentTime, shiftedParentTime: parentTime)
        restore(to: marks, presentation: false)
    }

    /// Applies `layer`'s animations at its local time `local` into its presentation, with no
    /// other trace: no start or stop recorded. Every animation's begin time must be settled.
    func apply(_ layer: Layer, at local: Double, scene: Scene) {
        let mark = animations.count
        for animation in layer.animations { save(animation) }
        layer.applyAnimations(at: local, scene: scene, offsets: offsets, records: false)
        restore(to: (values.count, layers.count, cells.count, mark, replicators.count), presentation: false)
    }

    /// Calls `f` with each layer whose presentation the shift changed.
    func forEachLayer(in changes: Changes, _ f: (Layer) -> Void) {
        for saved in layers[changes.layers] { f(saved.layer) }
    }

    /// Calls `f` with each emitter cell whose presentation the shift changed.
    func forEachCell(in changes: Changes, _ f: (EmitterCell) -> Void) {
        for saved in cells[changes.cells] { f(saved.cell) }
    }

    /// The replicators under the shifted roots, with their local times as shifted.
    func replicators(in changes: Changes) -> ArraySlice<(layer: ReplicatorLayer, local: Double)> {
        replicators[changes.replicators]
    }

    /// Applies the subtrees' animations at the shifted time, saving what they overwrite.
    private func evaluate(_ roots: [Layer], parentTime: Double, shiftedParentTime: Double) {
        let offsets = self.offsets
        var i = roots.count
        while i > 0 {
            i -= 1
            walk.append((roots[i], parentTime, shiftedParentTime))
        }
        while let (layer, parent, shiftedParent) = walk.popLast() {
            let local = layer.localTime(parentTime: parent, offsets: offsets)
            let shifted = layer.localTime(parentTime: shiftedParent, offsets: offsets)
            if layer.kind == .replicator { replicators.append((unsafeDowncast(layer, to: ReplicatorLayer.self), shifted)) }
            if !layer.animations.isEmpty, let scene = layer.scene {
                save(layer)
                for animation in layer.animations {
                    save(animation)
                    // Not settled yet (the layer is drawn before the frame settled it): begin now.
                    if animation.needsBeginTime {
                        animation.timing.beginTime = local
                        animation.needsBeginTime = false
                        layers[layers.count - 1].settledBeginTimes = true
                        layer.programIsStale = true
                    }
                }
                layer.applyAnimations(at: shifted, scene: scene, offsets: offsets, records: false)
            }
            let sublayers = layer.timedSublayers
            var k = sublayers.count
            while k > 0 {
                k -= 1
                walk.append((sublayers[k], local, shifted))
            }
        }
    }

    /// Saves the layer's presentation slots, arrays and (for an emitter whose cells animate) its
    /// cells' presentation.
    private func save(_ layer: Layer) {
        let start = values.count
        values.append(contentsOf: UnsafeBufferPointer(start: layer.base(.presentation), count: layer.slotSize))
        layers.append(SavedLayer(layer: layer, start: start, arrays: layer.presentedArrays,
                                 filterInputs: layer.animatesFilters ? layer.filters.map(\.presented) : []))
        if layer.animatesCells, let emitter = layer as? EmitterLayer {
            for cell in emitter.emitterCells { save(cell) }
        }
    }

    private func save(_ cell: EmitterCell) {
        let start = values.count
        values.append(contentsOf: UnsafeBufferPointer(start: cell.base(.presentation), count: CellPropertyID.slotSize))
        cells.append(SavedCell(cell: cell, start: start))
        for child in cell.emitterCells { save(child) }
    }

    /// Saves an animation's (and its group's children's) progress flags and marks them started
    /// and ended, so that evaluating records no start or stop.
    private func save(_ animation: AttachedAnimation) {
        animations.append(SavedAnimation(animation: animation, hasStarted: animation.hasStarted,
                                         hasEnded: animation.hasEnded, needsBeginTime: animation.needsBeginTime,
                                         beginTime: animation.timing.beginTime,
                                         progress: animation.transitionRun?.progress))
        animation.hasStarted = true
        animation.hasEnded = true
        if case .group(let children) = animation.content {
            for child in children { save(child) }
        }
    }

    /// Puts back everything saved since `marks`, newest first: the animations' bookkeeping, and
    /// (unless `presentation` is false) the presentation the layers and cells showed.
    private func restore(to marks: (values: Int, layers: Int, cells: Int, animations: Int, replicators: Int),
                         presentation: Bool = true) {
        var i = animations.count
        while i > marks.animations {
            i -= 1
            let saved = animations[i]
            saved.animation.hasStarted = saved.hasStarted
            saved.animation.hasEnded = saved.hasEnded
            saved.animation.needsBeginTime = saved.needsBeginTime
            saved.animation.timing.beginTime = saved.beginTime
            // A transition's progress is what it shows: put back with the presentation only.
            if presentation { saved.animation.transitionRun?.progress = saved.progress }
        }
        values.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            guard presentation else {
                for saved in layers[marks.layers...] where saved.settledBeginTimes { saved.layer.programIsStale = true }
                return
            }
            for saved in cells[marks.cells...] {
                saved.cell.base(.presentation).update(from: base + saved.start, count: CellPropertyID.slotSize)
            }
            for saved in layers[marks.layers...] {
                saved.layer.base(.presentation).update(from: base + saved.start, count: saved.layer.slotSize)
                saved.layer.presentedArrays = saved.arrays
                for (filter, inputs) in zip(saved.layer.filters, saved.filterInputs) { filter.presented = inputs }
                if saved.settledBeginTimes { saved.layer.programIsStale = true }
            }
        }
        replicators.removeSubrange(marks.replicators...)
        animations.removeSubrange(marks.animations...)
        cells.removeSubrange(marks.cells...)
        layers.removeSubrange(marks.layers...)
        values.removeSubrange(marks.values...)
    }
}
