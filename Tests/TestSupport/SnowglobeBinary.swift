import Foundation

/// The `snowglobe` command built beside the running test bundle, for tests that run it as a
/// user does.
public enum SnowglobeBinary {
    /// Its path (the build folder's, found from the test bundle's own path).
    public static var path: String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("snowglobe").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return ".build/debug/snowglobe"
    }
}
