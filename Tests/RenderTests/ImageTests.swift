import CSDL2
import Foundation
import LayerKit
@testable import Render
import Testing
import TestSupport

@Suite struct ImageTests {
    @Test func aMissingFileIsAnErrorNamingIt() {
        let path = "/tmp/snowglobe-render-tests/does-not-exist.png"
        #expect(throws: ImageError.fileNotFound(path: path)) { try ImageLoader.load(path: path) }
        let error = ImageError.fileNotFound(path: path)
        #expect(error.description.contains(path))
    }

    @Test func aCorruptFileIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.png").path
        // A PNG signature followed by garbage.
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ImageLoader.load(path: path)
            Issue.record("a corrupt file loaded")
        } catch {
            guard case .unreadable(let named, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(named == path)
            #expect(error.description.contains("broken.png"))
        }
    }

    @Test func aDirectoryIsNotAnImage() {
        #expect(throws: ImageError.fileNotFound(path: "/tmp")) { try ImageLoader.load(path: "/tmp") }
    }

    @Test func circleIsOpaqueInsideAndClearOutside() throws {
        let image = try Image.circle(radius: 8, color: rgb(255, 255, 255))
        #expect(image.width == 18 && image.height == 18)
        let centre = (9 * 18 + 9) * 4
        #expect(image.pixels[centre + 3] == 255)
        #expect(image.pixels[3] == 0)
    }

    @Test func aRectFillsItsPixelsAndRoundsItsCorners() throws {
        let sharp = try Image.rect(width: 8, height: 4, color: rgb(255, 0, 0))
        #expect(sharp.width == 8 && sharp.height == 4)
        #expect(stride(from: 0, to: sharp.pixels.count, by: 4).allSatisfy { sharp.pixels[$0] == 255 && sharp.pixels[$0 + 3] == 255 })
        let round = try Image.rect(width: 20, height: 10, cornerRadius: 5)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { round.pixels[(y * round.width + x) * 4 + 3] }
        #expect(alpha(0, 0) == 0 && alpha(19, 9) == 0)
        #expect(alpha(10, 0) == 255 && alpha(10, 5) == 255 && alpha(1, 5) == 255 && alpha(0, 5) < 255)
        // A side that ends inside a pixel covers half of it.
        let half = try Image.rect(width: 2.5, height: 1)
        #expect(half.width == 3 && half.pixels[3] == 255 && abs(Int(half.pixels[11]) - 128) <= 1)
        #expect(throws: ImageError.self) { try Image.rect(width: 0, height: 4) }
    }

    @Test func softCircleFadesTowardItsEdge() throws {
        let image = try Image.circle(radius: 16, softness: 1)
        let w = image.width
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * w + x) * 4 + 3] }
        let c = w / 2
        #expect(alpha(c, c) > 240)
        #expect(alpha(c + 8, c) > 60 && alpha(c + 8, c) < 200)
        #expect(alpha(c + 15, c) < 10)
    }

    @Test(arguments: [(-1.0, 0.0), (0.0, 0.0), (10.0, 2.0), (Double.nan, 0.0)])
    func badCircleArgumentsAreErrors(radius: Double, softness: Double) {
        #expect(throws: ImageError.self) { try Image.circle(radius: radius, softness: softness) }
    }

    @Test func snowflakesAreDeterministicPerSeed() throws {
        let a = try Image.snowflake(size: 64, seed: 42)
        let b = try Image.snowflake(size: 64, seed: 42)
        #expect(a.pixels == b.pixels)
    }

    @Test func snowflakesDifferBySeed() throws {
        let images = try (0..<6).map { try Image.snowflake(size: 64, seed: UInt64($0)) }
        for i in 0..<images.count {
            for j in (i + 1)..<images.count {
                #expect(images[i].pixels != images[j].pixels, "seeds \(i) and \(j)")
            }
        }
    }

    @Test func snowflakesHaveTheirArmsSymmetry() throws {
        // Six arms: the image is symmetric under a half turn.
        let image = try Image.snowflake(size: 65, arms: 6, seed: 3)
        let w = image.width
        var differing = 0
        var inked = 0
        for y in 0..<w {
            for x in 0..<w {
                let a = image.pixels[(y * w + x) * 4 + 3], b = image.pixels[((w - 1 - y) * w + (w - 1 - x)) * 4 + 3]
                if a > 0 { inked += 1 }
                if abs(Int(a) - Int(b)) > 40 { differing += 1 }
            }
        }
        #expect(inked > w * w / 10)
        #expect(differing < inked / 20)
    }

    @Test func aSnowflakesPixelsAreItsStrokedLines() throws {
        // What an exporter draws instead of the pixels is what the pixels are drawn from: every
        // inked pixel lies within the widest stroke of the lines, and the lines are inked.
        let image = try Image.snowflake(size: 48, seed: 7)
        guard case let .strokes(lines, passes, _, _, _)? = image.shape else {
            Issue.record("a snowflake keeps the lines it is drawn from")
            return
        }
        var segments: [(Point, Point)] = []
        var last: Point?
        for element in lines.elements {
            switch element {
            case .move(let p): last = p
            case .line(let p):
                if let a = last { segments.append((a, p)) }
                last = p
            default: break
            }
        }
        func distance(_ p: Point) -> Double {
            segments.map { a, b in
                let dx = b.x - a.x, dy = b.y - a.y
                let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-12)))
                return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
            }.min() ?? .infinity
        }
        let reach = (passes.map(\.width).max() ?? 0) / 2 + 1
        var strayInk = 0, onLines = 0, inkedOnLines = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let d = distance(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let alpha = image.pixels[(y * image.width + x) * 4 + 3]
                if alpha > 0 && d > reach { strayInk += 1 }
                if d < 0.25 {
                    onLines += 1
                    if alpha > 128 { inkedOnLines += 1 }
                }
            }
        }
        #expect(strayInk == 0)
        #expect(onLines > 20 && inkedOnLines == onLines, "\(inkedOnLines) of \(onLines)")
    }

    @Test func badSnowflakeArgumentsAreErrors() {
        #expect(throws: ImageError.self) { try Image.snowflake(size: 2) }
        #expect(throws: ImageError.self) { try Image.snowflake(size: 64, arms: 1) }
    }
}

