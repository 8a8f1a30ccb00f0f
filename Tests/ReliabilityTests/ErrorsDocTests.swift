import Foundation
import LayerKit
@testable import LuaHost
import Render
@testable import snowglobe
import Testing
import TestSupport

/// docs/errors.md is what the cases of `ErrorCatalog` print when they are run for real: the
/// `snowglobe` binary for `check` and `render` (as a user runs it), a script host for what only
/// the viewer does (clicks, keys, reloads). The test fails when the page is stale; re-record it
/// with RECORD_SNAPSHOTS=1.
struct ErrorsDocTests {
    static let docsFolder = Project.docs

    @Test func theErrorPageIsWhatTheCasesPrint() throws {
        let (generated, seen) = try Self.markdown()
        // Nothing a user can get wrong reaches a Swift trap, and every mistake says something.
        for (item, result) in seen {
            #expect(!result.text.contains("Fatal error") && !result.text.contains("fatalError"), "\(item.what)")
            #expect(!result.exit.hasPrefix("signal"), "\(item.what): crashed")
            #expect(result.text.isEmpty == item.isSilent, "\(item.what)")
        }
        let path = "\(Self.docsFolder)/errors.md"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let checkedIn = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(checkedIn == generated, "docs/errors.md is stale: run the tests with RECORD_SNAPSHOTS=1")
    }

    /// What a case printed: its output without tracebacks, and how the command exited.
    struct Seen {
        var text: String
        var exit: String
        var traceback: String?
    }

    /// The page, and what each case printed.
    static func markdown() throws -> (String, [(ErrorCase, Seen)]) {
        var results: [(ErrorCase, Seen)] = []
        var out = """
            # What you see for each mistake

            Generated from real runs by `Tests/ReliabilityTests/ErrorsDocTests.swift` (re-record with
            `RECORD_SNAPSHOTS=1`); a test fails when this page no longer matches what Snowglobe prints.
            Every script here is `main.lua`, run with `snowglobe check main.lua` unless the row says
            otherwise; "viewer" rows run in a script host as the viewer drives it (clicks, keys, hot
            reloads), and the viewer shows the same text in its error overlay while the last good
            scene keeps running. `check` and `render` exit with 1 after any error.

            Each Lua error names the file and line, says where it ran when that was a callback
            ("in a timer"), and is followed by Lua's traceback, left out below. In full, the first
            row of "Errors in callbacks" reads:


            """
        var example: Seen?
        var body = ""
        for section in ErrorCatalog.sections {
            body += "## \(section.title)\n\n"
            if !section.intro.isEmpty { body += section.intro + "\n\n" }
            body += "| mistake | input | what you see | exit |\n|---|---|---|---|\n"
            for item in section.cases {
                let seen = try run(item)
                results.append((item, seen))
                if example == nil, section.title == "Errors in callbacks" { example = seen }
                body += "| \(item.what) | \(code(input(item))) | \(seen.text.isEmpty ? "(nothing)" : code(seen.text)) | \(seen.exit) |\n"
            }
            body += "\n"
        }
        if let example {
            out += "```\n" + example.text + "\n" + (example.traceback ?? "") + "\n```\n\n"
        }
        return (out + body, results)
    }

    /// The input column: the script, and the command or the viewer's actions when they matter.
    static func input(_ item: ErrorCase) -> String {
        var text = item.script ?? ""
        if item.script == nil, let bytes = item.files["main.lua"] {
            text = "(" + bytes.map { String(format: "%02X", $0) }.joined(separator: " ") + ")"
        }
        switch item.run {
        case .check(let args):
            if !args.isEmpty { text += (text.isEmpty ? "" : "\n") + "$ snowglobe check main.lua " + args.joined(separator: " ") }
        case .command(let args):
            text += (text.isEmpty ? "" : "\n") + "$ snowglobe " + args.joined(separator: " ")
        case .host(let steps):
            for step in steps {
                switch step {
                case .frames(let t): text += "\n(viewer: \(t) s pass)"
                case .key(let key): text += "\n(viewer: the \(key) key is pressed)"
                case .click(let x, let y): text += "\n(viewer: a click at \(Int(x)), \(Int(y)))"
                case .reload(let source): text += "\n(viewer: saved as) " + source
                }
            }
        }
        return text
    }

