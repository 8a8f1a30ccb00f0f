import Foundation

/// Frames decoded by ffmpeg into raw bytes, to compare with what Snowglobe drew.
public enum FFmpegDecode {
    /// Every frame of `path` (a file or a %04d pattern) as `pixelFormat` bytes (rgb24, rgba).
    public static func rawFrames(_ path: String, pixelFormat: String, width: Int, height: Int,
                                 decoder: String? = nil) throws -> [[UInt8]] {
        let out = NSTemporaryDirectory() + "snowglobe-decoded-" + UUID().uuidString + ".raw"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var arguments = ["-v", "error", "-y"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", path, "-f", "rawvideo", "-pix_fmt", pixelFormat, out]
        let r = try FFmpegDecode.run(arguments)
        guard r == 0 else { throw Failure(description: "ffmpeg could not decode \(path)") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let frameSize = width * height * (pixelFormat == "rgba" ? 4 : 3)
        return stride(from: 0, to: bytes.count - frameSize + 1, by: frameSize).map { Array(bytes[$0..<$0 + frameSize]) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs ffmpeg quietly; its exit status.
    private static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process.exitStatus(killingAfter: 120)
    }

    /// Peak signal-to-noise ratio of two frames of bytes, in dB.
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
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
