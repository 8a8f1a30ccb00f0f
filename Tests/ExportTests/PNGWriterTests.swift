import Export
import Foundation
import LayerKit
import Render
import Testing
import TestSupport

/// PNG files as Export writes them, read back by Render's loader.
@Suite struct PNGWriterTests {
    @Test func aWrittenPNGLoadsBackPremultiplied() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("circle.png").path
        let circle = try Image.circle(radius: 10, softness: 0.5, color: rgb(255, 128, 0))
        let frame = FrameBuffer(width: circle.width, height: circle.height)
        for i in 0..<(circle.width * circle.height) {
            let o = i * 4
            frame.pixels[i] = UInt32(circle.pixels[o]) | UInt32(circle.pixels[o + 1]) << 8
                | UInt32(circle.pixels[o + 2]) << 16 | UInt32(circle.pixels[o + 3]) << 24
        }
        try PNGWriter.write(frame, to: path)
        let loaded = try ImageLoader.load(path: path)
        #expect(loaded.width == circle.width && loaded.height == circle.height)
        #expect(loaded.label == "circle.png")
        // Premultiplied round trips are exact where opaque and within a step or two elsewhere.
        var worst = 0
        for i in 0..<loaded.pixels.count { worst = max(worst, abs(Int(loaded.pixels[i]) - Int(circle.pixels[i]))) }
        #expect(worst <= 2)
        let centre = (circle.height / 2 * circle.width + circle.width / 2) * 4
        #expect(loaded.pixels[centre + 3] == 255)
    }
}
