import Foundation
import Testing
import TestSupport
@testable import Viewer

/// The watcher behind hot reload: it must see every way editors save, and nothing else.
struct FileWatcherTests {
    /// Polls until something is reported or a second has passed.
    func changes(_ watcher: FileWatcher) -> [String: FileWatcher.Change] {
        var all: [String: FileWatcher.Change] = [:]
        for _ in 0..<100 {
            watcher.wait(upTo: 0.01)
            all.merge(watcher.poll()) { $1 }
            if !all.isEmpty {
                // Let the rest of a burst arrive.
                watcher.wait(upTo: 0.02)
                all.merge(watcher.poll()) { $1 }
                return all
            }
        }
        return all
    }

    @Test func seesAWriteInPlace() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("scene.lua", "-- one")
        let watcher = try #require(FileWatcher())
        watcher.watch([script])
        try folder.write("scene.lua", "-- two")
        #expect(changes(watcher) == [FileWatcher.absolute(script): .finished])
    }

    @Test func seesASaveByRenameAndStaysAwakeAfterIt() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("scene.lua", "-- one")
        let watcher = try #require(FileWatcher())
        watcher.watch([script])
        try folder.saveByRename("scene.lua", "-- two")
        #expect(changes(watcher) == [FileWatcher.absolute(script): .finished])
        // A watch on the file itself would have gone deaf with the old inode; the folder's does not.
        try folder.saveByRename("scene.lua", "-- three")
        #expect(changes(watcher) == [FileWatcher.absolute(script): .finished])
    }

    @Test func ignoresOtherFilesInTheFolder() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("scene.lua", "-- one")
        let watcher = try #require(FileWatcher())
        watcher.watch([script])
        try folder.write("notes.txt", "unrelated")
        #expect(changes(watcher).isEmpty)
    }

    @Test func reportsADeletionAsUnfinished() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("scene.lua", "-- one")
        let watcher = try #require(FileWatcher())
        watcher.watch([script])
        try FileManager.default.removeItem(atPath: script)
        #expect(changes(watcher) == [FileWatcher.absolute(script): .inProgress])
        try folder.write("scene.lua", "-- back")
        #expect(changes(watcher) == [FileWatcher.absolute(script): .finished])
    }

    @Test func watchesModulesInOtherFoldersAndForgetsWhatIsNoLongerNeeded() throws {
        let scripts = try TemporaryFolder()
        let library = try TemporaryFolder()
        let script = try scripts.write("scene.lua", "-- one")
        let module = try library.write("snow.lua", "return {}")
        let watcher = try #require(FileWatcher())
        watcher.watch([script, module])
        #expect(watcher.watchedFiles == [FileWatcher.absolute(script), FileWatcher.absolute(module)])
        try library.write("snow.lua", "return { changed = true }")
        #expect(changes(watcher) == [FileWatcher.absolute(module): .finished])
        watcher.watch([script])
        try library.write("snow.lua", "return { again = true }")
        #expect(changes(watcher).isEmpty)
    }
}

/// When a burst of changes has settled enough to reload.
struct ReloadTriggerTests {
    @Test func reloadsShortlyAfterACompleteWrite() {
        var trigger = ReloadTrigger()
        #expect(!trigger.isDue(at: 0))
        trigger.note(["/a.lua": .finished], at: 10)
        #expect(trigger.firstChange == 10)
        #expect(!trigger.isDue(at: 10.001))
        #expect(trigger.isDue(at: 10 + trigger.settleAfterWrite + 1e-6))
        trigger.reset()
        #expect(!trigger.isDue(at: 20))
    }

    @Test func waitsLongerWhileAWriteIsUnfinishedAndRestartsOnEachChange() {
        var trigger = ReloadTrigger()
        trigger.note(["/a.lua": .inProgress], at: 10)
        #expect(!trigger.isDue(at: 10.1))
        trigger.note(["/a.lua": .inProgress], at: 10.2)
        #expect(!trigger.isDue(at: 10.3))
        #expect(trigger.isDue(at: 10.2 + trigger.settleAfterPartial + 1e-6))
        trigger.note(["/a.lua": .finished], at: 10.25)
        #expect(trigger.firstChange == 10)
        #expect(trigger.isDue(at: 10.25 + trigger.settleAfterWrite + 1e-6))
        #expect(abs((trigger.secondsUntilDue(at: 10.25) ?? 0) - trigger.settleAfterWrite) < 1e-9)
    }
}
