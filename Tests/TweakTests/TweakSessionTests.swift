import Foundation
import LayerKit
import Testing
import TestSupport
@testable import Tweak

/// Changes in memory, written back one token at a time, atomically, never over a change made
/// on disk meanwhile; undo gets back the original bytes.
struct TweakSessionTests {
    private func session(_ files: [String]) -> TweakSession {
        let session = TweakSession(isColour: { Color(parsing: $0) != nil })
        session.load(files: files)
        return session
    }

    private func bytes(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// The byte ranges where `a` and `b` differ, as (offset, bytes of a, bytes of b) between a
    /// common prefix and suffix.
    private func difference(_ a: [UInt8], _ b: [UInt8]) -> (offset: Int, old: String, new: String) {
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (prefix, String(decoding: a[prefix..<(a.count - suffix)], as: UTF8.self),
                String(decoding: b[prefix..<(b.count - suffix)], as: UTF8.self))
    }

    static let script = "-- a scene\r\nlocal d = 0.25  -- damping\r\nlocal w = 120\r\nlocal c = \"#ff8800\"\r\nreturn d * w"

    @Test func aChangeIsInMemoryUntilWrittenThenOneToken() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let original = bytes(path)
        let session = session([path])
        #expect(session.literals.map(\.text) == ["0.25", "120", "#ff8800"])
        #expect(session.selected?.text == "0.25")
        #expect(session.nudge(steps: 1))
        #expect(session.selected?.text == "0.26")
        #expect(session.sources[path]?.contains("local d = 0.26  -- damping\r\n") == true)
        #expect(bytes(path) == original, "nothing is written before Enter")
        let written = session.write()
        #expect(written.map(\.file) == [path])
        let after = bytes(path)
        let diff = difference(original, after)
        #expect(diff.old == "5" && diff.new == "6", "only the token's last digit differs: \(diff)")
        #expect(after.count == original.count)
        #expect(session.sources.isEmpty)
        #expect(!session.hasPendingChange)
    }

