/// The animations one transaction added (its nested transactions' included), counted down as
/// each finishes or is removed; when the transaction has committed and the count reaches zero,
/// its completion block is queued to run after the frame.
final class CompletionGroup {
    private(set) var pending = 0
    private(set) var isCommitted = false
    private var hasFired = false
    var block: (() -> Void)?
    weak var scene: Scene?

    init(scene: Scene) {
        self.scene = scene
    }

    func animationAdded() {
        pending += 1
    }

    func animationEnded() {
        pending = max(0, pending - 1)
        fireIfDone()
    }

    func commit() {
        isCommitted = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard isCommitted, pending == 0, !hasFired else { return }
        hasFired = true
        if let block, let scene { scene.queueCompletion(block) }
        block = nil
    }
}