    /// A table cell holding `text` as code, line breaks kept.
    static func code(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "|", with: "&#124;")
            .replacingOccurrences(of: "\t", with: "    ").replacingOccurrences(of: "\n", with: "<br>")
        return "<code>\(escaped)</code>"
    }

    // MARK: Running a case

    static func run(_ item: ErrorCase) throws -> Seen {
        let folder = NSTemporaryDirectory() + "sg-errors-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let script = item.script {
            try #require(FileManager.default.createFile(atPath: folder + "/main.lua", contents: Data(script.utf8)),
                         "could not write main.lua in \(folder)")
        }
        for (name, bytes) in item.files {
            try #require(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(bytes)),
                         "could not write \(name) in \(folder)")
        }
        switch item.run {
        case .check(let args):
            let duration = args.contains("--duration") ? [] : ["--duration", "0"]
            return try command(["check", "main.lua"] + duration + args, in: folder)
        case .command(let args):
            return try command(args, in: folder)
        case .host(let steps):
            return try host(steps, in: folder)
        }
    }

    static func command(_ arguments: [String], in folder: String) throws -> Seen {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SnowglobeBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both at once: a command that floods one pipe would block on it otherwise.
        let errors = ErrorOutput()
        let reader = Thread { errors.data = err.fileHandleForReading.readDataToEndOfFile(); errors.done.signal() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errors.done.wait()
        let errData = errors.data
        process.waitUntilExit()
        let text = String(decoding: outData, as: UTF8.self) + String(decoding: errData, as: UTF8.self)
        // Paths as a user reads them: the script's folder and the project's (Scripts/) left out.
        let (shown, traceback) = withoutTracebacks(text.replacingOccurrences(of: folder + "/", with: "")
            .replacingOccurrences(of: Project.root + "/", with: ""))
        let exit = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "\(process.terminationStatus)"
        return Seen(text: shown, exit: exit, traceback: traceback)
    }

    /// Runs the script in a host as the viewer would, printing what the viewer shows.
    static func host(_ steps: [ErrorCase.HostStep], in folder: String) throws -> Seen {
        let path = folder + "/main.lua"
        var lines: [String] = []
        var time = 0.0
        func make(_ options: ScriptOptions) -> ScriptHost {
            let host = ScriptHost(scriptPath: path, options: options)
            host.output = { lines.append($0) }
            host.onError = { lines.append($0.description) }
            host.images = RenderImages()
            do throws(ScriptError) { try host.start() } catch {}
            return host
        }
        var host = make(ScriptOptions())
        for step in steps {
            switch step {
            case .frames(let seconds):
                let end = time + seconds
                while time < end - 1e-9 {
                    time += 1.0 / 60
                    host.scene.step(to: time)
                }
            case .key(let key):
                host.dispatch(.keyDown(key))
            case .click(let x, let y):
                host.dispatch(.mouseDown(x: x, y: y, button: 1))
            case .reload(let source):
                var options = ScriptOptions()
                options.persisted = host.persistedData()
                options.isReload = true
                try #require(FileManager.default.createFile(atPath: path, contents: Data(source.utf8)),
                             "could not save \(path) for the reload")
                host.close()
                host = make(options)
            }
        }
        host.close()
        let (shown, traceback) = withoutTracebacks(lines.joined(separator: "\n").replacingOccurrences(of: folder + "/", with: ""))
        return Seen(text: shown, exit: "viewer", traceback: traceback)
    }

    /// The text without Lua's tracebacks ("stack traceback:" and its tab-indented lines), and
    /// the first traceback.
    static func withoutTracebacks(_ text: String) -> (String, String?) {
        var kept: [Substring] = []
        var traceback: [Substring] = []
        var first: String?
        var inTraceback = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "stack traceback:" {
                inTraceback = true
                traceback = [line]
                continue
            }
            if inTraceback && line.hasPrefix("\t") {
                traceback.append(line)
                continue
            }
            if inTraceback, first == nil { first = traceback.joined(separator: "\n") }
            inTraceback = false
            kept.append(line)
        }
        if inTraceback, first == nil { first = traceback.joined(separator: "\n") }
        while kept.last?.isEmpty == true { kept.removeLast() }
        // A flood of errors (one per callback, thousands a frame) shows as its first lines.
        if kept.count > 8 {
            let more = kept.count - 4
            kept = Array(kept.prefix(4)) + ["… and \(more) more lines"]
        }
        return (kept.joined(separator: "\n"), first)
    }

}

/// What a command wrote to standard error, read on a thread of its own.
private final class ErrorOutput: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
