import LayerKit
import LuaBridge

/// Reading the value shapes docs/api.md describes from Lua, and pushing them back.
///
/// Points are `{x, y}` or `{x=…, y=…}`, sizes `{w, h}` or `{width=…, height=…}`, rects
/// `{x, y, w, h}` or `{x=…, y=…, width=…, height=…}`, colours `"#RRGGBB[AA]"`, a CSS name or
/// `{r, g, b[, a]}` in 0…1. Reads return named tables.
extension LuaState {
    /// The number in field `name` or at array index `index` of the table at `table`.
    private func tableNumber(_ table: Int32, _ name: String, _ index: Int) -> Double? {
        var value: Double?
        if rawGet(table, field: name) == .number { value = toNumber(at: -1) }
        pop()
        if value == nil {
            if rawGet(table, index: index) == .number { value = toNumber(at: -1) }
            pop()
        }
        return value
    }

    /// A point at `index`.
    func toPoint(at index: Int32) -> Point? {
        guard type(at: index) == .table else { return nil }
        let t = absIndex(index)
        guard let x = tableNumber(t, "x", 1), let y = tableNumber(t, "y", 2) else { return nil }
        return Point(x: x, y: y)
    }

    /// A size at `index`.
    func toSize(at index: Int32) -> Size? {
        guard type(at: index) == .table else { return nil }
        let t = absIndex(index)
        guard let w = tableNumber(t, "width", 1) ?? tableNumber(t, "w", 1),
              let h = tableNumber(t, "height", 2) ?? tableNumber(t, "h", 2) else { return nil }
        return Size(width: w, height: h)
    }

