import Foundation
import LayerKit
import LuaBridge
@testable import LuaHost

/// Every name of the `ca` API the fuzzer calls, taken from where the docs take them (the
/// bindings' classes and function lines, `CaLibrary.bindings`) and from the `ca` table a running
/// host builds, so that a name added to the API is fuzzed without editing this file.
struct APICatalog: Sendable {
    /// One layer property (or Lua-only field) and the kind of value it takes, when it has one.
    struct Property: Sendable {
        let name: String
        let kind: ValueKind?
        let isAnimatable: Bool
    }

    /// A function reachable from `ca` (`"ca.Transform3D.rotation"`), with the parameter names
    /// its documentation gives and whether it takes one options table.
    struct Function: Sendable {
        let path: String
        let parameters: [String]
        let takesTable: Bool
    }

    /// Layer kinds by constructor name (`"TextLayer"`), each with its properties, own and inherited.
    let layerKinds: [(name: String, properties: [Property])]
    let layerMethods: [String]
    /// Animation constructors (`"BasicAnimation"`) with the properties each accepts.
    let animationKinds: [(name: String, properties: [String])]
    /// The other Lua-visible types (`"Transform3D"`, `"Path"` …): properties and method names.
    let otherTypes: [(name: String, properties: [String], methods: [String])]
    let functions: [Function]
    /// Key paths an animation accepts, and the kind of their values.
    let keyPaths: [(path: String, kind: ValueKind)]
    let timingNames: [String]
    let events: [String]
    let fillModes: [String]
    let calculationModes: [String]
    let rotationModes: [String]
    /// Every identifier the documentation mentions: keys for options tables and near misses.
    let vocabulary: [String]

    /// The catalogue of the API as this build has it.
    static let current = APICatalog()

    private init() {
        let classes = CaLibrary.classes
        let layerNames = Set(LayerKind.allCases.map(\.rawValue))
        func ownProperties(_ name: String) -> [LuaClass.Property] {
            classes.first { $0.name == name }?.properties ?? []
        }
        var kinds: [(String, [Property])] = []
        let base = ownProperties(LayerKind.layer.rawValue)
        for kind in LayerKind.allCases {
            var props: [Property] = []
            let documented = kind == .layer ? base : base + ownProperties(kind.rawValue)
            for doc in documented {
                let spec = PropertyRegistry.property(named: doc.name, on: kind)
                props.append(Property(name: doc.name, kind: spec?.kind, isAnimatable: spec?.isAnimatable ?? false))
            }
            kinds.append((kind.rawValue, props))
        }
        layerKinds = kinds
        layerMethods = LayerMethods.all.map(\.name)

        var animationProperties: [String: [String]] = [:]
        var types: [(String, [String], [String])] = []
        // The classes other than layers and emitter cells (which have fuzzing of their own).
        for type in classes where !layerNames.contains(type.name) && type.name != "EmitterCell" {
            var props = type.properties.map(\.name)
            var parent = APIDocs.parentName(of: type, in: classes)
            while let p = parent, let entry = classes.first(where: { $0.name == p }) {
                props += entry.properties.map(\.name)
                parent = APIDocs.parentName(of: entry, in: classes)
            }
            animationProperties[type.name] = props
            types.append((type.name, props, type.methods.map(\.name)))
        }
        otherTypes = types
        animationKinds = ["BasicAnimation", "KeyframeAnimation", "SpringAnimation", "AnimationGroup"]
            .map { ($0, animationProperties[$0] ?? []) }

        var paths: [(String, ValueKind)] = []
        for spec in PropertyRegistry.specs where spec.isAnimatable {
            paths.append((spec.name, spec.kind))
            for component in KeyPathResolver.components(of: spec.kind) {
                let path = spec.name + "." + component
                if let kind = KeyPathResolver.valueKind(of: path) { paths.append((path, kind)) }
            }
        }
        keyPaths = paths
        timingNames = TimingFunction.names
        events = CaLibrary.events
        fillModes = FillMode.allCases.map(\.rawValue)
        calculationModes = CalculationMode.allCases.map(\.rawValue)
        rotationModes = RotationMode.allCases.map(\.rawValue)

        let hints = APICatalog.signatureHints()
        functions = APICatalog.runtimeFunctions().map { path in
            let last = String(path.split(separator: ".").last ?? "")
            let hint = hints[last]
            return Function(path: path, parameters: hint?.parameters ?? [], takesTable: hint?.takesTable ?? false)
        }

        var words = Set<String>()
        for usage in APIDocs.functions.flatMap(\.calls).map(\.usage) {
            for word in usage.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.first?.isLetter == true {
                words.insert(String(word))
            }
        }
        for kind in kinds { for p in kind.1 { words.insert(p.name) } }
        for type in types { words.formUnion(type.1) }
        vocabulary = words.sorted()
    }

