import Foundation
import Render

/// Finds the `ffmpeg` program that video output runs: `$SNOWGLOBE_FFMPEG` when set, else the
/// first `ffmpeg` on `PATH`. Missing, it says how to install it.
public enum FFmpegProgram {
    /// The program's full path.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(OutputError) -> String {
        if let chosen = environment["SNOWGLOBE_FFMPEG"], !chosen.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: chosen) else {
                throw .missingProgram("SNOWGLOBE_FFMPEG names '\(chosen)', which is not an executable file")
            }
            return chosen
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for folder in folders where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw .missingProgram("video output needs the ffmpeg program, which is not on PATH; "
            + "install it (Debian and Ubuntu: sudo apt install ffmpeg; macOS: brew install ffmpeg) "
            + "or set SNOWGLOBE_FFMPEG to its path")
    }
}
