import Foundation
import LayerKit
import LuaBridge
@testable import LuaHost

/// Runs a Lua script from a temporary folder, stepping frames on virtual time, collecting what
/// it prints and the errors it raises.
final class ScriptHarness {
    let folder: String
    let host: ScriptHost
    private(set) var output: [String] = []
    var errors: [ScriptError] { host.errors }
    private(set) var time: Double = 0
    private var frame = 0

    /// Writes `source` as main.lua (plus any `files`) and prepares a host; call `start()`.
    init(_ source: String, files: [String: String] = [:], options: ScriptOptions = ScriptOptions()) {
        folder = NSTemporaryDirectory() + "snowglobe-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files.merging(["main.lua": source], uniquingKeysWith: { a, _ in a }) {
            let path = "\(folder)/\(name)"
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
        host = ScriptHost(scriptPath: "\(folder)/main.lua", options: options)
        host.output = { [unowned self] line in output.append(line) }
    }

    deinit {
        host.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs the script's top level; returns the error if it failed.
    @discardableResult
    func start() -> ScriptError? {
        do throws(ScriptError) {
            try host.start()
            return nil
        } catch {
            return error
        }
    }

    /// Frames every 1/60 s up to `t` (the last exactly at `t`).
    func run(until t: Double) {
        while Double(frame + 1) / 60 < t - 1e-9 {
            frame += 1
            time = Double(frame) / 60
            host.scene.step(to: time)
        }
        time = max(time, t)
        host.scene.step(to: time)
    }

    /// The error messages with the temporary folder replaced by "main.lua"'s bare name.
    var messages: [String] {
        errors.map { $0.message.replacingOccurrences(of: folder + "/", with: "") }
    }

    /// Runs `code` as a chunk in the script's VM (inside a transaction) and returns what it printed.
    func eval(_ code: String) -> [String] {
        let before = output.count
        host.scene.perform {
            do throws(LuaError) {
                try host.lua.run(code, chunkName: "=eval")
            } catch {
                output.append("error: \(error.message)")
            }
        }
        return Array(output[before...])
    }
}
