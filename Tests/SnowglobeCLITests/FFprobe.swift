import Foundation

/// What ffprobe says about a file's first video stream.
struct FFprobe {
    var codec = ""
    var width = 0
    var height = 0
    var pixelFormat = ""
    /// Frames counted by decoding them all.
    var frames = 0
    var duration: Double?
    var container = ""
    /// The stream's `alpha_mode` tag (WebM's mark of a VP9 alpha channel).
    var alphaMode: String?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Probes `path`.
    static func stream(_ path: String) throws -> FFprobe {
        let arguments = ["-v", "error","-select_streams", "v:0", "-count_frames", "-show_entries",
                      "stream=codec_name,width,height,pix_fmt,nb_read_frames:stream_tags=alpha_mode:format=format_name,duration",
                      "-of", "json", path]
        let r = try CLI.run("/usr/bin/ffprobe", arguments)
        guard r.status == 0, let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
              let stream = (json["streams"] as? [[String: Any]])?.first else {
            throw Failure(description: "ffprobe \(path): \(r.stderr)")
        }
        let format = json["format"] as? [String: Any] ?? [:]
        var probe = FFprobe()
        probe.codec = stream["codec_name"] as? String ?? ""
        probe.width = stream["width"] as? Int ?? 0
        probe.height = stream["height"] as? Int ?? 0
        probe.pixelFormat = stream["pix_fmt"] as? String ?? ""
        probe.frames = Int(stream["nb_read_frames"] as? String ?? "") ?? 0
        probe.duration = (format["duration"] as? String).flatMap(Double.init)
        probe.container = format["format_name"] as? String ?? ""
        probe.alphaMode = (stream["tags"] as? [String: Any])?["alpha_mode"] as? String
        return probe
    }
}

/// Frames decoded by ffmpeg into raw bytes, to compare with what Snowglobe drew.
enum FFmpegDecode {
    /// Every frame of `path` (a file or a %04d pattern) as `pixelFormat` bytes (rgb24, rgba).
    static func rawFrames(_ path: String, pixelFormat: String, width: Int, height: Int,
                          decoder: String? = nil) throws -> [[UInt8]] {
        let out = NSTemporaryDirectory() + "snowglobe-decoded-" + UUID().uuidString + ".raw"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var arguments = ["-v", "error", "-y"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", path, "-f", "rawvideo", "-pix_fmt", pixelFormat, out]
        let r = try CLI.run("/usr/bin/ffmpeg", arguments)
        guard r.status == 0 else { throw FFprobe.Failure(description: "ffmpeg decoding \(path): \(r.stderr)") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let frameSize = width * height * (pixelFormat == "rgba" ? 4 : 3)
        return stride(from: 0, to: bytes.count - frameSize + 1, by: frameSize).map { Array(bytes[$0..<$0 + frameSize]) }
    }

    /// Peak signal-to-noise ratio of two frames of bytes, in dB.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var squares = 0.0
        for i in 0..<a.count {
            let d = Double(Int(a[i]) - Int(b[i]))
            squares += d * d
        }
        let mean = squares / Double(a.count)
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }
}
