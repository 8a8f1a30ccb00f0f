import Foundation
import LayerKit
@testable import Render
import Testing
import TestSupport

/// Images a script makes are kept by what they were made from: a reload asking again gets the
/// same image, so nothing is drawn or decoded twice and textures stay good.
struct ImageMemoTests {
    @Test func theSameRecipeGivesTheSameImage() throws {
        let images = RenderImages()
        let a = try #require(images.snowflake(size: 32, arms: 6, seed: 11, color: .white))
        let b = try #require(images.snowflake(size: 32, arms: 6, seed: 11, color: .white))
        let other = try #require(images.snowflake(size: 32, arms: 6, seed: 12, color: .white))
        #expect(a === b && a !== other)
        let circle = try #require(images.circle(radius: 8, softness: 0.5, color: .white))
        #expect(images.circle(radius: 8, softness: 0.5, color: .white) === circle)
        #expect(images.circle(radius: 8, softness: 0.25, color: .white) !== circle)
    }

    @Test func aSavedImageFileIsReadAgain() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/dot.png"
        func write(_ format: PNGFixture.Format) throws {
            try Data(PNGFixture.bytes(format, width: 4, height: 4)).write(to: URL(fileURLWithPath: path))
        }
        try write(.rgb8)
        let images = RenderImages()
        let first = try images.loadImage(atPath: path)
        #expect(try images.loadImage(atPath: path) === first)
        try write(.gray8)
        let second = try images.loadImage(atPath: path)
        #expect(second !== first && second.pixels != first.pixels)
    }

    @Test func theMemoKeepsWithinItsBudget() throws {
        let memo = ImageMemo(budget: 2 * 16 * 16 * 4)
        var made = 0
        func image(_ seed: UInt64) -> Image? {
            memo.image(.snowflake(size: 16, arms: 6, seed: seed, color: .white)) {
                made += 1
                return try? Image.snowflake(size: 16, arms: 6, seed: seed, color: .white)
            }
        }
        _ = image(1); _ = image(2); _ = image(1); _ = image(3)
        #expect(made == 3)
        // 2 was the least recently asked for: it went when 3 came.
        _ = image(1); _ = image(3)
        #expect(made == 3)
        _ = image(2)
        #expect(made == 4)
    }
}
