import Testing
@testable import LayerKit
import TestSupport

/// Where a layer's values sit in its storage: what an animated layer's frame reads and writes
/// shares as few cache lines as it can (a layout change that spreads them slows every frame of
/// a large scene without changing any value, so only this test would notice).
struct StorageLayoutTests {
    /// The 64-byte line of a slot's double at `offset`.
    private func line(_ offset: Int) -> Int { offset * 8 / 64 }

    @Test func opacityAndAFlatTransformsMovingEntriesShareOneLine() throws {
        // A transform of a scale, a turn about z and a translation moves m11 m12 m21 m22 and
        // m41 m42 m43: stored first, they share the opacity's line.
        let opacity = PropertyRegistry.spec(.opacity).offset
        let transform = PropertyRegistry.spec(.transform)
        #expect(Set(([opacity] + (0..<7).map { transform.offset + $0 }).map(line)).count == 1)
        let timing = [PropertyID.beginTime, .speed, .timeOffset].map { PropertyRegistry.spec($0).offset }
        #expect(Set(timing.map(line)).count == 1)
        // The order is the storage's alone: every entry comes back where it went.
        let slots = UnsafeMutablePointer<Double>.allocate(capacity: 16)
        defer { slots.deallocate() }
        let t = Transform3D(m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
                            m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        ValueSlots.storeTransform(t, at: slots)
        #expect(ValueSlots.loadTransform(at: slots) == t)
        #expect(Set((0..<16).map { slots[$0] }).count == 16)
        // The moving entries alone change those seven (and m33 when asked), nothing else.
        let u = Transform3D(m11: -1, m12: -2, m13: -3, m14: -4, m21: -5, m22: -6, m23: -7, m24: -8,
                            m31: -9, m32: -10, m33: -11, m34: -12, m41: -13, m42: -14, m43: -15, m44: -16)
        ValueSlots.storeMovingEntries(u, at: slots, withDepthScale: false)
        let mixed = ValueSlots.loadTransform(at: slots)
        #expect([mixed.m11, mixed.m12, mixed.m21, mixed.m22, mixed.m41, mixed.m42, mixed.m43] == [-1, -2, -5, -6, -13, -14, -15])
        #expect([mixed.m13, mixed.m14, mixed.m23, mixed.m24, mixed.m31, mixed.m32, mixed.m33, mixed.m34, mixed.m44]
                == [3, 4, 7, 8, 9, 10, 11, 12, 16])
        ValueSlots.storeMovingEntries(u, at: slots, withDepthScale: true)
        #expect(ValueSlots.loadTransform(at: slots).m33 == -11)
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

    /// A frame reads a layer's timing from its presentation slot: every way of setting the
    /// timing must keep that copy equal to the model's.
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
