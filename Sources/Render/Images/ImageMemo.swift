import Foundation
import LayerKit

/// Images made for scripts, kept by what they were made from, so that a run asking again (a
/// reload, a seek that replays from 0, a second layer) gets the very same image: nothing is
/// drawn or decoded again, and a renderer's texture for it stays good. Images never change
/// once made, so sharing them changes no pixel.
///
/// A file's image is kept under its path, size, modification time and inode: a saved image is
/// read again. The memo holds at most `budget` bytes of pixels; the least recently asked for
/// go first.
final class ImageMemo: @unchecked Sendable {
    enum Recipe: Hashable {
        case circle(radius: Double, softness: Double, color: Color)
        case rect(width: Double, height: Double, cornerRadius: Double, color: Color)
        case snowflake(size: Int, arms: Int, seed: UInt64, color: Color)
        case file(path: String, size: Int, modified: Double, inode: UInt64)
    }

    private struct Entry {
        let image: Image
        var lastUsed: Int
    }

    private var entries: [Recipe: Entry] = [:]
    private var bytes = 0
    private var clock = 0
    private let lock = NSLock()
    /// The bytes of pixels the memo may hold.
    let budget: Int

    init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    /// The image for `recipe`, made by `make` only when the memo has none.
    func image(_ recipe: Recipe, make: () throws -> Image?) rethrows -> Image? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if var entry = entries[recipe] {
            entry.lastUsed = clock
            entries[recipe] = entry
            return entry.image
        }
        guard let image = try make() else { return nil }
        entries[recipe] = Entry(image: image, lastUsed: clock)
        bytes += image.pixels.count
        if bytes > budget { evict(keeping: recipe) }
        return image
    }

    /// The recipe of the file at `path` as it is now; nil when it cannot be read.
    static func fileRecipe(_ path: String) -> Recipe? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) * 1e-9
        return .file(path: path, size: Int(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    /// Drops the least recently used images until the memo is within its budget (the one just
    /// made stays, however large).
    private func evict(keeping kept: Recipe) {
        for (recipe, entry) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where recipe != kept {
            guard bytes > budget else { return }
            entries[recipe] = nil
            bytes -= entry.image.pixels.count
        }
    }
}
