import Foundation
import TestSupport
import Testing

/// `render --chunk K/N`, `--frames I-J`, `--list-chunks N` and `--threads N`, as a person
/// splitting a long render across processes uses them: parts whose files are one render's,
/// plans a scheduler can read, a clear refusal of each bad request, and a part that fails alone.
final class RenderPartsTests {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A square sliding, a second one added by a timer, and a display link that turns the first:
    /// a part must replay all of it to show what the whole render shows.
    static let busyScene = """
        local square = ca.Layer{ bounds = { 0, 0, 16, 16 }, position = { 10, 24 }, backgroundColor = "white" }
        ca.root:addSublayer(square)
        square:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 10, toValue = 54, duration = 2 })
        local shade = 0
        ca.DisplayLink(function() shade = (shade + 7) % 256; square.opacity = 0.5 + shade / 512 end)
        ca.after(0.75, function()
          ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 8, 8 }, position = { 32, 8 }, backgroundColor = "orange" })
        end)
        """

    private func script(_ source: String = RenderPartsTests.busyScene) throws -> String {
        try folder.write("scene.lua", source)
    }

    private func files(_ subfolder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + subfolder)) ?? []).sorted()
    }

    private static let common = ["--size", "64x48", "--fps", "10", "--from", "0.3", "--duration", "2"]

    // MARK: - Parts of a PNG sequence are one render's files

    /// 20 frames in 1, 3 and 7 parts (3 and 7 do not divide 20), each part its own process, all
    /// into one folder: the same files, byte for byte, as one render.
    @Test(arguments: [1, 3, 7])
    func chunksOfASequenceAreOneRendersFiles(parts: Int) throws {
        let path = try script()
        let whole = try CLI.run(["render", path, "--out", folder.path + "/whole/"] + Self.common)
        #expect(whole.status == 0, "\(whole.stderr)")
        for k in 1...parts {
            let r = try CLI.run(["render", path, "--out", folder.path + "/parts/", "--chunk", "\(k)/\(parts)"] + Self.common)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let names = files("whole")
        #expect(names.count == 20)
        #expect(files("parts") == names)
        for name in names {
            let a = FileManager.default.contents(atPath: folder.path + "/whole/" + name)
            let b = FileManager.default.contents(atPath: folder.path + "/parts/" + name)
            #expect(a != nil && a == b, "\(name) differs")
        }
    }

    /// What a script prints for scripted input — on a part's boundary, just before it, and
    /// between two frames — is printed once across the parts, as one render prints it: a
    /// render farm's logs read like one run's.
    @Test func scriptedInputIsPrintedByExactlyOnePart() throws {
        let path = try script("""
            ca.on("keydown", function(key) print("key " .. key .. string.format(" at %.4f", ca.now())) end)
            """)
        let input = ["--key", "a@1.3", "--key", "b@1.29", "--key", "c@1.333", "--key", "d@0.3"]
        let whole = try CLI.run(["render", path, "--out", folder.path + "/whole/"] + Self.common + input)
        #expect(whole.status == 0, "\(whole.stderr)")
        var printed: [String] = []
        for k in 1...2 {
            let r = try CLI.run(["render", path, "--out", folder.path + "/parts/", "--chunk", "\(k)/2"] + Self.common + input)
            #expect(r.status == 0, "\(r.stderr)")
            printed += r.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("key ") }
        }
        let once = whole.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("key ") }
        #expect(once.count == 4, "\(whole.stdout)")
        #expect(printed == once, "parts printed \(printed), the whole render \(once)")
    }

    /// `--frames I-J` writes the files numbered I to J, those of the whole render.
    @Test func aRangeWritesThoseFramesOfTheWhole() throws {
        let path = try script()
        #expect(try CLI.run(["render", path, "--out", folder.path + "/whole/"] + Self.common).status == 0)
        let r = try CLI.run(["render", path, "--out", folder.path + "/range/", "--frames", "5-8"] + Self.common)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(files("range") == ["frame_0005.png", "frame_0006.png", "frame_0007.png", "frame_0008.png"])
        for name in files("range") {
            #expect(FileManager.default.contents(atPath: folder.path + "/range/" + name)
                    == FileManager.default.contents(atPath: folder.path + "/whole/" + name), "\(name) differs")
        }
        #expect(r.stderr.contains("wrote \(folder.path)/range/frame_0005.png … \(folder.path)/range/frame_0008.png: 4 frames"))
    }

    // MARK: - The plan

    @Test func listChunksPrintsTheRangesAndRendersNothing() throws {
        let r = try CLI.run(["render", try script(), "--out", folder.path + "/out/", "--fps", "10", "--frames", "10",
                             "--list-chunks", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            chunk 1/3: frames 0-3 (4 frames, 0–0.4 s)
            chunk 2/3: frames 4-6 (3 frames, 0.4–0.7 s)
            chunk 3/3: frames 7-9 (3 frames, 0.7–1 s)

            """)
        #expect(files("out").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    @Test func listChunksSpeaksJSONForAScheduler() throws {
        let r = try CLI.run(["render", try script(), "--out", folder.path + "/out.mp4", "--fps", "30", "--from", "2",
                             "--duration", "30", "--list-chunks", "7", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["first"] as? Int == 0 && json["last"] as? Int == 899 && json["frames"] as? Int == 900)
        #expect(json["fps"] as? Double == 30)
        let chunks = try #require(json["chunks"] as? [[String: Any]])
        #expect(chunks.map { $0["index"] as? Int } == Array(1...7))
        #expect(chunks.map { $0["chunk"] as? String } == (1...7).map { "\($0)/7" })
        #expect(chunks.map { $0["frames"] as? Int } == [129, 129, 129, 129, 128, 128, 128])
        #expect(chunks.first?["first"] as? Int == 0 && chunks.last?["last"] as? Int == 899)
        for (a, b) in zip(chunks, chunks.dropFirst()) { #expect((a["last"] as? Int ?? 0) + 1 == b["first"] as? Int) }
        #expect(chunks.first?["from"] as? Double == 2 && chunks.last?["to"] as? Double == 32)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.mp4"))
    }

    // MARK: - Bad requests

    static let badRequests: [(arguments: [String], message: String)] = [
        (["--out", "O/", "--chunk", "4/3"], "--chunk K/N needs K from 1 to N, got 4/3"),
        (["--out", "O/", "--chunk", "0/3"], "--chunk K/N needs K from 1 to N, got 0/3"),
        (["--out", "O/", "--chunk", "1/0"], "--chunk K/N needs at least 1 part (N ≥ 1), got 1/0"),
        (["--out", "O/", "--chunk", "half"], "--chunk takes K/N, the K-th of N parts (e.g. 2/8), got 'half'"),
        (["--out", "O/", "--duration", "2", "--chunk", "1/21"],
         "--chunk K/N: N must be at most the 20 frames selected (0-19), got 1/21"),
        (["--out", "O/", "--frames", "9-3"], "--frames I-J must run forwards (I at most J), got 9-3"),
        (["--out", "O/", "--frames", "a-b"],
         "--frames takes a number of frames (90) or a range of frame numbers I-J (120-239), got 'a-b'"),
        (["--out", "O/", "--duration", "2", "--frames", "15-25"],
         "--frames 15-25 reaches outside the 20 frames --duration selects (0-19)"),
        (["--out", "O/", "--to", "1", "--frames", "0-10"], "--frames 0-10 reaches outside the 10 frames --to selects (0-9)"),
        (["--out", "O.png", "--chunk", "1/2"],
         "--chunk makes part of a clip: --out must be a folder, a %04d pattern or a video (.mp4, .webm, .mov), not one .png"),
        (["--out", "O.gif", "--chunk", "1/2"],
         "--chunk: GIF parts cannot be joined without re-encoding; render the parts as a PNG sequence (a folder) or .mp4, "
            + ".webm or .mov, and make the GIF from the whole"),
        (["--out", "O.apng", "--frames", "0-3"],
         "--frames I-J: APNG parts cannot be joined without re-encoding; render the parts as a PNG sequence (a folder) or "
            + ".mp4, .webm or .mov, and make the APNG from the whole"),
        (["--out", "O/", "--chunk", "1/2", "--loop-seamless"], "--loop-seamless checks a whole clip, not a part (--chunk)"),
        (["--out", "O/", "--chunk", "1/2", "--list-chunks", "2"], "give --chunk or --list-chunks, not both"),
        (["--out", "O/", "--duration", "2", "--list-chunks", "0"],
         "--list-chunks must be between 1 and the 20 frames selected (0-19), got 0"),
        (["--out", "O/", "--json"], "--json applies to --list-chunks"),
        (["--out", "O/", "--threads", "0"], "--threads must be between 1 and 8, got 0"),
        (["--out", "O/", "--threads", "9"], "--threads must be between 1 and 8, got 9"),
    ]

    @Test(arguments: badRequests)
    func aBadRequestIsRefusedSayingWhatIsAllowed(arguments: [String], message: String) throws {
        let path = try script()
        let out = folder.path + "/O"
        let r = try CLI.run(["render", path, "--fps", "10"] + arguments.map { $0.hasPrefix("O") ? out + $0.dropFirst() : $0 })
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: \(message)\n"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.lua"], "no file left")
    }

    // MARK: - What a part costs

    /// The second half replays the first without drawing and says what each took.
    @Test func aPartSaysWhatItsReplayAndItsFramesTook() throws {
        let r = try CLI.run(["render", try script(), "--out", folder.path + "/p/", "--chunk", "2/2", "--threads", "1"]
                            + Self.common)
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stderr.split(separator: "\n").last.map(String.init))
        #expect(last.wholeMatch(of: /snowglobe: replayed 0–1\.3 s in \d+\.\d\d s; rendered 10 frames in \d+\.\d\d s on 1 thread/) != nil,
                "\(last)")
    }

    /// `--threads` decides how many threads draw (and a whole render says so too).
    @Test(arguments: [1, 2])
    func threadsLimitTheDrawingThreads(threads: Int) throws {
        let r = try CLI.run(["render", try script(), "--out", folder.path + "/t/", "--threads", "\(threads)"] + Self.common)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("; rendered 20 frames in "))
        #expect(r.stderr.hasSuffix(threads == 1 ? " on 1 thread\n" : " on 2 threads\n"), "\(r.stderr)")
    }

    // MARK: - A part that fails

    /// An error at 1.25 s is inside the second of three parts (0.7–1.4 s): that part fails with
    /// the error at file:line; the first never reaches it and the third replays past it quietly.
    @Test func aPartWithAScriptErrorFailsAlone() throws {
        let path = try script("""
            ca.root:addSublayer(ca.Layer{ bounds = { 0, 0, 8, 8 }, position = { 4, 4 }, backgroundColor = "white" })
            ca.after(1.25, function() error("boom") end)
            """)
        let results = try (1...3).map { k in
            try CLI.run(["render", path, "--out", folder.path + "/e/", "--size", "16x16", "--fps", "10", "--duration", "2",
                         "--chunk", "\(k)/3"])
        }
        #expect(results.map(\.status) == [0, 1, 0], "\(results.map(\.stderr))")
        #expect(results[1].stderr.contains("scene.lua:2: boom"), "\(results[1].stderr)")
        #expect(results[1].stderr.contains("snowglobe: the script had an error (above); wrote "))
        #expect(!results[0].stderr.contains("boom") && !results[2].stderr.contains("boom"))
        #expect(files("e").count == 20, "every part wrote its frames")
    }
}
