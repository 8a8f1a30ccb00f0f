import Foundation
import Testing
@testable import Viewer

/// The example compiled into the binary is Examples/snowfall.lua, word for word. Re-record with
/// RECORD_SNAPSHOTS=1 after editing the example.
struct DefaultExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/snowfall.lua").path
    static let generated = root.appendingPathComponent("Sources/Viewer/DefaultExample.swift").path

    /// The Swift file that embeds `source`.
    static func swiftFile(embedding source: String) -> String {
        """
        /// The example `snowglobe` runs when it is given no script: Examples/snowfall.lua, compiled in
        /// so that it runs from any folder. Generated from the file — `RECORD_SNAPSHOTS=1 swift test
        /// --filter DefaultExampleTests` rewrites it, and that test fails when the two differ.
        public enum DefaultExample {
            /// The name its messages use.
            public static let name = "snowfall.lua"
            /// The script.
            public static let source = #\"\"\"
        \(source.hasSuffix("\n") ? String(source.dropLast()) : source)
        \"\"\"#
        }

        """
    }

    @Test func theBuiltInExampleIsExamplesSnowfall() throws {
        let source = try String(contentsOfFile: Self.example, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Self.swiftFile(embedding: source).write(toFile: Self.generated, atomically: true, encoding: .utf8)
        }
        #expect(!source.contains("\"\"\"#"))
        #expect(DefaultExample.source + "\n" == source,
                "Sources/Viewer/DefaultExample.swift is stale: run RECORD_SNAPSHOTS=1 swift test --filter DefaultExampleTests")
    }
}
