import Dispatch
import LayerKit

/// Draws draw lists into memory with no display and no GPU, through Render's own triangle
/// rasterizer (SoftwareRasterizer). Triangles are sorted into bands of rows, keeping their order
/// within each band, and the frame is drawn band by band: a band's pixels stay in the cache while
/// its triangles are drawn, and bands can go to separate threads. The same draw list gives the
/// same bytes whatever the number of threads.
///
/// Chosen over pixman's projective compositing and SDL's software renderer because it draws
/// faster than either on a machine without a GPU; the figures are in docs/performance.md
/// ("Drawing").
public final class HeadlessBackend {
    /// Threads to draw with (1 or more).
    public let threads: Int
    /// Rows per band (a band of a 1280-pixel frame, widened, is 480 KB: it stays in a core's L2
    /// cache of 512 KB).
    static let bandRows = 48
    /// Per band, the triangles and quads touching it in draw order: (command number, first
    /// index, whether it is a quad of six indices).
    private var bins: [[Bin]] = []
    /// The frame while it is drawn, 16 bits a channel (see SoftwareRasterizer), reused.
    private var wide: [UInt64] = []

    struct Bin {
        let command: Int32
        let index: Int32
        let isQuad: Bool
    }

    /// A backend drawing with `threads` threads (by default one per core, at most 8).
    public init(threads: Int? = nil) {
        self.threads = max(1, min(threads ?? ProcessorCount.online, 8))
    }

    /// Clears `frame` to `background` (nil: keeps what is there, to draw one list over another)
    /// and draws `list` into it. What falls outside the frame is not drawn.
    public func draw(_ list: DrawList, into frame: FrameBuffer, background: Color? = .black) {
        if let background { frame.clear(to: background) }
        let width = frame.width, height = frame.height
        guard width > 0, height > 0 else { return }
        sort(list, height: height)
        let textures = list.commands.map { command in
            SoftwareRasterizer.Texture(command.texture, blend: command.blend, sampling: command.sampling)
        }
        let bandCount = bins.count
        if wide.count != width * height { wide = [UInt64](repeating: 0, count: width * height) }
        let clear = background == nil ? nil : SoftwareRasterizer.widen(frame.pixels.first ?? 0)
        frame.pixels.withUnsafeMutableBufferPointer { output in
            wide.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress, let out = output.baseAddress else { return }
                let job = BandJob(pixels: base, output: out, clear: clear, width: width, height: height, list: list,
                                  textures: textures, bins: bins)
                let workers = min(threads, bandCount)
                if workers <= 1 {
                    for band in 0..<bandCount { job.draw(band: band) }
                    return
                }
                // Worker k draws bands k, k + workers, …: disjoint rows, so no pixel is shared.
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    var band = worker
                    while band < bandCount {
                        job.draw(band: band)
                        band += workers
                    }
                }
            }
        }
    }

    /// Sorts the list's triangles into bands by the rows they span. Two triangles that make a
    /// parallelogram (as DrawList.quad appends them) go in as one quad.
    private func sort(_ list: DrawList, height: Int) {
        let count = (height + Self.bandRows - 1) / Self.bandRows
        if bins.count != count { bins = Array(repeating: [], count: count) }
        for i in bins.indices { bins[i].removeAll(keepingCapacity: true) }
        list.vertices.withUnsafeBufferPointer { vertices in
            list.indices.withUnsafeBufferPointer { indices in
                for (c, command) in list.commands.enumerated() {
                    var i = command.indexStart
                    let end = min(command.indexStart + command.indexCount, indices.count - 2)
                    while i < end {
                        let a = Int(indices[i]), b = Int(indices[i + 1]), d = Int(indices[i + 2])
                        guard a >= 0, b >= 0, d >= 0, a < vertices.count, b < vertices.count, d < vertices.count else {
                            i += 3
                            continue
                        }
                        let ya = vertices[a].y, yb = vertices[b].y, yd = vertices[d].y
                        var low = min(min(ya, yb), yd), high = max(max(ya, yb), yd)
                        var isQuad = false
                        if i + 5 < command.indexStart + command.indexCount, i + 5 < indices.count, Int(indices[i + 3]) == a, Int(indices[i + 4]) == d {
                            let e = Int(indices[i + 5])
                            if e >= 0, e < vertices.count,
                               SoftwareRasterizer.isParallelogram(vertices[a], vertices[b], vertices[d], vertices[e]) {
                                isQuad = true
                                low = min(low, vertices[e].y)
                                high = max(high, vertices[e].y)
                            }
                        }
                        let bin = Bin(command: Int32(c), index: Int32(i), isQuad: isQuad)
                        i += isQuad ? 6 : 3
                        guard low.isFinite, high.isFinite, high >= 0, low < Float(height) else { continue }
                        let first = Int(max(low, 0)) / Self.bandRows
                        let last = min(count - 1, Int(min(high, Float(height))) / Self.bandRows)
                        guard first <= last else { continue }
                        for band in first...last { bins[band].append(bin) }
                    }
                }
            }
        }
    }
}

/// One frame's drawing, shared by the threads: each reads the list and writes only the rows of
/// the bands it is given.
private struct BandJob: @unchecked Sendable {
    /// The widened frame the band is drawn in.
    let pixels: UnsafeMutablePointer<UInt64>
    /// The frame the finished band is packed into.
    let output: UnsafeMutablePointer<UInt32>
    /// The background, widened (nil: the band starts from what the output frame holds).
    let clear: UInt64?
    let width: Int
    let height: Int
    let list: DrawList
    /// Per command, its texture (the draw list keeps the textures alive).
    let textures: [SoftwareRasterizer.Texture]
    let bins: [[HeadlessBackend.Bin]]

    /// Clears the band, draws its triangles and packs it into the output frame.
    func draw(band: Int) {
        let rows = (band * HeadlessBackend.bandRows)..<min(height, (band + 1) * HeadlessBackend.bandRows)
        let first = rows.lowerBound * width, count = rows.count * width
        if let clear {
            (pixels + first).update(repeating: clear, count: count)
        } else {
            for i in first..<(first + count) { pixels[i] = SoftwareRasterizer.widen(output[i]) }
        }
        defer {
            for i in first..<(first + count) { output[i] = SoftwareRasterizer.pack(pixels[i]) }
        }
        let rasterizer = SoftwareRasterizer(pixels: pixels, width: width, height: height)
        list.vertices.withUnsafeBufferPointer { vertices in
            list.indices.withUnsafeBufferPointer { indices in
                for bin in bins[band] {
                    let texture = textures[Int(bin.command)]
                    let i = Int(bin.index)
                    if bin.isQuad {
                        rasterizer.quad(vertices[Int(indices[i])], vertices[Int(indices[i + 1])],
                                        vertices[Int(indices[i + 2])], vertices[Int(indices[i + 5])], texture, rows: rows)
                    } else {
                        rasterizer.triangle(vertices[Int(indices[i])], vertices[Int(indices[i + 1])],
                                            vertices[Int(indices[i + 2])], texture, rows: rows)
                    }
                }
            }
        }
    }
}
