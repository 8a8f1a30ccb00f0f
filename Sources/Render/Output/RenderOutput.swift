import Foundation

/// Where a headless render goes, decided by the `--out` argument's form.
public enum RenderOutput: Equatable, Sendable {
    /// One PNG file: a single frame.
    case png(path: String)
    /// Numbered PNG files from a printf-style pattern with one `%d` or `%0Nd` (`%%` is a
    /// literal percent sign).
    case sequence(pattern: String)
    /// An animated GIF.
    case gif(path: String)

    /// The output `--out` names: a path ending in `.gif` is a GIF; one with a `%d`-style
    /// pattern a numbered sequence; one ending in `.png` a single frame; anything else a
    /// folder, filled with `frame_0000.png`, `frame_0001.png`, ….
    public init(path: String) {
        if RenderOutput.hasFrameNumber(path) {
            self = .sequence(pattern: path)
        } else if path.lowercased().hasSuffix(".gif") {
            self = .gif(path: path)
        } else if path.lowercased().hasSuffix(".png") {
            self = .png(path: path)
        } else {
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            self = .sequence(pattern: (folder.isEmpty ? "." : folder) + "/frame_%04d.png")
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
