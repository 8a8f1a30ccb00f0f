import Export
import Foundation
import Render

/// Encode throughput: `snowglobe render` of the gallery snowfall at 1280×720 to MP4 (start-up,
/// the script, drawing every frame and piping it to ffmpeg), against ffmpeg alone encoding the
/// same frames, decoded beforehand into a raw file, with the same encoder settings. The ratio is
/// what Snowglobe's side costs on top of the encoder.
struct VideoEncodeBenchmark {
    let snowglobe: String
    let example: String
    let scriptsFolder: String?
    let seconds: Double
    let fps: Double
    let repeats: Int

    struct Result {
        /// Frames per second of wall time, each run.
        var ours: [Double] = []
        var ffmpeg: [Double] = []
        /// Our wall time over ffmpeg's, pair by pair.
        var ratios: [Double] = []
        var frames = 0
    }

    func run() -> Result? {
        guard let ffmpeg = try? FFmpegProgram.locate() else {
            FileHandle.standardError.write(Data("video benchmark skipped: ffmpeg is not installed\n".utf8))
            return nil
        }
        let folder = NSTemporaryDirectory() + "snowglobe-video-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        if let scriptsFolder { environment["SNOWGLOBE_SCRIPTS"] = scriptsFolder }
        let common = [example, "--size", "1280x720", "--fps", format(fps), "--duration", format(seconds)]
        // The peer's input: the same frames, as raw RGBA in a file (made once, not timed).
        let raw = folder + "/frames.rgba"
        guard timedRun(snowglobe, ["render"] + common + ["--out", folder + "/png/"], environment: environment) != nil,
              timedRun(ffmpeg, ["-v", "error", "-y", "-i", folder + "/png/frame_%04d.png", "-f", "rawvideo",
                                "-pix_fmt", "rgba", raw], environment: environment) != nil else {
            FileHandle.standardError.write(Data("video benchmark: could not make the frames\n".utf8))
            return nil
        }
        var result = Result()
        result.frames = Int((seconds * fps).rounded())
        let peerArguments = VideoFormat.mp4.ffmpegArguments(width: 1280, height: 720, fps: fps, alpha: false, plays: 0,
                                                             path: folder + "/peer.mp4")
            .map { $0 == "pipe:0" ? raw : $0 }
        for rep in 1...repeats {
            let mine = timedRun(snowglobe, ["render"] + common + ["--out", folder + "/ours.mp4"], environment: environment)
            let theirs = timedRun(ffmpeg, peerArguments, environment: environment)
            if let mine { result.ours.append(Double(result.frames) / mine) }
            if let theirs { result.ffmpeg.append(Double(result.frames) / theirs) }
            if let mine, let theirs { result.ratios.append(mine / theirs) }
            FileHandle.standardError.write(Data("video rep \(rep)/\(repeats): ours \(mine.map(format) ?? "failed") s, ffmpeg \(theirs.map(format) ?? "failed") s\n".utf8))
        }
        return result
    }

    private func format(_ x: Double) -> String { String(format: "%g", x) }
}
