import Foundation
import Render

/// Where a headless render goes, decided by the `--out` argument's form.
public enum RenderOutput: Equatable, Sendable {
    /// One PNG file: a single frame.
    case png(path: String)
    /// Numbered PNG files from a printf-style pattern with one `%d` or `%0Nd` (`%%` is a
    /// literal percent sign).
    case sequence(pattern: String)
    /// An animated GIF.
    case gif(path: String)
    /// A video (or APNG) encoded by FFmpeg.
    case video(path: String, format: VideoFormat)

    /// The extensions `--out` understands, for messages.
    public static let extensionsText = ".png, .gif, .mp4, .webm, .mov, .apng"

    /// The output `--out` names: a path with a `%d`-style pattern is a numbered sequence; one
    /// ending in `.png` a single frame, `.gif` an animated GIF, `.mp4`, `.webm`, `.mov` or
    /// `.apng` a video; one with no extension (or ending in "/") a folder, filled with
    /// `frame_0000.png`, `frame_0001.png`, …. Any other extension is refused (a typo must not
    /// become a folder of PNGs).
    public init(path: String) throws(OutputError) {
        let fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
        let suffix = dot.map { fileName[fileName.index(after: $0)...].lowercased() } ?? ""
        if RenderOutput.hasFrameNumber(path) {
            guard suffix == "png" || suffix.isEmpty else {
                throw .unknownOutput("a numbered sequence is of PNG files: end the pattern in .png (e.g. frames/f%04d.png), got '\(path)'")
            }
            self = .sequence(pattern: path)
        } else if path.hasSuffix("/") || suffix.isEmpty {
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            self = .sequence(pattern: (folder.isEmpty ? "." : folder) + "/frame_%04d.png")
        } else if suffix == "png" {
            self = .png(path: path)
        } else if suffix == "gif" {
            self = .gif(path: path)
        } else if let format = VideoFormat(rawValue: suffix) {
            self = .video(path: path, format: format)
        } else {
            throw .unknownOutput("cannot write '.\(suffix)' files ('\(path)'): --out takes \(RenderOutput.extensionsText), "
                + "a %04d pattern ending in .png, or a folder (a name without an extension, or ending in /)")
        }
    }

    /// The file or pattern written to.
    public var path: String {
        switch self {
        case .png(let path), .gif(let path), .video(let path, _): return path
        case .sequence(let pattern): return pattern
        }
    }

    /// Whether the output can keep a transparent background.
    public var keepsAlpha: Bool {
        switch self {
        case .png, .sequence: return true
        case .gif: return false
        case .video(_, let format): return format.keepsAlpha
        }
    }

    /// A name for the kind of output, for messages.
    public var label: String {
        switch self {
        case .png: return "PNG"
        case .sequence: return "PNG sequence"
        case .gif: return "GIF"
        case .video(_, let format): return format.label
        }
    }

    /// Whether only one frame is written.
    public var isSingleFrame: Bool {
        if case .png = self { return true }
        return false
    }

    /// The file name for frame `number` of a sequence pattern.
    public static func fileName(pattern: String, number: Int) -> String {
        var out = ""
        let chars = Array(pattern)
        var i = 0
        var done = false
        while i < chars.count {
            let c = chars[i]
            guard c == "%", i + 1 < chars.count else {
                out.append(c)
                i += 1
                continue
            }
            if chars[i + 1] == "%" {
                out.append("%")
                i += 2
                continue
            }
            var j = i + 1
            var zero = false
            if chars[j] == "0" { zero = true; j += 1 }
            var widthDigits = ""
            while j < chars.count, let d = chars[j].wholeNumberValue, widthDigits.count < 3 {
                widthDigits.append(Character(String(d)))
                j += 1
            }
            if !done, j < chars.count, chars[j] == "d" {
                let digits = String(max(number, 0))
                let width = min(Int(widthDigits) ?? 0, 12)
                let pad = max(0, width - digits.count)
                out += String(repeating: zero ? "0" : " ", count: pad) + digits
                i = j + 1
                done = true
            } else {
                out.append(c)
                i += 1
            }
        }
        return out
    }

    private static func hasFrameNumber(_ path: String) -> Bool {
        fileName(pattern: path, number: 0) != fileName(pattern: path, number: 1)
    }
}
