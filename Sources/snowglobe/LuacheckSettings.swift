import Foundation

/// The `.luacheckrc` that `snowglobe new` puts beside a script: it gives luacheck the globals of
/// Snowglobe's sandbox and `ca` (the standard `snowglobe docs` writes beside ca.lua), so that
/// `luacheck` flags a misspelt `ca.Lyer` or a leaked global and nothing a script may use.
enum LuacheckSettings {
    static let fileName = ".luacheckrc"
    /// The standard's file, in the folder of ca.lua.
    static let standardName = "luacheck_std.lua"

    /// The file's text: the standard read from `standard` (a path), made the default.
    static func text(standard: String) -> String {
        """
        -- luacheck's settings for Snowglobe scripts (written by `snowglobe new`): the globals of
        -- Snowglobe's sandbox and `ca`, from the standard installed beside ca.lua.
        stds.snowglobe = dofile(\(quoted(standard)))
        std = "snowglobe"

        """
    }

    /// `text` as a Lua string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(character)
            }
        }
        return out + "\""
    }

    /// Writes the settings into `script`'s folder unless it has some already; returns what it
    /// did, a line for the terminal.
    static func write(beside script: String, definitions: String?) -> String {
        let folder = (script as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? fileName : folder + "/" + fileName
        if FileManager.default.fileExists(atPath: path) {
            return "left \(path) as it is (it was there already)"
        }
        guard let standard = definitions.map({ $0 + "/" + standardName }), FileManager.default.fileExists(atPath: standard) else {
            return "wrote no \(fileName): \(standardName), the `ca` globals for luacheck, is not where this binary looks "
                + "(run `make install`, or `snowglobe docs --out FOLDER` writes one)"
        }
        do {
            try Data(text(standard: standard).utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            return "wrote no \(fileName): \((error as NSError).localizedDescription)"
        }
        return "created \(path): luacheck knows the sandbox's and `ca`'s globals from \(standard)"
    }
}
