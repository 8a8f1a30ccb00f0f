import Foundation
import Glibc
import Render
import Synchronization

/// A file written under a temporary name beside its destination, then renamed into place: a
/// write that fails (or a render stopped with Ctrl-C) leaves no half-written file, and the old
/// file (if any) stays until the new one is whole.
public struct StagedFile: Sendable {
    /// Where the file goes.
    public let path: String
    /// Where it is written first (in the same folder, so that the rename is atomic).
    public let temporary: String

    public init(_ path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).\(StagedFile.nextSerial()).tmp"
        InterruptCleanup.register(temporary)
    }

    /// Renames the written file into place.
    public func commit() throws(StagedFileError) {
        defer { InterruptCleanup.unregister(temporary) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StagedFileError(path: path, reason: reason)
        }
    }

    /// Removes what was written, if anything.
    public func discard() {
        unlink(temporary)
        InterruptCleanup.unregister(temporary)
    }

    private static let serial = Mutex(0)

    private static func nextSerial() -> Int {
        serial.withLock { value in
            value += 1
            return value
        }
    }
}

/// A staged file could not be put in place.
public struct StagedFileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write '\(path)': \(reason)" }
}
