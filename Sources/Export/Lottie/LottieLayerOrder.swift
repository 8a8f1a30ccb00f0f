/// The back-to-front order of every track over all frames: a track first seen in a frame goes
/// right after the track drawn just before it in that frame (or first), so each frame's own
/// order is kept wherever one fixed order can keep it.
struct LottieLayerOrder {
    private(set) var keys: [String] = []
    private var known: Set<String> = []

    mutating func add(frame: [String]) {
        var previous: String?
        for key in frame {
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
    }
}
