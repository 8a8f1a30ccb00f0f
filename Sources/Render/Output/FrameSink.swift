import Foundation

/// Where rendered frames go, one after another: a PNG, numbered PNGs, or a GIF.
struct FrameSink {
    private let output: RenderOutput
    private var gif: GIFEncoder?

    init(_ output: RenderOutput, settings: RenderSettings) throws(OutputError) {
        self.output = output
        switch output {
        case .gif(let path):
            gif = try GIFEncoder(path: path, width: settings.width, height: settings.height,
                                 loopCount: settings.loopCount, dither: settings.dither)
        case .sequence(let pattern):
            // What comes before the file name's last "/" (not NSString's deletingLastPathComponent,
            // which traps on Linux for a one-letter name such as "%d" gives).
            let file = RenderOutput.fileName(pattern: pattern, number: 0)
            let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? ""
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw .cannotWrite(path: folder, reason: "cannot create the folder")
                }
            }
        case .png:
            break
        }
    }

    mutating func write(_ frame: FrameBuffer, number: Int, duration: Double) throws(OutputError) {
        switch output {
        case .png(let path): try PNGWriter.write(frame, to: path)
        case .sequence(let pattern): try PNGWriter.write(frame, to: RenderOutput.fileName(pattern: pattern, number: number))
        case .gif: try gif?.add(frame, duration: duration)
        }
    }

    mutating func finish() throws(OutputError) {
        try gif?.finish()
    }
}
