import Foundation

/// The `.luarc.json` that `snowglobe new` puts beside a script: settings for LuaLS, the Lua
/// language server behind most editors' Lua support, naming Lua 5.4 and, as libraries, the folder
/// of ca.lua (the `ca` definitions) and the Scripts library, so that the editor completes and
/// type-checks `ca` and the modules scripts require.
enum LuaLSSettings {
    static let fileName = ".luarc.json"

    /// The file's text.
    static func json(definitions: String, library: String?) -> String {
        let settings: [String: Any] = [
            "runtime": ["version": "Lua 5.4"],
            "workspace": ["library": [definitions] + (library.map { [$0] } ?? []), "checkThirdParty": false],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: settings,
                                                     options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes the settings into `script`'s folder unless it has some already; returns what it
    /// did, a line for the terminal.
    static func write(beside script: String, definitions: String?, library: String?) -> String {
        let folder = (script as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? fileName : folder + "/" + fileName
        if FileManager.default.fileExists(atPath: path) {
            return "left \(path) as it is (it was there already)"
        }
        guard let definitions else {
            return "wrote no \(fileName): ca.lua, the `ca` definitions for LuaLS, is not where this binary looks "
                + "(run `make install`, or `snowglobe docs --out FOLDER` writes one)"
        }
        do {
            try Data(json(definitions: definitions, library: library).utf8)
                .write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            return "wrote no \(fileName): \((error as NSError).localizedDescription)"
        }
        return "created \(path): LuaLS (the Lua language server) completes and checks `ca` from \(definitions)/ca.lua"
    }
}
