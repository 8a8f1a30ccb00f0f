import Foundation
import Testing

/// What the commands say: one line when `check` succeeds, why a script cannot be opened, each
/// error once however often it happens, and nothing from the libraries underneath.
extension CommandLineTests {
    @Test func checkSaysWhatItRanOnSuccess() throws {
        let path = try script("ca.root:addSublayer(ca.Layer{ sublayers = { ca.Layer{} } })")
        let r = try run(["check", path, "--duration", "1.5"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "snowglobe: \(path) ran 1.5 s (90 ticks) without an error; 2 layers in the tree at the end\n")
    }

    @Test func aScriptThatCannotBeOpenedSaysWhy() throws {
        let path = try script("print(1)")
        let folder = (path as NSString).deletingLastPathComponent
        let missing = try run(["check", folder + "/missing.lua"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "snowglobe: cannot open \(folder)/missing.lua (no such file)\n")
        let directory = try run(["check", folder])
        #expect(directory.stderr == "snowglobe: cannot open \(folder) (it is a folder)\n")
        let viewed = try run([folder + "/missing.lua"])
        #expect(viewed.stderr == "snowglobe: cannot open \(folder)/missing.lua (no such file)\n")
    }

    @Test func anErrorThatRepeatsIsToldOnceAndCounted() throws {
        let path = try script("""
            ca.every(0.1, function()
              ca.transaction(function() end, { completion = function() error("done failed") end })
            end)
            """)
        let r = try run(["check", path, "--duration", "1"])
        #expect(r.status == 1)
        let headline = "\(path):2: done failed (in a transaction's completion block)"
        #expect(r.stderr.components(separatedBy: headline + "\n").count == 2, "\(r.stderr)")
        #expect(r.stderr.hasSuffix(headline + " (and 9 more times)\n"), "\(r.stderr)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aDisplayLinkLoopingForeverIsStoppedInAFrame() throws {
        let path = try script("""
            ca.DisplayLink(function() while true do end end)
            ca.every(1, function() print("alive", ca.now()) end)
            """)
        let started = Date()
        let r = try run(["check", path, "--duration", "5"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(path):1: script ran too long (more than 0.1 s in one call) (in a display link, now stopped)\n"))
        #expect(r.stderr.components(separatedBy: "script ran too long").count == 2)
        #expect(r.stdout.components(separatedBy: "alive").count == 6)
    }

    /// A damaged PNG is an error naming it, and libpng prints nothing of its own.
    @Test func aDamagedImageIsReportedOnlyOnce() throws {
        let path = try script("ca.Image.load('broken.png')")
        let folder = (path as NSString).deletingLastPathComponent
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/broken.png"))
        let r = try run(["check", path])
        #expect(r.status == 1)
        #expect(!r.stderr.contains("libpng"))
        #expect(r.stderr.hasPrefix("\(path):1: cannot load image 'broken.png': cannot read image '\(folder)/broken.png': not a valid PNG image (damaged or cut short)\n"), "\(r.stderr)")
    }

    @Test func aRectImageIsMadeForConfetti() throws {
        let path = try script("""
            local confetti = ca.Image.rect{ width = 8, height = 4, cornerRadius = 1, color = "gold" }
            print(confetti.width, confetti.height)
            print(ca.Image.rect{}.width, ca.Image.rect{ width = 5.5 }.height)
            """)
        let r = try run(["check", path, "--duration", "0"])
        #expect(r.status == 0)
        #expect(r.stdout == "8\t4\n16\t6\n")
    }
}
