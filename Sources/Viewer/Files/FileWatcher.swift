import Foundation
import Glibc

/// Watches files for changes with inotify, through their folders: an editor that saves by
/// writing a new file and renaming it over the old one replaces the file's inode, and a watch on
/// the file itself would go deaf, so each folder is watched and events are filtered by name.
///
/// `poll()` never blocks: it reads what the kernel has queued and returns the watched files that
/// changed since the last call (written and closed, moved or renamed in, created, deleted).
public final class FileWatcher {
    private let descriptor: Int32
    /// Watch descriptor → folder path.
    private var folders: [Int32: String] = [:]
    /// Folder path → names watched in it.
    private var names: [String: Set<String>] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Contents Snowglobe itself wrote (a tweak), by absolute path: a change that leaves a file
    /// holding exactly these bytes is its own and is not reported.
    private var expected: [String: [UInt8]] = [:]

    /// What happened to a watched file.
    public enum Change: Sendable, Equatable {
        /// Written and closed, or replaced by a rename: its new content is complete.
        case finished
        /// Written to and still open, or deleted: wait for more before reading it.
        case inProgress
    }

    /// A watcher with nothing watched yet; nil when inotify is not available.
    public init?() {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// The files watched now (absolute, standardized paths).
    public var watchedFiles: Set<String> {
        var all = Set<String>()
        for (folder, files) in names {
            for name in files { all.insert(folder == "/" ? "/" + name : folder + "/" + name) }
        }
        return all
    }

    /// Watches exactly `paths` (files; their folders are watched). Folders no longer needed are
    /// let go. Paths whose folder cannot be watched are skipped.
    public func watch(_ paths: [String]) {
        var wanted: [String: Set<String>] = [:]
        for path in paths {
            let standardized = FileWatcher.absolute(path)
            let url = URL(fileURLWithPath: standardized)
            wanted[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
        }
        for (wd, folder) in folders where wanted[folder] == nil {
            inotify_rm_watch(descriptor, wd)
            folders[wd] = nil
        }
        names = [:]
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
        for (folder, files) in wanted {
            if !folders.values.contains(folder) {
                let wd = inotify_add_watch(descriptor, folder, mask)
                guard wd >= 0 else { continue }
                folders[wd] = folder
            }
            names[folder] = files
        }
    }

    /// Sleeps until a change is queued or `seconds` have passed, whichever comes first.
    public func wait(upTo seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = Glibc.poll(&entry, 1, Int32(min(seconds, 10) * 1000))
    }

    /// The watched files that changed since the last call, each with what happened to it last;
    /// not those left holding the contents `expect` was told.
    public func poll() -> [String: Change] {
        var changes: [String: Change] = [:]
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            parse(count: count, into: &changes)
        }
        for path in changes.keys {
            guard let contents = expected[path] else { continue }
            if FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) == contents {
                changes[path] = nil
            } else {
                expected[path] = nil
            }
        }
        return changes
    }

    /// Says that Snowglobe is about to write `contents` to `path`: the change that write makes
    /// is not reported (so that writing a tweak back does not reload the scene a second time).
    public func expect(_ contents: [UInt8], at path: String) {
        expected[FileWatcher.absolute(path)] = contents
    }

    private func parse(count: Int, into changes: inout [String: Change]) {
        let headerSize = MemoryLayout<inotify_event>.size
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset + headerSize <= count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                let nameEnd = min(nameStart + length, count)
                offset = nameStart + length
                guard let folder = folders[wd], nameEnd > nameStart else { continue }
                let bytes = raw[nameStart..<nameEnd].prefix { $0 != 0 }
                let name = String(decoding: bytes, as: UTF8.self)
                guard names[folder]?.contains(name) == true else { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
                    changes[path] = .finished
                } else {
                    changes[path] = .inProgress
                }
            }
        }
    }

    /// `path` made absolute against the current folder and standardized.
    public static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
