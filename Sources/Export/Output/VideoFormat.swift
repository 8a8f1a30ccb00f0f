/// The containers and codecs `render` writes through FFmpeg, each chosen for where people take a
/// clip: MP4/H.264 plays everywhere, WebM/VP9 on the web (with alpha), MOV/ProRes 4444 in video
/// editors (with alpha), APNG wherever PNGs go (lossless, with alpha).
public enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm, mov, apng

    /// The file extension (without the dot).
    public var fileExtension: String { rawValue }

    /// A name for messages: "MP4 (H.264)".
    public var label: String {
        switch self {
        case .mp4: return "MP4 (H.264)"
        case .webm: return "WebM (VP9)"
        case .mov: return "MOV (ProRes 4444)"
        case .apng: return "APNG"
        }
    }

    /// FFmpeg's name for the container (its `-f`).
    public var muxer: String { rawValue }

    /// Whether the format keeps an alpha channel.
    public var keepsAlpha: Bool { self != .mp4 }

    /// FFmpeg's arguments that encode raw RGBA frames of `width` × `height` at `fps` from its
    /// standard input to `path` (a temporary name, so the container is named, not guessed).
    /// `alpha` keeps transparency; `plays` is APNG's play count (0: for ever); `comment`, when
    /// given, is written as the file's `comment` metadata.
    public func ffmpegArguments(width: Int, height: Int, fps: Double, alpha: Bool, plays: Int, comment: String? = nil,
                                path: String) -> [String] {
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                         "-framerate", VideoFormat.rate(fps), "-i", "pipe:0", "-an"]
        switch self {
        case .mp4:
            // yuv420p halves the chroma planes, so H.264 needs even sides: an odd side gets one
            // more row or column, a copy of the last (invisible next to it, unlike black).
            if width % 2 != 0 || height % 2 != 0 {
                arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2,fillborders=right=\(width % 2):bottom=\(height % 2):mode=smear"]
            }
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
                          "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            arguments += ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1", "-deadline", "good",
                          "-cpu-used", "4", "-pix_fmt", alpha ? "yuva420p" : "yuv420p", "-f", "webm"]
        case .mov:
            arguments += ["-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0",
                          "-pix_fmt", alpha ? "yuva444p10le" : "yuv444p10le", "-f", "mov"]
        case .apng:
            arguments += ["-c:v", "apng", "-pix_fmt", alpha ? "rgba" : "rgb24", "-plays", "\(plays)", "-f", "apng"]
        }
        if let comment { arguments += ["-metadata", "comment=\(comment)"] }
        return arguments + [path]
    }

    /// A frame rate as FFmpeg reads it: whole rates as integers, others as a fraction over 1000.
    static func rate(_ fps: Double) -> String {
        if fps == fps.rounded() { return String(Int(fps)) }
        return "\(Int((fps * 1000).rounded()))/1000"
    }
}
