import Foundation

/// A fresh folder under the system's temporary folder, for files a test writes. It is removed,
/// with everything in it, when the folder is released. Tests hold it in a local declared before
/// whatever they start in it (a viewer, a script host), so that has stopped before the folder goes.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "snowglobe-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` in the folder (in place: open, write, close; folders in `name` are
    /// made) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Saves `text` as an editor that writes a new file and renames it over the old one does.
    @discardableResult
    public func saveByRename(_ name: String, _ text: String) throws -> String {
        let temporary = path + "/." + name + ".swp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        let file = path + "/" + name
        guard rename(temporary, file) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return file
    }
}
