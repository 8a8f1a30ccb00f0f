import Foundation
import TestSupport
import Testing

/// Ten minutes of virtual time: a scene that makes and removes layers forever holds steady, and
/// one that leaks is caught. `make soak` runs every script in Examples/ the same way.
struct SoakTests {
    /// Seed 002's pattern: a timer makes a tumbling flake every 0.1 s, a transaction's completion
    /// block removes it when it has fallen; one-shot timers, finished tasks and a display link
    /// that invalidates itself come and go.
    static let steady = #"""
        local sky = ca.Layer{ bounds = { 0, 0, 800, 600 }, position = { 400, 300 } }
        ca.root:addSublayer(sky)
        local t = ca.Transform3D.identity
        t.m34 = -1 / 300
        sky.sublayerTransform = t
        ca.every(0.1, function()
          local flake = ca.Layer{ bounds = { 0, 0, 8, 8 }, position = { math.random(0, 800), -10 },
                                  backgroundColor = "white", cornerRadius = 4, data = { born = ca.now() } }
          sky:addSublayer(flake)
          ca.transaction(function()
            flake:addAnimation(ca.BasicAnimation{ keyPath = "position.y", toValue = 620, duration = 2 + math.random() }, "fall")
            flake:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.x", byValue = math.pi * 2,
                                                  duration = 1, repeatCount = 2 }, "tumble")
            flake.opacity = 0.5
          end, { completion = function() flake:removeFromSuperlayer() end })
          flake.onTap = function() flake.opacity = 1 end
        end)
        ca.every(1, function()
          ca.after(0.5, function() end)
          ca.spawn(function() ca.wait(0.3) ca.await(function() sky.opacity = math.random() end, { duration = 0.2 }) end)
          local n = 0
          ca.DisplayLink(function(link) n = n + 1 if n == 3 then link:invalidate() end end)
        end)
        """#

    /// The same, except that every flake is also kept in a table and never removed.
    static let leaking = steady.replacingOccurrences(of: "sky:addSublayer(flake)", with: "sky:addSublayer(flake)\n  kept = kept or {}\n  kept[#kept + 1] = flake")
        .replacingOccurrences(of: "end, { completion = function() flake:removeFromSuperlayer() end })", with: "end)")

    func soak(_ source: String, duration: Double = 600) throws -> SoakReport {
        let folder = NSTemporaryDirectory() + "snowglobe-soak-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        var soak = Soak(script: folder + "/main.lua")
        soak.frameStep = 1.0 / 30
        soak.duration = duration
        soak.warmUp = min(soak.warmUp, duration / 4)
        soak.sampleEvery = min(soak.sampleEvery, duration / 12)
        return soak.run()
    }

    @Test func aSceneThatRemovesWhatItMakesHoldsSteadyForTenMinutes() throws {
        let report = try soak(Self.steady)
        #expect(report.errors.isEmpty, "\(report)")
        #expect(report.problems.isEmpty, "\(report)")
        // It is busy, not empty: flakes are falling at every sample.
        #expect(report.samples.dropFirst().allSatisfy { $0.layers > 10 && $0.animations > 10 }, "\(report)")
    }

    /// (Two minutes are enough to see it, and cheaper: every kept flake is evaluated each frame.)
    @Test func aSceneThatKeepsWhatItMakesIsCaught() throws {
        let report = try soak(Self.leaking, duration: 120)
        #expect(report.errors.isEmpty, "\(report)")
        #expect(report.problems.contains { $0.hasPrefix("layers grew") }, "\(report)")
    }

    /// Every example, for ten minutes at 60 frames a second, one at a time (`make soak`;
    /// SOAK_EXAMPLES=1 soaks the package's Examples/, SOAK_EXAMPLES=/a/folder another folder).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SOAK_EXAMPLES"] != nil), .serialized,
          arguments: SoakTests.examples)
    func anExampleHoldsSteady(example: String) {
        var soak = Soak(script: example)
        soak.checksResidentMemory = true
        let report = soak.run()
        print("soak \(example)\n\(report)")
        #expect(report.errors.isEmpty, "\(report)")
        #expect(report.problems.isEmpty, "\(report)")
    }

    /// The scripts in the package's Examples/ folder (and its subfolders), or in the folder
    /// SOAK_EXAMPLES names.
    static var examples: [String] {
        let setting = ProcessInfo.processInfo.environment["SOAK_EXAMPLES"] ?? "1"
        let root = setting.hasPrefix("/") ? setting : Project.examples
        guard let files = FileManager.default.enumerator(atPath: root) else { return [] }
        return files.compactMap { $0 as? String }.filter { $0.hasSuffix(".lua") }.sorted().map { root + "/" + $0 }
    }
}
