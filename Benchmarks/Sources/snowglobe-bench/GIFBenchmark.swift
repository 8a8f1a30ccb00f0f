import Export
import Foundation
import Render

/// GIF quality, size and encoding time against FFmpeg's palettegen and paletteuse on the same
/// frames: a gallery scene rendered to a PNG sequence by `snowglobe render`, then encoded by
/// Snowglobe's GIF encoder (in this process, timed alone) and by `ffmpeg` (palettegen, then
/// paletteuse, both with their defaults; timed as two runs of the program, PNG decoding
/// included). Both GIFs are decoded back by `ffmpeg` to RGB, frame by frame (no frame dropped or
/// repeated for their timing), and compared with the PNGs: the PSNR of each frame over its three
/// channels, and their mean (a frame decoded exactly counts as 100 dB).
struct GIFBenchmark {
    let snowglobe: String
    let scriptsFolder: String?
    let width = 480, height = 360
    let fps = 12.0

    struct Result {
        var name: String
        var frames: Int
        var psnr: Double, ffmpegPSNR: Double
        var bytes: Int, ffmpegBytes: Int
        /// Milliseconds a frame, the median over the runs.
        var encode: Double, ffmpegEncode: Double
    }

    /// The results for `script`, rendered for `seconds`; nil (said) when a step fails.
    func run(_ script: String, seconds: Double, repeats: Int) -> Result? {
        let name = (script as NSString).lastPathComponent
        let folder = NSTemporaryDirectory() + "snowglobe-gif-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func fail(_ why: String) -> Result? {
            FileHandle.standardError.write(Data("gif benchmark \(name): \(why)\n".utf8))
            return nil
        }
        guard Peer.which("ffmpeg") != nil else { return fail("ffmpeg is not installed") }
        var environment = ProcessInfo.processInfo.environment
        if let scriptsFolder { environment["SNOWGLOBE_SCRIPTS"] = scriptsFolder }
        let pattern = folder + "/frame_%04d.png"
        guard run(snowglobe, ["render", script, "--out", pattern, "--size", "\(width)x\(height)",
                              "--fps", "\(Int(fps))", "--duration", "\(seconds)"], environment: environment) != nil else {
            return fail("snowglobe render failed")
        }
        var frames: [FrameBuffer] = []
        for number in 0... {
            let path = RenderOutput.fileName(pattern: pattern, number: number)
            guard FileManager.default.fileExists(atPath: path) else { break }
            guard let image = try? ImageLoader.load(path: path) else { return fail("cannot read \(path)") }
            let frame = FrameBuffer(width: width, height: height)
            image.pixels.withUnsafeBytes { frame.pixels = Array($0.bindMemory(to: UInt32.self)) }
            frames.append(frame)
        }
        guard !frames.isEmpty else { return fail("no frames") }

        let ours = folder + "/snowglobe.gif", theirs = folder + "/ffmpeg.gif", palette = folder + "/palette.png"
        var encodeTimes: [Double] = [], ffmpegTimes: [Double] = []
        for _ in 1...repeats {
            let start = Date()
            do {
                let encoder = try GIFEncoder(path: ours, width: width, height: height)
                for frame in frames { try encoder.add(frame, duration: 1 / fps) }
                try encoder.finish()
            } catch {
                return fail("\(error)")
            }
            encodeTimes.append(Date().timeIntervalSince(start) * 1000 / Double(frames.count))
            let ffmpegStart = Date()
            let input = ["-v", "error", "-y", "-framerate", "\(Int(fps))", "-i", pattern]
            guard run("ffmpeg", input + ["-vf", "palettegen", palette]) != nil,
                  run("ffmpeg", input + ["-i", palette, "-lavfi", "paletteuse", theirs]) != nil else {
                return fail("ffmpeg failed")
            }
            ffmpegTimes.append(Date().timeIntervalSince(ffmpegStart) * 1000 / Double(frames.count))
        }
        guard let psnr = meanPSNR(ours, against: frames), let ffmpegPSNR = meanPSNR(theirs, against: frames) else {
            return fail("ffmpeg could not decode a GIF back to its \(frames.count) frames")
        }
        let size = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        return Result(name: name, frames: frames.count, psnr: psnr, ffmpegPSNR: ffmpegPSNR, bytes: size(ours),
                      ffmpegBytes: size(theirs), encode: median(encodeTimes), ffmpegEncode: median(ffmpegTimes))
    }

    /// The mean over frames of the PSNR of the GIF at `path`, decoded by ffmpeg, against `frames`.
    private func meanPSNR(_ path: String, against frames: [FrameBuffer]) -> Double? {
        guard let decoded = run("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough",
                                           "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]) else { return nil }
        let frameBytes = width * height * 3
        guard decoded.count == frameBytes * frames.count else { return nil }
        var total = 0.0
        decoded.withUnsafeBytes { (rgb: UnsafeRawBufferPointer) in
            for (k, frame) in frames.enumerated() {
                var squares = 0.0
                for (i, pixel) in frame.pixels.enumerated() {
                    for c in 0..<3 {
                        let d = Double((pixel >> (8 * UInt32(c))) & 0xFF) - Double(rgb[k * frameBytes + i * 3 + c])
                        squares += d * d
                    }
                }
                let mse = squares / Double(frameBytes)
                total += mse == 0 ? 100 : min(100, 10 * log10(255 * 255 / mse))
            }
        }
        return total / Double(frames.count)
    }

    /// Runs `executable` (a path, or a name on PATH) to its end; what it printed on standard
    /// output, or nil when it could not start or failed.
    private func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Data? {
        guard let path = Peer.which(executable),
              let result = capturedRun(path, arguments, environment: environment), result.status == 0 else { return nil }
        return result.output
    }
}
