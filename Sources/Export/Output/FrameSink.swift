import Foundation
import Render

/// Where rendered frames go, one after another: a PNG, numbered PNGs, a GIF or a video. Every
/// file is written under a temporary name and renamed when whole, so a render that fails or is
/// stopped leaves no half-written file under the name asked for.
final class FrameSink {
    private let output: RenderOutput
    private var gif: GIFEncoder?
    private var gifFile: StagedFile?
    private var video: VideoEncoder?
    /// Bytes written, counted as files are finished.
    private(set) var bytesWritten: Int64 = 0

    init(_ output: RenderOutput, settings: RenderSettings) throws(OutputError) {
        self.output = output
        let transparent = settings.background.a < 1
        if transparent && !output.keepsAlpha {
            throw .invalidSettings("a transparent background needs an output with alpha: \(output.label) has none; "
                + "use .png, .apng, .webm or .mov")
        }
        switch output {
        case .gif(let path):
            let staged = StagedFile(path)
            do {
                gif = try GIFEncoder(path: staged.temporary, width: settings.width, height: settings.height,
                                     loopCount: settings.loopCount, dither: settings.dither)
            } catch {
                staged.discard()
                throw FrameSink.renamed(error, from: staged.temporary, to: path)
            }
            gifFile = staged
        case .video(let path, let format):
            video = try VideoEncoder(path: path, format: format, width: settings.width, height: settings.height,
                                     fps: settings.fps, alpha: transparent,
                                     plays: settings.loopCount == 0 ? 0 : settings.loopCount + 1,
                                     comment: settings.comment)
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

    deinit { cancel() }

    func write(_ frame: FrameBuffer, number: Int, duration: Double) throws(OutputError) {
        switch output {
        case .png(let path): try writePNG(frame, to: path)
        case .sequence(let pattern): try writePNG(frame, to: RenderOutput.fileName(pattern: pattern, number: number))
        case .gif:
            do {
                try gif?.add(frame, duration: duration)
            } catch {
                cancel()
                throw FrameSink.renamed(error, from: gifFile?.temporary ?? "", to: output.path)
            }
        case .video: try video?.add(frame)
        }
    }

    /// Finishes the file (GIF, video) and puts it in place.
    func finish() throws(OutputError) {
        if let gif, let gifFile {
            self.gif = nil
            self.gifFile = nil
            do {
                try gif.finish()
            } catch {
                gifFile.discard()
                throw FrameSink.renamed(error, from: gifFile.temporary, to: gifFile.path)
            }
            do {
                try gifFile.commit()
            } catch {
                throw .cannotWrite(path: gifFile.path, reason: error.reason)
            }
            bytesWritten += FrameSink.size(of: gifFile.path)
        }
        if let video {
            self.video = nil
            try video.finish()
            bytesWritten += FrameSink.size(of: video.path)
        }
    }

    /// Drops a file under way (a render that failed).
    func cancel() {
        video?.cancel()
        video = nil
        gif = nil
        gifFile?.discard()
        gifFile = nil
    }

    private func writePNG(_ frame: FrameBuffer, to path: String) throws(OutputError) {
        let staged = StagedFile(path)
        do {
            try PNGWriter.write(frame, to: staged.temporary)
        } catch {
            staged.discard()
            throw FrameSink.renamed(error, from: staged.temporary, to: path)
        }
        do {
            try staged.commit()
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        bytesWritten += FrameSink.size(of: path)
    }

    /// An encoder's error about the temporary file, told about the file asked for.
    private static func renamed(_ error: OutputError, from temporary: String, to path: String) -> OutputError {
        guard case .cannotWrite(let written, let reason) = error, written == temporary else { return error }
        return .cannotWrite(path: path, reason: reason.replacingOccurrences(of: temporary, with: path))
    }

    private static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