    /// Parameter names from the usages in `APIDocs.functions`: `"circle{radius, softness,
    /// color}"` gives circle → [radius, softness, color], taking a table.
    static func signatureHints() -> [String: (parameters: [String], takesTable: Bool)] {
        var hints: [String: (parameters: [String], takesTable: Bool)] = [:]
        for usage in APIDocs.functions.flatMap(\.calls).map(\.usage) {
            let scalars = Array(usage.unicodeScalars)
            var i = 0
            while i < scalars.count {
                guard CharacterSet.letters.contains(scalars[i]) else { i += 1; continue }
                var j = i
                while j < scalars.count, CharacterSet.alphanumerics.contains(scalars[j]) { j += 1 }
                let name = String(String.UnicodeScalarView(scalars[i..<j]))
                if j < scalars.count, scalars[j] == "(" || scalars[j] == "{" {
                    let opener = scalars[j]
                    let closer: Unicode.Scalar = opener == "(" ? ")" : "}"
                    var k = j + 1
                    var depth = 0
                    while k < scalars.count, !(scalars[k] == closer && depth == 0) {
                        if scalars[k] == "{" { depth += 1 } else if scalars[k] == "}" { depth -= 1 }
                        k += 1
                    }
                    let inside = String(String.UnicodeScalarView(scalars[(j + 1)..<min(k, scalars.count)]))
                    let parameters = inside.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                        .map(String.init).filter { $0.first?.isLetter == true }
                    if hints[name] == nil { hints[name] = (parameters, opener == "{") }
                    i = k
                } else {
                    i = j
                }
            }
        }
        return hints
    }

    /// Every function reachable from `ca` in a fresh host, sorted (`"ca.Path.rect"` …), and the
    /// methods of the values `ca.Easing` holds.
    static func runtimeFunctions() -> [String] {
        let host = ScriptHost(scriptPath: "/nonexistent/catalog.lua")
        defer { host.close() }
        var lines: [String] = []
        host.output = { lines.append($0) }
        try? host.lua.run(#"""
            local seen = {}
            local function walk(t, prefix, depth)
              if depth > 3 or seen[t] then return end
              seen[t] = true
              local keys = {}
              for k in pairs(t) do if type(k) == "string" then keys[#keys + 1] = k end end
              table.sort(keys)
              for _, k in ipairs(keys) do
                local v = rawget(t, k)
                if type(v) == "function" then print(prefix .. k)
                elseif type(v) == "table" and k ~= "Easing" and k ~= "persist" then
                  -- A callable table (`ca.Layer`, `ca.Path`) is a function too.
                  local mt = getmetatable(v)
                  if type(mt) == "table" and rawget(mt, "__call") then print(prefix .. k) end
                  walk(v, prefix .. k .. ".", depth + 1)
                end
              end
            end
            walk(ca, "ca.", 0)
            """#, chunkName: "=catalog")
        return lines.filter { $0.hasPrefix("ca.") }
    }

    /// The value kind of a layer property, if `name` is one on any kind.
    func layerProperty(_ name: String) -> Property? {
        for kind in layerKinds { if let p = kind.properties.first(where: { $0.name == name }) { return p } }
        return nil
    }
}
