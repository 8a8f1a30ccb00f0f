import Foundation
import LayerKit

/// A generated `ca` program and how the runner drives it: frames, input, a hot reload,
/// headless renders. Everything follows from `seed`.
struct FuzzProgram: Sendable {
    let seed: UInt64
    /// main.lua.
    let source: String
    /// Other files in the script's folder (modules for `require`, images).
    let files: [String: [UInt8]]
    let plan: RunPlan
    /// How to run it again: `FUZZ_PROGRAM=… make fuzz`.
    let replay: String
}

/// What the runner does with a program after starting it.
struct RunPlan: Sendable {
    /// One step of the run, in order.
    enum Step: Sendable {
        /// Frames `count` times, each `dt` seconds after the last.
        case frames(count: Int, dt: Double)
        /// A jump of the clock (big, zero, backwards, NaN) then one frame.
        case jump(Double)
        case event(InputEventSpec)
        case tap(x: Double, y: Double)
        /// Draws the scene headless at this size (beginFrame, draw, endFrame).
        case render(width: Int, height: Int)
        /// Closes the host and starts a new one with the old one's `ca.persist`, as the viewer's
        /// hot reload does; the new script is `source` (nil: the same file).
        case reload(source: String?)
    }

    var size = Size(width: 320, height: 240)
    var fps: Double = 60
    var steps: [Step] = []
}

/// An input event as plain data (so that a plan is Sendable and printable).
enum InputEventSpec: Sendable {
    case keyDown(String), keyUp(String)
    case mouseDown(Double, Double, Int), mouseUp(Double, Double, Int), mouseMove(Double, Double, Int)
    case resize(Double, Double)
}

/// Writes random `ca` programs: random calls of every constructor, property, method and function
/// the catalogue lists, with random argument types and counts; key paths valid, nearly valid and
/// garbage; NaN, infinities, huge and negative numbers; deep trees and cycles; removal during
/// iteration and in completion blocks; errors thrown from every kind of callback; endless loops,
/// runaway memory, sandbox escapes, and transactions left open across a reload.
struct ProgramGenerator {
    private var rng: FuzzRandom
    private let catalog: APICatalog
    private var depth = 0
    private var endlessLoops = 0
    private var heavy = 0
    /// Whether to write callbacks that multiply (each schedules two more of itself): they are
    /// stopped only at the limits on timers and display links, which takes a debug build tens of
    /// seconds, so the short run in `make test` leaves them out.
    private let storms: Bool

    init(seed: UInt64, storms: Bool = true, catalog: APICatalog = .current) {
        rng = FuzzRandom(seed: seed)
        self.storms = storms
        self.catalog = catalog
    }

    /// The program for `seed`.
    static func program(seed: UInt64, storms: Bool = true, catalog: APICatalog = .current) -> FuzzProgram {
        var generator = ProgramGenerator(seed: seed, storms: storms, catalog: catalog)
        return generator.makeProgram(seed: seed)
    }

    // MARK: Programs

    private mutating func makeProgram(seed: UInt64) -> FuzzProgram {
        let shape = rng.weighted([(88, 0), (4, 1), (3, 2), (2, 3), (3, 4)])
        var source: String
        switch shape {
        case 1: source = brokenSyntax(body(statements: rng.int(3...12)))
        case 2: source = Self.prelude + hostileOneLiner() + "\n"
        case 3: source = binaryJunk()
        case 4: source = Self.prelude + body(statements: rng.int(40...90))
        default: source = Self.prelude + body(statements: rng.int(6...36))
        }
        var plan = makePlan()
        // A reload in the middle of a transaction: the old run leaves one open.
        if plan.steps.contains(where: { if case .reload = $0 { return true } else { return false } }), rng.chance(0.5) {
            source += "\nca.Transaction.begin()\n" + (rng.chance(0.5) ? "L(2).opacity = 0.25\n" : "")
        }
        if rng.chance(0.08) { plan.steps.insert(.jump(.nan), at: 0) }
        let replay = "FUZZ_PROGRAM=\(seed)" + (storms ? "" : " FUZZ_STORMS=0") + " make fuzz"
        let header = """
            -- snowglobe fuzz program \(seed) (replay: \(replay), or snowglobe check on this file;
            -- the runner also sent input events, reloaded and rendered as its plan said)

            """
        return FuzzProgram(seed: seed, source: header + source, files: supportFiles(), plan: plan, replay: replay)
    }

    /// Helpers every program starts with: pools of layers (`L`), animations (`A`) and other
    /// objects (`O`), indexed modulo their size, and a global `__fuzz` for the runner's leak check.
    static let prelude = #"""
        local P = { L = { ca.root }, A = {}, O = {} }
        rawset(_G, "__fuzz", P)
        local function pick(t, i) local n = #t if n == 0 then return nil end return t[(i - 1) % n + 1] end
        local function L(i) return pick(P.L, i) or ca.root end
        local function A(i) return pick(P.A, i) end
        local function O(i) return pick(P.O, i) end
        local function keep(t, x) if x ~= nil and #t < 3000 then t[#t + 1] = x end return x end
        local function try(f, ...) return (pcall(f, ...)) end
        local function drop(t, i) if #t > 1 then table.remove(t, (i - 1) % (#t - 1) + 2) end end

