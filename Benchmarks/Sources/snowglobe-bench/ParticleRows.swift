import Foundation

/// The particle rows of `make bench`: for each repeat, ours (stepped; headless; in a window under
/// Xvfb) and LÖVE's love-particles peer at the same count, one after the other.
struct ParticleRows {
    let peersDir: String
    let target: Int
    let repeats: Int
    var frames = 120
    var warmup = 20

    /// One comparison collected over the repeats: our figure, the peer's, and their ratio each time.
    private struct Series {
        var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
        mutating func add(_ mine: Double, _ peer: Double?) {
            ours.append(mine)
            if let peer, peer > 0 {
                theirs.append(peer)
                ratios.append(mine / peer)
            }
        }
    }

    func run() -> [Row] {
        var step = Series(), headless = Series(), window = Series(), seedHeadless = Series(), seedWindow = Series()
        var smallWindow = Series(), gpuWindow = Series(), smallGPUWindow = Series(), seedGPUWindow = Series()
        var bytes: [Double] = [], preruns: [Double] = [], live = 0, seedLive = 0, splits: [(Double, Double)] = [], loveLive: [Double] = []
        var renderer = "?"
        for rep in 1...repeats {
            let peer = ParticleBenchmark.peer(peersDir, target: target, frames: frames, warmup: warmup).run()
            let update = peer?["update_ms"].flatMap(Double.init), total = peer?["ms_per_frame"].flatMap(Double.init)
            if let n = peer?["live"].flatMap(Double.init) { loveLive.append(n) }
            let bench = ParticleBenchmark(setup: .peer(target: target), warmup: warmup, frames: frames)
            let stepped = bench.runStep()
            step.add(stepped.step, update)
            bytes.append(stepped.bytesPerParticle)
            preruns.append(stepped.prerun)
            live = stepped.live
            let drawn = bench.runHeadless()
            headless.add(drawn.frame, total)
            splits.append((drawn.compose, drawn.draw))
            if let shown = ParticleBenchmark.window(.peer(target: target), frames: frames, warmup: warmup).run(),
               let ms = shown["ms_per_frame"].flatMap(Double.init) {
                window.add(ms, total)
                if let gpu = shown["gpu_ms_per_frame"].flatMap(Double.init) { gpuWindow.add(gpu, total) }
                renderer = shown["renderer"] ?? renderer
            }
            // Seed 004 against the peer at the snow's own count.
            let seed = ParticleBenchmark(setup: .seed004, warmup: warmup, frames: frames)
            let seedDrawn = seed.runHeadless()
            seedLive = seedDrawn.live
            let seedPeer = ParticleBenchmark.peer(peersDir, target: seedLive, frames: frames, warmup: warmup).run()
            let seedTotal = seedPeer?["ms_per_frame"].flatMap(Double.init)
            seedHeadless.add(seedDrawn.frame, seedTotal)
            if let shown = ParticleBenchmark.window(.seed004, frames: frames, warmup: warmup).run(),
               let ms = shown["ms_per_frame"].flatMap(Double.init) {
                seedWindow.add(ms, seedTotal)
                if let gpu = shown["gpu_ms_per_frame"].flatMap(Double.init) { seedGPUWindow.add(gpu, seedTotal) }
            }
            // The peer's own scene at that count, for a like-for-like window figure.
            if let shown = ParticleBenchmark.window(.peer(target: seedLive), frames: frames, warmup: warmup).run(),
               let ms = shown["ms_per_frame"].flatMap(Double.init) {
                smallWindow.add(ms, seedTotal)
                if let gpu = shown["gpu_ms_per_frame"].flatMap(Double.init) { smallGPUWindow.add(gpu, seedTotal) }
            }
            let line = String(format: "particles rep %d/%d: step %.2f ms (LÖVE update %@), headless %.1f ms, window %@, LÖVE frame %@",
                              rep, repeats, stepped.step, update.map { String(format: "%.2f", $0) } ?? "n/a", drawn.frame,
                              window.ours.count == rep ? String(format: "%.1f ms", window.ours[rep - 1]) : "n/a",
                              total.map { String(format: "%.1f ms", $0) } ?? "n/a")
            FileHandle.standardError.write((line + "\n").data(using: .utf8) ?? Data())
        }
        let n = target.formatted()
        let love = "LÖVE 11.4 love-particles, same scene, Xvfb + llvmpipe"
        let loveCount = loveLive.isEmpty ? "" : String(format: ", LÖVE live %.0f", median(loveLive))
        func row(_ name: String, _ s: Series, peer: String, note: String) -> Row {
            Row(benchmark: name, unit: "ms/frame", snowglobe: median(s.ours), peer: peer,
                peerValue: s.theirs.isEmpty ? nil : median(s.theirs), ratio: s.ratios.isEmpty ? nil : median(s.ratios), note: note)
        }
        let split = String(format: "compose %.1f ms, draw %.1f ms", median(splits.map(\.0)), median(splits.map(\.1)))
        return [
            row("particles: \(n) live, stepped (love-particles scene)", step, peer: "LÖVE ParticleSystem:update, same run",
                note: String(format: "target < 2 ms; %.0f bytes/particle (target < 100); pre-run of 21 s %.0f ms; live %d%@",
                             median(bytes), median(preruns), live, loveCount)),
            row("particles: \(n), 1280x720, headless (all cores)", headless, peer: love,
                note: "frame = step + compose + draw; \(split); target: ratio <= 1"),
            row("particles: \(n), 1280x720, window, CPU frame (what the viewer uses here)", window, peer: love,
                note: "frame = step + compose + draw + present, vsync off; target: ratio <= 1"),
            row("particles: \(n), 1280x720, window, SDL renderer (\(renderer))", gpuWindow, peer: love,
                note: "the draw list through SDL_RenderGeometry on llvmpipe, as LÖVE draws"),
            row("particles: seed 004 snow (\(seedLive) live), 1280x720, headless (all cores)", seedHeadless,
                peer: "love-particles at \(seedLive)", note: "two cells, pre-run 21 s"),
            row("particles: seed 004 snow (\(seedLive) live), window, CPU frame", seedWindow,
                peer: "love-particles at \(seedLive)",
                note: "vsync off; the seed's flakes are up to 50 px (scale 0.15 ± 0.6), the peer's 6–13 px"),
            row("particles: seed 004 snow (\(seedLive) live), window, SDL renderer (what the viewer uses here) (\(renderer))",
                seedGPUWindow, peer: "love-particles at \(seedLive)", note: "vsync off; larger flakes than the peer's, as above"),
            row("particles: love-particles scene at \(seedLive), window, CPU frame", smallWindow,
                peer: "love-particles at \(seedLive)", note: "like for like; vsync off; the CPU frame's upload is most of it, so the viewer's --draw auto uses SDL's renderer for frames this light"),
            row("particles: love-particles scene at \(seedLive), window, SDL renderer (what the viewer uses here) (\(renderer))", smallGPUWindow,
                peer: "love-particles at \(seedLive)", note: "like for like; vsync off"),
        ]
    }
}
