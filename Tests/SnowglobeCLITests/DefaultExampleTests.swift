import Foundation
import TestSupport
import Testing
@testable import snowglobe

/// The example built into the binary is Examples/snowfall.lua, byte for byte.
struct DefaultExampleTests {
    static let example = URL(fileURLWithPath: Project.examples + "/snowfall.lua")

    @Test func theBuiltInExampleIsExamplesSnowfall() throws {
        let file = try Data(contentsOf: Self.example)
        #expect(Array(DefaultExample.source.utf8) == Array(file))
        #expect(DefaultExample.name == Self.example.lastPathComponent)
    }
}
