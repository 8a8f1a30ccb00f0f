import Glibc
import CGif

/// Writes an animated GIF through giflib, frame by frame: each frame gets its own palette by
/// median cut over the pixels that changed since the previous frame (unchanged pixels are left
/// transparent, so still parts never flicker and the file stays small), optional ordered
/// dithering, and delays in centiseconds whose rounding error is carried so that the total
/// stays exact. Transparent parts of a frame show as black: GIFs have no partial alpha.
public final class GIFEncoder {
    public let path: String
    public let width: Int
    public let height: Int
    /// Whether to dither with a 4×4 Bayer matrix (smoother gradients, larger files).
    public let dither: Bool
    private var file: UnsafeMutablePointer<GifFileType>?
    private var previous: [UInt32] = []
    private var elapsed = 0.0
    private var writtenCentiseconds = 0
    /// Frames written so far.
    public private(set) var frameCount = 0

    /// Opens `path` for a `width` × `height` GIF that loops forever (`loop`) or plays once.
    public init(path: String, width: Int, height: Int, loop: Bool = true, dither: Bool = false) throws(OutputError) {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw .invalidSettings("GIF size must be 1…65535 pixels a side, got \(width)×\(height)")
        }
        self.path = path
        self.width = width
        self.height = height
        self.dither = dither
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
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else {
            throw failure(file)
        }
        if loop {
            var netscape: [UInt8] = Array("NETSCAPE2.0".utf8)
            var repeatForever: [UInt8] = [1, 0, 0]
            guard EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
                  EGifPutExtensionBlock(file, Int32(netscape.count), &netscape) == GIF_OK,
                  EGifPutExtensionBlock(file, Int32(repeatForever.count), &repeatForever) == GIF_OK,
                  EGifPutExtensionTrailer(file) == GIF_OK else { throw failure(file) }
        }
    }

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
        // The part that changed since the last frame.
        var x0 = 0, y0 = 0, x1 = width, y1 = height
        let first = previous.isEmpty
        if !first {
            x0 = width; y0 = height; x1 = 0; y1 = 0
            for y in 0..<height {
                let row = y * width
                for x in 0..<width where pixels[row + x] != previous[row + x] {
                    x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
                }
            }
            if x0 >= x1 { x0 = 0; y0 = 0; x1 = 1; y1 = 1 }
        }
        let w = x1 - x0, h = y1 - y0
        let changed: (Int, Int) -> Bool = { x, y in first || pixels[y * self.width + x] != self.previous[y * self.width + x] }

        // Histogram of the changed pixels.
        var counts = [Int32](repeating: 0, count: 32768)
        var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 32768)
        var anyUnchanged = false
        for y in y0..<y1 {
            for x in x0..<x1 {
                guard changed(x, y) else { anyUnchanged = true; continue }
                let p = pixels[y * width + x]
                let r = Int(p & 0xFF), g = Int((p >> 8) & 0xFF), b = Int((p >> 16) & 0xFF)
                let bin = MedianCut.bin(r, g, b)
                counts[bin] += 1
                sums[bin].0 += r
                sums[bin].1 += g
                sums[bin].2 += b
            }
        }
        let transparent = !first && anyUnchanged
        var palette = MedianCut(counts: counts, sums: sums, maxColors: transparent ? 255 : 256)
        var seen = counts.map { $0 > 0 }
        let transparentIndex = palette.palette.count
        let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
        var indices = [UInt8](repeating: 0, count: w * h)
        for y in y0..<y1 {
            for x in x0..<x1 {
                let o = (y - y0) * w + (x - x0)
                guard changed(x, y) else { indices[o] = UInt8(transparentIndex); continue }
                let p = pixels[y * width + x]
                var r = Int(p & 0xFF), g = Int((p >> 8) & 0xFF), b = Int((p >> 16) & 0xFF)
                if dither {
                    let d = bayer[(y & 3) * 4 + (x & 3)] - 8
                    r = min(255, max(0, r + d)); g = min(255, max(0, g + d)); b = min(255, max(0, b + d))
                }
                let bin = MedianCut.bin(r, g, b)
                palette.ensure(bin: bin, seen: &seen)
                indices[o] = palette.index(bin: bin)
            }
        }

        // Delay: the frame's end time rounded to centiseconds, less what was already written.
        elapsed += duration.isFinite ? max(0, duration) : 0
        let end = Int((elapsed * 100).rounded())
        let delay = max(0, min(65535, end - writtenCentiseconds))
        writtenCentiseconds += delay

        var colors = palette.palette.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        if transparent { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        var bits = 1
        while (1 << bits) < colors.count { bits += 1 }
        while colors.count < (1 << bits) { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
                                           TransparentColor: transparent ? Int32(transparentIndex) : NO_TRANSPARENT_COLOR)
        var extension_ = [UInt8](repeating: 0, count: 4)
        EGifGCBToExtension(&control, &extension_)
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, extension_) == GIF_OK else { throw failure(file) }
        guard let map = GifMakeMapObject(Int32(colors.count), &colors) else {
            throw .cannotWrite(path: path, reason: "cannot make a colour map")
        }
        defer { GifFreeMapObject(map) }
        guard EGifPutImageDesc(file, Int32(x0), Int32(y0), Int32(w), Int32(h), false, map) == GIF_OK else {
            throw failure(file)
        }
        for row in 0..<h {
            let status = indices.withUnsafeMutableBufferPointer { buffer in
                EGifPutLine(file, buffer.baseAddress.map { $0 + row * w }, Int32(w))
            }
            guard status == GIF_OK else { throw failure(file) }
        }
        previous = pixels
        frameCount += 1
    }

    /// Finishes and closes the file.
    public func finish() throws(OutputError) {
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            throw .cannotWrite(path: path, reason: GIFEncoder.message(error))
        }
    }

    private func failure(_ file: UnsafeMutablePointer<GifFileType>) -> OutputError {
        .cannotWrite(path: path, reason: GIFEncoder.message(file.pointee.Error))
    }

    private static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text)
    }
}
