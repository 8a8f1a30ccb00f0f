import Foundation
import LayerKit
import Render

/// Memory a layer costs: the resident memory (/proc/self/statm) before and after building a tree
/// of bare layers, and seed 000's snowfall at scale — each layer with its three animations
/// attached — divided by the count.
struct MemoryBenchmark {
    let count: Int

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
