import Foundation
import TestSupport
import Testing

/// `snowglobe render --out x.mp4|.webm|.mov|.apng`, checked as a person sharing a clip would:
/// every file read back with ffprobe (container, codec, size, frame count, duration, pixel
/// format), frames decoded back compared with the headless PNGs, transparency kept where asked,
/// and failures that leave nothing half-written.
final class VideoOutputTests {
    private let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "snowglobe-video-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A white square sliding over nothing (what shows there is the --background).
    static let slidingSquare = """
        local square = ca.Layer{ bounds = { 0, 0, 40, 40 }, position = { 30, 45 }, backgroundColor = "white" }
        ca.root:addSublayer(square)
        square:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 30, toValue = 90, duration = 2 })
        local label = ca.TextLayer{ string = "snow", fontSize = 14, foregroundColor = "#ffcc44",
                                    bounds = { 0, 0, 60, 20 }, position = { 60, 80 } }
        ca.root:addSublayer(label)
        """

    private func script(_ source: String = VideoOutputTests.slidingSquare) throws -> String {
        let path = folder + "/scene.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "scene.lua" }.sorted()
    }

    // MARK: - Containers, codecs, sizes, frame counts

    @Test(arguments: [
        ("clip.mp4", "h264", "yuv420p", "mov,mp4,m4a,3gp,3g2,mj2"),
        ("clip.webm", "vp9", "yuv420p", "matroska,webm"),
        ("clip.mov", "prores", "yuv444p12le", "mov,mp4,m4a,3gp,3g2,mj2"),
        ("clip.apng", "apng", "rgb24", "apng"),
    ])
    func eachFormatHasItsCodecSizeAndFrames(name: String, codec: String, pixelFormat: String, container: String) throws {
        let out = folder + "/" + name
        let r = try CLI.run(["render", try script(), "--out", out, "--size", "120x90", "--fps", "12", "--duration", "1.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote \(out): 18 frames, 120×90"))
        let probe = try FFprobe.stream(out)
        #expect(probe.codec == codec)
        #expect(probe.width == 120 && probe.height == 90)
        #expect(probe.pixelFormat == pixelFormat)
        #expect(probe.frames == 18)
        #expect(probe.container == container)
        if name != "clip.apng" { #expect(abs((probe.duration ?? 0) - 1.5) < 0.01) }
        #expect(files() == [name], "nothing but the file (no temporary left)")
    }

    /// H.264 in yuv420p needs even sides: an odd size is padded by one row or column.
    @Test func anOddSizeMakesAnEvenMP4() throws {
        let out = folder + "/odd.mp4"
        let r = try CLI.run(["render", try script(), "--out", out, "--size", "121x91", "--fps", "10", "--duration", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        let probe = try FFprobe.stream(out)
        #expect(probe.width == 122 && probe.height == 92)
        #expect(probe.frames == 5)
    }

    /// The moov atom comes first (+faststart), so a browser plays the clip before it has it all.
    @Test func anMP4StartsWithItsIndex() throws {
        let out = folder + "/fast.mp4"
        _ = try CLI.run(["render", try script(), "--out", out, "--size", "64x48", "--fps", "10", "--duration", "0.5"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        let moov = bytes.range(of: Data("moov".utf8)), mdat = bytes.range(of: Data("mdat".utf8))
        #expect(moov != nil && mdat != nil && moov!.lowerBound < mdat!.lowerBound)
    }

    /// Frames decoded back from the MP4 are the headless PNG frames, within the codec's loss.
    @Test func mp4FramesMatchTheHeadlessFrames() throws {
        let path = Project.examples + "/gallery-snowfall.lua"
        let common = ["--size", "320x240", "--fps", "10", "--from", "1", "--to", "2"]
        let video = folder + "/snow.mp4"
        #expect(try CLI.run(["render", path, "--out", video] + common).status == 0)
        #expect(try CLI.run(["render", path, "--out", folder + "/png/"] + common).status == 0)
        let decoded = try FFmpegDecode.rawFrames(video, pixelFormat: "rgb24", width: 320, height: 240)
        let reference = try FFmpegDecode.rawFrames(folder + "/png/frame_%04d.png", pixelFormat: "rgb24", width: 320, height: 240)
        #expect(decoded.count == 10 && reference.count == 10)
        for (a, b) in zip(decoded, reference) {
            let psnr = FFmpegDecode.psnr(a, b)
            #expect(psnr >= 35, "PSNR \(psnr) dB")
        }
    }

    // MARK: - Alpha

    /// WebM (yuva420p, VP9's alpha), MOV (ProRes 4444) and APNG keep a transparent background:
    /// the corner decodes transparent, the square opaque.
    @Test(arguments: [("alpha.webm", "libvpx-vp9"), ("alpha.mov", nil), ("alpha.apng", nil)] as [(String, String?)])
    func aTransparentBackgroundIsKept(name: String, decoder: String?) throws {
        let out = folder + "/" + name
        let r = try CLI.run(["render", try script(), "--out", out, "--size", "120x90", "--fps", "10",
                                   "--duration", "0.5", "--background", "transparent"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try FFmpegDecode.rawFrames(out, pixelFormat: "rgba", width: 120, height: 90, decoder: decoder)
        let first = try #require(frames.first)
        let corner = first[(5 * 120 + 5) * 4 + 3]
        let square = first[(45 * 120 + 30) * 4 + 3]
        #expect(corner < 8, "corner alpha \(corner)")
        #expect(square > 247, "square alpha \(square)")
        let probe = try FFprobe.stream(out)
        // VP9 carries alpha in a side channel that its header marks; the others in the pixel format.
        #expect(probe.alphaMode == "1" || probe.pixelFormat.hasPrefix("yuva") || probe.pixelFormat == "rgba",
                "\(probe.pixelFormat)")
    }

    @Test func aPNGSequenceKeepsATransparentBackground() throws {
        let r = try CLI.run(["render", try script(), "--out", folder + "/seq/", "--size", "120x90", "--fps", "10",
                                   "--duration", "0.3", "--background", "transparent"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try FFmpegDecode.rawFrames(folder + "/seq/frame_%04d.png", pixelFormat: "rgba", width: 120, height: 90)
        #expect(frames.count == 3)
        #expect(frames[0][(5 * 120 + 5) * 4 + 3] == 0)
        #expect(frames[0][(45 * 120 + 30) * 4 + 3] == 255)
    }

    @Test func mp4AndGIFRefuseATransparentBackgroundSayingWhy() throws {
        for name in ["t.mp4", "t.gif"] {
            let r = try CLI.run(["render", try script(), "--out", folder + "/" + name, "--background", "transparent"])
            #expect(r.status == 64)
            #expect(r.stderr.contains("--background transparent:") && r.stderr.contains("has no alpha channel"))
            #expect(r.stderr.contains(".webm") && r.stderr.contains(".mov"))
        }
        #expect(files().isEmpty)
    }

    // MARK: - Failures leave nothing behind

    @Test func missingFFmpegSaysHowToInstallIt() throws {
        let out = folder + "/clip.mp4"
        let r = try CLI.run(["render", try script(), "--out", out], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write '\(out)'"))
        #expect(r.stderr.contains("needs the ffmpeg program") && r.stderr.contains("apt install ffmpeg"))
        #expect(files().isEmpty)
    }

    /// An encoder that dies half-way (a full disk, a crash): one line naming the file and what
    /// the encoder said; no file under the final name, no temporary.
    @Test func aFailingEncoderLeavesNoFile() throws {
        let fake = folder + "/fake-ffmpeg"
        try """
            #!/bin/sh
            head -c 100000 > /dev/null
            echo "av_interleaved_write_frame(): No space left on device" >&2
            exit 1
            """.write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let out = folder + "/clip.mp4"
        let r = try CLI.run(["render", try script(), "--out", out, "--size", "120x90", "--duration", "2"],
                                  environment: ["SNOWGLOBE_FFMPEG": fake])
        #expect(r.status == 1)
        #expect(r.stderr == "snowglobe: cannot write '\(out)': fake-ffmpeg: av_interleaved_write_frame(): No space left on device\n")
        #expect(files() == ["fake-ffmpeg"])
    }

    @Test func anUnwritableFolderIsToldBeforeRendering() throws {
        let out = folder + "/missing/clip.webm"
        let r = try CLI.run(["render", try script(), "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr == "snowglobe: cannot write '\(out)': No such file or directory\n")
    }

    /// The old file stays until the new one is whole.
    @Test func aFailedRenderKeepsTheOldFile() throws {
        let out = folder + "/clip.webm"
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        let fake = folder + "/fake-ffmpeg"
        try "#!/bin/sh\nexit 3\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let r = try CLI.run(["render", try script(), "--out", out, "--size", "64x48"], environment: ["SNOWGLOBE_FFMPEG": fake])
        #expect(r.status == 1)
        #expect(r.stderr.contains("fake-ffmpeg exited with status 3"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("old".utf8))
        #expect(files() == ["clip.webm", "fake-ffmpeg"])
    }

    // MARK: - Memory

    /// Frames stream to the encoder: a 60 s render needs no more memory than a 5 s one.
    @Test func memoryStaysFlatForALongRender() throws {
        let path = try script()
        func peak(_ seconds: Int) throws -> Int {
            let out = folder + "/long\(seconds).mp4"
            let usage = try CLI.runMeasured(["render", path, "--out", out, "--size", "160x120", "--fps", "10",
                                                   "--duration", "\(seconds)"])
            #expect(usage.status == 0)
            #expect(try FFprobe.stream(out).frames == seconds * 10)
            return usage.peakKilobytes
        }
        let short = try peak(5), long = try peak(60)
        #expect(long < short + 8 * 1024, "peak \(short) kB for 5 s, \(long) kB for 60 s")
    }
}

extension VideoOutputTests {
    /// `--loop N` means what it means for a GIF: repeat N times after the first play (0: for
    /// ever); an APNG's acTL chunk counts plays, so N + 1.
    @Test(arguments: [(nil, 0), (0, 0), (2, 3)] as [(Int?, UInt32)])
    func anAPNGPlaysAsOftenAsAGIF(loop: Int?, plays: UInt32) throws {
        let out = NSTemporaryDirectory() + "snowglobe-apng-\(UUID().uuidString).apng"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let path = NSTemporaryDirectory() + "snowglobe-apng-\(UUID().uuidString).lua"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.slidingSquare.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", path, "--out", out, "--size", "40x30", "--fps", "10", "--duration", "0.3"]
                            + (loop.map { ["--loop", String($0)] } ?? []))
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let chunk = try #require(Data(bytes).range(of: Data("acTL".utf8)))
        let field = bytes[(chunk.upperBound + 4)..<(chunk.upperBound + 8)]
        #expect(field.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } == plays)
    }
}
