import Foundation
import LayerKit
import Render

/// Memory a layer costs: the resident memory (/proc/self/statm) before and after building a tree
/// of bare layers, and seed 000's snowfall at scale — each layer with its three animations
/// attached — divided by the count. Measured in a child process of its own (`runInChild`):
/// resident memory does not fall back after a section, so in the benchmark's own process what
/// the sections before it left behind would be reused and the figures would come out near zero.
struct MemoryBenchmark {
    let count: Int

    /// `run()` in a fresh process, this program started again with `--memory-child`; nil when
    /// the child printed no result.
    func runInChild() -> (bare: Double, animated: Double)? {
        guard let fields = Peer(executable: Peer.thisProgram, arguments: ["--memory-child", "\(count)"]).run(),
              let bare = fields["bare"].flatMap(Double.init), let animated = fields["animated"].flatMap(Double.init) else {
            return nil
        }
        return (bare, animated)
    }

    /// `--memory-child COUNT`: measures in this process and prints the RESULT line.
    static func childMain(_ arguments: [String]) -> Never {
        guard let i = arguments.firstIndex(of: "--memory-child"), i + 1 < arguments.count,
              let count = Int(arguments[i + 1]), count > 0 else {
            print("RESULT_ERROR usage: --memory-child COUNT")
            exit(1)
        }
        let result = MemoryBenchmark(count: count).run()
        print("RESULT bare=\(result.bare) animated=\(result.animated)")
        exit(0)
    }

    /// Bytes per layer: (bare layer, layer with seed 000's three animations).
    func run() -> (bare: Double, animated: Double) {
        let before = MemoryBenchmark.residentBytes()
        let bare = Scene(size: Size(width: 1280, height: 720))
        for _ in 0..<count { try? bare.root.addSublayer(Layer(scene: bare)) }
        bare.step(to: 1.0 / 60)
        let afterBare = MemoryBenchmark.residentBytes()
        let animated = SnowfallBenchmark(count: count).makeScene()
        animated.step(to: 1.0 / 60)
        let afterAnimated = MemoryBenchmark.residentBytes()
        withExtendedLifetime((bare, animated)) {}
        return (Double(afterBare - before) / Double(count), Double(afterAnimated - afterBare) / Double(count))
    }

    /// Resident bytes now.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