        """#

    private mutating func body(statements count: Int) -> String {
        var out = ""
        for _ in 0..<count { out += statement() + "\n" }
        return out
    }

    private mutating func makePlan() -> RunPlan {
        var plan = RunPlan()
        plan.size = rng.weighted([(8, Size(width: 320, height: 240)), (1, Size(width: 0, height: 0)),
                                  (1, Size(width: 1, height: 3000))])
        plan.fps = rng.weighted([(9, 60.0), (1, 24.0), (1, 240.0)])
        for _ in 0..<rng.int(2...7) {
            let step: RunPlan.Step
            switch rng.weighted([(30, 0), (4, 1), (5, 2), (10, 3), (6, 4), (3, 5), (4, 6)]) {
            case 0: step = .frames(count: rng.int(1...25), dt: 1.0 / 60)
            case 1: step = .frames(count: rng.int(1...4), dt: rng.pick([0.0, 0.5, 3.0]))
            case 2: step = .jump(rng.pick([0.0, 1.0, 10.0, 1e6, -1, .infinity, .nan, 1e-9]))
            case 3: step = .event(event())
            case 4: step = .tap(x: rng.pick([0, 10, 100, 160, 200, -5, 1e9, .nan, .infinity]),
                                y: rng.pick([0, 10, 100, 120, 150, -5, 1e9, .nan, -.infinity]))
            case 5: step = .render(width: rng.pick([48, 64, 96]), height: rng.pick([32, 48, 72]))
            default: step = .reload(source: reloadSource())
            }
            plan.steps.append(step)
        }
        plan.steps.append(.frames(count: rng.int(5...30), dt: 1.0 / 60))
        return plan
    }

    private mutating func reloadSource() -> String? {
        switch rng.int(0...5) {
        case 0: return Self.prelude + body(statements: rng.int(2...10))
        case 1: return "print(ca.isReload, ca.persist)\nfor k, v in pairs(ca.persist) do print(k, v) end\n"
        case 2: return "local x = = 1"
        case 3: return ""
        default: return nil
        }
    }

    private mutating func event() -> InputEventSpec {
        let key = rng.pick(["space", "a", "F5", "", "\u{0}", String(repeating: "k", count: 300), "雪", "escape"])
        let x = rng.pick([0, 50, 160, -1, 1e12, .nan, .infinity]), y = rng.pick([0, 60, 120, -1, 1e12, .nan])
        let button = rng.pick([0, 1, 2, 3, -1, Int.max])
        switch rng.int(0...5) {
        case 0: return .keyDown(key)
        case 1: return .keyUp(key)
        case 2: return .mouseDown(x, y, button)
        case 3: return .mouseUp(x, y, button)
        case 4: return .mouseMove(x, y, button)
        default: return .resize(rng.pick([0, 100, 640, -50, 1e9, .nan, .infinity]), rng.pick([0, 80, 480, -1, .nan]))
        }
    }

    private func supportFiles() -> [String: [UInt8]] {
        [
            "selfreq.lua": Array("local me = require('selfreq')\nreturn {}".utf8),
            "cycle_a.lua": Array("return require('cycle_b')".utf8),
            "cycle_b.lua": Array("return require('cycle_a')".utf8),
            "broken.lua": Array("return function(".utf8),
            "errs.lua": Array("error('module failed on load')".utf8),
            "good.lua": Array("return { answer = 42, make = function() return ca.Layer{ name = 'from module' } end }".utf8),
            "empty.png": [],
            "corrupt.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xFF, 0xFF],
            "text.jpg": Array("not a jpeg at all".utf8),
        ]
    }

    // MARK: Statements

    /// One statement, usually protected by `try` so the program goes on after an error; an
    /// unprotected one ends the chunk (or the callback) with a reported error.
    private mutating func statement() -> String {
        let code = rawStatement()
        let protect = depth == 0 ? 0.9 : 0.75
        if rng.chance(protect) { return "try(function()\n\(code)\nend)" }
        return "do\n\(code)\nend"
    }

    private mutating func rawStatement() -> String {
        let kind = rng.weighted([
            (12, 0), (14, 1), (5, 2), (10, 3), (9, 4), (12, 5), (10, 6), (7, 7), (13, 8), (5, 9),
            (3, 10), (2, 11), (3, 12), (2, 13), (2, 14), (1, 15), (1, 16), (3, 17), (2, 18), (1, 19), (2, 20),
        ])
        switch kind {
        case 0: return newLayer()
        case 1: return setProperty()
        case 2: return "local v = \(layer())[\(propertyKey())]\nif type(v) == 'table' then for k, x in pairs(v) do local _ = tostring(x) end end"
        case 3: return layerMethod()
        case 4: return hierarchy()
        case 5: return animation()
        case 6: return callFunction()
        case 7: return objectMember()
        case 8: return callbackStatement()
        case 9: return transaction()
        case 10: return persist()
        case 11: return deepTree()
        case 12: return removalDuringIteration()
        case 13: return throwError()
        case 14: return sandbox()
        case 15: return endlessLoop()
        case 16: return runawayMemory()
        case 17: return collect()
        case 18: return coroutineAbuse()
        case 19: return "print(\(anyValue()), \(anyValue()), \(layer()))"
        default: return metatableAbuse()
        }
    }

    private mutating func newLayer() -> String {
        let kind = rng.pick(catalog.layerKinds)
        var fields: [String] = []
        for _ in 0..<rng.int(0...6) {
            let (key, value) = propertyAssignment(kind.properties, constructor: true)
            fields.append("[\(key)] = \(value)")
        }
        let table = rng.chance(0.04) ? anyValue() : "{ " + fields.joined(separator: ", ") + " }"
        let make = "keep(P.L, ca.\(kind.name)(\(table)))"
        if rng.chance(0.7) { return "\(layer()):addSublayer(\(make))" }
        return make
    }

    private mutating func setProperty() -> String {
        let target = layer()
        let kind = rng.pick(catalog.layerKinds)
        let (key, value) = propertyAssignment(kind.properties, constructor: false)
        if rng.chance(0.3) {
            return "ca.transaction(function() \(target)[\(key)] = \(value) end, { duration = \(number()) })"
        }
        return "\(target)[\(key)] = \(value)"
    }

    /// A key (valid for the kind, a near miss, another kind's, garbage) and a value for it.
    private mutating func propertyAssignment(_ properties: [APICatalog.Property], constructor: Bool) -> (String, String) {
        let property = rng.pick(properties)
        let roll = rng.unit()
        let name: String
        if roll < 0.78 { name = property.name }
        else if roll < 0.9 { name = nearMiss(property.name) }
        else if roll < 0.97 { name = rng.pick(catalog.vocabulary) }
        else { return (rng.pick(["1", "true", "0/0 == 0/0 and 1 or 2", "{}", "\"\"", "\"__index\""]), anyValue()) }
        return (quote(name), valueFor(propertyNamed: property.name, kind: property.kind))
    }

    private mutating func valueFor(propertyNamed name: String, kind: ValueKind?) -> String {
        if rng.chance(0.12) { return anyValue() }
        if let kind { return value(kind) }
        switch name {
        case "name": return rng.chance(0.8) ? quote("n\(rng.int(0...9))") : anyValue()
        case "data": return rng.pick(["{}", "{ count = 1 }", "P", "nil"])
        case "onTap": return callback(arguments: "layer, point")
        case "sublayers": return "{ \(layer()), \(layer()) }"
        case "superlayer": return layer()
        case "frame": return value(.rect)
        case "contents": return image()
        case "actions": return rng.pick(["false", "true", "nil", "{ position = false }", "{ opacity = false, bounds = false }",
                                         "{ nope = false }", "{ [1] = false }", "{ fontSize = false }"])
        case "string": return rng.pick(["\"hello\"", "\"雪の結晶\"", "42", "string.rep('w', 2000)", "\"a\\0b\""])
        case "font": return rng.pick(["\"DejaVu Sans\"", "\"/no/such/font.ttf\"", "\"\"", "\"Comic Nope\""])
        case "path": return path()
        default: return anyValue()
        }
    }

    private mutating func layerMethod() -> String {
        let method = rng.chance(0.92) ? rng.pick(catalog.layerMethods) : nearMiss(rng.pick(catalog.layerMethods))
        let target = layer()
        var arguments: [String]
        switch method {
        case "addSublayer": arguments = [layer()]
        case "insertSublayer": arguments = [layer(), rng.pick(["1", "0", "-1", "2", "1e9", "math.maxinteger", "math.mininteger", "1.5", "0/0"])]
        case "addAnimation": arguments = [rng.chance(0.8) ? animationRef() : anyValue(), key()]
        case "removeAnimation", "animation": arguments = [key()]
        case "hitTest", "contains": arguments = [value(.point)]
        case "convertPoint": arguments = [value(.point), layer()]
        case "convertTime": arguments = [number(), layer()]
        default: arguments = []
        }
        arguments = mangle(arguments)
        let call = rng.chance(0.05) ? "\(target).\(method)(\(arguments.joined(separator: ", ")))"
                                    : "\(target):\(method)(\(arguments.joined(separator: ", ")))"
        if method == "presentation" { return "local p = \(call)\nif p then local _ = p.opacity; p.opacity = 1 end" }
        if method == "animationKeys" { return "for _, k in ipairs(\(call)) do \(target):removeAnimation(k) end" }
        return call
    }

    /// Sometimes drops, adds or replaces arguments (wrong counts and types).
    private mutating func mangle(_ arguments: [String]) -> [String] {
        var result = arguments
        if rng.chance(0.08), !result.isEmpty { result.removeLast() }
        if rng.chance(0.08) { result.append(anyValue()) }
        if rng.chance(0.1), !result.isEmpty { result[rng.int(0...(result.count - 1))] = anyValue() }
        return result
    }

    private mutating func hierarchy() -> String {
        switch rng.int(0...9) {
        case 0: return "local a, b = \(layer()), \(layer())\na:addSublayer(b)\nb:addSublayer(a)"
        case 1: return "\(layer()):addSublayer(ca.root)"
        case 2: return "\(layer()).sublayers = { \(layer()), \(layer()), \(layer()) }"
        case 3: return "local l = \(layer())\nl.sublayers = { l }"
        case 4: return "\(layer()):removeFromSuperlayer()"
        case 5: return "local l = \(layer())\nl:addSublayer(l)"
        case 6: return "ca.root.sublayers = {}"
        case 7: return "local a = \(layer())\nlocal s = a.superlayer\nif s then a:addSublayer(s) end"
        case 8: return "for i = 1, \(rng.int(1...40)) do \(layer()):insertSublayer(keep(P.L, ca.Layer{ bounds = {0, 0, 8, 8} }), i) end"
        default: return "\(layer()):addSublayer(\(layer()))"
        }
    }

    private mutating func animation() -> String {
        let kind = rng.pick(catalog.animationKinds)
        let keyPath = self.keyPath()
        var fields: [String] = []
        if kind.name != "AnimationGroup", rng.chance(0.9) { fields.append("keyPath = \(quote(keyPath.path))") }
        for _ in 0..<rng.int(0...6) {
            let name = rng.chance(0.9) ? rng.pick(kind.properties) : nearMiss(rng.pick(kind.properties))
            fields.append("[\(quote(name))] = \(animationValue(name, kind: keyPath.kind))")
        }
        let make = "keep(P.A, ca.\(kind.name){ \(fields.joined(separator: ", ")) })"
        if rng.chance(0.75) {
            let add = "\(layer()):addAnimation(\(make), \(key()))"
            if rng.chance(0.35) {
                return "ca.transaction(function() \(add) end, { completion = \(callback(arguments: "")) })"
            }
            return add
        }
        return make
    }

    private mutating func animationValue(_ name: String, kind: ValueKind?) -> String {
        if rng.chance(0.1) { return anyValue() }
        switch name {
        case "keyPath": return quote(self.keyPath().path)
        case "fromValue", "toValue", "byValue": return kind.map { value($0) } ?? anyValue()
        case "duration", "beginTime", "timeOffset", "speed", "repeatCount", "repeatDuration",
             "mass", "stiffness", "damping", "initialVelocity", "settlingDuration", "perceptualDuration", "bounce":
            return number()
        case "autoreverses", "removedOnCompletion", "additive", "cumulative", "allowsOverdamping":
            return rng.pick(["true", "false"])
        case "fillMode": return choice(catalog.fillModes)
        case "calculationMode": return choice(catalog.calculationModes)
        case "rotationMode": return choice(catalog.rotationModes)
        case "timingFunction": return timingFunction()
        case "timingFunctions": return "{ \(timingFunction()), \(timingFunction()) }"
        case "onStart": return callback(arguments: "anim")
        case "onStop": return callback(arguments: "anim, finished")
        case "values":
            let k = kind ?? .number
            return "{ " + (0..<rng.int(0...6)).map { _ in value(k) }.joined(separator: ", ") + " }"
        case "keyTimes", "tensionValues", "continuityValues", "biasValues": return value(.numbers)
        case "path": return path()
        case "animations":
            return rng.pick(["{ \(animationRef()), \(animationRef()) }", "{}",
                             "{ ca.BasicAnimation{ keyPath = 'opacity', toValue = 0 }, ca.AnimationGroup{ animations = { ca.SpringAnimation{ keyPath = 'position.x', toValue = 9 } } } }",
                             "(function() local g = ca.AnimationGroup{} g.animations = { g } return { g } end)()"])
        default: return anyValue()
        }
    }

    private mutating func callFunction() -> String {
        let function = rng.pick(catalog.functions)
        let last = String(function.path.split(separator: ".").last ?? "")
        var arguments: [String]
        if function.takesTable && rng.chance(0.85) {
            var fields: [String] = []
            for parameter in function.parameters where rng.chance(0.75) {
                fields.append("\(parameter) = \(argument(parameter, in: last))")
            }
            if rng.chance(0.1) { fields.append("\(nearMiss(rng.pick(function.parameters + ["x"]))) = \(anyValue())") }
            arguments = ["{ " + fields.joined(separator: ", ") + " }"]
        } else {
            arguments = function.parameters.filter { $0 != "opts" || rng.chance(0.5) }.map { argument($0, in: last) }
        }
        arguments = mangle(arguments)
        let call = "\(function.path)(\(arguments.joined(separator: ", ")))"
        if rng.chance(0.5) { return "keep(P.O, \(call))" }
        return "local r = \(call)\nif type(r) == 'userdata' then local _ = tostring(r) end"
    }

    /// A value for parameter `name` of function `function`, guessed from the name.
    private mutating func argument(_ name: String, in function: String) -> String {
        if rng.chance(0.1) { return anyValue() }
        if function == "Color" { return rng.chance(0.8) ? unitNumber() : number() }
        switch name {
        case "fn", "action", "completion": return callback(arguments: "...")
        case "r": return value(.rect)
        case "path": return rng.pick(["\"corrupt.png\"", "\"empty.png\"", "\"text.jpg\"", "\"missing.png\"", "\"/etc/hostname\"",
                                      "\"../../../../etc/passwd\"", "\"\"", "\"main.lua\"", "string.rep('p', 5000)"])
        case "color": return value(.color)
        case "name": return rng.chance(0.8) ? quote(rng.pick(catalog.timingNames)) : quote(nearMiss(rng.pick(catalog.timingNames)))
        case "event": return rng.chance(0.85) ? quote(rng.pick(catalog.events)) : quote(nearMiss(rng.pick(catalog.events)))
        case "b", "disableActions", "repeats", "clockwise": return rng.pick(["true", "false", "nil", "1"])
        case "f", "timingFunction": return timingFunction()
        case "opts": return "{ duration = \(number()), completion = \(callback(arguments: "")) }"
        case "radius", "size": return rng.pick(["8", "0", "-3", "4096", "1e9", "0/0", "16.5", "2"])
        case "interval", "delay", "seconds", "d", "duration":
            return rng.chance(0.7) ? rng.pick(["0", "0.01", "0.05", "0.2", "1"]) : number()
        default: return number()
        }
    }

    private mutating func objectMember() -> String {
        let type = rng.pick(catalog.otherTypes)
        let make: String
        switch type.name {
        case "Transform3D": make = transform()
        case "Path": make = path()
        case "Image": make = image()
        case "Timer": make = "ca.after(\(rng.pick(["0", "1", "1e9"])), function() end)"
        case "DisplayLink": make = "ca.DisplayLink(function(link) end)"
        case "MediaTimingFunction": make = timingFunction()
        case "AnimationGroup", "BasicAnimation", "KeyframeAnimation", "SpringAnimation", "Animation", "PropertyAnimation":
            make = animationRef()
        default: make = "O(\(rng.int(1...50)))"
        }
        var out = "local o = keep(P.O, \(make))\n"
        for _ in 0..<rng.int(1...4) {
            if !type.methods.isEmpty, rng.chance(0.5) {
                let method = rng.chance(0.9) ? rng.pick(type.methods) : nearMiss(rng.pick(type.methods))
                let arguments = (0..<rng.int(0...7)).map { _ in rng.chance(0.7) ? number() : anyValue() }
                out += "local r = o:\(method)(\(arguments.joined(separator: ", ")))\nif r ~= nil then keep(P.O, r) end\n"
            } else if !type.properties.isEmpty {
                let name = rng.chance(0.9) ? rng.pick(type.properties) : nearMiss(rng.pick(type.properties))
                if rng.chance(0.5) {
                    out += "local _ = o[\(quote(name))]\n"
                } else {
                    out += "o[\(quote(name))] = \(rng.chance(0.6) ? number() : anyValue())\n"
                }
            }
        }
        if type.name == "Transform3D" && rng.chance(0.3) { out += "local t = o * \(transform())\nlocal _ = (t == o)\n" }
        return out
    }

    // MARK: Callbacks

    /// A Lua function whose body is random statements, sometimes ending in an error.
    private mutating func callback(arguments: String) -> String {
        guard depth < 2 else {
            return rng.chance(0.7) ? "function(\(arguments)) \(layer()).opacity = \(unitNumber()) end"
                                   : "function(\(arguments)) error('deep callback failed') end"
        }
        depth += 1
        defer { depth -= 1 }
        var code = "function(\(arguments))\n"
        for _ in 0..<rng.int(0...4) { code += statement() + "\n" }
        if rng.chance(0.15) { code += throwError() + "\n" }
        return code + "end"
    }

    private mutating func callbackStatement() -> String {
        switch rng.int(0...13) {
        case 0: return "keep(P.O, ca.after(\(interval()), \(callback(arguments: "timer"))))"
        case 1: return "keep(P.O, ca.every(\(interval()), \(callback(arguments: "timer"))))"
        case 2:
            return "keep(P.O, ca.Timer.scheduled{ interval = \(interval()), repeats = \(rng.pick(["true", "false", "nil", "1"])), action = \(callback(arguments: "timer")) })"
        case 3:
            return "local link = keep(P.O, ca.DisplayLink(\(callback(arguments: "link"))))\nlink.preferredFramesPerSecond = \(rng.pick(["0", "30", "1e9", "-1", "0/0", "0.5"]))\nif \(rng.pick(["true", "false"])) then link.paused = true end"
        case 4: return "ca.spawn(\(taskBody()))"
        case 5: return "ca.Transaction.setCompletionBlock(\(callback(arguments: "")))"
        case 6: return "ca.transaction(\(callback(arguments: "")), { completion = \(callback(arguments: "")), duration = \(number()) })"
        case 7: return "\(layer()).onTap = \(callback(arguments: "layer, point"))"
        case 8:
            let event = rng.chance(0.9) ? rng.pick(catalog.events) : nearMiss(rng.pick(catalog.events))
            return "ca.on(\(quote(event)), \(callback(arguments: "...")))"
        case 9: return "keep(P.O, setmetatable({}, { __gc = \(callback(arguments: "")) }))"
        case 10:
            return "local a = keep(P.A, ca.BasicAnimation{ keyPath = 'position.y', toValue = \(number()), duration = \(rng.pick(["0.05", "0.2", "0"])) })\na.onStart = \(callback(arguments: "anim"))\na.onStop = \(callback(arguments: "anim, finished"))\n\(layer()):addAnimation(a, \(key()))"
        case 11: return "local x <close> = setmetatable({}, { __close = \(callback(arguments: "")) })"
        case 12: return "keep(P.A, \(animationRef())).timingFunction = \(callback(arguments: "t"))"
        case 13 where storms && rng.chance(0.05):
            // Callbacks that schedule two more of themselves: twice as many every frame.
            return rng.pick(["local function f() P.n = (P.n or 0) + 1 ca.after(0, f) ca.after(0, f) end f()",
                             "local function g() ca.DisplayLink(function(link) link:invalidate() g() g() end) end g()",
                             "local function h() ca.spawn(function() ca.wait(0) h() h() end) end h()"])
        default: return "keep(P.O, ca.DisplayLink(function(link) if link.timestamp > \(rng.pick(["0.1", "0.3"])) then link:invalidate() end \(layer()).position = { link.timestamp * 10, 5 } end))"
        }
    }

    private mutating func taskBody() -> String {
        var code = "function()\n"
        for _ in 0..<rng.int(1...4) {
            switch rng.int(0...6) {
            case 0: code += "ca.wait(\(rng.chance(0.8) ? rng.pick(["0", "0.02", "0.1", "0.5"]) : number()))\n"
            case 1: code += "ca.await(function() \(layer()).opacity = \(unitNumber()) end, { duration = \(rng.pick(["0.05", "0.1", "0"])) })\n"
            case 2: code += "coroutine.yield()\n"
            case 3: code += "P.co = coroutine.running()\nca.wait(0.05)\n"
            case 4: code += "local ok = pcall(ca.wait, \(rng.pick(["0.01", "-1", "0/0"])))\n"
            case 5: code += "table.sort({3, 2, 1}, function(a, b) ca.wait(0.01) return a < b end)\n"
            default:
                depth += 1
                code += statement() + "\n"
                depth -= 1
            }
        }
        if rng.chance(0.2) { code += throwError() + "\n" }
        return code + "end"
    }

    // MARK: Transactions, persistence, trees

    private mutating func transaction() -> String {
        switch rng.int(0...9) {
        case 0: return "ca.Transaction.begin()"
        case 1: return "ca.Transaction.commit()"
        case 2: return "ca.Transaction.setAnimationDuration(\(number()))"
        case 3: return "ca.Transaction.setAnimationTimingFunction(\(timingFunction()))"
        case 4: return "ca.Transaction.setDisableActions(\(rng.pick(["true", "false", "nil", "'yes'"])))"
        case 5: return "ca.Transaction.flush()"
        case 6: return "ca.Transaction.begin()\n\(layer()).position = \(value(.point))\nerror('inside a transaction')"
        case 7: return "ca.transaction(function() \(layer()).opacity = 0 error('in transaction fn') end, { completion = function() \(layer()):removeFromSuperlayer() end })"
        case 8: return "ca.transaction(function() end, \(rng.pick(["{ nope = 1 }", "5", "{ duration = -1 }", "{ duration = 0/0 }", "{ timingFunction = 'nope' }", "{ completion = 5 }"])))"
        default:
            var out = ""
            let n = rng.int(1...5)
            for _ in 0..<n { out += "ca.Transaction.begin()\nca.Transaction.setAnimationDuration(\(rng.pick(["0.1", "0.5", "2"])))\n\(layer()).position = \(value(.point))\n" }
            for _ in 0..<rng.int(0...(n + 1)) { out += "ca.Transaction.commit()\n" }
            return out
        }
    }

    private mutating func persist() -> String {
        let key = quote(rng.pick(["score", "n", "t", "1", "deep"]))
        switch rng.int(0...11) {
        case 0: return "ca.persist[\(key)] = (ca.persist[\(key)] or 0) + 1"
        case 1: return "local t = {} t.self = t ca.persist[\(key)] = t"
        case 2: return "local t = {} for i = 1, \(rng.pick([10, 24, 30, 40, 64])) do t = { t, t } end ca.persist[\(key)] = t"
        case 3: return "local t = {} for i = 1, \(rng.pick([40, 200, 5000])) do t = { t } end ca.persist[\(key)] = t"
        case 4: return "ca.persist[\(key)] = { 0/0, 1/0, -1/0, math.maxinteger, math.mininteger, 'é\\0', [1.5] = 1, [true] = 2, f = print, l = ca.root }"
        case 5: return "ca.persist = \(rng.pick(["5", "nil", "'text'", "ca.root", "setmetatable({}, { __index = function() error('persist index') end })"]))"
        case 6: return "local big = {} for i = 1, \(rng.pick([1000, 100000])) do big[i] = i end ca.persist[\(key)] = big"
        case 7: return "ca.persist[\(key)] = string.rep('s', \(rng.pick([10, 100_000, 5_000_000])))"
        case 8: return "setmetatable(ca.persist, { __pairs = function() error('pairs') end, __gc = function() error('gc') end })"
        case 9: return "local t = ca.persist for i = 1, 30 do t.next = { i = i } t = t.next end"
        case 10: return "if ca.isReload then print('reloaded', ca.persist[\(key)]) end"
        default: return "ca.persist[{}] = 1 ca.persist[ca.root] = 2"
        }
    }

    private mutating func deepTree() -> String {
        let n = rng.weighted([(6, 50), (4, 500), (2, 5000), (1, 30000)])
        if rng.chance(0.5) {
            return "local p = \(layer())\nfor i = 1, \(n) do local c = ca.Layer{ bounds = {0, 0, 4, 4}, position = {1, 1}, backgroundColor = 'red' } p:addSublayer(c) p = c end\nkeep(P.L, p)"
        }
        return "local p = \(layer())\nfor i = 1, \(n) do p:addSublayer(ca.Layer{ position = { i % 300, i % 200 }, bounds = {0, 0, 3, 3} }) end"
    }

    private mutating func removalDuringIteration() -> String {
        switch rng.int(0...5) {
        case 0: return "for _, s in ipairs(\(layer()).sublayers) do s:removeFromSuperlayer() end"
        case 1: return "local subs = ca.root.sublayers\nfor i = 1, #subs do subs[i]:removeFromSuperlayer() ca.root:addSublayer(keep(P.L, ca.Layer{})) end"
        case 2: return "for i = #P.L, 2, -1 do if i % 2 == 0 then table.remove(P.L, i) end end\ncollectgarbage()"
        case 3:
            return "local l = keep(P.L, ca.Layer{ bounds = {0, 0, 10, 10} })\nca.root:addSublayer(l)\nca.transaction(function() l:addAnimation(ca.BasicAnimation{ keyPath = 'position.y', toValue = 300, duration = \(rng.pick(["0.05", "0.3"])) }, 'fall') end, { completion = function() l:removeFromSuperlayer() for _, s in ipairs(ca.root.sublayers) do if s ~= l then s:removeAllAnimations() end end end })"
        case 4: return "for k in pairs(P) do P[k] = nil end\nP.L, P.A, P.O = { ca.root }, {}, {}\ncollectgarbage()"
        default:
            return "local a = keep(P.A, ca.BasicAnimation{ keyPath = 'opacity', toValue = 0, duration = 0.05 })\na.onStop = function() for _, s in ipairs(ca.root.sublayers) do s:removeFromSuperlayer() end end\n\(layer()):addAnimation(a)"
        }
    }

    private mutating func throwError() -> String {
        rng.pick([
            "error('boom')", "error({ code = 1 })", "error(nil)", "error()",
            "error(setmetatable({}, { __tostring = function() return 'custom error' end }))",
            "error(setmetatable({}, { __tostring = function() error('tostring failed') end }))",
            "error(setmetatable({}, { __tostring = function() return {} end }))",
            "error(ca.root)", "error(string.rep('e', 100000))", "error('level three', 3)", "error('no position', 0)",
            "local x = nil; x.y = 1", "local f; f()", "local _ = 1 + {}", "local _ = #5", "error(coroutine.create(print))",
        ])
    }

    private mutating func sandbox() -> String {
        rng.pick([
            "io.open('/etc/passwd')", "os.execute('ls')", "os.exit(1)", "os.remove('main.lua')", "os.rename('a', 'b')",
            "os.getenv('HOME')", "os.tmpname()", "debug.traceback()", "debug.sethook()", "loadfile('/etc/passwd')",
            "dofile('/etc/hostname')", "loadfile('../outside.lua')", "package.loadlib('libc.so.6', 'puts')",
            "require('nonexistent.module')", "require('selfreq')", "require('cycle_a')", "require('broken')", "require('errs')",
            "keep(P.L, require('good').make())", "require('../etc/passwd')", "require('')", "require(5)", "require('a..b')",
            "assert(load(string.dump(function() end)))", "load('return 1', 'x', 'b')", "load(function() return nil end)",
            "load('x = ', '=chunk')()", "loadfile('main.lua')", "dofile('good.lua')", "loadstring('x')",
            "string.rep('x', -1)", "string.format('%99999d', 1)", "os.date('%Ez')", "os.time{ year = 1e300, month = 1, day = 1 }",
            "os.date('*t', 2^62)", "math.random(2, 1)", "math.randomseed(0/0)", "table.unpack({}, 1, 1e8)",
            "collectgarbage('generational')", "collectgarbage('incremental')", "collectgarbage('count')",
            "utf8.char(0x7FFFFFFF)", "string.char(256)", "('x'):rep(1e4):find(('x?'):rep(20) .. 'y')",
        ])
    }

    private mutating func endlessLoop() -> String {
        guard endlessLoops < 1 else { return "local _ = 1" }
        endlessLoops += 1
        let loop = rng.pick([
            "while true do end", "repeat local t = {} until false", "while true do pcall(function() while true do end end) end",
            "for i = 1, math.huge do end", "local function f() return f() end f()", "local function g() return 1 + g() end g()",
            "while true do \(layer()).opacity = math.random() end",
        ])
        // At the top level it would stop the rest of the chunk (the time limit keeps firing until the
        // call returns): run it from a timer. In a callback that repeats, loop once only.
        return depth == 0 ? "ca.after(\(interval()), function() \(loop) end)" : "if not P.looped then P.looped = true \(loop) end"
    }

    private mutating func runawayMemory() -> String {
        guard heavy < 1 else { return "local _ = {}" }
        heavy += 1
        let grow = rng.pick([
            "local t = {} while true do t[#t + 1] = string.rep('x', 1000) .. #t end",
            "local s = 'x' while true do s = s .. s end", "local t = {} for i = 1, 1e9 do t[i] = { i } end",
            "local _ = string.rep('x', 1e9)", "P.hog = {} for i = 1, 1e9 do P.hog[i] = i end",
        ])
        return depth == 0 ? "ca.after(\(interval()), function() \(grow) end)" : "if not P.hogged then P.hogged = true \(grow) end"
    }

    private mutating func collect() -> String {
        rng.pick(["collectgarbage()", "collectgarbage('step')", "drop(P.L, \(rng.int(1...50)))", "drop(P.A, \(rng.int(1...50)))",
                  "drop(P.O, \(rng.int(1...50)))", "P.O = {}", "P.A = {}"])
    }

    private mutating func coroutineAbuse() -> String {
        rng.pick([
            "local co = coroutine.create(function() ca.wait(1) end) print(coroutine.resume(co))",
            "if P.co then print(coroutine.resume(P.co)) end", "if P.co then print(coroutine.close(P.co)) end",
            "ca.spawn(ca.spawn)", "ca.spawn(ca.wait)", "ca.spawn(coroutine.yield)", "ca.wait(0.1)",
            "ca.await(function() end)", "coroutine.wrap(function() ca.spawn(function() ca.wait(0.01) error('late') end) end)()",
            "ca.spawn(function() ca.spawn(function() ca.wait(0) end) ca.wait(1/0) end)",
            "ca.spawn(function() while true do ca.wait(0) end end)",
        ])
    }

    private mutating func metatableAbuse() -> String {
        rng.pick([
            "setmetatable(_G, { __index = function(_, k) error('no global ' .. tostring(k)) end })",
            "getmetatable('').__index = function() error('string methods gone') end",
            "rawset(ca, 'root', nil)", "ca.Layer = nil", "ca.Transaction = 5", "ca.persist = nil",
            "print = nil", "require = nil", "getmetatable(\(layer()))", "setmetatable(\(layer()), {})",
            "local mt = getmetatable(ca.Transform3D) mt.__index = nil", "ca.screen.width = -1",
            "string.rep = function() error('rep') end", "pairs = nil",
        ])
    }

    /// A whole program that is one hostile thing.
    private mutating func hostileOneLiner() -> String {
        rng.pick([
            "while true do end", "local s = 'x' while true do s = s .. s end", "error('top-level error')",
            "ca.Transaction.begin()", "ca.every(0, function() while true do end end)",
            "ca.DisplayLink(function() local t = {} for i = 1, 1e7 do t[i] = i end end)",
            "for i = 1, 200 do ca.after(0, function() error('timer ' .. i) end) end",
            "ca.root:addSublayer(ca.Layer{ onTap = function() while true do end end, bounds = {0, 0, 4000, 4000}, position = {0, 0} })",
            "ca.spawn(function() while true do end end)",
            "local t = setmetatable({}, { __gc = function() while true do end end }) t = nil collectgarbage()",
            "return 1, 2, 3", "return ca.root", "goto nowhere",
        ])
    }

    private mutating func brokenSyntax(_ text: String) -> String {
        let full = Self.prelude + text
        switch rng.int(0...3) {
        case 0: return String(full.prefix(rng.int(0...max(0, full.count - 1))))
        case 1:
            var chars = Array(full)
            if !chars.isEmpty { chars.insert(contentsOf: rng.pick(["end", "(", "= =", "\"", "[[", "\u{0}", "@@"]), at: rng.int(0...(chars.count - 1))) }
            return String(chars)
        case 2: return full + "\nend end end"
        default: return full + "\nlocal x = [[ unterminated"
        }
    }

    private mutating func binaryJunk() -> String {
        var bytes: [UInt8] = rng.chance(0.5) ? [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00] : []
        for _ in 0..<rng.int(0...200) { bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Values

    private mutating func layer() -> String {
        rng.chance(0.05) ? rng.pick(["ca.root", "O(\(rng.int(1...9)))", "A(1)"]) : "L(\(rng.int(1...60)))"
    }

    private mutating func animationRef() -> String {
        rng.chance(0.6) ? "A(\(rng.int(1...40)))" : "ca.BasicAnimation{ keyPath = \(quote(keyPath().path)), toValue = \(number()), duration = \(rng.pick(["0.1", "0.5", "0"])) }"
    }

    private mutating func key() -> String {
        rng.pick(["nil", "'k'", "'fall'", "'opacity'", "''", "5", "{}", "'k' .. \(rng.int(1...3))", "string.rep('k', 300)"])
    }

    private mutating func propertyKey() -> String {
        let kind = rng.pick(catalog.layerKinds)
        let name = rng.pick(kind.properties).name
        return quote(rng.chance(0.85) ? name : nearMiss(name))
    }

    private mutating func keyPath() -> (path: String, kind: ValueKind?) {
        let roll = rng.unit()
        if roll < 0.7 {
            let entry = rng.pick(catalog.keyPaths)
            return (entry.path, entry.kind)
        }
        if roll < 0.85 { return (nearMiss(rng.pick(catalog.keyPaths).path), nil) }
        return (rng.pick(["", ".", "position.", ".x", "transform.rotation.w", "bounds.size.size", "emitterCells.x.birthRate",
                          "a.b.c.d.e", "opacity\u{0}", String(repeating: "position.", count: 50) + "x", "sublayers", "frame",
                          "name", "contents", "actions", "transform.scale.x.y"]), nil)
    }

    private mutating func number() -> String {
        if rng.chance(0.7) {
            return rng.pick(["0", "1", "-1", "0.5", "2", "10", "100", "0.25", "\(rng.int(-50...400))", "\(rng.int(0...1000)) / 7"])
        }
        return rng.pick(["0/0", "1/0", "-1/0", "1e308", "-1e308", "math.huge", "-math.huge", "math.maxinteger", "math.mininteger",
                         "2^63", "-2^53", "1e-320", "-0.0", "1e15", "-1e9", "\"12\"", "\"1e400\""])
    }

    private mutating func unitNumber() -> String {
        rng.pick(["0", "1", "0.5", "0.25", "0.75", "0.1"])
    }

    private mutating func interval() -> String {
        rng.chance(0.8) ? rng.pick(["0", "0.01", "0.05", "0.1", "0.3", "1"]) : number()
    }

    private mutating func choice(_ options: [String]) -> String {
        let roll = rng.unit()
        if roll < 0.75 { return quote(rng.pick(options)) }
        if roll < 0.9 { return quote(nearMiss(rng.pick(options))) }
        return anyValue()
    }

    /// A value of `kind`, usually well formed.
    private mutating func value(_ kind: ValueKind) -> String {
        if rng.chance(0.1) { return anyValue() }
        switch kind {
        case .number: return rng.chance(0.8) ? "\(rng.int(-5...300)) / \(rng.int(1...10))" : number()
        case .bool: return rng.pick(["true", "false"])
        case .point: return rng.chance(0.7) ? "{ \(coordinate()), \(coordinate()) }" : "{ x = \(coordinate()), y = \(coordinate()) }"
        case .size: return rng.chance(0.7) ? "{ \(coordinate()), \(coordinate()) }" : "{ width = \(coordinate()), height = \(coordinate()) }"
        case .rect:
            return rng.chance(0.7) ? "{ \(coordinate()), \(coordinate()), \(coordinate()), \(coordinate()) }"
                                   : "{ x = \(coordinate()), y = \(coordinate()), width = \(coordinate()), height = \(coordinate()) }"
        case .color:
            return rng.pick(["'#ff0000'", "'#00ff0080'", "'white'", "'steelblue'", "{ 1, 0.5, 0 }", "{ r = 0, g = 0, b = 1, a = 0.5 }",
                             "ca.Color(0.2, 0.4, 0.6, 1)", "'#12'", "'#GGGGGG'", "'notacolor'", "{ 2, -1, 0/0 }", "{}"])
        case .transform: return transform()
        case .numbers:
            if rng.chance(0.1) { return "{ 0/0, 1/0 }" }
            return "{ " + (0..<rng.int(0...6)).map { _ in rng.pick(["0", "0.2", "0.5", "1", "-1", "2", "0.9"]) }.joined(separator: ", ") + " }"
        case .colors:
            return "{ " + (0..<rng.int(0...4)).map { _ in rng.pick(["'red'", "'#0000ff'", "{ 0, 1, 0 }", "'nope'"]) }.joined(separator: ", ") + " }"
        case .choice(let options): return choice(options)
        case .path:
            let corner = "\(coordinate()), \(coordinate())"
            return rng.pick(["nil", "ca.Path():moveTo(\(corner)):lineTo(\(corner)):close()",
                             "ca.Path():moveTo(\(corner)):lineTo(\(corner)):lineTo(\(corner)):close()",
                             "ca.Path.rect({ \(corner), \(coordinate()), \(coordinate()) })"])
        }
    }

    private mutating func coordinate() -> String {
        rng.chance(0.85) ? "\(rng.int(-20...400))" : number()
    }

    private mutating func transform() -> String {
        rng.pick([
            "ca.Transform3D.identity", "ca.Transform3D.scale(\(number()), \(number()))",
            "ca.Transform3D.rotation(\(number()), 0, 0, 1)", "ca.Transform3D.rotation(\(number()), \(number()), \(number()), \(number()))",
            "ca.Transform3D.translation(\(number()), \(number()), \(number()))",
            "ca.Transform3D.affine(1, 0, 0, 1, \(number()), \(number()))",
            "(function() local t = ca.Transform3D.identity t.m34 = -1 / 300 return t end)()",
            "ca.Transform3D.scale(0, 0, 0):inverted()", "ca.Transform3D.identity:rotated(1, 1, 1, 1):scaled(2, 2, 2)",
        ])
    }

    private mutating func path() -> String {
        var p = "ca.Path()"
        for _ in 0..<rng.int(0...5) {
            switch rng.int(0...5) {
            case 0: p += ":moveTo(\(number()), \(number()))"
            case 1: p += ":lineTo(\(number()), \(number()))"
            case 2: p += ":curveTo(1, 2, 3, 4, \(number()), \(number()))"
            case 3: p += ":quadCurveTo(5, 5, \(number()), \(number()))"
            case 4: p += ":arc(\(number()), \(number()), \(number()), \(number()), \(number()), \(rng.pick(["true", "false"])))"
            default: p += ":close()"
            }
        }
        return rng.pick([p, p, "ca.Path.rect(\(value(.rect)))", "ca.Path.ellipse(\(value(.rect)))",
                         "ca.Path.roundedRect(\(value(.rect)), \(number()))"])
    }

    private mutating func image() -> String {
        rng.pick([
            "ca.Image.circle{ radius = \(rng.pick(["4", "16", "0", "-1", "0/0", "3000"])), softness = \(rng.pick(["0", "0.5", "1", "2"])), color = 'white' }",
            "ca.Image.rect{ width = \(rng.pick(["8", "0.5", "0", "-1", "0/0", "5000"])), height = \(rng.pick(["4", "1e9", "2"])), cornerRadius = \(rng.pick(["0", "2", "1e300", "-1"])), color = 'gold' }",
            "ca.Image.snowflake{ size = \(rng.pick(["16", "32", "2", "0", "5000"])), arms = \(rng.pick(["6", "2", "100", "0/0"])), seed = \(rng.pick(["1", "-1", "1e300"])) }",
            "ca.Image.load('corrupt.png')", "ca.Image.load('missing.png')", "ca.Image.load('empty.png')", "ca.Image.load('main.lua')",
            "O(\(rng.int(1...9)))",
        ])
    }

    private mutating func timingFunction() -> String {
        rng.pick([
            quote(rng.pick(catalog.timingNames)), quote(nearMiss(rng.pick(catalog.timingNames))),
            "ca.MediaTimingFunction('easeIn')", "ca.Easing.easeOut.bounce", "ca.Easing.easeInOut.elastic",
            "ca.MediaTimingFunction(\(number()), \(number()), \(number()), \(number()))",
            "ca.MediaTimingFunction(0.5, -2, 0.5, 3)",
            "function(t) return t * t end", "function(t) return 0/0 end", "function(t) return 'x' end",
            "function(t) error('timing') end", "function(t) coroutine.yield() return t end",
            "function(t) while true do end end", "function(t) \(layer()).opacity = t return t end",
        ])
    }

    /// Any value at all: numbers, strings, tables, functions, objects, coroutines, oddities.
    private mutating func anyValue() -> String {
        switch rng.int(0...21) {
        case 0, 1: return number()
        case 2: return rng.pick(["nil", "true", "false"])
        case 3: return rng.pick(["''", "'x'", "'opacity'", "'#fff'", "string.rep('z', 10000)", "'\\0'", "'雪'"])
        case 4: return rng.pick(["{}", "{ 1, 2 }", "{ x = 1, y = 2 }", "{ 1, 2, 3, 4 }", "{ width = 3 }", "{ {}, {} }"])
        case 5: return layer()
        case 6: return "A(\(rng.int(1...30)))"
        case 7: return "O(\(rng.int(1...30)))"
        case 8: return "function() end"
        case 9: return "function() error('callback as a value') end"
        case 10: return "coroutine.create(function() end)"
        case 11: return "setmetatable({}, { __index = function() error('index') end, __len = function() error('len') end })"
        case 12: return "setmetatable({ 1, 2 }, { __index = function(_, k) return k end })"
        case 13: return transform()
        case 14: return "ca"
        case 15: return "P"
        case 16: return "ca.root"
        case 17: return "{ 0/0, 0/0, 0/0, 0/0 }"
        case 18: return "ca.MediaTimingFunction('linear')"
        case 19: return "print"
        case 20: return "{ x = 0/0, y = 1/0, width = -1/0, height = 0/0 }"
        default: return "(function() local t = {} t[1] = t return t end)()"
        }
    }

    private mutating func nearMiss(_ name: String) -> String {
        var chars = Array(name)
        guard chars.count > 1 else { return name + "x" }
        switch rng.int(0...4) {
        case 0: chars.remove(at: rng.int(0...(chars.count - 1)))
        case 1:
            let i = rng.int(0...(chars.count - 2))
            chars.swapAt(i, i + 1)
        case 2: chars[0] = Character(chars[0].isUppercase ? chars[0].lowercased() : chars[0].uppercased())
        case 3: chars.insert(rng.pick(["e", "s", "_", "."]), at: rng.int(0...chars.count))
        default: chars = Array(name.uppercased())
        }
        return String(chars)
    }

    /// A Lua string literal for `text` (every byte escaped that needs it).
    private func quote(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20...0x7E: out += String(UnicodeScalar(byte))
            default: out += String(format: "\\%03d", byte)
            }
        }
        return out + "\""
    }
}
