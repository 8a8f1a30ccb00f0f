import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a tweak back into a user's file, safely: only when the file still holds exactly the
/// bytes it was read with, never into a file whose mode bits say it is read-only (whoever runs
/// Snowglobe, root included), and atomically — a temporary file in the same folder, flushed,
/// given the file's permission bits, then renamed over it — so that an editor or a crash never
/// sees half a file.
public enum TokenWriter {
    /// One replacement: the bytes of `span` become `replacement`.
    public struct Edit: Equatable, Sendable {
        public let span: Range<Int>
        public let replacement: [UInt8]

        public init(span: Range<Int>, replacement: [UInt8]) {
            self.span = span
            self.replacement = replacement
        }
    }

    /// Why nothing was written.
    public enum Problem: Error, Equatable, Sendable {
        /// The file on disk is no longer what was read (an editor saved it meanwhile).
        case changedOnDisk(String)
        /// The file's mode bits give nobody write permission.
        case readOnly(String)
        /// The file cannot be read now (deleted, moved, a folder); the reason in words.
        case cannotRead(String, String)
        /// Writing or renaming failed; the reason in words.
        case cannotWrite(String, String)

        /// What the panel and the terminal say, with the value to copy by hand.
        public func message(value: String?) -> String {
            let copy = value.map { "; the value to copy: \($0)" } ?? ""
            switch self {
            case .changedOnDisk(let path):
                return "\(name(path)) changed on disk since it was read; nothing written\(copy)"
            case .readOnly(let path):
                return "\(name(path)) is read-only; nothing written\(copy)"
            case .cannotRead(let path, let reason):
                return "cannot read \(name(path)) (\(reason)); nothing written\(copy)"
            case .cannotWrite(let path, let reason):
                return "cannot write \(name(path)) (\(reason)); nothing written\(copy)"
            }
        }

        private func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
    }

    /// `bytes` with each edit made (edits must not overlap; any order).
    public static func applying(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.span.lowerBound > $1.span.lowerBound })
        where edit.span.lowerBound >= 0 && edit.span.upperBound <= result.count {
            result.replaceSubrange(edit.span, with: edit.replacement)
        }
        return result
    }

    /// Replaces the file at `path`, which must hold exactly `expected`, with `contents`.
    public static func write(_ contents: [UInt8], to path: String, expecting expected: [UInt8]) throws(Problem) {
        // Through a link to the file itself: the rename must replace the file, not the link.
        let target = realPath(path) ?? path
        var info = stat()
        guard stat(target, &info) == 0 else { throw .cannotRead(path, reason(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .cannotRead(path, "not a regular file") }
        guard let onDisk = FileManager.default.contents(atPath: target) else { throw .cannotRead(path, reason(errno)) }
        guard [UInt8](onDisk) == expected else { throw .changedOnDisk(path) }
        let permissions = info.st_mode & 0o7777
        guard permissions & 0o222 != 0 else { throw .readOnly(path) }
        // Split by hand: NSString's path methods trap on Linux for some short paths.
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((folder + (folder.hasSuffix("/") ? "." : "/.") + name + ".snowglobe-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw .cannotWrite(path, reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        let failure: String? = contents.withUnsafeBytes { raw -> String? in
            while written < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return reason(errno)
                }
                written += count
            }
            return nil
        }
        // The file keeps its permission bits and, where allowed, its owner.
        _ = fchmod(descriptor, permissions)
        _ = fchown(descriptor, info.st_uid, info.st_gid)
        let synced = fsync(descriptor) == 0 ? nil : reason(errno)
        close(descriptor)
        if let problem = failure ?? synced {
            unlink(temporary)
            throw .cannotWrite(path, problem)
        }
        // A last look just before the rename: an editor's save in the meantime wins.
        guard let again = FileManager.default.contents(atPath: target), [UInt8](again) == expected else {
            unlink(temporary)
            throw .changedOnDisk(path)
        }
        guard rename(temporary, target) == 0 else {
            let problem = reason(errno)
            unlink(temporary)
            throw .cannotWrite(path, problem)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
