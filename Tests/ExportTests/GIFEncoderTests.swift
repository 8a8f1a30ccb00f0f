@testable import Export
import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// The GIF encoder's pictures, decoded and composited as a viewer shows them and compared with
/// the frames it was given.
@Suite struct GIFEncoderTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-gif-\(UUID().uuidString)-\(name)").path
    }

    /// A diagonal gradient (more colours than a palette holds) with a small pale dot crossing it
    /// from beyond the left edge to beyond the right one in `seconds`, drawn at `fps`.
    private func crossingFrames(width: Int = 160, height: Int = 60, fps: Double = 20, seconds: Double = 1.2) -> [[UInt32]] {
        let scene = makeScene(width: Double(width), height: Double(height))
        addLayer(GradientLayer(scene: scene), to: scene.root,
                 bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                 position: Point(x: Double(width) / 2, y: Double(height) / 2)) {
            $0.set(.colors, [rgb(30, 50, 110), rgb(190, 130, 70)])
            $0.set(.startPoint, Point(x: 0, y: 0))
            $0.set(.endPoint, Point(x: 1, y: 1))
        }
        let dot = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 9, height: 9),
                           position: Point(x: -20, y: Double(height) / 2), color: rgb(240, 245, 255)) {
            $0.set(.cornerRadius, 4.5)
        }
        try? dot.addAnimation(linear("position.x", from: -20, to: Double(width) + 20, duration: seconds - 0.2), forKey: "cross")
        let renderer = HeadlessRenderer(threads: 1)
        return (0..<Int(seconds * fps)).map { i in
            let frame = FrameBuffer(width: width, height: height)
            renderer.frame(scene, at: Double(i) / fps, into: frame)
            return frame.pixels.map { $0 | 0xFF00_0000 }
        }
    }

    /// Encodes `frames` (`width` wide) and decodes the file.
    private func roundTrip(_ frames: [[UInt32]], width: Int, dither: Bool = true) throws -> DecodedGIF {
        let path = temporaryPath("round-trip.gif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let height = frames[0].count / width
        let encoder = try GIFEncoder(path: path, width: width, height: height, dither: dither)
        for pixels in frames {
            let frame = FrameBuffer(width: width, height: height)
            frame.pixels = pixels
            try encoder.add(frame, duration: 0.05)
        }
        try encoder.finish()
        return try decodeGIF(path)
    }

    @Test func wherePixelsDoNotChangeTheGIFDoesNotEither() throws {
        let frames = crossingFrames()
        let gif = try roundTrip(frames, width: 160)
        try #require(gif.frames.count == frames.count)
        var held = 0
        for k in 1..<frames.count {
            for i in frames[k].indices where frames[k][i] == frames[k - 1][i] {
                #expect(gif.frames[k][i] == gif.frames[k - 1][i], "frame \(k), pixel \(i % 160), \(i / 160)")
                held += 1
            }
        }
        #expect(held > frames.count * 160 * 60 / 2)
    }

    /// Where the dot passed and the gradient came back, the GIF shows what it showed there
    /// before the dot came, and what the untouched gradient around it shows: no trail. Compared
    /// over 5×5 neighbourhoods, as dithering spreads a colour over its neighbours.
    @Test func aShapeThatPassedLeavesNoTrail() throws {
        let width = 160, height = 60
        let frames = crossingFrames(width: width, height: height)
        let gif = try roundTrip(frames, width: width)
        let last = frames.count - 1
        try #require(frames[last] == frames[0], "the dot is gone by the last frame")
        let trail = frames[0].indices.filter { i in frames.contains { $0[i] != frames[0][i] } }
        try #require(trail.count > 300)
        let shownNow = boxMeans(gif.frames[last], width: width, height: height)
        let shownBefore = boxMeans(gif.frames[0], width: width, height: height)
        let source = boxMeans(frames[0], width: width, height: height)
        var worstAgainstBefore = 0.0, worstAgainstSource = 0.0
        for i in trail where (2..<width - 2).contains(i % width) && (2..<height - 2).contains(i / width) {
            for c in 0..<3 {
                worstAgainstBefore = max(worstAgainstBefore, abs(shownNow[i * 3 + c] - shownBefore[i * 3 + c]))
                worstAgainstSource = max(worstAgainstSource, abs(shownNow[i * 3 + c] - source[i * 3 + c]))
            }
        }
        #expect(worstAgainstBefore <= 1)
        #expect(worstAgainstSource <= 1)
    }

    @Test func everyFrameIsCloseToItsPicture() throws {
        let frames = crossingFrames()
        let gif = try roundTrip(frames, width: 160)
        for (k, frame) in frames.enumerated() {
            #expect(psnr(gif.frames[k], frame) >= 40, "frame \(k)")
        }
        // Frames that change little use the first frame's palette or small ones of their own.
        #expect(gif.localPalettes.first == false)
    }

    /// A gradient of more colours than a palette holds: dithered, each neighbourhood's mean
    /// follows the gradient; undithered, it bands.
    @Test func ditheringFollowsAGradient() throws {
        let width = 256, height = 32
        let frame = (0..<width * height).map { i -> UInt32 in
            let x = i % width, y = i / width
            return UInt32(x) | UInt32(y * 8) << 8 | UInt32(128) << 16 | 0xFF00_0000
        }
        func banding(_ dither: Bool) throws -> Double {
            let shown = try roundTrip([frame], width: width, dither: dither).frames[0]
            let a = boxMeans(shown, width: width, height: height), b = boxMeans(frame, width: width, height: height)
            return zip(a, b).map { abs($0 - $1) }.reduce(0, +) / Double(a.count)
        }
        let dithered = try banding(true), flat = try banding(false)
        #expect(dithered < flat * 0.6, "dithered \(dithered), undithered \(flat)")
    }

    @Test func theLoopCountIsWrittenAsGiven() throws {
        for (count, expected) in [(nil, 0), (0, 0), (3, 3), (65535, 65535)] as [(Int?, Int)] {
            let path = temporaryPath("loop.gif")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let encoder = try count.map { try GIFEncoder(path: path, width: 2, height: 2, loopCount: $0) }
                ?? GIFEncoder(path: path, width: 2, height: 2)
            try encoder.add(FrameBuffer(width: 2, height: 2), duration: 0.1)
            try encoder.finish()
            #expect(try decodeGIF(path).loopCount == expected)
        }
        for count in [-1, 65536] {
            #expect(throws: OutputError.invalidSettings("GIF loop count must be 0 (forever) to 65535, got \(count)")) {
                try GIFEncoder(path: temporaryPath("bad.gif"), width: 2, height: 2, loopCount: count)
            }
        }
    }

    /// Finished before any frame: a header, the loop count and the trailer (giflib itself
    /// refuses to read a GIF without images, as some viewers do).
    @Test func aGIFFinishedWithoutFramesIsWhole() throws {
        let path = temporaryPath("empty.gif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try GIFEncoder(path: path, width: 8, height: 8).finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: Array("GIF89a".utf8)) && bytes.last == 0x3B)
        #expect(bytes.range(of: Data("NETSCAPE2.0".utf8)) != nil)
    }

    /// The mean of each channel over the 5×5 neighbourhood of every pixel (cut at the edges),
    /// three values a pixel.
    private func boxMeans(_ pixels: [UInt32], width: Int, height: Int) -> [Double] {
        var means = [Double](repeating: 0, count: pixels.count * 3)
        for y in 0..<height {
            for x in 0..<width {
                var sums = [0.0, 0.0, 0.0], n = 0.0
                for v in max(0, y - 2)...min(height - 1, y + 2) {
                    for u in max(0, x - 2)...min(width - 1, x + 2) {
                        let p = pixels[v * width + u]
                        sums[0] += Double(p & 0xFF); sums[1] += Double((p >> 8) & 0xFF); sums[2] += Double((p >> 16) & 0xFF)
                        n += 1
                    }
                }
                for c in 0..<3 { means[(y * width + x) * 3 + c] = sums[c] / n }
            }
        }
        return means
    }

    /// The peak signal-to-noise ratio of `a` against `b`, in dB over the three channels.
    private func psnr(_ a: [UInt32], _ b: [UInt32]) -> Double {
        var squares = 0.0
        for (p, q) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16] {
                let d = Double((p >> shift) & 0xFF) - Double((q >> shift) & 0xFF)
                squares += d * d
            }
        }
        let mse = squares / Double(a.count * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