    /// A rect at `index`.
    func toRect(at index: Int32) -> Rect? {
        guard type(at: index) == .table else { return nil }
        let t = absIndex(index)
        guard let x = tableNumber(t, "x", 1), let y = tableNumber(t, "y", 2),
              let w = tableNumber(t, "width", 3) ?? tableNumber(t, "w", 3),
              let h = tableNumber(t, "height", 4) ?? tableNumber(t, "h", 4) else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// A colour at `index`: a hex string, a CSS name, or components.
    func toColor(at index: Int32) -> Color? {
        switch type(at: index) {
        case .string:
            return toString(at: index).flatMap { Color(parsing: $0) }
        case .table:
            let t = absIndex(index)
            guard let r = tableNumber(t, "r", 1), let g = tableNumber(t, "g", 2), let b = tableNumber(t, "b", 3) else {
                return nil
            }
            return Color(r: r, g: g, b: b, a: tableNumber(t, "a", 4) ?? 1)
        default:
            return nil
        }
    }

    /// A transform (a `ca.Transform3D` value) at `index`.
    func toTransform(at index: Int32) -> Transform3D? {
        toValueUserdata(index, as: Transform3D.self)
    }

    /// The value at `index` as `kind`, or nil when it has another shape. Numbers must be finite.
    func toAnimationValue(at index: Int32, kind: ValueKind) -> AnimationValue? {
        switch kind {
        case .path:
            // nil: no path.
            if isNoneOrNil(index) { return .path(Path()) }
            return toObject(index, as: PathBox.self).map { .path($0.path) }
        case .number:
            guard type(at: index) == .number, let v = toNumber(at: index), v.isFinite else { return nil }
            return .number(v)
        case .bool:
            guard type(at: index) == .boolean else { return nil }
            return .bool(toBool(at: index))
        case .point: return toPoint(at: index).flatMap { finite($0.x, $0.y) ? .point($0) : nil }
        case .size: return toSize(at: index).flatMap { finite($0.width, $0.height) ? .size($0) : nil }
        case .rect:
            return toRect(at: index).flatMap { finite($0.origin.x, $0.origin.y, $0.size.width, $0.size.height) ? .rect($0) : nil }
        case .color: return toColor(at: index).map(AnimationValue.color)
        case .transform: return toTransform(at: index).map(AnimationValue.transform)
        case .choice(let options):
            guard type(at: index) == .string, let s = toString(at: index), options.contains(s) else { return nil }
            return .choice(s)
        case .numbers:
            guard type(at: index) == .table else { return nil }
            let t = absIndex(index)
            var values: [Double] = []
            for i in 1...max(1, rawLength(t)) where i <= rawLength(t) {
                guard rawGet(t, index: i) == .number, let v = toNumber(at: -1), v.isFinite else { pop(); return nil }
                pop()
                values.append(v)
            }
            return .numbers(values)
        case .colors:
            guard type(at: index) == .table else { return nil }
            let t = absIndex(index)
            var values: [Color] = []
            for i in 1...max(1, rawLength(t)) where i <= rawLength(t) {
                _ = rawGet(t, index: i)
                guard let c = toColor(at: -1) else { pop(); return nil }
                pop()
                values.append(c)
            }
            return .colors(values)
        }
    }

    /// What a value of `kind` looks like, for "… expected, got …" messages.
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "number"
        case .bool: return "boolean"
        case .point: return "point {x, y}"
        case .size: return "size {width, height}"
        case .rect: return "rect {x, y, width, height}"
        case .color: return "color (\"#RRGGBB\", a CSS name or {r, g, b, a})"
        case .transform: return "Transform3D"
        case .numbers: return "array of numbers"
        case .colors: return "array of colors"
        case .choice(let options): return "one of " + options.map { "'\($0)'" }.joined(separator: ", ")
        case .path: return "Path"
        }
    }

    /// How the value at `index` looks, for messages: its type, or "nan"/"inf" for a number that
    /// is not finite, or the string itself for a choice.
    func describeValue(at index: Int32) -> String {
        if type(at: index) == .number, let v = toNumber(at: index), !v.isFinite { return v.isNaN ? "nan" : "inf" }
        if type(at: index) == .string, let s = toString(at: index) { return "'\(s.prefix(40))'" }
        return typeNameForError(at: index)
    }

    /// `describeValue(at:)`, and where a colour was expected and the value is a misspelt colour
    /// name, the name it was likely meant to be: `'tomatoe' (did you mean 'tomato'?)`.
    func describeValue(at index: Int32, expecting kind: ValueKind) -> String {
        let described = describeValue(at: index)
        guard case .color = kind, type(at: index) == .string, let text = toString(at: index),
              let near = Color.suggestion(forName: text) else { return described }
        return described + " (did you mean '\(near)'?)"
    }

    /// Pushes a value in API.md's read shape.
    func push(_ value: AnimationValue) {
        switch value {
        case .number(let v): push(v)
        case .bool(let b): push(b)
        case .point(let p): pushPoint(p)
        case .size(let s): pushSize(s)
        case .rect(let r): pushRect(r)
        case .color(let c): pushColor(c)
        case .transform(let t): pushValueUserdata(t)
        case .choice(let s): push(s)
        case .path(let path):
            if path.isEmpty { pushNil() } else { pushUnshared(PathBox(path)) }
        case .numbers(let values):
            newTable(arrayCount: Int32(values.count))
            for (i, v) in values.enumerated() { push(v); rawSet(-2, index: i + 1) }
        case .colors(let values):
            newTable(arrayCount: Int32(values.count))
            for (i, c) in values.enumerated() { pushColor(c); rawSet(-2, index: i + 1) }
        }
    }

    func pushPoint(_ p: Point) {
        newTable(fieldCount: 2)
        rawSet(-1, field: "x", to: p.x)
        rawSet(-1, field: "y", to: p.y)
        setShape(.point)
    }

    func pushSize(_ s: Size) {
        newTable(fieldCount: 2)
        rawSet(-1, field: "width", to: s.width)
        rawSet(-1, field: "height", to: s.height)
        setShape(.size)
    }

    func pushRect(_ r: Rect) {
        newTable(fieldCount: 4)
        rawSet(-1, field: "x", to: r.origin.x)
        rawSet(-1, field: "y", to: r.origin.y)
        rawSet(-1, field: "width", to: r.size.width)
        rawSet(-1, field: "height", to: r.size.height)
        setShape(.rect)
    }

    func pushColor(_ c: Color) {
        newTable(fieldCount: 4)
        rawSet(-1, field: "r", to: c.r)
        rawSet(-1, field: "g", to: c.g)
        rawSet(-1, field: "b", to: c.b)
        rawSet(-1, field: "a", to: c.a)
        setShape(.color)
    }

    /// The objects in the array (a table) at `index`, each a `T`; for an element that is not, the
    /// error `message(position, its type name)`.
    func objects<T: AnyObject>(inArrayAt index: Int32, as type: T.Type,
                               else message: (Int, String) -> String) throws(LuaRaise) -> [T] {
        let table = absIndex(index)
        let count = rawLength(table)
        var found: [T] = []
        for i in 1...max(1, count) where i <= count {
            _ = rawGet(table, index: i)
            guard let object = toObject(-1, as: T.self) else {
                // Popped before raising, so that the message stays on top.
                let got = typeNameForError(at: -1)
                pop()
                throw error(message(i, got))
            }
            pop()
            found.append(object)
        }
        return found
    }

    /// The string at `index`, or nil for nil; `bad` is the error for anything else (a property
    /// setter's "bad value" message).
    func optionalString(at index: Int32, else bad: () -> LuaRaise) throws(LuaRaise) -> String? {
        if isNoneOrNil(index) { return nil }
        guard type(at: index) == .string, let string = toString(at: index) else { throw bad() }
        return string
    }

    /// The `T` at `index`, or nil for nil; `bad` is the error for anything else.
    func optionalObject<T: AnyObject>(at index: Int32, as type: T.Type, else bad: () -> LuaRaise) throws(LuaRaise) -> T? {
        if isNoneOrNil(index) { return nil }
        guard let object = toObject(index, as: T.self) else { throw bad() }
        return object
    }

    /// The argument `arg` as a value of `kind`, or a "bad argument" error describing the shape.
    func checkValue(_ arg: Int32, kind: ValueKind) throws(LuaRaise) -> AnimationValue {
        guard let value = toAnimationValue(at: arg, kind: kind) else {
            throw argError(arg, "\(LuaState.describe(kind)) expected, got \(describeValue(at: arg, expecting: kind))")
        }
        return value
    }
}

private func finite(_ values: Double...) -> Bool {
    values.allSatisfy(\.isFinite)
}

