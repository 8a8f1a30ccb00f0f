import Foundation
import Testing
import TestSupport

/// `render --out NAME.json | NAME.lottie` as a user runs it, on every example and lesson: the
/// file validates against the Lottie 1.0 schema (lottie-specs), rlottie and ThorVG play it as
/// `render` draws the same moments, the same scene gives the same bytes, and bad input is a
/// clear error with no file left.
@Suite(.serialized)
struct LottieCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The Python with lottie-specs, rlottie-python and thorvg-python (`make python-venv`).
    static let python = Project.root + "/.build/venv/bin/python"
    static let player = Project.root + "/tools/lottie-play.py"
    static let frames = [0, 14, 29]

    /// The PSNR floors below the issue's (35 dB exact, 30 dB baked) where a scene uses what a
    /// player draws otherwise or what Lottie has no form for; each is said in docs/lottie.md.
    static let knownGaps: [String: (floor: Double, why: String)] = [
        "glow-snow.lua": (12, "bloom filter and additive blending dropped"),
        "lessons/11-particle-emitters.lua": (28, "additive blending dropped: the sparks' fountain, white where they "
                                             + "overlap in the renderer, stays orange in the players"),
    ]

    /// Text is filled from Pango's outlines, which match the glyphs Pango draws; but the renderer
    /// scales a text layer's texture, drawn at its contentsScale, while players fill the outlines
    /// at the output's size: at 320×240 (0.4 × the scenes) text scenes reach about 32 dB however
    /// exact they are (37 dB at the scenes' own size).
    static let textFloor = 30.0

    @Test(arguments: Project.allExamples())
    func anExampleExportsAndPlaysAsItRenders(_ example: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python),
                     "no \(Self.python): run `make python-venv` (make test does) to install lottie-specs, rlottie-python and thorvg-python")
        let script = Project.examples + "/" + example
        let common = ["render", script, "--size", "320x240", "--duration", "2", "--fps", "15"]
        let json = folder.path + "/scene.json"
        let export = try CLI.run(common + ["--out", json])
        #expect(export.status == 0, "\(export.stderr)")
        let line = export.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.hasPrefix("snowglobe: wrote \(json): Lottie 1.0, 320×240, 30 frames at 15 fps, "), "\(line)")
        let exact = !line.contains("; baked: ") && !line.contains("; dropped: ")

        // The same scene, the same bytes.
        try FileManager.default.createDirectory(atPath: folder.path + "/again", withIntermediateDirectories: true)
        let again = try CLI.run(common + ["--out", folder.path + "/again/scene.json"])
        #expect(again.status == 0)
        #expect(FileManager.default.contents(atPath: json) == FileManager.default.contents(atPath: folder.path + "/again/scene.json"))

        let rows = try play(json, against: common)
        let written = String(decoding: FileManager.default.contents(atPath: json) ?? Data(), as: UTF8.self)
        let hasText = written.contains("TextLayer") || written.contains("text'")
        var floor = exact ? (hasText ? Self.textFloor : 35) : 30
        if let gap = Self.knownGaps[example] { floor = min(floor, gap.floor) }
        for row in rows {
            for name in ["rlottie", "thorvg"] {
                let psnr = row[name] as? Double ?? 0
                #expect(psnr >= floor, "\(example) frame \(row["frame"] ?? ""): \(name) \(psnr) dB < \(floor) dB")
            }
        }
    }

    /// Scenes that export exactly and draw text: at the sweep's 320×240 their text is a texture
    /// scaled down and the players' outlines differ from it, so they are held to `textFloor`
    /// there; at their own size, where both draw the glyphs at one pixel a point, they meet the
    /// issue's 35 dB for exact scenes.
    static let exactWithText = ["bargraph.lua", "lessons/01-model-vs-presentation.lua",
                                "lessons/02-basic-animation-fill-modes.lua", "lessons/06-groups.lua",
                                "lessons/07-transactions.lua", "lessons/08-implicit-animations.lua",
                                "lessons/09-layer-time.lua", "lessons/16-group-opacity.lua",
                                "lessons/17-path-morphing.lua"]

    @Test(arguments: exactWithText)
    func anExactSceneWithTextPlaysAt35dBAtItsOwnSize(_ example: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python),
                     "no \(Self.python): run `make python-venv` (make test does)")
        let common = ["render", Project.examples + "/" + example, "--duration", "2", "--fps", "15"]
        let json = folder.path + "/scene.json"
        let export = try CLI.run(common + ["--out", json])
        #expect(export.status == 0, "\(export.stderr)")
        let line = export.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.contains("Lottie 1.0, 800×600") && !line.contains("; baked: ") && !line.contains("; dropped: "),
                "\(example) should export exactly at its own size: \(line)")
        let rows = try play(json, against: common)
        for row in rows {
            for name in ["rlottie", "thorvg"] {
                let psnr = row[name] as? Double ?? 0
                #expect(psnr >= 35, "\(example) frame \(row["frame"] ?? ""): \(name) \(psnr) dB < 35 dB at 800×600")
            }
        }
    }

    /// Renders `common` (a render command without its output) to PNGs, then validates `json` and
    /// plays it with both players at `frames` against them: each frame's row of PSNRs.
    private func play(_ json: String, against common: [String]) throws -> [[String: Any]] {
        let reference = folder.path + "/ref"
        let render = try CLI.run(common + ["--out", reference + "/f%d.png"])
        #expect(render.status == 0, "\(render.stderr)")
        let played = try CLI.run(Self.python, [Self.player, json, "--frames", Self.frames.map(String.init).joined(separator: ","),
                                               "--reference", reference + "/f%d.png"])
        #expect(played.status == 0, "\(played.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(played.stdout.utf8)) as? [String: Any])
        #expect((result["schema"] as? [String]) == [], "schema: \(result["schema"] ?? "")")
        let rows = try #require(result["frames"] as? [[String: Any]])
        #expect(rows.count == Self.frames.count)
        return rows
    }

    @Test func aDotLottieArchiveIsWritten() throws {
        let out = folder.path + "/clip.lottie"
        let r = try CLI.run(["render", Project.examples + "/lessons/03-timing-functions.lua", "--out", out, "--duration", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: out))
        #expect(Array(bytes.prefix(2)) == [0x50, 0x4B])
        #expect(r.stderr.contains("snowglobe: wrote \(out): Lottie 1.0, 800×600, 30 frames at 30 fps"))
    }

    @Test func strictRefusesASceneThatBakesWithExitStatusOne() throws {
        let out = folder.path + "/springs.json"
        let r = try CLI.run(["render", Project.examples + "/lessons/05-springs.lua", "--out", out, "--duration", "1", "--strict"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("snowglobe: --strict: the scene cannot be exported exactly: it bakes "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func verboseListsEachItemWithItsLayer() throws {
        let out = folder.path + "/springs.json"
        let r = try CLI.run(["render", Project.examples + "/lessons/05-springs.lua", "--out", out, "--duration", "1", "--verbose"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("snowglobe:   baked: spring — "), "\(r.stderr)")
    }

    @Test func aTurningCubesFacesChangingOrderIsReportedAsBaked() throws {
        let out = folder.path + "/cube.json"
        let r = try CLI.run(["render", Project.examples + "/cube.lua", "--out", out, "--duration", "2", "--fps", "15",
                             "--size", "320x240", "--verbose"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("snowglobe:   baked: changing back-to-front order — 'face1', made at cube.lua:40\n"),
                "\(r.stderr)")
        let line = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.contains(" × changing back-to-front order"), "\(line)")
    }

    @Test func verboseNamesTheScriptLineThatMadeEachItem() throws {
        let script = try folder.write("scene.lua", """
            local box = ca.Layer{ name = "box", bounds = { 0, 0, 40, 40 }, position = { 40, 60 }, backgroundColor = "gold" }
            ca.root:addSublayer(box)
            local move = ca.BasicAnimation{ keyPath = "position.x", fromValue = 40, toValue = 240, duration = 1 }
            box:addAnimation(move, "move")
            local ball = ca.Layer{ bounds = { 0, 0, 20, 20 }, position = { 100, 60 }, backgroundColor = "tomato",
              shadowOpacity = 0.5 }
            ca.root:addSublayer(ball)
            ball:addAnimation(ca.SpringAnimation{ keyPath = "position.y", fromValue = 20, toValue = 100 }, "drop")
            """)
        let r = try CLI.run(["render", script, "--out", folder.path + "/scene.json", "--duration", "1", "--verbose"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("snowglobe:   exact: basic animation — 'box' position.x, made at scene.lua:3\n"),
                "\(r.stderr)")
        #expect(r.stderr.contains("snowglobe:   baked: spring — root › Layer@scene.lua:5 position.y, made at scene.lua:8\n"),
                "\(r.stderr)")
        #expect(r.stderr.contains("snowglobe:   baked: shadow (as a blurred image) — root › Layer@scene.lua:5\n"),
                "\(r.stderr)")
    }

    @Test(arguments: [
        (["--at", "1"], "--at renders one frame; a Lottie file"),
        (["--loop-seamless"], "do not apply to Lottie output"),
        (["--chunk", "1/2"], "do not apply to Lottie output"),
    ])
    func optionsThatDoNotApplyAreRefused(_ extra: [String], _ message: String) throws {
        let out = folder.path + "/x.json"
        let r = try CLI.run(["render", Project.examples + "/snowfall.lua", "--out", out] + extra)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func strictAndVerboseBelongToLottie() throws {
        let r = try CLI.run(["render", Project.examples + "/snowfall.lua", "--out", folder.path + "/x.png", "--strict"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--strict and --verbose apply to Lottie output (.json, .lottie)"))
    }

    @Test func anUnwritablePathSaysSoAndLeavesNothing() throws {
        let out = folder.path + "/missing/x.json"
        let r = try CLI.run(["render", Project.examples + "/snowfall.lua", "--out", out, "--duration", "0.5"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("snowglobe: cannot write '\(out)': No such file or directory"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing"))
    }

    @Test func aScriptErrorWritesNoFile() throws {
        let script = try folder.write("bad.lua", "local x = ca.Layer{ nope = 1 }\n")
        let out = folder.path + "/bad.json"
        let r = try CLI.run(["render", script, "--out", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("bad.lua:1:"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
