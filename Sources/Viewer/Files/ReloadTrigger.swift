/// Decides when changed files have settled enough to reload: shortly after the last complete
/// write (a write-and-close, or a rename into place), or after a longer quiet time when the
/// last thing seen was a write still in progress or a deletion (the editor may be about to put
/// the file back; if it does not, the reload reports the missing file).
public struct ReloadTrigger: Sendable {
    /// Quiet seconds after a complete write before reloading (editors often write, then rename).
    public var settleAfterWrite = 0.003
    /// Quiet seconds after an unfinished change before trying anyway.
    public var settleAfterPartial = 0.25
    /// When the first change of this burst was seen (nil: nothing pending).
    public private(set) var firstChange: Double?
    private var lastChange = 0.0
    private var lastWasComplete = false

    public init() {}

    /// Notes that watched files changed at `time` (seconds, any monotonic clock).
    public mutating func note(_ changes: [String: FileWatcher.Change], at time: Double) {
        guard !changes.isEmpty else { return }
        if firstChange == nil { firstChange = time }
        lastChange = time
        lastWasComplete = changes.values.allSatisfy { $0 == .finished }
    }

    /// Whether a reload is due at `time`.
    public func isDue(at time: Double) -> Bool {
        secondsUntilDue(at: time) == 0
    }

    /// Seconds until a pending reload is due (nil: none pending).
    public func secondsUntilDue(at time: Double) -> Double? {
        guard firstChange != nil else { return nil }
        return max(0, lastChange + (lastWasComplete ? settleAfterWrite : settleAfterPartial) - time)
    }

    /// Forgets the pending burst (the reload was done).
    public mutating func reset() {
        firstChange = nil
        lastWasComplete = false
    }
}
