import CGif
@testable import Export
import Foundation
import LayerKit
import Render
import Testing
import TestSupport

@Suite struct OutputTests {
    /// Found by docs/errors.md: `snowglobe render s.lua --out %d` crashed, as NSString's
    /// deletingLastPathComponent traps on Linux for the one-letter name "0".
    @Test func aSequenceOfOneLetterNamesNeedsNoFolder() throws {
        _ = try FrameSink(RenderOutput(path: "%d"), settings: RenderSettings(width: 4, height: 4, frameCount: 2))
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A small animated scene: a rotating, fading square with a text label.
    private func animatedScene() -> Scene {
        let scene = makeScene(width: 120, height: 90)
        let square = addLayer(Layer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                              position: Point(x: 60, y: 45), color: rgb(200, 220, 255)) {
            $0.set(.cornerRadius, 6)
        }
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = .number(0)
        spin.toValue = .number(Double.pi)
        spin.duration = 1
        spin.repeatCount = .infinity
        try? square.addAnimation(spin, forKey: "spin")
        addLayer(TextLayer(scene: scene), to: scene.root, bounds: Rect(x: 0, y: 0, width: 120, height: 20),
                 position: Point(x: 60, y: 10)) {
            $0.string = "雪 snow"
            $0.set(.fontSize, 14)
        }
        return scene
    }

    @Test func twoRendersGiveTheSameBytes() throws {
        var results: [[UInt32]] = []
        for threads in [1, 2, 1] {
            let frame = render(animatedScene(), width: 120, height: 90, at: 0.3, threads: threads)
            results.append(frame.pixels)
        }
        #expect(results[0] == results[1])
        #expect(results[0] == results[2])
        #expect(paintedCount(FrameBufferWrapper(results[0]).frame) > 500)
    }

    @Test func twoPNGRendersGiveTheSameFileBytes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [Data] = []
        for name in ["a.png", "b.png"] {
            let path = dir.appendingPathComponent(name).path
            try HeadlessRenderer().render(animatedScene(), settings: RenderSettings(width: 120, height: 90, startTime: 0.5),
                                          to: RenderOutput(path: path))
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0] == files[1])
        #expect(files[0].count > 100)
    }

    @Test func aSequenceWritesNumberedFiles() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var reported: [Int] = []
        try HeadlessRenderer().render(animatedScene(), settings: RenderSettings(width: 120, height: 90, fps: 10, frameCount: 3),
                                      to: RenderOutput(path: dir.appendingPathComponent("out").path)) { done, total in
            reported.append(done)
            #expect(total == 3)
        }
        #expect(reported == [1, 2, 3])
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        #expect(names == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
    }

    @Test func outputKindsFollowThePath() throws {
        #expect(try RenderOutput(path: "a.png") == .png(path: "a.png"))
        #expect(try RenderOutput(path: "a.GIF") == .gif(path: "a.GIF"))
        #expect(try RenderOutput(path: "clip.mp4") == .video(path: "clip.mp4", format: .mp4))
        #expect(try RenderOutput(path: "clip.WebM") == .video(path: "clip.WebM", format: .webm))
        #expect(try RenderOutput(path: "out/clip.mov") == .video(path: "out/clip.mov", format: .mov))
        #expect(try RenderOutput(path: "a.apng") == .video(path: "a.apng", format: .apng))
        #expect(try RenderOutput(path: "shots/f%03d.png") == .sequence(pattern: "shots/f%03d.png"))
        #expect(try RenderOutput(path: "shots/") == .sequence(pattern: "shots/frame_%04d.png"))
        #expect(try RenderOutput(path: "shots") == .sequence(pattern: "shots/frame_%04d.png"))
        #expect(try RenderOutput(path: "v1.2/") == .sequence(pattern: "v1.2/frame_%04d.png"))
        #expect(RenderOutput.fileName(pattern: "f%04d.png", number: 12) == "f0012.png")
        #expect(RenderOutput.fileName(pattern: "100%%-%d.png", number: 7) == "100%-7.png")
    }

    /// `--out o.jpg` made a folder of PNGs named o.jpg; a typo must be an error instead.
    @Test func anUnknownExtensionIsRefusedNamingWhatIsWritten() {
        for path in ["o.jpg", "clip.mkv", "frames/f%04d.jpg", "a.gif.bak"] {
            #expect {
                try RenderOutput(path: path)
            } throws: { error in
                let text = "\(error)"
                return text.contains("'\(path)'") && text.contains(".png, .gif, .mp4, .webm, .mov, .apng")
                    || text.contains("numbered sequence is of PNG files")
            }
        }
    }

    @Test func gifHasTheFramesAndExactDelays() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("anim.gif").path
        let frames = 12
        try HeadlessRenderer().render(animatedScene(), settings: RenderSettings(width: 120, height: 90, fps: 30, frameCount: frames),
                                      to: RenderOutput(path: path))
        let decoded = try decodeGIF(path)
        #expect(decoded.width == 120 && decoded.height == 90)
        #expect(decoded.delays.count == frames)
        // 30 fps is 3⅓ cs a frame: 3, 4, 3, 3, 4, 3 …, summing exactly to 40 cs for 12 frames.
        #expect(decoded.delays.reduce(0, +) == 40)
        #expect(decoded.delays.allSatisfy { $0 == 3 || $0 == 4 })
        #expect(decoded.loops)
        // Readable by others, as any file the user makes (giflib's own open gave 0600).
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044)
    }

    @Test func gifDelaysCarryTheRoundingError() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("delays.gif").path
        let encoder = try GIFEncoder(path: path, width: 4, height: 4)
        let frame = FrameBuffer(width: 4, height: 4)
        for i in 0..<60 {
            frame.clear(to: Color(r: Double(i % 2), g: 0, b: 0))
            try encoder.add(frame, duration: 1.0 / 60)
        }
        try encoder.finish()
        let decoded = try decodeGIF(path)
        #expect(decoded.delays.count == 60)
        #expect(decoded.delays.reduce(0, +) == 100)
    }

    @Test func gifKeepsColoursClose() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("colours.gif").path
        let encoder = try GIFEncoder(path: path, width: 64, height: 4)
        let frame = FrameBuffer(width: 64, height: 4)
        for y in 0..<4 { for x in 0..<64 { frame.pixels[y * 64 + x] = UInt32(x * 4) | UInt32(255 - x * 4) << 16 | 0xFF00_0000 } }
        try encoder.add(frame, duration: 0.1)
        try encoder.finish()
        let decoded = try decodeGIF(path)
        let first = try #require(decoded.firstFrame)
        var worst = 0
        for x in 0..<64 {
            let c = first[x]
            worst = max(worst, abs(Int(c.r) - x * 4), abs(Int(c.b) - (255 - x * 4)))
        }
        #expect(worst <= 2)
    }

    @Test func badSettingsAreErrors() {
        #expect(throws: OutputError.self) {
            try HeadlessRenderer().render(makeScene(), settings: RenderSettings(width: 0, height: 10), to: .png(path: "/tmp/x.png"))
        }
        #expect(throws: OutputError.self) {
            try HeadlessRenderer().render(makeScene(), settings: RenderSettings(fps: 0), to: .png(path: "/tmp/x.png"))
        }
    }

    @Test func anUnwritablePathIsAnErrorNamingIt() {
        let path = "/nonexistent-folder/x.gif"
        do {
            try HeadlessRenderer().render(makeScene(), settings: RenderSettings(width: 10, height: 10), to: .gif(path: path))
            Issue.record("wrote to \(path)")
        } catch {
            #expect(error.description.contains(path))
        }
    }
}

/// A frame made from pixels, for helpers that take frames.
private struct FrameBufferWrapper {
    let frame: FrameBuffer
    init(_ pixels: [UInt32]) {
        frame = FrameBuffer(width: 120, height: 90)
        frame.pixels = pixels
    }
}
