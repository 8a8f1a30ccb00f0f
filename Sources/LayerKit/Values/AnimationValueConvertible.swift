/// A Swift type that a layer property stores and that converts to and from `AnimationValue`.
public protocol AnimationValueConvertible: Sendable {
    /// The kind of value this type is.
    static var valueKind: ValueKind { get }
    /// This value as an `AnimationValue`.
    var animationValue: AnimationValue { get }
    /// The Swift value of an `AnimationValue` of a fitting kind.
    init(animationValue: AnimationValue)
}

extension Double: AnimationValueConvertible {
    public static var valueKind: ValueKind { .number }
    public var animationValue: AnimationValue { .number(self) }
    public init(animationValue v: AnimationValue) { self = v.number }
}

extension Bool: AnimationValueConvertible {
    public static var valueKind: ValueKind { .bool }
    public var animationValue: AnimationValue { .bool(self) }
    public init(animationValue v: AnimationValue) { self = v.bool }
}

extension Point: AnimationValueConvertible {
    public static var valueKind: ValueKind { .point }
    public var animationValue: AnimationValue { .point(self) }
    public init(animationValue v: AnimationValue) { self = v.point }
}

extension Size: AnimationValueConvertible {
    public static var valueKind: ValueKind { .size }
    public var animationValue: AnimationValue { .size(self) }
    public init(animationValue v: AnimationValue) { self = v.size }
}

extension Rect: AnimationValueConvertible {
    public static var valueKind: ValueKind { .rect }
    public var animationValue: AnimationValue { .rect(self) }
    public init(animationValue v: AnimationValue) { self = v.rect }
}

extension Color: AnimationValueConvertible {
    public static var valueKind: ValueKind { .color }
    public var animationValue: AnimationValue { .color(self) }
    public init(animationValue v: AnimationValue) { self = v.color }
}

extension Transform3D: AnimationValueConvertible {
    public static var valueKind: ValueKind { .transform }
    public var animationValue: AnimationValue { .transform(self) }
    public init(animationValue v: AnimationValue) { self = v.transform }
}

extension Array: AnimationValueConvertible where Element: ArrayAnimationElement {
    public static var valueKind: ValueKind { Element.arrayKind }
    public var animationValue: AnimationValue { Element.wrap(self) }
    public init(animationValue v: AnimationValue) { self = Element.unwrap(v) }
}

/// Element types of the array-valued properties (gradient `locations` and `colors`).
public protocol ArrayAnimationElement: Sendable {
    static var arrayKind: ValueKind { get }
    static func wrap(_ array: [Self]) -> AnimationValue
    static func unwrap(_ value: AnimationValue) -> [Self]
}

extension Double: ArrayAnimationElement {
    public static var arrayKind: ValueKind { .numbers }
    public static func wrap(_ array: [Double]) -> AnimationValue { .numbers(array) }
    public static func unwrap(_ value: AnimationValue) -> [Double] { value.numbers }
}

extension Color: ArrayAnimationElement {
    public static var arrayKind: ValueKind { .colors }
    public static func wrap(_ array: [Color]) -> AnimationValue { .colors(array) }
    public static func unwrap(_ value: AnimationValue) -> [Color] { value.colors }
}

/// An enumeration stored in a layer property and named by strings in scripts
/// (`contentsGravity = "resizeAspect"`). The raw values are the script-visible names.
public protocol ChoiceValue: AnimationValueConvertible, CaseIterable, RawRepresentable where RawValue == String {
    /// The value used when a name is not one of the cases.
    static var fallback: Self { get }
}

extension ChoiceValue {
    public static var valueKind: ValueKind { .choice(allCases.map(\.rawValue)) }
    public var animationValue: AnimationValue { .choice(rawValue) }
    public init(animationValue v: AnimationValue) { self = Self(rawValue: v.choice) ?? Self.fallback }
}
