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
