import Testing
@testable import LayerKit
import TestSupport

/// The arena a scene's compiled programs live in: blocks on cache lines, one after another in the
/// order they were made, freed blocks reused by size, and nothing lost when programs change.
@Suite("Program arena")
struct ProgramArenaTests {
    @Test func blocksFollowOneAnotherOnCacheLines() {
        let arena = ProgramArena()
        let sizes = [200, 200, 64, 1, 130, 640]
        var blocks: [UnsafeMutableRawPointer] = []
        for size in sizes { blocks.append(arena.allocate(byteCount: size)) }
        for block in blocks { #expect(Int(bitPattern: block) % 64 == 0) }
        // Each block starts where the one before it ends, in whole lines.
        for i in 1..<blocks.count {
            #expect(blocks[i] - blocks[i - 1] == ProgramArena.lines(for: sizes[i - 1]) * 64)
        }
        #expect(ProgramArena.lines(for: 1) == 1 && ProgramArena.lines(for: 64) == 1 && ProgramArena.lines(for: 65) == 2)
    }

    @Test func aFreedBlockIsReusedByTheNextOfItsSize() {
        let arena = ProgramArena()
        let a = arena.allocate(byteCount: 300)
        let b = arena.allocate(byteCount: 300)
        arena.deallocate(a, byteCount: 300)
        // Another size does not take it; the same size (in lines) does.
        let c = arena.allocate(byteCount: 100)
        #expect(c != a)
        let d = arena.allocate(byteCount: 320)
        #expect(d == a)
        let e = arena.allocate(byteCount: 300)
        #expect(e != a && e != b)
    }

    @Test func blocksBeyondTheLargestSizeAndBeyondAChunkAreTheirOwn() {
        let arena = ProgramArena()
        let big = ProgramArena.largestPooled * 64 + 1
        let block = arena.allocate(byteCount: big)
        #expect(Int(bitPattern: block) % 64 == 0)
        block.initializeMemory(as: UInt8.self, repeating: 7, count: big)
        #expect(arena.chunkCount == 0)
        arena.deallocate(block, byteCount: big)
        // Filling several chunks keeps every block whole and apart.
        var blocks: [UnsafeMutableRawPointer] = []
        for i in 0..<2_000 {
            let p = arena.allocate(byteCount: 1_000)
            p.storeBytes(of: i, as: Int.self)
            blocks.append(p)
        }
        #expect(arena.chunkCount > 1)
        for (i, p) in blocks.enumerated() { #expect(p.load(as: Int.self) == i) }
        #expect(Set(blocks).count == blocks.count)
    }

    @Test func programsCompiledInAFrameLieInTheWalksOrder() throws {
        let driver = FrameDriver()
        var layers: [Layer] = []
        for i in 0..<20 {
            layers.append(try driver.layer(with: basic("opacity", from: .number(0), to: .number(Double(i)), duration: 4)))
        }
        driver.frame(at: 0.5)
        let blocks = layers.compactMap { $0.program?.blockAddress }
        #expect(blocks.count == layers.count)
        for i in 1..<blocks.count { #expect(blocks[i] > blocks[i - 1]) }
    }

    @Test func animationsAddedAndRemovedOverAndOverReuseTheirBlocks() throws {
        let driver = FrameDriver()
        let layer = try driver.layer(with: basic("opacity", from: .number(0), to: .number(1), duration: 4))
        driver.frame(at: 0.1)
        let chunks = driver.scene.programArena.chunkCount
        #expect(chunks > 0)
        for round in 0..<5_000 {
            layer.removeAllAnimations()
            try layer.addAnimation(basic("opacity", from: .number(0), to: .number(1), duration: 2), forKey: "fade")
            driver.frame(at: 0.1 + Double(round + 1) / 60)
        }
        #expect(driver.scene.programArena.chunkCount == chunks)
        // The last fade began at the last frame but one: a sixtieth of a second into two.
        #expect(abs(layer.number(.opacity, .presentation) - 1.0 / 120) < 1e-9)
    }

    @Test func aLayerThatOutlivesItsSceneKeepsItsProgramsArena() throws {
        weak var arena: ProgramArena?
        var layer: Layer?
        do {
            let driver = FrameDriver()
            layer = try driver.layer(with: basic("opacity", from: .number(0), to: .number(1), duration: 4))
            driver.frame(at: 1)
            #expect(layer?.program != nil)
            arena = driver.scene.programArena
        }
        // The scene is gone; the layer still holds the arena its program lives in.
        #expect(layer?.scene == nil)
        #expect(arena != nil)
        #expect(abs((layer?.number(.opacity, .presentation) ?? 0) - 0.25) < 1e-12)
        layer = nil
        #expect(arena == nil)
    }
}
