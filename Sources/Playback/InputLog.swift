import LuaHost

/// The input a run received and the ticks it was delivered on, so that a run rebuilt from the
/// start (a seek back, a reload) receives the same input at the same moments.
///
/// Input is delivered after the tick that was shown when it came (tick -1: after the script's
/// top level, before the first tick). New input at a tick drops whatever the log held after
/// it: after seeking back, what the user does now replaces what happened later before.
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

    /// Records `event` for delivery on `tick`, dropping what was logged for later ticks.
    public mutating func append(_ event: InputEvent, at tick: Int) {
        let tick = max(tick, -1)
        if let last = entries.last, last.tick > tick {
            entries.removeSubrange(firstIndex(after: tick)...)
        }
        entries.append(Entry(tick: tick, event: event))
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
