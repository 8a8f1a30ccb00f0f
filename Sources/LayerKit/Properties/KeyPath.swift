import Spelling

/// A named part of a transform that a key path such as `transform.rotation.z` animates.
public enum TransformComponent: String, CaseIterable, Sendable {
    case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"

    /// The kind of value this component takes: `translation` is a size (x, y), the rest numbers.
    public var valueKind: ValueKind { self == .translation ? .size : .number }
}

/// A key path resolved, once, to where its value lives: what per-frame evaluation writes.
public struct ResolvedKeyPath: Sendable {
    /// Where the value of a key path is stored.
    public enum Target: Sendable {
        /// `kind`'s doubles at `offset` in the layer's storage (a whole property or a component
        /// such as `position.x` or `bounds.size.height`).
        case stored(offset: Int, kind: ValueKind)
        /// A component of the transform stored at `offset`.
        case transformPart(offset: Int, TransformComponent)
        /// An array-valued property kept in side storage.
        case array(PropertyID)
        /// `kind`'s doubles at `offset` in the storage of the emitter cell found by the names in
        /// `path` (`emitterCells.flake.birthRate`: `["flake"]`).
        case cell(path: [String], offset: Int, kind: ValueKind)
        /// An input of the layer's filter called `name` (`filters.blur.inputRadius`).
        case filter(name: String, input: FilterInput)
    }

    /// The key path as written.
    public let keyPath: String
    /// The layer property the key path belongs to (the one whose model value shows when no
    /// animation runs); nil for an emitter cell's property.
    public let property: PropertySpec?
    public let target: Target
    /// The kind of value an animation on this key path interpolates.
    public let valueKind: ValueKind
}

/// Why a key path could not be resolved; each reads as a sentence for the script author.
public enum KeyPathError: Error, Equatable, CustomStringConvertible {
    case unknownProperty(keyPath: String, on: LayerKind, suggestion: String?)
    case unknownComponent(keyPath: String, valid: [String])
    case notAnimatable(keyPath: String)
    case unsupported(keyPath: String, reason: String)
    case unknownCell(keyPath: String, name: String, suggestion: String?)
    case unknownFilter(keyPath: String, name: String, valid: [String])

