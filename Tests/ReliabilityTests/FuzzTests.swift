import Foundation
import Testing

/// The fuzzer: random `ca` programs run in-process; none may crash, hang or leak (see
/// `FuzzRunner`). A short run is part of `make test`; `make fuzz` runs a long one:
///
///     make fuzz                      # FUZZ_SECONDS=300 by default
///     FUZZ_SECONDS=3600 FUZZ_SEED=7 make fuzz
///     FUZZ_PROGRAM=1234567 make fuzz # replays one program, printing its source and errors
///                                    # (add FUZZ_STORMS=0 for one from the short run)
///
/// A failing program is saved under .build/fuzz/ as a standalone .lua file for `snowglobe check`.
struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test func aShortRunOfRandomProgramsNeitherCrashesHangsNorLeaks() async {
        let summary = await fuzz(seed: 2026, count: 200, seconds: 40, storms: false)
        print(summary)
        #expect(summary.programs >= 100)
        #expect(summary.failures.isEmpty, "\(summary)")
        // Programs that end in Lua errors are most of them: the checks are being reached.
        #expect(summary.programsWithErrors > summary.programs / 2)
    }

    @Test(.enabled(if: environment["FUZZ_SECONDS"] != nil || environment["FUZZ_PROGRAM"] != nil))
    func aLongRun() async {
        let seconds = Double(Self.environment["FUZZ_SECONDS"] ?? "") ?? 300
        let seed = UInt64(Self.environment["FUZZ_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970)
        let only = UInt64(Self.environment["FUZZ_PROGRAM"] ?? "")
        if only == nil { print("fuzz: seed \(seed) for \(Int(seconds)) s") }
        let storms = Self.environment["FUZZ_STORMS"] != "0"
        let summary = await fuzz(seed: seed, count: .max, seconds: seconds, only: only, storms: storms, verbose: only != nil)
        print(summary)
        #expect(summary.failures.isEmpty, "\(summary)")
        if only == nil && summary.programs > 500 {
            // Memory stays flat over many programs once the allocator has warmed up.
            #expect(summary.residentAtEnd - summary.residentAfterWarmUp < 256 << 20, "\(summary)")
        }
    }

    @Test func theSameSeedMakesTheSameProgram() {
        let a = ProgramGenerator.program(seed: 99)
        let b = ProgramGenerator.program(seed: 99)
        let c = ProgramGenerator.program(seed: 100)
        #expect(a.source == b.source)
        #expect(a.source != c.source)
        #expect(FuzzRandom.programSeed(run: 1, index: 5) == FuzzRandom.programSeed(run: 1, index: 5))
    }

    @Test func theCatalogueHasEveryDocumentedName() {
        let catalog = APICatalog.current
        let functions = Set(catalog.functions.map(\.path))
        for name in ["ca.Layer", "ca.BasicAnimation", "ca.Transaction.begin", "ca.Timer.scheduled", "ca.Image.circle",
                     "ca.Path.roundedRect", "ca.Transform3D.rotation", "ca.spawn", "ca.on", "ca.transaction", "ca.every"] {
            #expect(functions.contains(name), "\(name)")
        }
        #expect(catalog.functions.first { $0.path == "ca.Image.circle" }?.parameters == ["radius", "softness", "color"])
        #expect(catalog.layerKinds.count >= 6)
        #expect(catalog.layerMethods.contains("addAnimation"))
        #expect(catalog.keyPaths.contains { $0.path == "transform.rotation.z" })
    }
}
