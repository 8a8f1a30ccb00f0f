import Foundation

/// The literals of a script and its own modules, and the changes made to them: changes not
/// yet written live only in memory (the source with the token replaced, which the viewer runs);
/// `write()` puts them in the files, one token each, and `undo()` / `redo()` go back and forth
/// through what was written. A file changed on disk behind its back is never written over.
///
/// Literals are matched between the file on disk and the changed source by their place in the
/// file's order: replacing a number by a number keeps every other literal where it was.
public final class TweakSession {
    /// The files scanned (the script first, then its modules), as the script host names them.
    public private(set) var files: [String] = []
    /// The literals of every file, in file order and then source order, as the source runs now
    /// (changes not yet written included).
    public private(set) var literals: [Literal] = []
    /// The literal selected (an index into `literals`), nil when there are none.
    public var selection: Int?
    /// What the last write, undo or redo said when it could not be done, or a notice about a
    /// file changed on disk; nil when all is well.
    public private(set) var message: String?
    /// Counts changes to the source as it runs (a new value, a write, an undo, a drop): the
    /// viewer runs the scene again when it moves.
    public private(set) var revision = 0
    /// Undo and redo of written changes.
    public private(set) var history = EditHistory()

    private let isColour: (String) -> Bool
    /// Each file's bytes as last read from or written to disk.
    private var disk: [String: [UInt8]] = [:]
    /// Each file's literals as on disk.
    private var diskLiterals: [String: [Literal]] = [:]
    /// Changes not yet written: file → (literal's place in the file → its new text).
    private var pending: [String: [Int: String]] = [:]
    /// Files that changed on disk while they had changes not yet written.
    private var changedBehind: Set<String> = []
    /// The source as it runs: disk bytes with the pending changes made.
    private var working: [String: [UInt8]] = [:]

    /// A session that judges colour strings with `isColour` (Snowglobe's own colour parser).
    public init(isColour: @escaping (String) -> Bool) {
        self.isColour = isColour
    }

    // MARK: Files

    /// Reads `files` (the script and its modules). Changes not yet written to a file that is
    /// unchanged on disk are kept; a file changed on disk while it had such changes keeps them
    /// and is marked, so that `write()` refuses and says so.
    public func load(files: [String]) {
        let selected = selectedPlace
        self.files = files
        for file in files {
            let bytes = FileManager.default.contents(atPath: file).map { [UInt8]($0) }
            guard let bytes else {
                disk[file] = nil
                pending[file] = nil
                continue
            }
            if disk[file] == bytes { continue }
            if pending[file] != nil && disk[file] != nil {
                changedBehind.insert(file)
                message = "\(Self.name(file)) changed on disk: Enter writes nothing\(valuesToCopy(in: file)); Esc drops the change"
                continue
            }
            disk[file] = bytes
            diskLiterals[file] = LiteralScanner.literals(in: bytes, file: file, isColour: isColour)
        }
        for file in disk.keys where !files.contains(file) {
            disk[file] = nil
            diskLiterals[file] = nil
            pending[file] = nil
        }
        rebuildWorking()
        reselect(selected)
    }

    /// The source each file with changes not yet written runs with (file → text); files
    /// without such changes run from disk.
    public var sources: [String: String] {
        var sources: [String: String] = [:]
        for file in pending.keys {
            if let bytes = working[file] { sources[file] = String(decoding: bytes, as: UTF8.self) }
        }
        return sources
    }

    /// Whether a change has not been written yet.
    public var hasPendingChange: Bool { !pending.isEmpty }

    /// Whether `literal` (one of `literals`) has a change not written yet.
    public func isPending(_ literal: Literal) -> Bool {
        guard let place = place(of: literal) else { return false }
        return pending[literal.file]?[place] != nil
    }

    /// The line of source `literal` is on, as it runs now (tabs as two spaces, no line break).
    public func sourceLine(of literal: Literal) -> String {
        guard let bytes = working[literal.file] else { return "" }
        var start = min(literal.span.lowerBound, bytes.count)
        while start > 0 && bytes[start - 1] != Byte.newline && bytes[start - 1] != Byte.return { start -= 1 }
        var end = start
        while end < bytes.count && bytes[end] != Byte.newline && bytes[end] != Byte.return { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).replacingOccurrences(of: "\t", with: "  ")
    }

    // MARK: Selecting

