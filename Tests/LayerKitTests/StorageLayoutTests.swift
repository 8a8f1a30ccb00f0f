import Testing
@testable import LayerKit

/// Where a layer's values sit in its storage: what an animated layer's frame reads and writes
/// shares as few cache lines as it can (a layout change that spreads them slows every frame of
/// a large scene without changing any value, so only this test would notice).
struct StorageLayoutTests {
    /// The 64-byte line of a slot's double at `offset`.
    private func line(_ offset: Int) -> Int { offset * 8 / 64 }

    @Test func timingShareOneLineAndOpacityWithTransformTakeThree() {
        let timing = [PropertyID.beginTime, .speed, .timeOffset].map { PropertyRegistry.spec($0).offset }
        #expect(Set(timing.map(line)).count == 1)
        let opacity = PropertyRegistry.spec(.opacity).offset
        let transform = PropertyRegistry.spec(.transform)
        let lines = Set([opacity, transform.offset, transform.offset + transform.width - 1].map(line))
        #expect(lines.max()! - lines.min()! + 1 <= 3)
    }

    @Test(arguments: LayerKind.allCases)
    func bothSlotsStartOnACacheLine(kind: LayerKind) {
        let scene = Scene(size: Size(width: 10, height: 10))
        let layer = Layer(kind: kind, scene: scene)
        #expect(Int(bitPattern: layer.storage) % 64 == 0)
        #expect(layer.slotSize % 8 == 0)
        // Every property still fits, and the defaults are in place.
        #expect(PropertyRegistry.specs.filter { kind.has($0.owner) }.allSatisfy { $0.offset + $0.width <= layer.slotSize })
        #expect(layer.number(.opacity) == 1 && layer.number(.speed) == 1)
    }
}
