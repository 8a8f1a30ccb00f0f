import Foundation

/// The products SwiftPM built beside the running test bundle.
public enum BuiltProducts {
    /// The path of the executable `name` (`snowglobe`) in the build folder the tests run from.
    public static func executable(_ name: String) -> String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return ".build/debug/" + name
    }
}
