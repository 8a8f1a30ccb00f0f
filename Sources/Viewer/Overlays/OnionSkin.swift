import LayerKit
import Playback
import Render

/// Onion skins (F11): ghosts of the scene at earlier moments — and, while paused, later ones —
/// shown where the present frame shows only background: keyed out, earlier ones warm and later
/// ones cool, the nearest strongest (`OnionGhosts`). The present frame keeps every pixel. The
/// moments lie on a grid of `spacing` seconds, so ghosts hold still while the playhead moves
/// between them, as in animation tools.
///
/// Each ghost is the run's own frame at its moment, from the deterministic timeline: while
/// playing, captured as the run passes each moment; while paused, from the player's still
/// frames (a silent run, started from one parked for seeking when it can be).
final class OnionSkin {
    /// Whether ghosts are drawn.
    var isOn = false
    /// Ghosts each side, and seconds between them (Shift+F11 cycles the presets).
    private(set) var count = 3
    private(set) var spacing = 0.1
    static let presets: [(count: Int, spacing: Double)] = [(3, 0.1), (6, 0.1), (4, 0.25), (6, 0.5)]

    private let compositor = Compositor()
    private let rasterizer = HeadlessBackend()
    private var ghosts: [Int: DrawList] = [:] {
        didSet { revision += 1 }
    }
    /// Counts changes to `ghosts`, so that the gathered layer is made again only when needed.
    private var revision = 0
    /// The ghosts chosen for the frame being drawn, furthest first.
    private var chosen: [(index: Int, tint: Color, opacity: Double)] = []
    private var gathered: (key: GatheredKey, ghosts: OnionGhosts)?
    private weak var capturing: SceneRunner?
    private var size = (width: 0, height: 0)
    /// The grid index and run the paused ghosts were made for.
    private var pausedFor: (index: Int, run: ObjectIdentifier)?

    /// The next preset of count and spacing.
    func cycle() {
        let index = OnionSkin.presets.firstIndex { $0.count == count && $0.spacing == spacing } ?? -1
        let next = OnionSkin.presets[(index + 1) % OnionSkin.presets.count]
        count = next.count
        spacing = next.spacing
        ghosts.removeAll()
        pausedFor = nil
    }

    /// A short description for the HUD and the strip.
    var summary: String { "onion skin: \(count) ghosts, \(Inspector.format(spacing)) s apart" }

    /// Chooses the ghosts for the frame shown now: earlier moments, and later ones while
    /// paused. Captures what it needs from `player`'s run; `layer(background:)` then gathers them.
    func prepare(for player: Player, width: Int, height: Int) {
        chosen = []
        guard isOn, let runner = player.runner else {
            detach()
            gathered = nil
            return
        }
        if size != (width, height) {
            size = (width, height)
            ghosts.removeAll()
            pausedFor = nil
        }
        let time = player.shownTime
        let current = Int((time / spacing + 1e-9).rounded(.down))
        let earlier = (1...count).map { current - $0 + (isOnGrid(time) ? 0 : 1) }.filter { $0 >= 0 }
        let later = player.timeline.isPaused ? (1...count).map { current + $0 } : []
        if player.timeline.isPaused {
            if pausedFor?.index != current || pausedFor?.run != ObjectIdentifier(runner) {
                makeStill(around: earlier + later, from: player)
                pausedFor = (current, ObjectIdentifier(runner))
            }
        } else {
            pausedFor = nil
            attach(to: runner)
            let keep = Set(earlier)
            let kept = ghosts.filter { keep.contains($0.key) || $0.key > current }
            if kept.count != ghosts.count { ghosts = kept }
        }
        for (distance, index) in earlier.enumerated().reversed() where ghosts[index] != nil {
            chosen.append((index, OnionGhosts.earlierTint, opacity(distance)))
        }
        for (distance, index) in later.enumerated().reversed() where ghosts[index] != nil {
            chosen.append((index, OnionGhosts.laterTint, opacity(distance)))
        }
    }

    /// The chosen ghosts gathered into one layer for a scene whose root shows `background`, or
    /// nil when there are none. Made again only when the ghosts or the background change.
    func layer(background: Color) -> OnionGhosts? {
        guard !chosen.isEmpty else { return nil }
        let key = GatheredKey(indices: chosen.map(\.index), revision: revision, background: background,
                              width: size.width, height: size.height)
        if let gathered, gathered.key == key { return gathered.ghosts }
        let layer = OnionGhosts(width: size.width, height: size.height, background: background)
        let frame = FrameBuffer(width: size.width, height: size.height)
        for ghost in chosen {
            guard let list = ghosts[ghost.index] else { continue }
            rasterizer.draw(list, into: frame, background: .black)
            layer.add(frame, tint: ghost.tint, opacity: ghost.opacity)
        }
        gathered = (key, layer)
        return layer
    }

    /// What a gathered layer was made from.
    private struct GatheredKey: Equatable {
        let indices: [Int]
        let revision: Int
        let background: Color
        let width: Int
        let height: Int
    }

    /// The nearest ghost at most of its strength, the furthest faint.
    private func opacity(_ distance: Int) -> Double {
        0.7 * (1 - Double(distance) / Double(count + 1))
    }

    private func isOnGrid(_ time: Double) -> Bool {
        let nearest = (time / spacing).rounded()
        return abs(nearest * spacing - time) < 1e-7
    }

    /// Captures the grid moments the run passes as it plays.
    private func attach(to runner: SceneRunner) {
        guard capturing !== runner else { return }
        detach()
        ghosts.removeAll()
        capturing = runner
        runner.afterTick = { [weak self] run in self?.capture(from: run) }
    }

    private func detach() {
        capturing?.afterTick = nil
        capturing = nil
    }

    private func capture(from runner: SceneRunner) {
        let from = runner.time, to = runner.time + Tick.duration
        var index = Int((from / spacing - 1e-9).rounded(.up))
        while Double(index) * spacing < to - 1e-9 {
            let moment = Double(index) * spacing
            runner.withFrame(at: moment) { ghosts[index] = compositor.compose($0, width: size.width, height: size.height) }
            index += 1
        }
    }

    /// Makes the ghosts at `indices` from the player's still frames: a silent run, started
    /// from a run parked before them when there is one.
    private func makeStill(around indices: [Int], from player: Player) {
        detach()
        ghosts.removeAll()
        player.withStillFrames(at: indices.map { Double($0) * spacing }) { moment, scene in
            let index = Int((moment / spacing).rounded())
            ghosts[index] = compositor.compose(scene, width: size.width, height: size.height)
        }
    }
}
