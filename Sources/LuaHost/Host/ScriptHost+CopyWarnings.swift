import LayerKit
import LuaBridge

/// Warnings about `box.position.x = 300`: reading a layer's point, size, rect, colour or
/// transform gives a copy, so assigning to a field of what was read changes the copy and the
/// layer stays where it was, silently. Each chunk's source is scanned when it loads for such
/// statements (`CopyFieldScan`); when a layer's property of that name is then read on one of
/// those lines, the statement is warned about, once, at its file and line, with what to write
/// instead. Until a chunk has such a line, a property read costs one check of an empty table.
extension ScriptHost {
    /// The statements of loaded chunks not yet warned about, by file, then line.
    struct CopyFieldSites {
        var byFile: [String: [Int: [CopyFieldScan.Site]]] = [:]

        var isEmpty: Bool { byFile.isEmpty }
    }

    /// The fields of each layer property whose value a read copies: the point, size, rect,
    /// colour and transform properties of every kind of layer, and `frame`.
    static let copiedFields: [String: Set<String>] = {
        var fields: [String: Set<String>] = ["frame": ["x", "y", "width", "height"]]
        let transform = Set(TransformBinding.properties.map(\.name).filter { $0.hasPrefix("m") })
        for spec in PropertyRegistry.specs {
            switch spec.kind {
            case .point: fields[spec.name] = ["x", "y"]
            case .size: fields[spec.name] = ["width", "height"]
            case .rect: fields[spec.name] = ["x", "y", "width", "height"]
            case .color: fields[spec.name] = ["r", "g", "b", "a"]
            case .transform: fields[spec.name] = transform
            default: break
            }
        }
        return fields
    }()

    /// Notes the statements of `source` (a chunk named `chunk`, "@path" for a file) that assign
    /// to a field of a copied property.
    func watchCopies(in source: String, chunk: String) {
        let sites = CopyFieldScan.sites(in: source, fields: ScriptHost.copiedFields)
        guard !sites.isEmpty else { return }
        let file = chunk.first == "@" || chunk.first == "=" ? String(chunk.dropFirst()) : chunk
        for site in sites { copyFieldSites.byFile[file, default: [:]][site.line, default: []].append(site) }
    }

    /// Called as a layer's `property` is read: when the running line is a watched statement
    /// assigning to a field of that property, warns of it (once).
    func noteRead(of property: String) {
        guard !copyFieldSites.isEmpty, let position = lua.position(level: 1),
              let sites = copyFieldSites.byFile[position.file]?[position.line],
              let site = sites.first(where: { $0.property == property }) else { return }
        copyFieldSites.byFile[position.file]?[position.line]?.removeAll { $0.property == property }
        if copyFieldSites.byFile[position.file]?[position.line]?.isEmpty == true {
            copyFieldSites.byFile[position.file]?[position.line] = nil
        }
        if copyFieldSites.byFile[position.file]?.isEmpty == true { copyFieldSites.byFile[position.file] = nil }
        warn("\(position.file):\(position.line): warning: \(ScriptHost.copyWarning(site))")
    }

    /// What the warning says: what happened, and the statement that does what was meant.
    static func copyWarning(_ site: CopyFieldScan.Site) -> String {
        let read = "\(site.owner).\(site.property)"
        let value = site.value ?? "…"
        let fix: String
        let pair: [String]? = switch site.field {
        case "x", "y": ["x", "y"]
        case "width", "height": ["width", "height"]
        default: nil
        }
        if let pair, copiedFields[site.property] == Set(pair) {
            let parts = pair.map { $0 == site.field ? value : "\(read).\($0)" }
            fix = "\(read) = {\(parts.joined(separator: ", "))}"
        } else {
            fix = "local copy = \(read); copy.\(site.field) = \(value); \(read) = copy"
        }
        return "\(read).\(site.field) = \(value) changes a copy of \(read), not the layer (reading it gives a new value); "
            + "write \(fix)"
    }
}
