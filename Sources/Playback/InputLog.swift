import LuaHost

/// The input a run received and the ticks it was delivered on, so that a run rebuilt from the
/// start (a seek back, a reload) receives the same input at the same moments.
///
/// Input is delivered after the tick that was shown when it came (tick -1: after the script's
/// top level, before the first tick). A press (a key or a button) at a tick drops whatever the
/// log held after it: after seeking back, what the user does now replaces what happened later
/// before. Other input (the pointer moving or leaving the window, a release, a resize) joins the
/// log in its place and keeps what came later.
public struct InputLog: Sendable, Equatable {
    /// One delivered event.
    public struct Entry: Sendable, Equatable {
        /// The tick it follows: it is delivered once the tick is made.
        public let tick: Int
        public let event: InputEvent

        public init(tick: Int, event: InputEvent) {
            self.tick = tick
            self.event = event
        }
    }

    /// Every event, by tick, in the order they came.
    public private(set) var entries: [Entry] = []

    public init(_ entries: [Entry] = []) {
        self.entries = entries.enumerated()
            .sorted { $0.element.tick != $1.element.tick ? $0.element.tick < $1.element.tick : $0.offset < $1.offset }
            .map(\.element)
    }

    /// What a press dropped: how many events, from which tick on.
    public struct Dropped: Sendable, Equatable {
        public let count: Int
        public let fromTick: Int
    }

    /// Records `event` for delivery on `tick` (after what that tick already has). A press drops
    /// what was logged for later ticks, and says what it dropped.
    @discardableResult
    public mutating func append(_ event: InputEvent, at tick: Int) -> Dropped? {
        let tick = max(tick, -1)
        let later = firstIndex(after: tick)
        guard later < entries.count else {
            entries.append(Entry(tick: tick, event: event))
            return nil
        }
        guard event.isPress else {
            entries.insert(Entry(tick: tick, event: event), at: later)
            return nil
        }
        let dropped = Dropped(count: entries.count - later, fromTick: entries[later].tick)
        entries.removeSubrange(later...)
        entries.append(Entry(tick: tick, event: event))
        return dropped
    }

    /// The ticks that hold a press, in order, each once: where the ruler marks input.
    public var pressTicks: [Int] {
        var ticks: [Int] = []
        for entry in entries where entry.event.isPress && ticks.last != entry.tick { ticks.append(entry.tick) }
        return ticks
    }

    /// The events delivered on `tick`, in order.
    public func events(at tick: Int) -> ArraySlice<Entry> {
        let start = firstIndex(after: tick - 1)
        var end = start
        while end < entries.count && entries[end].tick == tick { end += 1 }
        return entries[start..<end]
    }

    /// The index of the first entry whose tick is after `tick`.
    private func firstIndex(after tick: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].tick <= tick { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Forgets everything.
    public mutating func removeAll() {
        entries.removeAll()
    }
}
