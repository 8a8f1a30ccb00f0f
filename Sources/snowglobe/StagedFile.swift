import Foundation

/// A file written under a temporary name beside its destination, then renamed into place: a
/// write that fails leaves no half-written file, and the old file (if any) stays until the new
/// one is whole.
struct StagedFile {
    /// Where the file goes.
    let path: String
    /// Where it is written first (in the same folder, so that the rename is atomic).
    let temporary: String

    init(_ path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).tmp"
    }

    /// Renames the written file into place.
    func commit() throws(StagedFileError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw StagedFileError(path: path, reason: reason)
        }
    }

    /// Removes what was written, if anything.
    func discard() {
        unlink(temporary)
    }
}

/// A staged file could not be put in place.
struct StagedFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write '\(path)': \(reason)" }
}
