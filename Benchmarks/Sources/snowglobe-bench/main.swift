import Foundation
import Render

/// `make bench`: each benchmark and the peer doing the same work, in alternating runs, medians,
/// ratios pair by pair. Writes Benchmarks/results/latest.json as well as the table.
let arguments = CommandLine.arguments
if arguments.contains("--particle-window") { ParticleBenchmark.windowMain(arguments) }
if arguments.contains("--memory-child") { MemoryBenchmark.childMain(arguments) }
let repeats = Int(value(after: "--repeats") ?? "") ?? 5
let layerCount = Int(value(after: "--layers") ?? "") ?? 100_000
let peersDir = value(after: "--peers") ?? "../../shared/peers"
/// Whether the section `name` runs (`--only NAME` runs one section, `--only A,B` several).
func selected(_ name: String) -> Bool {
    value(after: "--only").map { $0.split(separator: ",").contains(Substring(name)) } ?? true
}

func value(after flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

func median(_ xs: [Double]) -> Double {
    guard !xs.isEmpty else { return .nan }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func percentile(_ xs: [Double], _ p: Double) -> Double {
    guard !xs.isEmpty else { return .nan }
    let s = xs.sorted()
    return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
}

struct Row: Codable {
    var benchmark: String
    var unit: String
    var snowglobe: Double
    var peer: String
    var peerValue: Double?
    var ratio: Double?
    var note: String
}

var rows: [Row] = []

// Presentation evaluation: seed 000's three animations on many layers, against the same three
// tweens evaluated in plain Lua 5.4 (peers/lua-tween, one table per object).
if selected("presentation") {
    let tween = Peer(executable: "lua5.4", arguments: ["\(peersDir)/lua-tween/tween.lua", "\(layerCount)", "60", "tables"])
    var ours: [Double] = [], p95s: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
    for rep in 1...repeats {
        let frames = PresentationBenchmark(count: layerCount, frames: 60).run()
        let m = median(frames)
        ours.append(m)
        p95s.append(percentile(frames, 0.95))
        if let result = tween.run(), let ms = result["ms_per_frame"].flatMap(Double.init) {
            theirs.append(ms)
            ratios.append(m / ms)
        }
        FileHandle.standardError.write("presentation rep \(rep)/\(repeats): \(String(format: "%.2f", m)) ms/frame\n".data(using: .utf8) ?? Data())
    }
    rows.append(Row(benchmark: "presentation, \(layerCount) layers x 3 animations (seed 000)", unit: "ms/frame",
                    snowglobe: median(ours), peer: "lua5.4 tween.lua (tables)",
                    peerValue: theirs.isEmpty ? nil : median(theirs), ratio: ratios.isEmpty ? nil : median(ratios),
                    note: "p95 \(String(format: "%.2f", median(p95s))) ms; target < 8 ms on one core"))
}

// The Lua bridge: property set, read and method call against a plain C function call.
if selected("bridge") {
    var results: [[String: Double]] = []
    for _ in 1...repeats { results.append(BridgeBenchmark(iterations: 50_000, rounds: 200).run()) }
    let base = median(results.compactMap { $0["base"] })
    for (key, label) in [("set", "layer.opacity = x"), ("get", "x = layer.opacity"), ("method", "layer:removeAllAnimations()"),
                         ("transform", "layer.transform = T.identity:translated(i, 0, 0)")] {
        let ratios = results.compactMap { $0[key + "Ratio"] }
        rows.append(Row(benchmark: "Lua bridge: \(label)", unit: key == "transform" ? "ns/loop step" : "ns/call",
                        snowglobe: median(results.compactMap { $0[key] }), peer: "math.abs(i), same script",
                        peerValue: base, ratio: ratios.isEmpty ? nil : median(ratios),
                        note: key == "transform" ? "three bridge calls and a new value; no target" : "target: within 2x of the C call"))
    }
}

// Memory a layer costs, bare and with seed 000's three animations (resident memory, measured in
// a child process so that the sections before this one do not count).
if selected("memory") {
    if let memory = MemoryBenchmark(count: layerCount).runInChild() {
        rows.append(Row(benchmark: "memory per layer, bare (\(layerCount) layers)", unit: "bytes", snowglobe: memory.bare,
                        peer: "n/a", peerValue: nil, ratio: nil,
                        note: "resident memory before and after, divided by the count, in a process of its own"))
        rows.append(Row(benchmark: "memory per layer with seed 000's 3 animations", unit: "bytes", snowglobe: memory.animated,
                        peer: "n/a", peerValue: nil, ratio: nil, note: "the layer, its animation copies and their compiled plans"))
    } else {
        FileHandle.standardError.write(Data("memory benchmark: its child process printed no result\n".utf8))
    }
}

// Drawing: the seed 000 snowfall, 10,000 sprites at 1280x720, headless on one core against
// SDL 2's software renderer drawing the same draw list in the same frames.
if selected("render") {
    if let result = try? SnowfallBenchmark(count: 10_000, frames: 30).run(includeSDL: true) {
        rows.append(Row(benchmark: "render: 10,000-sprite snowfall, 1280x720, headless (1 thread)", unit: "ms/frame",
                        snowglobe: result.headlessOneThread, peer: "SDL 2 software renderer, same draw list",
                        peerValue: result.sdlSoftware, ratio: result.sdlSoftware.map { result.headlessOneThread / $0 },
                        note: "target: at least 4x faster (ratio <= 0.25); compose \(String(format: "%.1f", result.compose)) ms, evaluate \(String(format: "%.1f", result.evaluate)) ms"))
    }
}

// Filters (issue 26): a gaussian blur of radius 8 over a 1280x720 layer on one core, alone and
// in whole frames, against the same frames unfiltered.
if selected("filters") {
    if let r = try? FilterBenchmark().run() {
        rows.append(Row(benchmark: "filters: gaussian blur radius 8 over 1280x720 pixels (1 thread)", unit: "ms",
                        snowglobe: r.blurAlone, peer: "target", peerValue: 8, ratio: r.blurAlone / 8,
                        note: "the blur alone (FrameBuffer.apply), thread processor time; wall time "
                            + String(format: "%.2f", r.blurAloneWall) + " ms"))
        rows.append(Row(benchmark: "filters: frame of a 1280x720 layer blurred by 8, radius changing (1 thread)",
                        unit: "ms/frame", snowglobe: r.changing, peer: "same frame unfiltered", peerValue: r.unfiltered,
                        ratio: r.changing / r.unfiltered,
                        note: "compose, offscreen draw, blur and final draw, headless; image made every frame"))
        rows.append(Row(benchmark: "filters: frame of a 1280x720 layer blurred by 8, still (1 thread)",
                        unit: "ms/frame", snowglobe: r.still, peer: "same frame unfiltered", peerValue: r.unfiltered,
                        ratio: r.still / r.unfiltered, note: "the image cached: compose, compare and final draw"))
    }
}

/// The examples (Examples/*.lua, --examples) and the modules they require (--scripts).
let examplesDir = value(after: "--examples") ?? "../Examples"
let examples = ((try? FileManager.default.contentsOfDirectory(atPath: examplesDir)) ?? [])
    .filter { $0.hasSuffix(".lua") }.sorted().map { examplesDir + "/" + $0 }
let scriptsFolder = value(after: "--scripts")

/// The viewer's binary and a private Xvfb for the windowed section `name`, or nil (said) when
/// either is missing.
func viewerSetup(_ name: String) -> (snowglobe: String, server: XvfbServer)? {
    guard let snowglobe = value(after: "--snowglobe"), FileManager.default.isExecutableFile(atPath: snowglobe),
          let server = XvfbServer() else {
        FileHandle.standardError.write(Data("\(name) benchmarks skipped: give --snowglobe PATH and install Xvfb\n".utf8))
        return nil
    }
    return (snowglobe, server)
}

func format(_ x: Double) -> String { String(format: "%.1f", x) }

// Group opacity (issue 39): each seed example's frames with allowsGroupOpacity honoured, against
// every layer faded on its own, frame for frame in one run (target: within 5 %).
if selected("groupopacity") {
    let scriptsDir = value(after: "--scripts") ?? "../Scripts"
    for result in GroupOpacityBenchmark(examplesDir: examplesDir, scriptsDir: scriptsDir).run() {
        rows.append(Row(benchmark: "group opacity: \(result.example), 800x600, compose and draw (1 thread)", unit: "ms/frame",
                        snowglobe: result.on, peer: "each layer faded on its own", peerValue: result.off,
                        ratio: result.on / result.off, note: "target: ratio <= 1.05; medians of 90 frames from 2 s"))
    }
}

// Replaying a display link (issue 36): the display-link snowfall's replay against its own Lua
// in plain lua5.4 (target: within 1.5 times), and that Lua with its calls to `ca` answered by C
// functions that do nothing, which shows how near 1.5 times any host can come.
if selected("replay"), let snowglobe = value(after: "--snowglobe") {
    let example = examplesDir + "/gallery-snowfall-displaylink.lua"
    let result = ReplayBenchmark(snowglobe: snowglobe, example: example, runs: repeats).run()
    if !result.replay.isEmpty, !result.floor.isEmpty {
        let replay = median(result.replay), floor = median(result.floor), calls = median(result.calls)
        let ticks = ReplayBenchmark.ticks
        rows.append(Row(benchmark: "display-link replay, \(ticks) ticks, processor time: gallery-snowfall-displaylink.lua", unit: "ms",
                        snowglobe: replay, peer: "its own Lua in plain lua5.4", peerValue: floor, ratio: replay / floor,
                        note: "target: ratio <= 1.5; snowglobe check to 60 s less check to the tap at 0.5 s, "
                            + "medians of \(result.replay.count) runs; Benchmarks/scenes/displaylink-floor.lua"))
        rows.append(Row(benchmark: "its own Lua with its 6 calls to ca per flake answered by C functions doing nothing, plain lua5.4",
                        unit: "ms", snowglobe: calls, peer: "its own Lua in plain lua5.4", peerValue: floor, ratio: calls / floor,
                        note: "the least any host answering those calls can cost, against the same 1.5; "
                            + "each run alternates the two floors round by round"))
    }
}

// The command line's start-up: a one-frame script through check and render (issue 27: under 50 ms).
if selected("startup"), let snowglobe = value(after: "--snowglobe") {
    let (check, render) = CommandStartupBenchmark(snowglobe: snowglobe, runs: 10).run()
    for (name, times) in [("check", check), ("render to PNG", render)] where !times.isEmpty {
        let m = median(times)
        rows.append(Row(benchmark: "start-up: \(name) of a one-frame script, exec to exit", unit: "ms", snowglobe: m,
                        peer: "target", peerValue: 50, ratio: m / 50,
                        note: "median of \(times.count) runs after 2 warm-ups; p95 \(format(percentile(times, 0.95))) ms"))
    }
}

// learn (issue 37): one exercise checked against `check` of the same script (target: under 1 s),
// and a class of 100 submissions graded with one job and with two.
if selected("learn"), let snowglobe = value(after: "--snowglobe") {
    let project = (examplesDir as NSString).deletingLastPathComponent
    let learn = LearnBenchmark(snowglobe: snowglobe, exercises: project + "/exercises",
                               submissions: project + "/Tests/LearnTests/Submissions/01-stay-put", runs: 5).run()
    if !learn.learnCheck.isEmpty {
        let ours = median(learn.learnCheck), plain = median(learn.plainCheck)
        rows.append(Row(benchmark: "learn check of one exercise (\(LearnBenchmark.exercise), solution), exec to exit", unit: "ms",
                        snowglobe: ours, peer: "check of the same script for 3 s", peerValue: learn.plainCheck.isEmpty ? nil : plain,
                        ratio: learn.plainCheck.isEmpty ? nil : ours / plain,
                        note: "target: under 1000 ms; the target and the submission run, the latter in a process of its own"))
    }
    if let one = learn.grade[1] {
        let two = learn.grade[2]
        rows.append(Row(benchmark: "learn grade of \(LearnBenchmark.classSize) submissions, --jobs 1", unit: "s", snowglobe: one,
                        peer: "--jobs 2", peerValue: two, ratio: two.map { $0 / one },
                        note: "each submission in a process of its own; ratio: --jobs 2 time over --jobs 1 time"))
    }
}

// The viewer: start-up to first frame against LÖVE's, and hot-reload latency for each example,
// in windows on a private Xvfb (llvmpipe's OpenGL, as LÖVE uses).
if selected("viewer"), let setup = viewerSetup("viewer") {
    let (snowglobe, server) = setup
    let startup = StartupBenchmark(snowglobe: snowglobe, peersDir: peersDir, runs: 10).run(on: server)
    if !startup.ours.isEmpty {
        rows.append(Row(benchmark: "start-up to first frame, window on a running Xvfb", unit: "ms",
                        snowglobe: median(startup.ours), peer: "LÖVE 11.4, love-startup",
                        peerValue: startup.theirs.isEmpty ? nil : median(startup.theirs),
                        ratio: startup.ratios.isEmpty ? nil : median(startup.ratios),
                        note: "median of \(startup.ours.count) alternating runs after 2 warm-ups"))
    }
    let window = WindowBenchmark(snowglobe: snowglobe, peersDir: peersDir, scenePath: "scenes/snowfall.lua",
                                 count: 10_000, seconds: 6).run(on: server, repeats: min(repeats, 3))
    if !window.ours.isEmpty {
        rows.append(Row(benchmark: "render: 10,000-sprite snowfall, 1280x720, window (Xvfb, llvmpipe)", unit: "ms/frame",
                        snowglobe: median(window.ours), peer: "LÖVE 11.4 love-snow A, 10,000 sprites",
                        peerValue: window.theirs.isEmpty ? nil : median(window.theirs),
                        ratio: window.ratios.isEmpty ? nil : median(window.ratios),
                        note: "median frame work (script, evaluation, drawing, present); target: at most LÖVE's"))
    }
    let reload = ReloadBenchmark(snowglobe: snowglobe, examples: examples, scriptsFolder: scriptsFolder,
                                 saves: Int(value(after: "--saves") ?? "") ?? 20)
    for (name, latencies) in reload.run(on: server) where !latencies.isEmpty {
        rows.append(Row(benchmark: "hot reload, save to first new frame: \(name)", unit: "ms",
                        snowglobe: median(latencies), peer: "target", peerValue: 50, ratio: median(latencies) / 50,
                        note: "p95 \(format(percentile(latencies, 0.95))) ms over \(latencies.count) saves"))
    }
}

/// The seed examples (Examples/*.lua but the gallery-* variants), each through its gallery-*
/// variant where there is one: the variant taps what a user would, so the run is the one a user sees.
let seeds = examples.filter { !($0 as NSString).lastPathComponent.hasPrefix("gallery-") }.map { path in
    let gallery = examplesDir + "/gallery-" + (path as NSString).lastPathComponent
    return examples.contains(gallery) ? gallery : path
}

// Time in the viewer: a seek back to 60 s, and a reload at 10 s and at 60 s, for each seed
// example (Examples/*.lua but the gallery-* variants), against DESIGN.md's targets. An example
// with a gallery variant is run through it: the variant taps what a user would (snowfall shows
// no snow until its button is tapped), so the run replayed is the one a user sees.
if selected("seek"), let setup = viewerSetup("seek") {
    let (snowglobe, server) = setup
    // Seeks back and saves per example and row; an example stops after 8 s once it has 3.
    let count = Int(value(after: "--seeks") ?? "") ?? 12, limit = 8.0
    let seek = SeekBenchmark(snowglobe: snowglobe, examples: seeds, scriptsFolder: scriptsFolder, seeks: count,
                             timeLimit: limit)
    let seconds = SeekBenchmark.target
    for (name, parked, rebuilt) in seek.run(on: server) {
        if !parked.isEmpty {
            let m = median(parked), p95 = percentile(parked, 0.95)
            let over = "over \(parked.count) seeks back from 61 s by a press on the ruler"
            rows.append(Row(benchmark: "seek back to 60 s in the viewer, scrubbing, median: \(name)", unit: "ms",
                            snowglobe: m, peer: "target", peerValue: 50, ratio: m / 50,
                            note: "press to frame shown, from the run parked near 60 s, \(over)"))
            rows.append(Row(benchmark: "seek back to 60 s in the viewer, scrubbing, p95: \(name)", unit: "ms",
                            snowglobe: p95, peer: "target", peerValue: 50, ratio: p95 / 50, note: over))
        }
        if !rebuilt.isEmpty {
            let m = median(rebuilt)
            rows.append(Row(benchmark: "seek back to 60 s, first time (replayed from 0), median: \(name)", unit: "ms",
                            snowglobe: m, peer: "target", peerValue: 50, ratio: m / 50,
                            note: "the run rebuilt and 3600 ticks replayed, over \(rebuilt.count) seeks; \(format(m / seconds)) ms per simulated second"))
        }
    }
    // The display-link snowfall's own Lua in plain lua5.4, with no host: the least any replay
    // of that script can cost, beside the targets it is measured against.
    for (at, target) in [(10.0, 50.0), (60.0, 100.0)] {
        let floor = Peer(executable: "lua5.4", arguments: ["scenes/displaylink-floor.lua", "\(Int(at * 60))", "5"])
        if let ms = floor.run()?["ms"].flatMap(Double.init) {
            rows.append(Row(benchmark: "replay of \(Int(at)) s of the display-link snowfall's own Lua, plain lua5.4, no host", unit: "ms",
                            snowglobe: ms, peer: "reload target at \(Int(at)) s", peerValue: target, ratio: ms / target,
                            note: "Benchmarks/scenes/displaylink-floor.lua, median of 5; what any host must run before the frame"))
        }
    }
    for (at, target) in [(10.0, 50.0), (60.0, 100.0)] {
        let reload = ReloadBenchmark(snowglobe: snowglobe, examples: seeds, scriptsFolder: scriptsFolder,
                                     saves: count, at: at, pause: 0.15, timeLimit: limit)
        for (name, latencies) in reload.run(on: server) where !latencies.isEmpty {
            let p95 = percentile(latencies, 0.95)
            rows.append(Row(benchmark: "reload at \(Int(at)) s, save to first new frame, p95: \(name)", unit: "ms",
                            snowglobe: p95, peer: "target", peerValue: target, ratio: p95 / target,
                            note: "median \(format(median(latencies))) ms over \(latencies.count) saves, opened paused at \(Int(at)) s"))
        }
    }
}

// Tweaking (issue 36): from a changed value in the tweak panel to the first frame showing it at
// the same moment, at 10 s and at 60 s, for each seed example, against DESIGN.md's targets.
if selected("tweak"), let setup = viewerSetup("tweak") {
    let (snowglobe, server) = setup
    let count = Int(value(after: "--changes") ?? "") ?? 12
    for (at, target) in [(10.0, 50.0), (60.0, 100.0)] {
        let tweak = TweakBenchmark(snowglobe: snowglobe, examples: seeds, scriptsFolder: scriptsFolder,
                                   changes: count, at: at, timeLimit: 8)
        for (name, latencies) in tweak.run(on: server) where !latencies.isEmpty {
            let p95 = percentile(latencies, 0.95)
            rows.append(Row(benchmark: "tweak at \(Int(at)) s, change to first frame showing it, p95: \(name)", unit: "ms",
                            snowglobe: p95, peer: "target", peerValue: target, ratio: p95 / target,
                            note: "median \(format(median(latencies))) ms over \(latencies.count) changes (Up/Down in the tweak panel), opened paused at \(Int(at)) s"))
        }
    }
}

// The inspector (issue 24): each seed example with the inspector closed and open, frame
// statistics from the viewer itself.
if selected("inspector"), let setup = viewerSetup("inspector") {
    let (snowglobe, server) = setup
    let bench = InspectorBenchmark(snowglobe: snowglobe, examples: seeds, scriptsFolder: scriptsFolder, seconds: 6)
    for (name, closed, open) in bench.run(on: server) {
        rows.append(Row(benchmark: "inspector open, frame time p50: \(name)", unit: "ms",
                        snowglobe: open.medianFrame, peer: "inspector closed, same example", peerValue: closed.medianFrame,
                        ratio: open.medianFrame / closed.medianFrame,
                        note: "p95 \(format(open.p95Frame)) ms open, \(format(closed.p95Frame)) ms closed"))
        rows.append(Row(benchmark: "inspector open, frames per second: \(name)", unit: "fps",
                        snowglobe: open.framesPerSecond, peer: "inspector closed, same example",
                        peerValue: closed.framesPerSecond, ratio: open.framesPerSecond / closed.framesPerSecond,
                        note: "6 s in an 800x600 window, F4 and a press at the centre"))
    }
}

// Video (issue 25): the gallery snowfall at 1280x720 rendered to MP4, against ffmpeg encoding
// the same frames from a raw file.
if selected("video"), let snowglobe = value(after: "--snowglobe") {
    let bench = VideoEncodeBenchmark(snowglobe: snowglobe, example: examplesDir + "/gallery-snowfall.lua",
                                     scriptsFolder: scriptsFolder, seconds: 4, fps: 30, repeats: 3)
    if let result = bench.run(), !result.ratios.isEmpty {
        let ratio = median(result.ratios)
        rows.append(Row(benchmark: "video: gallery snowfall 1280x720 to MP4 (H.264), \(result.frames) frames", unit: "fps",
                        snowglobe: median(result.ours), peer: "ffmpeg alone, same frames from a raw file, same settings",
                        peerValue: median(result.ffmpeg), ratio: ratio,
                        note: "ratio is wall time ours/ffmpeg's (target <= 1.3); ours includes start-up, the script and drawing"))
    }
}

// Particles: LÖVE's ParticleSystem scene (peers/love-particles) rebuilt as an emitter layer at the
// same particle count, and seed 004's snow against the peer at the snow's count; each repeat runs
// ours and the peer one after the other, ratios pair by pair.
if selected("particles") {
    rows += ParticleRows(peersDir: peersDir, target: Int(value(after: "--particles") ?? "") ?? 100_000,
                         repeats: Int(value(after: "--particle-repeats") ?? "") ?? 3).run()
}

// GIFs (issue 25): the gallery scenes at 480x360, 12 fps, for as long as their README GIFs, each
// encoded by Snowglobe and by FFmpeg's palettegen + paletteuse from the same PNG frames.
if selected("gif") {
    if let snowglobe = value(after: "--snowglobe"), FileManager.default.isExecutableFile(atPath: snowglobe) {
        let bench = GIFBenchmark(snowglobe: snowglobe, scriptsFolder: scriptsFolder)
        let peer = "FFmpeg palettegen + paletteuse, same frames"
        for (file, seconds) in [("gallery-snowfall.lua", 5.0), ("gallery-snowfall-displaylink.lua", 5), ("gallery-bargraph.lua", 6)] {
            guard let r = bench.run(examplesDir + "/" + file, seconds: seconds, repeats: min(repeats, 3)) else { continue }
            let scene = "\(r.name), 480x360, 12 fps, \(r.frames) frames"
            rows.append(Row(benchmark: "GIF quality, mean PSNR over frames: \(scene)", unit: "dB", snowglobe: r.psnr,
                            peer: peer, peerValue: r.ffmpegPSNR, ratio: r.psnr / r.ffmpegPSNR,
                            note: "each frame decoded by ffmpeg against its PNG; higher is better"))
            rows.append(Row(benchmark: "GIF size: \(scene)", unit: "bytes", snowglobe: Double(r.bytes),
                            peer: peer, peerValue: Double(r.ffmpegBytes), ratio: Double(r.bytes) / Double(r.ffmpegBytes),
                            note: "dithered (the default), looping forever"))
            rows.append(Row(benchmark: "GIF encoding: \(scene)", unit: "ms/frame", snowglobe: r.encode,
                            peer: peer, peerValue: r.ffmpegEncode, ratio: r.encode / r.ffmpegEncode,
                            note: "ours: the encoder alone, in process; FFmpeg: its two runs, PNG decoding included"))
        }
    } else {
        FileHandle.standardError.write(Data("gif benchmarks skipped: give --snowglobe PATH\n".utf8))
    }
}

// Renders in parts (issue 38): two parts against one render, each seed example over 0–30 s.
if selected("parts"), let snowglobe = value(after: "--snowglobe") {
    let bench = PartsBenchmark(snowglobe: snowglobe)
    for name in ["gallery-bargraph", "heart", "gallery-snowfall", "gallery-snowfall-displaylink", "snowfall-3d", "ginkgo-3d",
                 "snow-emitter"] {
        guard let r = bench.run(script: examplesDir + "/" + name + ".lua") else {
            FileHandle.standardError.write(Data("parts: \(name) failed to render\n".utf8))
            continue
        }
        FileHandle.standardError.write(Data("parts \(name): \(format(r.partsCPU)) s / \(format(r.wholeCPU)) s\n".utf8))
        rows.append(Row(benchmark: "parts: processor time of 2 parts over 1 render, \(name), 0-30 s at 30 fps, 320x240, --threads 1",
                        unit: "s", snowglobe: r.partsCPU, peer: "1 render, --threads 1", peerValue: r.wholeCPU,
                        ratio: r.ratioCPU,
                        note: "replay included; medians of \(PartsBenchmark.rounds) alternating rounds; target <= 1.1"))
        rows.append(Row(benchmark: "parts: wall time of 2 parts side by side over 1 render on 2 threads, \(name)",
                        unit: "s", snowglobe: r.partsWall, peer: "1 render, --threads 2", peerValue: r.wholeWall,
                        ratio: r.partsWall / r.wholeWall, note: "two processes of one thread each against one of two"))
    }
}

// Lottie export (issue 34): export time over a PNG-sequence render's, and bytes, per seed example.
if selected("lottie"), let snowglobe = value(after: "--snowglobe") {
    let bench = LottieBenchmark(snowglobe: snowglobe)
    for name in ["gallery-bargraph", "heart", "gallery-snowfall", "gallery-snowfall-displaylink", "snowfall-3d", "ginkgo-3d",
                 "snow-emitter"] {
        guard let r = bench.run(script: examplesDir + "/" + name + ".lua") else {
            FileHandle.standardError.write(Data("lottie: \(name) failed to export or render\n".utf8))
            continue
        }
        FileHandle.standardError.write(Data("lottie \(name): \(format(r.exportCPU)) s / \(format(r.renderCPU)) s, \(r.bytes) bytes\n".utf8))
        rows.append(Row(benchmark: "lottie export time over PNG-sequence render time, \(name), 0-10 s at 30 fps, 320x240",
                        unit: "s", snowglobe: r.exportCPU, peer: "PNG sequence, --threads 1", peerValue: r.renderCPU,
                        ratio: r.exportCPU / r.renderCPU, note: "processor time, medians of 3 alternating runs; target <= 1"))
        rows.append(Row(benchmark: "lottie bytes, \(name), 0-10 s at 30 fps, 320x240", unit: "bytes",
                        snowglobe: Double(r.bytes), peer: "n/a", peerValue: nil, ratio: nil, note: "the JSON file"))
    }
}

/// The processor the figures were measured on: the same code reads differently on other kinds.
let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first(where: { $0.hasPrefix("model name") })?
    .split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu)"
print("Measured on \(machine), \(ISO8601DateFormatter().string(from: Date()))")
print("")
print("| benchmark | unit | Snowglobe | peer | peer value | ratio (ours/peer) | note |")
print("|---|---|---|---|---|---|---|")
for r in rows {
    let pv = r.peerValue.map { String(format: "%.2f", $0) } ?? "n/a"
    let ratio = r.ratio.map { String(format: "%.3f", $0) } ?? "n/a"
    print("| \(r.benchmark) | \(r.unit) | \(String(format: "%.2f", r.snowglobe)) | \(r.peer) | \(pv) | \(ratio) | \(r.note) |")
}

struct Report: Codable {
    var date: String
    var machine: String
    var rows: [Row]
}
let report = Report(date: ISO8601DateFormatter().string(from: Date()),
                    machine: machine, rows: rows)
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
// A full run writes results/latest.json; a partial run (--only A,B) keeps that table and writes
// its rows beside it, as results/latest-A,B.json, so that figures quoted from it can be kept.
if let data = try? encoder.encode(report) {
    let name = value(after: "--only").map { "results/latest-\($0).json" } ?? "results/latest.json"
    try? FileManager.default.createDirectory(atPath: "results", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: name, contents: data)
}
