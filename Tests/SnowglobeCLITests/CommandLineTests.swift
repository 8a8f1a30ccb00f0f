import Foundation
import TestSupport
import Testing

/// `snowglobe check`, `snowglobe render` and `snowglobe plot` as a user runs them: exit codes, output, errors,
/// determinism. They run the binary built beside this test bundle. A class so that each test's
/// script folders are removed when the test is done.
final class CommandLineTests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var binary: String { SnowglobeBinary.path }

    /// The folders `script(_:)` made for this test.
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Runs `binary` (the built snowglobe unless named) with `arguments`, in `folder` (unless
    /// nil: this process's), with no SNOWGLOBE_SCRIPTS in its environment.
    func run(_ arguments: [String], binary: String = CommandLineTests.binary, in folder: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SNOWGLOBE_SCRIPTS" }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `source` to `script.lua` in a fresh folder and returns its path.
    func script(_ source: String) throws -> String {
        let folder = NSTemporaryDirectory() + "snowglobe-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        folders.append(folder)
        let path = folder + "/script.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func checkWarnsAboutKeyTimesCoreAnimationWouldIgnore() throws {
        let path = try script("""
            local box = ca.Layer{}
            local slide = ca.KeyframeAnimation{ keyPath = "position.x", values = {0, 10, 20}, keyTimes = {0, 1} }
            box:addAnimation(slide, "slide")
            print("added")
            """)
        let r = try run(["check", path, "--duration", "0.1"])
        #expect(r.status == 0)
        #expect(r.stdout == "added\n")
        #expect(r.stderr.hasPrefix("\(path):2: warning: keyTimes ignored, values spaced evenly: 2 key times for 3 values (\"linear\" takes one per value) (KeyframeAnimation on 'position.x')\n"))
    }

    /// `box.position.x = 300` in a callback run every frame: `check` warns once, at the
    /// statement's file and line, says what to write, and still exits 0.
    @Test func checkWarnsOnceOfAFieldAssignedOnACopy() throws {
        let path = try script("""
            local box = ca.Layer{ position = {100, 100} }
            ca.root:addSublayer(box)
            ca.DisplayLink(function()
              box.position.x = 300
            end)
            """)
        let r = try run(["check", path, "--duration", "0.5"])
        #expect(r.status == 0)
        #expect(r.stderr == """
            \(path):4: warning: box.position.x = 300 changes a copy of box.position, not the layer (reading it gives a new value); write box.position = {300, box.position.y}
            snowglobe: \(path) ran 0.5 s (30 ticks) without an error (1 warning); 1 layer in the tree at the end

            """)
    }

    @Test func checkRunsTheScriptOnVirtualTime() throws {
        let path = try script("""
            print("start", ca.now())
            ca.after(1, function() print("one second", ca.now()) end)
            ca.every(0.5, function() print("tick") end)
            """)
        let r = try run(["check", path, "--duration", "1.2"])
        #expect(r.status == 0)
        #expect(r.stdout == "start\t0.0\ntick\none second\t1.0\ntick\n")
        #expect(r.stderr == "snowglobe: \(path) ran 1.2 s (72 ticks) without an error; 0 layers in the tree at the end\n")
    }

    @Test func checkReportsErrorsWithFileLineAndExitsOne() throws {
        let path = try script("""
            local layer = ca.Layer{}
            ca.after(0.1, function()
              layer.opactiy = 1
            end)
            """)
        let r = try run(["check", path, "--duration", "1"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(path):3: unknown property 'opactiy' on Layer (did you mean 'opacity'?) (in a timer)\nstack traceback:"))
    }

    @Test func checkReportsSyntaxErrors() throws {
        let path = try script("local x = = 1")
        let r = try run(["check", path])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(path):1:"))
    }

    @Test func theSameSeedGivesTheSameOutput() throws {
        let path = try script("for i = 1, 5 do print(math.random(1, 1000)) end")
        let a = try run(["check", path, "--seed", "42", "--duration", "0"])
        let b = try run(["check", path, "--seed", "42", "--duration", "0"])
        let c = try run(["check", path, "--seed", "43", "--duration", "0"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stdout != c.stdout)
    }

    @Test func badArgumentsAreRefused() throws {
        #expect(try run(["check", "/no/such/script.lua"]).status == 1)
        let path = try script("print(1)")
        let r = try run(["check", path, "--fps", "0"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--fps"))
        #expect(try run(["render", path, "--out", "/tmp/x.png", "--size", "0x5"]).status != 0)
    }

    @Test func anEndlessLoopIsStoppedByTheTimeLimit() throws {
        let path = try script("ca.after(0.1, function() while true do end end)\nca.every(0.5, function() print('alive') end)")
        let r = try run(["check", path, "--duration", "1.2", "--time-limit", "0.2"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("script ran too long (more than 0.2 s in one call)"))
        #expect(r.stdout == "alive\nalive\n")
    }

    @Test func renderWritesTheSameBytesTwice() throws {
        let path = try script("""
            local box = ca.Layer{ frame = {10, 10, 40, 40}, backgroundColor = "orange" }
            ca.root:addSublayer(box)
            box:addAnimation(ca.BasicAnimation{ keyPath = "position.x", fromValue = 30, toValue = 150, duration = 1 }, "move")
            """)
        let folder = (path as NSString).deletingLastPathComponent
        let first = folder + "/a.png", second = folder + "/b.png", gif = folder + "/c.gif"
        #expect(try run(["render", path, "--out", first, "--size", "200x100", "--at", "0.5"]).status == 0)
        #expect(try run(["render", path, "--out", second, "--size", "200x100", "--at", "0.5"]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(!a.isEmpty && a == b)
        #expect(a.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try run(["render", path, "--out", gif, "--size", "200x100", "--frames", "5", "--fps", "10"]).status == 0)
        let g = try Data(contentsOf: URL(fileURLWithPath: gif))
        #expect(g.starts(with: Array("GIF89a".utf8)))
    }

    /// `--loop` and `--dither` are checked, and refused by name for anything but a GIF.
    @Test(arguments: [
        (["--out", "x.gif", "--loop", "-1"], "Error: --loop must be between 0 (forever) and 65535, got -1"),
        (["--out", "x.gif", "--loop", "65536"], "Error: --loop must be between 0 (forever) and 65535, got 65536"),
        (["--out", "x.png", "--loop", "2"], "Error: --loop applies to .gif and .apng output, not 'x.png'"),
        (["--out", "frames/", "--dither", "none"], "Error: --dither applies to .gif output, not 'frames/'"),
        (["--out", "x.gif", "--dither", "fast"],
         "Error: The value 'fast' is invalid for '--dither <dither>'. Please provide one of 'floyd' and 'none'."),
    ])
    func gifOptionsAreChecked(arguments: [String], message: String) throws {
        let path = try script("print(1)")
        let r = try run(["render", path] + arguments)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(message + "\n"), "\(r.stderr)")
    }

    @Test func gifOptionsReachTheFile() throws {
        let path = try script("""
            local sky = ca.GradientLayer{ frame = {0, 0, 120, 80}, colors = {"navy", "orange"},
                                          startPoint = {0, 0}, endPoint = {1, 1} }
            ca.root:addSublayer(sky)
            sky:addAnimation(ca.BasicAnimation{ keyPath = "opacity", fromValue = 0.2, toValue = 1, duration = 1 }, "fade")
            """)
        let folder = (path as NSString).deletingLastPathComponent
        func render(_ name: String, _ options: [String]) throws -> Data {
            let out = folder + "/" + name
            #expect(try run(["render", path, "--out", out, "--size", "120x80", "--frames", "4", "--fps", "4"] + options).status == 0)
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let looping = try render("a.gif", []), thrice = try render("b.gif", ["--loop", "2"])
        let netscape = Data("NETSCAPE2.0".utf8)
        func count(_ gif: Data) -> [UInt8] {
            guard let found = gif.range(of: netscape) else { return [] }
            return Array(gif[found.upperBound..<found.upperBound + 4])
        }
        #expect(count(looping) == [3, 1, 0, 0])
        #expect(count(thrice) == [3, 1, 2, 0])
        #expect(try render("c.gif", ["--dither", "floyd"]) == looping)
        #expect(try render("d.gif", ["--dither", "none"]) != looping)
    }

    @Test func scriptedClicksAndKeysArriveAtTheirTimes() throws {
        let path = try script("""
            local button = ca.Layer{ bounds = {0, 0, 100, 40}, position = {150, 150} }
            ca.root:addSublayer(button)
            button.onTap = function(layer, p) print("tap", ca.now(), p.x, p.y) end
            ca.on("keydown", function(key) print("key", key, ca.now()) end)
            """)
        let r = try run(["check", path, "--duration", "2",
                         "--key", "Space@1.5", "--click", "120,140@0.5", "--click", "10,10"])
        #expect(r.status == 0)
        #expect(r.stdout == "tap\t0.5\t20.0\t10.0\nkey\tspace\t1.5\n")
        let bad = try run(["check", path, "--click", "120"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--click"))
    }
}
