import Testing
@testable import LayerKit
import TestSupport

/// Where a layer's values sit in its storage: every property of a kind in its slots, with its
/// default, and the timing a frame reads from the presentation kept equal to the model's.
struct StorageLayoutTests {
    @Test(arguments: LayerKind.allCases)
    func everyPropertyFitsItsKindsSlots(kind: LayerKind) {
        let scene = Scene(size: Size(width: 10, height: 10))
        let layer = Layer(kind: kind, scene: scene)
        #expect(PropertyRegistry.specs.filter { kind.has($0.owner) }.allSatisfy { $0.offset + $0.width <= layer.slotSize })
        #expect(layer.number(.opacity) == 1 && layer.number(.speed) == 1)
        #expect(layer.transform(.transform, .presentation) == .identity)
    }

    /// A frame reads a layer's timing from its presentation slot: every way of setting the
    /// timing must keep that copy equal to the model's.
    @Test func timingSetAnyWayReachesTheFrame() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("opacity", from: .number(0), to: .number(1), duration: 4))
        driver.frame(at: 1)
        #expect(abs(layer.number(.opacity, .presentation) - 0.25) < 1e-12)
        // The pause idiom, through the model setter: the fade holds at 0.25.
        driver.scene.perform {
            layer.set(.timeOffset, layer.convertTime(1, from: nil))
            layer.set(.speed, 0)
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
