/// Typed writes of a cell's values, as layers have them: `cell.set(.lifetime, 10)`. Each goes
/// through `setValue(_:for:)`; as with the subscript, a value the property cannot take is ignored.
extension EmitterCell {
    public func set(_ property: CellPropertyID, _ value: Double) { self[property] = .number(value) }
    public func set(_ property: CellPropertyID, _ value: Bool) { self[property] = .bool(value) }
    public func set(_ property: CellPropertyID, _ value: Color) { self[property] = .color(value) }
    public func set(_ property: CellPropertyID, _ value: Rect) { self[property] = .rect(value) }
}
