/// Nested transactions (CATransaction): settings for the animations they create, and completion
/// blocks that wait for those animations.
///
/// The completion block of a transaction runs once every animation added while it was open
/// (nested transactions included) has finished or been removed — and right after commit if there
/// were none. Unlike Core Animation, where only animations added after `setCompletionBlock`
/// count, the block may be set before or after the animations: seed 001 sets it after, seed 003
/// before, and both mean "when these are done".
public final class TransactionStack {
    struct Frame {
        var duration: Double?
        var timingFunction: TimingFunction?
        var disableActions: Bool?
        let group: CompletionGroup
        let isImplicit: Bool
    }

    private var frames: [Frame] = []
    private unowned let scene: Scene
    /// Serial number of the outermost transaction open now (or of the last one, between them).
    public private(set) var currentSerial = 0
    /// Animations added with `beginTime` 0 in the open outermost transaction, which start when it commits.
    var awaitingBeginTime: [(AttachedAnimation, Layer)] = []

    init(scene: Scene) {
        self.scene = scene
    }

    /// How deep the nesting is (0: no transaction open).
    public var depth: Int { frames.count }

    /// The serial number of the transaction a change made now belongs to: the open outermost
    /// one, or with none open, the implicit one the next change opens (which commits at the
    /// next frame).
    var changeSerial: Int { frames.isEmpty ? currentSerial + 1 : currentSerial }

    /// Opens a transaction.
    public func begin() {
        begin(implicit: false)
    }

    func begin(implicit: Bool) {
        if frames.isEmpty { currentSerial += 1 }
        frames.append(Frame(group: CompletionGroup(scene: scene), isImplicit: implicit))
    }

    /// Opens an implicit transaction when none is open, as Core Animation does on the first change
    /// outside any transaction; it commits at the next frame.
    func ensureOpen() {
        if frames.isEmpty { begin(implicit: true) }
    }

    /// Closes the innermost transaction.
    public func commit() throws(TransactionError) {
        guard let frame = frames.popLast() else { throw .commitWithoutBegin }
        frame.group.commit()
        if frames.isEmpty {
            startAwaitingAnimations()
            scene.transactionEnded()
        }
    }

    /// Closes the innermost transaction if a script began it: the implicit transaction a host
    /// opened around the script's code is not the script's to commit.
    public func commitExplicit() throws(TransactionError) {
        guard let frame = frames.last, !frame.isImplicit else { throw .commitWithoutBegin }
        try commit()
    }

    /// Commits every open transaction (the implicit one included); returns how many explicit ones
    /// were left open, which a host reports as a mistake.
    @discardableResult
    public func commitAll() -> Int {
        var unbalanced = 0
        while let frame = frames.last {
            if !frame.isImplicit { unbalanced += 1 }
            try? commit()
        }
        return unbalanced
    }

    /// Commits the implicit transaction if it is the only one open, and opens a fresh one
    /// (CATransaction.flush()).
    public func flush() {
        if frames.count == 1, frames[0].isImplicit {
            try? commit()
            begin(implicit: true)
        }
    }

    /// Sets the block to run when the innermost transaction's animations have all finished.
    public func setCompletionBlock(_ block: (() -> Void)?) {
        ensureOpen()
        frames[frames.count - 1].group.block = block
    }

    /// Sets the duration used by animations whose duration is 0 (the default 0.25 s otherwise).
    public func setAnimationDuration(_ duration: Double) {
        ensureOpen()
        frames[frames.count - 1].duration = duration
    }

    /// Sets the timing function of implicit animations.
    public func setAnimationTimingFunction(_ function: TimingFunction?) {
        ensureOpen()
        frames[frames.count - 1].timingFunction = function
    }

    /// Turns implicit animations off (or back on) for changes in the innermost transaction.
    public func setDisableActions(_ disable: Bool) {
        ensureOpen()
        frames[frames.count - 1].disableActions = disable
    }

    /// The duration for animations with none of their own: the innermost transaction's setting,
    /// else its enclosing ones', else 0.25 s.
    public var animationDuration: Double {
        for frame in frames.reversed() {
            if let d = frame.duration, d > 0, d.isFinite { return d }
        }
        return TransactionStack.defaultDuration
    }

    /// The duration of animations when no transaction sets one (CATransaction's 0.25 s).
    public static let defaultDuration = 0.25

    /// The timing function for implicit animations (nil: the "default" curve).
    public var animationTimingFunction: TimingFunction? {
        for frame in frames.reversed() { if let f = frame.timingFunction { return f } }
        return nil
    }

    /// Whether changes now create implicit animations.
    public var actionsEnabled: Bool {
        for frame in frames.reversed() { if let d = frame.disableActions { return !d } }
        return true
    }

    /// Registers an animation with every open transaction, innermost first (so that when it ends,
    /// an inner transaction's completion block runs before an outer one's).
    func register(_ animation: AttachedAnimation, on layer: Layer) {
        ensureOpen()
        var groups: [CompletionGroup] = []
        for frame in frames.reversed() {
            frame.group.animationAdded()
            groups.append(frame.group)
        }
        animation.completionGroups = groups
        if animation.needsBeginTime { awaitingBeginTime.append((animation, layer)) }
    }

    private func startAwaitingAnimations() {
        let waiting = awaitingBeginTime
        awaitingBeginTime = []
        for (animation, layer) in waiting where animation.needsBeginTime && layer.isInTree {
            animation.settleBeginTime(at: layer.localTime(mediaTime: scene.time))
            layer.programIsStale = true
        }
    }
}

/// A misuse of transactions.
public enum TransactionError: Error, Equatable, CustomStringConvertible {
    case commitWithoutBegin

    public var description: String {
        "commit() without a matching begin()"
    }
}
