/// Whose the mouse is: the script's; the inspector's while it is on (a press picks a layer); or,
/// from a press on the strip's ruler, the inspector's graph or the tweak panel until its
/// release, that drag's.
enum PointerMode: Equatable {
    case script
    case inspecting
    case scrubbingStrip
    case scrubbingGraph
    case tweaking

    /// Whether a drag is scrubbing time.
    var isScrubbing: Bool { self == .scrubbingStrip || self == .scrubbingGraph }
}