@Suite struct JPEGLoadingTests {
    @Test func aJPEGLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snowglobe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("photo.jpg").path
        // A 16×8 orange picture written by SDL_image's own JPEG writer.
        var pixels = [UInt8](repeating: 0, count: 16 * 8 * 4)
        for i in 0..<(16 * 8) { pixels[4 * i] = 255; pixels[4 * i + 1] = 128; pixels[4 * i + 3] = 255 }
        let status: Int32 = pixels.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, 16, 8, 32, 64,
                                                                   UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SaveJPG(surface, path, 95)
        }
        try #require(status == 0)
        let image = try ImageLoader.load(path: path)
        #expect(image.width == 16 && image.height == 8)
        #expect(abs(Int(image.pixels[0]) - 255) < 8 && abs(Int(image.pixels[1]) - 128) < 8 && image.pixels[3] == 255)
    }
}

/// PNG files are read through Cairo, which keeps libpng quiet; they must read as SDL_image
/// (which reads every other format) reads them.
@Suite struct PNGLoadingTests {
    @Test(arguments: PNGFixture.Format.allCases)
    func aPNGReadsAsSDLImageReadsIt(format: PNGFixture.Format) throws {
        let path = NSTemporaryDirectory() + "snowglobe-\(format.rawValue)-\(UUID().uuidString).png"
        try Data(PNGFixture.bytes(format)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ours = try ImageLoader.load(path: path)
        let sdl = try ImageLoader.loadThroughSDL(path: path)
        #expect(ours.width == sdl.width && ours.height == sdl.height)
        #expect(ours.pixels == sdl.pixels, "\(format)")
    }
}
