/// The written changes, for undo and redo: each step is a file's bytes before and after one
/// write. Undoing every step gives back the bytes the files had when the panel first read them.
public struct EditHistory: Sendable {
    /// One write: the file, and its bytes before and after.
    public struct Step: Equatable, Sendable {
        public let file: String
        public let before: [UInt8]
        public let after: [UInt8]
    }

    private var done: [Step] = []
    private var undone: [Step] = []

    public init() {}

    /// Whether there is a write to undo, or an undone one to redo.
    public var canUndo: Bool { !done.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// Records a write; a new write forgets what was undone.
    public mutating func record(_ step: Step) {
        done.append(step)
        undone.removeAll()
    }

    /// The write to undo next (write `before` over `after`), without taking it.
    public var nextUndo: Step? { done.last }
    /// The write to redo next (write `after` over `before`), without taking it.
    public var nextRedo: Step? { undone.last }

    /// Marks the last write undone (once its `before` is on disk).
    public mutating func didUndo() {
        guard let step = done.popLast() else { return }
        undone.append(step)
    }

    /// Marks the last undone write redone (once its `after` is on disk).
    public mutating func didRedo() {
        guard let step = undone.popLast() else { return }
        done.append(step)
    }
}
