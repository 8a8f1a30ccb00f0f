/// The back-to-front order of every track over all frames, one order for the whole file that
/// every frame's own order keeps. A track first seen in a frame goes right after the track drawn
/// just before it in that frame (or first). When a frame draws tracks already placed in another
/// order (the faces of a turning cube), the fewest of them that must move are ended there and
/// go on as new tracks placed where that frame draws them: the thing is then two Lottie layers,
/// one after the other in time (`op` of one, `ip` of the next), each in the right place.
struct LottieLayerOrder {
    private(set) var keys: [String] = []
    private var known: Set<String> = []
    /// The track a key's samples go on now, for keys that moved: the key with a `~n` suffix.
    private var current: [String: String] = [:]
    private var moves = 0

    /// Places one frame's keys (back to front) and says which track each sample goes on, and
    /// which of them (by index in `frame`) moved and so start a new track in this frame.
    mutating func add(frame: [String]) -> (tracks: [String], moved: [Int]) {
        var tracks = frame.map { current[$0] ?? $0 }
        let moved = outOfOrder(tracks)
        for i in moved {
            moves += 1
            let track = frame[i] + "~" + String(moves)
            current[frame[i]] = track
            tracks[i] = track
        }
        var previous: String?
        for key in tracks {
            if !known.contains(key) {
                known.insert(key)
                if let previous, let at = keys.lastIndex(of: previous) {
                    keys.insert(key, at: at + 1)
                } else {
                    keys.insert(key, at: 0)
                }
            }
            previous = key
        }
        return (tracks, moved)
    }

    /// The indices of the tracks already placed that must leave their places for `tracks` to be
    /// drawn in its order: all but a longest run whose places increase.
    private func outOfOrder(_ tracks: [String]) -> [Int] {
        var place: [String: Int] = [:]
        place.reserveCapacity(keys.count)
        for (n, key) in keys.enumerated() { place[key] = n }
        let placed = tracks.indices.compactMap { i in place[tracks[i]].map { (index: i, place: $0) } }
        // Patience sorting: `tails[k]` ends the best increasing run of length k + 1 found so far.
        var tails: [Int] = [], before = [Int](repeating: -1, count: placed.count)
        for (n, item) in placed.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if placed[tails[mid]].place < item.place { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { before[n] = tails[lo - 1] }
            if lo == tails.count { tails.append(n) } else { tails[lo] = n }
        }
        guard tails.count < placed.count else { return [] }
        var kept = Set<Int>()
        var n = tails.last ?? -1
        while n >= 0 {
            kept.insert(n)
            n = before[n]
        }
        return placed.indices.filter { !kept.contains($0) }.map { placed[$0].index }
    }
}
