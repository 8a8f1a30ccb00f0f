import Foundation
import LayerKit
import Playback
import Tweak

/// The tweak panel's state (Shift+F4): whether it is open, the script's literals and the
/// changes made to them (`TweakSession`), which change the scene shows, the lines that made
/// the layer picked in the inspector, and a drag under way. Knows nothing of drawing;
/// `TweakPanel` shows it, and the viewer carries out its commands.
final class Tweaker {
    /// Whether the panel is open (it then takes the keyboard).
    var isOn = false
    /// The literals and their changes.
    let session = TweakSession(isColour: { Color(parsing: $0) != nil })
    /// The session's revision the scene was last run with.
    var shownRevision = 0
    /// Whether the scene shown runs with a change not yet written (else it is the files').
    var showsPending = false
    /// What the last action said (written, undone, why not), for the panel's last line.
    var notice: String?
    /// The lines that made the layer picked in the inspector and its animations (file → lines).
    private(set) var marked: [String: Set<Int>] = [:]
    /// Where the marked layer and its animations were made (a run made again for a change
    /// or a seek has new layers made at the same places).
    private var markedSites: [SourceSite] = []
    /// What a drag on the panel is changing.
    enum Drag {
        /// A number: where the drag started (window x), the value then and the step.
        case number(startX: Double, value: Double, step: Double)
        /// A colour's channel on the picker, from the colour as it was when the drag began.
        case colour(ColourPick.Channel, ColourPick)
        /// A timing function's control point: the literal index of its x (its y follows).
        case handle(x: Int)
    }

    /// The drag under way.
    var drag: Drag?

    /// The files a script's literals are looked for in: the script and the Lua modules it read
    /// from its own folder (not the shared library).
    static func files(of script: LiveScript) -> [String] {
        guard case .file(let path) = script.source else { return [] }
        // The script's folder, split by hand (NSString's path methods trap on Linux for some
        // short paths).
        let slash = path.lastIndex(of: "/")
        let folder = FileWatcher.absolute(slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return script.dependencies.filter { file in
            file == path || (file.hasSuffix(".lua") && FileWatcher.absolute(file).hasPrefix(prefix))
        }
    }

    /// A file's name without its folder, for the panel ("main.lua").
    static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Marks the lines that made `layer` (and its animations), and selects the first literal
    /// there; nothing when they are the lines marked already.
    func mark(_ layer: Layer?) {
        var sites = [layer?.creationSite].compactMap { $0 }
        sites += layer?.attachedAnimations.compactMap { $0.animation.creationSite } ?? []
        guard sites != markedSites else { return }
        markedSites = sites
        marked = [:]
        for site in sites { marked[site.file, default: []].insert(site.line) }
        if let first = sites.first {
            let file = session.files.first { FileWatcher.absolute($0) == FileWatcher.absolute(first.file) } ?? first.file
            session.select(file: file, line: first.line)
        }
    }

    /// Whether `literal`'s line made the picked layer or one of its animations.
    func isMarked(file: String, line: Int) -> Bool {
        marked.contains { FileWatcher.absolute($0.key) == FileWatcher.absolute(file) && $0.value.contains(line) }
    }
}