    /// The selected literal.
    public var selected: Literal? {
        selection.flatMap { literals.indices.contains($0) ? literals[$0] : nil }
    }

    /// Selects the next literal (`by` 1) or the previous one (-1), wrapping around.
    public func select(by offset: Int) {
        guard !literals.isEmpty else { selection = nil; return }
        let current = selection ?? (offset > 0 ? -1 : 0)
        selection = ((current + offset) % literals.count + literals.count) % literals.count
    }

    /// Selects the first literal of `file` on `line` or after it (nil: no such literal, the
    /// selection stays).
    @discardableResult
    public func select(file: String, line: Int) -> Bool {
        guard let index = literals.firstIndex(where: { $0.file == file && $0.line >= line }) else { return false }
        selection = index
        return true
    }

    // MARK: Changing

    /// Moves the selected number by `steps` of its step times `scale` (Shift 10, Alt 0.1).
    /// Returns whether it changed.
    @discardableResult
    public func nudge(steps: Double, scale: Double = 1) -> Bool {
        guard let literal = selected, let place = place(of: literal),
              let original = diskLiterals[literal.file]?[place].number, let now = literal.number else { return false }
        let step = original.step * scale
        // Printed with the step's digits, so that 0.25 + 0.01 is 0.26 and not 0.26000000000000001.
        guard let text = original.formatted(now.value + steps * step, step: step) else { return false }
        return setText(text, of: literal, place: place)
    }

    /// Sets the selected number to `value` (a drag), printed with `step`'s digits.
    @discardableResult
    public func setNumber(_ value: Double, step: Double) -> Bool {
        guard let literal = selected, let place = place(of: literal),
              let original = diskLiterals[literal.file]?[place].number,
              let text = original.formatted(value, step: step) else { return false }
        return setText(text, of: literal, place: place)
    }

    /// Sets the selected colour's text (`#rrggbb` or `#rrggbbaa`).
    @discardableResult
    public func setColour(_ text: String) -> Bool {
        guard let literal = selected, case .colour = literal.kind, let place = place(of: literal),
              isColour(text) else { return false }
        return setText(text, of: literal, place: place)
    }

    private func setText(_ text: String, of literal: Literal, place: Int) -> Bool {
        guard let original = diskLiterals[literal.file]?[place], let bytes = disk[literal.file] else { return false }
        let replacement = Self.spaced(text, after: original.span.lowerBound, in: bytes)
        guard replacement != literal.text || pending[literal.file]?[place] != nil else { return false }
        if replacement == original.text {
            pending[literal.file]?[place] = nil
            if pending[literal.file]?.isEmpty == true { pending[literal.file] = nil }
        } else {
            pending[literal.file, default: [:]][place] = replacement
        }
        message = nil
        rebuildWorking()
        revision += 1
        return true
    }

