import Foundation
import Spelling

/// A first argument that is neither a command nor a script, but close to a command's name
/// (`snowglobe rendr x.lua`). Without this check the default command, view, would take it for
/// a script and answer with its own usage.
enum MistypedCommand {
    /// "unknown command 'rendr' (did you mean 'render'?)" when the first of `arguments` is a
    /// likely typo of one of `commands`: not an option, not a file that exists, not named
    /// `.lua`, and close to a command's name. Nil otherwise (`snowglobe x.lua` opens x.lua).
    static func message(for arguments: [String], commands: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first),
              !first.lowercased().hasSuffix(".lua"), !FileManager.default.fileExists(atPath: first),
              let suggestion = NameSuggestion.closest(to: first, among: commands) else { return nil }
        return "unknown command '\(first)' (did you mean '\(suggestion)'?)"
    }
}