    @Test func stepsFollowPrecisionAndModifiers() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let session = session([path])
        session.nudge(steps: 1, scale: 10)
        #expect(session.selected?.text == "0.35")
        session.nudge(steps: -1, scale: 0.1)
        #expect(session.selected?.text == "0.349")
        session.select(by: 1)
        session.nudge(steps: -3)
        #expect(session.selected?.text == "117")
        session.select(by: 1)
        #expect(session.selected?.text == "#ff8800")
        session.select(by: 1)
        #expect(session.selected?.text == "0.349", "Tab wraps around")
        session.select(by: -1)
        #expect(session.selected?.text == "#ff8800")
    }

    @Test func theSelectionStaysOnALiteralWhoseTextGrows() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", "local a, b = 9, 0.5\n")
        let session = session([path])
        session.nudge(steps: 1)
        #expect(session.selected?.text == "10")
        session.nudge(steps: 1)
        #expect(session.selected?.text == "11")
        session.write()
        #expect(session.selected?.text == "11")
        session.select(by: 1)
        #expect(session.selected?.text == "0.5")
    }

    @Test func escDropsTheChangeNotWritten() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let session = session([path])
        let revision = session.revision
        session.nudge(steps: 4)
        #expect(session.dropPending())
        #expect(session.revision > revision)
        #expect(session.selected?.text == "0.25")
        #expect(session.sources.isEmpty)
        #expect(!session.dropPending(), "a second Esc has nothing to drop")
    }

    @Test func undoRestoresTheOriginalBytesAndRedoTheChange() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let original = bytes(path)
        let session = session([path])
        session.nudge(steps: 1)
        session.write()
        session.select(by: 1)
        session.nudge(steps: 5)
        session.write()
        let changed = bytes(path)
        #expect(String(decoding: changed, as: UTF8.self).contains("local d = 0.26  -- damping\r\nlocal w = 125\r\n"))
        #expect(session.undo()?.file == path)
        #expect(session.undo()?.file == path)
        #expect(sha256(bytes(path)) == sha256(original))
        #expect(session.undo() == nil && session.message == "nothing to undo")
        #expect(session.undo(redo: true) != nil)
        #expect(session.undo(redo: true) != nil)
        #expect(bytes(path) == changed)
        #expect(session.literals.map(\.text) == ["0.26", "125", "#ff8800"])
    }

    @Test func aFileChangedOnDiskIsNotWrittenOver() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let session = session([path])
        session.nudge(steps: 10)
        let edited = Self.script.replacingOccurrences(of: "120", with: "99")
        try folder.saveByRename("main.lua", edited)
        #expect(session.write().isEmpty)
        #expect(bytes(path) == Array(edited.utf8), "the editor's save stays")
        let message = try #require(session.message)
        #expect(message == "main.lua changed on disk since it was read; nothing written; the value to copy: 0.35")
        // Seen by a reload first: the change is kept to copy, and still not written.
        session.load(files: [path])
        #expect(session.message?.contains("the value to copy: 0.35") == true)
        #expect(session.write().isEmpty)
        #expect(bytes(path) == Array(edited.utf8))
        // Esc drops the change and reads the file as the editor left it.
        session.dropPending()
        #expect(session.literals.map(\.text) == ["0.25", "99", "#ff8800"])
    }

    @Test func undoDoesNotWriteOverAChangeOnDisk() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let session = session([path])
        session.nudge(steps: 1)
        session.write()
        try folder.write("main.lua", "local x = 1\n")
        #expect(session.undo() == nil)
        #expect(session.message == "main.lua changed on disk since it was read; nothing written")
        #expect(bytes(path) == Array("local x = 1\n".utf8))
    }

    @Test func aReadOnlyFileGetsAMessageAndNoChange() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        chmod(path, 0o444)
        let session = session([path])
        session.nudge(steps: 1)
        #expect(session.write().isEmpty)
        #expect(session.message == "main.lua is read-only; nothing written; the value to copy: 0.26")
        #expect(bytes(path) == Array(Self.script.utf8))
        #expect(session.hasPendingChange, "the change stays, to copy or to drop")
    }

    @Test func aWriteKeepsPermissionsAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        chmod(path, 0o640)
        let session = session([path])
        session.nudge(steps: 1)
        session.write()
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["main.lua"])
    }

    @Test func aWriteThroughALinkChangesTheFileAndKeepsTheLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("real.lua", "local a = 1\n")
        let link = folder.path + "/main.lua"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let session = session([link])
        session.nudge(steps: 1)
        #expect(session.write().count == 1)
        #expect(bytes(target) == Array("local a = 2\n".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
    }

    @Test func aNegativeValueAfterABinaryMinusDoesNotBecomeAComment() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", "return a-1\n")
        let session = session([path])
        session.nudge(steps: -2)
        #expect(session.sources[path] == "return a- -1\n")
        #expect(session.literals.map(\.text) == ["-1"])
        session.nudge(steps: 2)
        #expect(session.sources.isEmpty, "back to the value on disk: nothing pending")
    }

    @Test func modulesAreScannedAfterTheScript() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("main.lua", "local m = require 'mod'\nreturn m.x + 1\n")
        let module = try folder.write("mod.lua", "return { x = 2.5 }\n")
        let session = session([main, module])
        #expect(session.literals.map(\.text) == ["1", "2.5"])
        #expect(session.select(file: module, line: 1))
        session.nudge(steps: 1)
        #expect(session.sources.keys.sorted() == [module])
        session.write()
        #expect(bytes(module) == Array("return { x = 2.6 }\n".utf8))
    }

    @Test func coloursAreSetAsText() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("main.lua", Self.script)
        let session = session([path])
        session.select(by: 2)
        #expect(session.setColour("#00ff0080"))
        #expect(!session.setColour("not a colour"))
        session.write()
        #expect(String(decoding: bytes(path), as: UTF8.self).contains("local c = \"#00ff0080\"\r\n"))
    }

    private func sha256(_ bytes: [UInt8]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