    /// Drops every change not written yet (Esc). Returns whether there was one.
    @discardableResult
    public func dropPending() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeAll()
        let behind = changedBehind
        changedBehind.removeAll()
        message = nil
        // Files changed on disk meanwhile are read again now.
        for file in behind { disk[file] = nil }
        load(files: files)
        rebuildWorking()
        revision += 1
        return true
    }

    // MARK: Writing

    /// Writes the changes not yet written, one minimal edit per file. Returns the files written
    /// with their new bytes (for the file watcher to expect); a file that cannot be written keeps
    /// its changes and `message` says why, with the value to copy.
    @discardableResult
    public func write() -> [(file: String, bytes: [UInt8])] {
        var written: [(file: String, bytes: [UInt8])] = []
        message = nil
        for file in files where pending[file] != nil {
            guard let before = disk[file], let changes = pending[file] else { continue }
            let values = changes.sorted { $0.key < $1.key }.map { $0.value.trimmingCharacters(in: .whitespaces) }
                .joined(separator: ", ")
            if changedBehind.contains(file) {
                message = TokenWriter.Problem.changedOnDisk(file).message(value: values)
                continue
            }
            let edits = changes.compactMap { place, text -> TokenWriter.Edit? in
                guard let literal = diskLiterals[file]?[place] else { return nil }
                return TokenWriter.Edit(span: literal.span, replacement: Array(text.utf8))
            }
            let after = TokenWriter.applying(edits, to: before)
            do throws(TokenWriter.Problem) {
                try TokenWriter.write(after, to: file, expecting: before)
            } catch {
                if error == .changedOnDisk(file) { changedBehind.insert(file) }
                message = error.message(value: values)
                continue
            }
            history.record(EditHistory.Step(file: file, before: before, after: after))
            adopt(after, for: file)
            written.append((file, after))
        }
        rebuildWorking()
        return written
    }

    /// Undoes the last write (or redoes the last undone one, with `redo`), if the file on disk
    /// is still as that write left it. Returns the file and its new bytes (nil: nothing done,
    /// `message` says why when there was something to do).
    public func undo(redo: Bool = false) -> (file: String, bytes: [UInt8])? {
        guard let step = redo ? history.nextRedo : history.nextUndo else {
            message = redo ? "nothing to redo" : "nothing to undo"
            return nil
        }
        let (from, to) = redo ? (step.before, step.after) : (step.after, step.before)
        do throws(TokenWriter.Problem) {
            try TokenWriter.write(to, to: step.file, expecting: from)
        } catch {
            message = error.message(value: nil)
            return nil
        }
        if redo { history.didRedo() } else { history.didUndo() }
        pending[step.file] = nil
        changedBehind.remove(step.file)
        message = nil
        adopt(to, for: step.file)
        rebuildWorking()
        revision += 1
        return (step.file, to)
    }

    // MARK: Helpers

    private func adopt(_ bytes: [UInt8], for file: String) {
        disk[file] = bytes
        diskLiterals[file] = LiteralScanner.literals(in: bytes, file: file, isColour: isColour)
        pending[file] = nil
    }

    private func rebuildWorking() {
        let selected = selectedPlace
        literals = []
        for file in files {
            guard let bytes = disk[file] else { continue }
            let edits = (pending[file] ?? [:]).compactMap { place, text -> TokenWriter.Edit? in
                guard let literal = diskLiterals[file]?[place] else { return nil }
                return TokenWriter.Edit(span: literal.span, replacement: Array(text.utf8))
            }
            let source = TokenWriter.applying(edits, to: bytes)
            working[file] = source
            literals += edits.isEmpty ? (diskLiterals[file] ?? []) : LiteralScanner.literals(in: source, file: file, isColour: isColour)
        }
        reselect(selected)
    }

    /// The selected literal's file and place among that file's literals.
    private var selectedPlace: (file: String, place: Int)? {
        guard let literal = selected, let place = place(of: literal) else { return nil }
        return (literal.file, place)
    }

    /// Keeps the selection on the same literal (same file, same place) when the list changes.
    private func reselect(_ previous: (file: String, place: Int)?) {
        guard !literals.isEmpty else { selection = nil; return }
        guard let previous else {
            if selection == nil || !(selection.map(literals.indices.contains) ?? false) { selection = 0 }
            return
        }
        let sameFile = literals.indices.filter { literals[$0].file == previous.file }
        selection = sameFile.isEmpty ? 0 : sameFile[min(previous.place, sameFile.count - 1)]
    }

    /// The literal's place among its file's literals.
    private func place(of literal: Literal) -> Int? {
        placeIn(literal, among: literals)
    }

    private func placeIn(_ literal: Literal, among list: [Literal]) -> Int? {
        var place = 0
        for candidate in list where candidate.file == literal.file {
            if candidate.span == literal.span { return place }
            place += 1
        }
        return nil
    }

    /// "; the value to copy: 0.35" for a file's changes not written yet ("" for none).
    private func valuesToCopy(in file: String) -> String {
        guard let changes = pending[file], !changes.isEmpty else { return "" }
        let values = changes.sorted { $0.key < $1.key }.map { $0.value.trimmingCharacters(in: .whitespaces) }
        return " (the value to copy: \(values.joined(separator: ", ")))"
    }

    /// `text` with a space in front when, written at `offset`, it would join the byte before it:
    /// a minus after a minus would start a comment (`a--1`), a digit after a name would make
    /// one name (`return1`).
    static func spaced(_ text: String, after offset: Int, in bytes: [UInt8]) -> String {
        guard offset > 0, offset <= bytes.count, let first = text.utf8.first else { return text }
        let before = bytes[offset - 1]
        if first == Byte.minus && before == Byte.minus { return " " + text }
        if Byte.isNameChar(first) && Byte.isNameChar(before) { return " " + text }
        return text
    }

    static func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
