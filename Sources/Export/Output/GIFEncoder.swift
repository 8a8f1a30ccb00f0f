import CGif
import Glibc
import Render

/// Writes an animated GIF through giflib, frame by frame as the frames come, so that memory
/// does not grow with the length. The colours are libimagequant's, dithered unless told not to
/// (`GIFEncoder+Frames.swift` says how each frame is made); delays are in centiseconds, their
/// rounding error carried so that the total stays exact. Transparent parts of a frame show as
/// black: GIFs have no partial alpha.
public final class GIFEncoder {
    public let path: String
    public let width: Int
    public let height: Int
    /// Whether to dither (Floyd–Steinberg): smooth gradients for somewhat larger files.
    public let dither: Bool
    /// How many times the GIF repeats after it has played once (the NETSCAPE2.0 loop count,
    /// as gifsicle and FFmpeg write it): 0 repeats forever.
    public let loopCount: Int
    private var file: UnsafeMutablePointer<GifFileType>?
    /// Whether the screen descriptor (with the first frame's palette) is written.
    private var startedFile = false
    let quantizer: ImageQuantizer
    /// The first frame's palette, the GIF's global colour table (with a transparent entry after
    /// its colours), which later frames use when it holds their colours closely enough.
    var globalPalette: PaletteMapper?
    /// The last frame given, opaque.
    var previous: [UInt32] = []
    /// What the GIF shows after the frames written so far, opaque.
    var shown: [UInt32] = []
    private var elapsed = 0.0
    private var writtenCentiseconds = 0
    /// Frames written so far.
    public private(set) var frameCount = 0

    /// Opens `path` for a `width` × `height` GIF that repeats `loopCount` times after its first
    /// play (0: forever, 1…65535), dithered unless `dither` is false.
    public init(path: String, width: Int, height: Int, loopCount: Int = 0, dither: Bool = true) throws(OutputError) {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw .invalidSettings("GIF size must be 1…65535 pixels a side, got \(width)×\(height)")
        }
        guard (0...65535).contains(loopCount) else {
            throw .invalidSettings("GIF loop count must be 0 (forever) to 65535, got \(loopCount)")
        }
        guard let quantizer = ImageQuantizer(speed: GIFEncoder.quantizerSpeed) else {
            throw .cannotWrite(path: path, reason: "libimagequant cannot run on this processor")
        }
        self.path = path
        self.width = width
        self.height = height
        self.dither = dither
        self.loopCount = loopCount
        self.quantizer = quantizer
        var error: Int32 = 0
        // giflib's own EGifOpenFileName makes the file readable by its owner only; open it here
        // with the usual permissions (0666 less the umask), as PNGs and every other file get.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        guard let file = EGifOpenFileHandle(descriptor, &error) else {
            close(descriptor)
            throw .cannotWrite(path: path, reason: GIFEncoder.message(error))
        }
        self.file = file
        EGifSetGifVersion(file, true)
    }

    /// libimagequant's speed setting: 1 (slowest) to 10; above 7 it drops the colours' lowest
    /// bit, which shows in gradients. Its slower settings try more palettes, which our own
    /// completion and refinement of its palette (`ImageQuantizer`) make up for.
    static let quantizerSpeed: Int32 = 7

    deinit {
        if let file {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    /// Appends a frame shown for `duration` seconds. The frame must be the GIF's size.
    public func add(_ frame: FrameBuffer, duration: Double) throws(OutputError) {
        guard let file else { throw .cannotWrite(path: path, reason: "the GIF is already finished") }
        guard frame.width == width, frame.height == height else {
            throw .invalidSettings("frame is \(frame.width)×\(frame.height), the GIF \(width)×\(height)")
        }
        // Opaque straight colours: what shows over black.
        let pixels = frame.pixels.map { $0 | 0xFF00_0000 }
        let image: GIFFrameImage
        do {
            image = try previous.isEmpty ? firstImage(pixels) : laterImage(pixels)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        try start(file)
        try write(image, to: file, delay: delay(after: duration))
        previous = pixels
        frameCount += 1
    }

    /// Finishes and closes the file.
    public func finish() throws(OutputError) {
        guard let file else { return }
        try start(file)
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            throw .cannotWrite(path: path, reason: GIFEncoder.message(error))
        }
    }

    /// Writes the screen descriptor, with the global colour table once there is one, and the
    /// loop count, the first time it is called.
    private func start(_ file: UnsafeMutablePointer<GifFileType>) throws(OutputError) {
        guard !startedFile else { return }
        startedFile = true
        var map: UnsafeMutablePointer<ColorMapObject>?
        if let globalPalette {
            var colors = GIFEncoder.padded(globalPalette.colors + [(0, 0, 0)])
            map = GifMakeMapObject(Int32(colors.count), &colors)
            guard map != nil else { throw .cannotWrite(path: path, reason: "cannot make a colour map") }
        }
        defer { map.map { GifFreeMapObject($0) } }
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map) == GIF_OK else { throw failure(file) }
        var netscape: [UInt8] = Array("NETSCAPE2.0".utf8)
        var repeats: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        guard EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
              EGifPutExtensionBlock(file, Int32(netscape.count), &netscape) == GIF_OK,
              EGifPutExtensionBlock(file, Int32(repeats.count), &repeats) == GIF_OK,
              EGifPutExtensionTrailer(file) == GIF_OK else { throw failure(file) }
    }

    /// The frame's delay in centiseconds: its end time rounded, less what was already written.
    private func delay(after duration: Double) -> Int {
        elapsed += duration.isFinite ? max(0, duration) : 0
        let end = Int((elapsed * 100).rounded())
        let delay = max(0, min(65535, end - writtenCentiseconds))
        writtenCentiseconds += delay
        return delay
    }

    private func write(_ image: GIFFrameImage, to file: UnsafeMutablePointer<GifFileType>, delay: Int) throws(OutputError) {
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
                                           TransparentColor: image.transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extension_ = [UInt8](repeating: 0, count: 4)
        EGifGCBToExtension(&control, &extension_)
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, extension_) == GIF_OK else { throw failure(file) }
        var map: UnsafeMutablePointer<ColorMapObject>?
        if let local = image.colors {
            var colors = GIFEncoder.padded(local)
            map = GifMakeMapObject(Int32(colors.count), &colors)
            guard map != nil else { throw .cannotWrite(path: path, reason: "cannot make a colour map") }
        }
        defer { map.map { GifFreeMapObject($0) } }
        guard EGifPutImageDesc(file, Int32(image.x), Int32(image.y), Int32(image.width), Int32(image.height),
                               false, map) == GIF_OK else {
            throw failure(file)
        }
        var indices = image.indices
        for row in 0..<image.height {
            let status = indices.withUnsafeMutableBufferPointer { buffer in
                EGifPutLine(file, buffer.baseAddress.map { $0 + row * image.width }, Int32(image.width))
            }
            guard status == GIF_OK else { throw failure(file) }
        }
    }

    /// A palette as giflib takes it: a power of two long (at least 2), padded with black.
    private static func padded(_ palette: [ImageQuantizer.RGB]) -> [GifColorType] {
        var colors = palette.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        var bits = 1
        while (1 << bits) < colors.count { bits += 1 }
        while colors.count < (1 << bits) { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        return colors
    }

    private func failure(_ file: UnsafeMutablePointer<GifFileType>) -> OutputError {
        .cannotWrite(path: path, reason: GIFEncoder.message(file.pointee.Error))
    }

    private static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text)
    }
}
