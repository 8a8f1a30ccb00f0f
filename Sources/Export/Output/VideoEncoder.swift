import Foundation
import Render

/// Writes frames to a video file through the `ffmpeg` program, fed raw RGBA frames on a pipe as
/// they are made: memory stays flat however long the clip, the encoder runs on a core of its own
/// beside the renderer, and Snowglobe links none of FFmpeg's libraries (whose interfaces change
/// between releases). The file is written under a temporary name and renamed when whole.
public final class VideoEncoder {
    public let path: String
    public let format: VideoFormat
    public let width: Int
    public let height: Int
    /// Whether transparency is kept (straight alpha goes to the encoder).
    public let alpha: Bool
    /// Frames written so far.
    public private(set) var frameCount = 0
    private let staged: StagedFile
    private var process: EncoderProcess?

    /// Starts encoding to `path` in `format`. `alpha` asks to keep transparency (refused for a
    /// format without it); `plays` is an APNG's play count (0: for ever); `comment` goes into
    /// the file's metadata.
    public init(path: String, format: VideoFormat, width: Int, height: Int, fps: Double, alpha: Bool = false,
                plays: Int = 0, comment: String? = nil, ffmpeg: String? = nil) throws(OutputError) {
        if alpha && !format.keepsAlpha {
            throw .cannotWrite(path: path, reason: "\(format.label) has no alpha channel; for a transparent background use .webm, .mov, .apng or PNG")
        }
        let program: String
        if let ffmpeg { program = ffmpeg } else { program = try FFmpegProgram.locate() }
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        self.alpha = alpha
        staged = StagedFile(path)
        // Made here first, so an unwritable folder is told before any frame is rendered.
        let probe = open(staged.temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard probe >= 0 else {
            let reason = String(cString: strerror(errno))
            staged.discard()
            throw .cannotWrite(path: path, reason: reason)
        }
        close(probe)
        let arguments = format.ffmpegArguments(width: width, height: height, fps: fps, alpha: alpha, plays: plays,
                                               comment: comment, path: staged.temporary)
        do {
            process = try EncoderProcess(executable: program, arguments: arguments)
        } catch {
            staged.discard()
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    deinit { cancel() }

    /// Appends a frame (the encoder's size).
    public func add(_ frame: FrameBuffer) throws(OutputError) {
        guard let process else { throw .cannotWrite(path: path, reason: "the video is already finished") }
        guard frame.width == width, frame.height == height else {
            throw .invalidSettings("frame is \(frame.width)×\(frame.height), the video \(width)×\(height)")
        }
        let written: EncoderProcessError?
        if alpha {
            written = frame.straightBytes.withUnsafeBytes { bytes in VideoEncoder.send(bytes, to: process) }
        } else {
            #if _endian(little)
            written = frame.pixels.withUnsafeBytes { bytes in VideoEncoder.send(bytes, to: process) }
            #else
            written = frame.premultipliedBytes.withUnsafeBytes { bytes in VideoEncoder.send(bytes, to: process) }
            #endif
        }
        if let written {
            cancel()
            throw .cannotWrite(path: path, reason: written.reason)
        }
        frameCount += 1
    }

    /// Waits for the encoder to finish the file, then puts it in place.
    public func finish() throws(OutputError) {
        guard let process else { return }
        self.process = nil
        do {
            try process.finish()
        } catch {
            staged.discard()
            throw .cannotWrite(path: path, reason: error.reason)
        }
        do {
            try staged.commit()
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Writes `bytes` to `process`; the error, if any.
    private static func send(_ bytes: UnsafeRawBufferPointer, to process: EncoderProcess) -> EncoderProcessError? {
        do {
            try process.write(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Stops the encoder and removes what it wrote.
    public func cancel() {
        guard let process else { return }
        self.process = nil
        process.cancel()
        staged.discard()
    }
}
