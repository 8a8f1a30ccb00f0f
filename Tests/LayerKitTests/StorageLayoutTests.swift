import Testing
@testable import LayerKit
import TestSupport

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

    @Test func aCompiledProgramsHeaderTakesOneCacheLine() {
        #expect(ScalarProgram.headerSize <= 64)
    }

    /// A frame reads a layer's timing from its presentation slot, on the line it writes anyway:
    /// every way of setting the timing must keep that copy equal to the model's.
    @Test func timingSetAnyWayReachesTheFrame() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("opacity", from: .number(0), to: .number(1), duration: 4))
        driver.frame(at: 1)
        #expect(abs(layer.number(.opacity, .presentation) - 0.25) < 1e-12)
        // The pause idiom, through the model setter: the fade holds at 0.25.
        driver.scene.perform {
            layer[.timeOffset] = .number(layer.convertTime(1, from: nil))
            layer[.speed] = .number(0)
        }
        driver.frame(at: 3)
        #expect(abs(layer.number(.opacity, .presentation) - 0.25) < 1e-12)
        // Resumed through the direct setter the bindings use, at double speed from 0.25.
        driver.scene.perform {
            _ = layer.setNumberDirectly(2, for: .speed)
            _ = layer.setNumberDirectly(3, for: .beginTime)
        }
        driver.frame(at: 3.5)
        // (3.5 - 3) * 2 + 1 = 2 seconds in: halfway.
        #expect(abs(layer.number(.opacity, .presentation) - 0.5) < 1e-12)
        for property in [PropertyID.beginTime, .speed, .timeOffset] {
            #expect(layer.number(property, .presentation) == layer.number(property))
        }
    }
}
