/// An animatable Lottie property: one keyframe means a static value (`"a": 0`), more an animated
/// one (`"a": 1`). `decimals` is how finely its numbers are written: what a player can show of
/// it (hundredths of a pixel, thousandths of a colour channel).
public struct LottieProperty: Equatable, Sendable {
    public var keyframes: [LottieKeyframe]
    public var decimals: Int
    /// Whether a static value is written as a bare number (opacity, rotation) rather than an array.
    public var isScalar: Bool

    public init(keyframes: [LottieKeyframe], decimals: Int, isScalar: Bool = false) {
        self.keyframes = keyframes
        self.decimals = decimals
        self.isScalar = isScalar
    }

    /// A value that does not change.
    public static func constant(_ values: [Double], decimals: Int) -> LottieProperty {
        LottieProperty(keyframes: [LottieKeyframe(frame: 0, value: .numbers(values))], decimals: decimals,
                       isScalar: false)
    }

    /// A scalar that does not change.
    public static func constant(_ value: Double, decimals: Int) -> LottieProperty {
        LottieProperty(keyframes: [LottieKeyframe(frame: 0, value: .numbers([value]))], decimals: decimals,
                       isScalar: true)
    }

    public var isAnimated: Bool { keyframes.count > 1 }

    var json: LottieJSON {
        guard isAnimated else {
            let value = keyframes.first?.value ?? .numbers([0])
            var bare = isScalar
            if case .path = value { bare = true }
            return .object([("a", .int(0)), ("k", valueJSON(value, bare: bare))])
        }
        var frames: [LottieJSON] = []
        for (index, key) in keyframes.enumerated() {
            var members: [(String, LottieJSON)] = [("t", .number(key.frame, decimals: 3)),
                                                   ("s", valueJSON(key.value, bare: false))]
            let last = index == keyframes.count - 1
            if key.hold && !last {
                members.append(("h", .int(1)))
            } else if !last {
                members.append(("o", handleJSON(key.easeOut)))
                members.append(("i", handleJSON(key.easeIn)))
            }
            frames.append(.object(members))
        }
        return .object([("a", .int(1)), ("k", .array(frames))])
    }

    private func valueJSON(_ value: LottieValue, bare: Bool) -> LottieJSON {
        switch value {
        case .numbers(let values):
            if bare, values.count == 1 { return .number(values[0], decimals: decimals) }
            return .array(values.map { .number($0, decimals: decimals) })
        case .path(let path):
            // A keyframe of a path holds a one-element array; a static path is the object itself.
            return bare ? path.json(decimals: decimals) : .array([path.json(decimals: decimals)])
        }
    }

    private func handleJSON(_ handles: [LottieKeyframe.Handle]) -> LottieJSON {
        let list = handles.isEmpty ? [LottieKeyframe.Handle(x: 0.5, y: 0.5)] : handles
        if list.count == 1 {
            return .object([("x", .number(list[0].x, decimals: 4)), ("y", .number(list[0].y, decimals: 4))])
        }
        return .object([("x", .array(list.map { .number($0.x, decimals: 4) })),
                        ("y", .array(list.map { .number($0.y, decimals: 4) }))])
    }
}