    public var description: String {
        switch self {
        case let .unknownProperty(keyPath, kind, suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown key path '\(keyPath)' on \(kind.rawValue)\(hint)"
        case let .unknownComponent(keyPath, valid):
            return "unknown key path '\(keyPath)' (valid: \(valid.joined(separator: ", ")))"
        case let .notAnimatable(keyPath):
            return "'\(keyPath)' is not animatable"
        case let .unsupported(keyPath, reason):
            return "key path '\(keyPath)' is not supported: \(reason)"
        case let .unknownCell(keyPath, name, suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown key path '\(keyPath)': no emitter cell named '\(name)'\(hint)"
        case let .unknownFilter(keyPath, name, valid):
            let list = valid.isEmpty ? "the layer has no filters" : "its filters are " + valid.map { "'\($0)'" }.joined(separator: ", ")
            return "unknown key path '\(keyPath)': no filter named '\(name)' (\(list))"
        }
    }
}

/// Resolves key path strings against the property registry.
public enum KeyPathResolver {
    /// Resolves `keyPath` for a layer of `kind`.
    public static func resolve(_ keyPath: String, on kind: LayerKind) throws(KeyPathError) -> ResolvedKeyPath {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let head = parts.first, !head.isEmpty else {
            throw .unknownProperty(keyPath: keyPath, on: kind, suggestion: nil)
        }
        if head == "emitterCells" && kind == .emitter {
            return try resolveCell(keyPath, parts)
        }
        if head == "filters" { return try resolveFilter(keyPath, parts) }
        guard let spec = PropertyRegistry.property(named: head, on: kind) else {
            let names = PropertyRegistry.names(on: kind).filter { PropertyRegistry.property(named: $0, on: kind)?.isAnimatable == true }
            throw .unknownProperty(keyPath: keyPath, on: kind, suggestion: NameSuggestion.closest(to: head, among: names))
        }
        guard spec.isAnimatable else { throw .notAnimatable(keyPath: keyPath) }
        let rest = parts.dropFirst().joined(separator: ".")
        if rest.isEmpty {
            let target: ResolvedKeyPath.Target = spec.width == 0
                ? .array(spec.id) : .stored(offset: spec.offset, kind: spec.kind)
            return ResolvedKeyPath(keyPath: keyPath, property: spec, target: target, valueKind: spec.kind)
        }
        let valid = components(of: spec.kind)
        guard let (delta, componentKind, transformPart) = component(rest, of: spec.kind) else {
            throw .unknownComponent(keyPath: keyPath, valid: valid.map { "\(head).\($0)" })
        }
        if let part = transformPart {
            return ResolvedKeyPath(keyPath: keyPath, property: spec, target: .transformPart(offset: spec.offset, part),
                                   valueKind: componentKind)
        }
        return ResolvedKeyPath(keyPath: keyPath, property: spec,
                               target: .stored(offset: spec.offset + delta, kind: componentKind), valueKind: componentKind)
    }

    /// `emitterCells.NAME[.emitterCells.NAME…].PROPERTY[.component]`: the cell names, then a
    /// `CellPropertyID` (whether the cells exist is checked when the animation is added).
    private static func resolveCell(_ keyPath: String, _ parts: [String]) throws(KeyPathError) -> ResolvedKeyPath {
        var names: [String] = []
        var i = 0
        while i + 1 < parts.count && parts[i] == "emitterCells" {
            names.append(parts[i + 1])
            i += 2
        }
        guard !names.isEmpty, !names.contains(""), i < parts.count, let property = CellPropertyID(name: parts[i]) else {
            let written = i < parts.count && !names.isEmpty ? parts[i] : ""
            let animatable = CellPropertyID.allCases.filter(\.isAnimatable).map(\.name)
            throw .unknownProperty(keyPath: keyPath, on: .emitter,
                                   suggestion: written.isEmpty ? nil : NameSuggestion.closest(to: written, among: animatable))
        }
        guard property.isAnimatable else { throw .notAnimatable(keyPath: keyPath) }
        let rest = parts[(i + 1)...].joined(separator: ".")
        if rest.isEmpty {
            return ResolvedKeyPath(keyPath: keyPath, property: nil,
                                   target: .cell(path: names, offset: property.offset, kind: property.kind),
                                   valueKind: property.kind)
        }
        guard let (delta, componentKind, part) = component(rest, of: property.kind), part == nil else {
            let prefix = parts.prefix(i + 1).joined(separator: ".")
            throw .unknownComponent(keyPath: keyPath, valid: components(of: property.kind).map { "\(prefix).\($0)" })
        }
        return ResolvedKeyPath(keyPath: keyPath, property: nil,
                               target: .cell(path: names, offset: property.offset + delta, kind: componentKind),
                               valueKind: componentKind)
    }

    /// The kind of value `keyPath` takes on whichever kind of layer has it, for converting
    /// animation values before the animation is added to a layer.
    public static func valueKind(of keyPath: String) -> ValueKind? {
        for kind in LayerKind.allCases {
            if let resolved = try? resolve(keyPath, on: kind) { return resolved.valueKind }
        }
        return nil
    }

    /// Every component path a property of `kind` has (`"x"`, `"size.height"`, `"rotation.z"` …).
    public static func components(of kind: ValueKind) -> [String] {
        switch kind {
        case .point: return ["x", "y"]
        case .size: return ["width", "height"]
        case .rect: return ["origin", "origin.x", "origin.y", "size", "size.width", "size.height"]
        case .transform: return TransformComponent.allCases.map(\.rawValue)
        default: return []
        }
    }

    private static func component(_ path: String, of kind: ValueKind) -> (Int, ValueKind, TransformComponent?)? {
        switch (kind, path) {
        case (.point, "x"), (.size, "width"): return (0, .number, nil)
        case (.point, "y"), (.size, "height"): return (1, .number, nil)
        case (.rect, "origin"): return (0, .point, nil)
        case (.rect, "origin.x"): return (0, .number, nil)
        case (.rect, "origin.y"): return (1, .number, nil)
        case (.rect, "size"): return (2, .size, nil)
        case (.rect, "size.width"): return (2, .number, nil)
        case (.rect, "size.height"): return (3, .number, nil)
        case (.transform, _):
            guard let part = TransformComponent(rawValue: path) else { return nil }
            return (0, part.valueKind, part)
        default:
            return nil
        }
    }
}
