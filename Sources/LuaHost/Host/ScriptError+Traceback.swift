/// Tracebacks as a script's author reads them: Snowglobe's own Lua (the sandbox's `print` and
/// `require`, `ca.transaction`, `ca.await`, all in the chunk `Bootstrap.chunkName`) is a
/// library function like any C one, so its frames show as `[C]` frames of the function the
/// script called, and what that function called in turn is left out.
extension ScriptError {
    /// How Lua names the internal chunk at the start of a traceback line ("snowglobe:").
    static let internalPrefix = "\t" + Bootstrap.chunkName.dropFirst() + ":"

    /// `traceback` without the frames inside Snowglobe's Lua: the outermost internal frame, the
    /// one the script called, becomes `[C]: in function 'require'` (`ca.` added to the fields
    /// of `ca`); internal frames it called, and C functions they called, are dropped.
    static func hidingInternalFrames(_ traceback: String) -> String {
        let lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.contains(where: { $0.hasPrefix(internalPrefix) }) else { return traceback }
        var kept: [Substring] = []
        for (i, line) in lines.enumerated() {
            // The frame below a line is the one that called it.
            let callerIsInternal = i + 1 < lines.count && lines[i + 1].hasPrefix(internalPrefix)
            if line.hasPrefix(internalPrefix) {
                guard !callerIsInternal, let name = calledName(line) else { continue }
                kept.append("\t[C]: in function '\(name)'")
            } else if line.hasPrefix("\t[C]:") && callerIsInternal {
                continue
            } else {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// The name the script called an internal function by: "require" for "in function
    /// 'require'", "ca.transaction" for "in field 'transaction'"; nil for an unnamed one.
    private static func calledName(_ line: Substring) -> String? {
        for (marker, prefix) in [(" in function '", ""), (" in field '", "ca.")] {
            guard let start = line.range(of: marker)?.upperBound,
                  let end = line[start...].firstIndex(of: "'") else { continue }
            return prefix + line[start..<end]
        }
        return nil
    }
}
