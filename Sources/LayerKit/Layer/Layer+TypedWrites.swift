/// Typed writes of a layer's model values, mirroring the typed reads of Layer+Values:
/// `layer.set(.cornerRadius, 6)`, `layer.set(.backgroundColor, .white)`. Each goes through
/// `setValue(_:for:)`, so implicit animations happen as they would from a script; as with the
/// subscript, a value the property cannot take is ignored (call `setValue(_:for:)` for the error).
extension Layer {
    public func set(_ property: PropertyID, _ value: Double) { self[property] = .number(value) }
    public func set(_ property: PropertyID, _ value: Bool) { self[property] = .bool(value) }
    public func set(_ property: PropertyID, _ value: Point) { self[property] = .point(value) }
    public func set(_ property: PropertyID, _ value: Size) { self[property] = .size(value) }
    public func set(_ property: PropertyID, _ value: Rect) { self[property] = .rect(value) }
    public func set(_ property: PropertyID, _ value: Color) { self[property] = .color(value) }
    public func set(_ property: PropertyID, _ value: Transform3D) { self[property] = .transform(value) }
    public func set(_ property: PropertyID, _ value: [Double]) { self[property] = .numbers(value) }
    public func set(_ property: PropertyID, _ value: [Color]) { self[property] = .colors(value) }
    /// A choice-valued property (`fillRule`, `contentsGravity` …) by its name.
    public func set(_ property: PropertyID, _ choice: String) { self[property] = .choice(choice) }
}
