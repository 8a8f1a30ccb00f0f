/// The values a property takes beyond its kind: a rect of unit coordinates that must stay inside
/// the unit square, a scale that must be positive.
extension PropertyID {
    /// Whether some values of the property's kind are refused (`violation`).
    var isLimited: Bool { self == .contentsCenter || self == .contentsScale }

    /// What values of this property must be, for a message, when `value` is not one of them; nil
    /// when it is (or any value of the property's kind will do).
    func violation(_ value: AnimationValue) -> String? {
        switch self {
        case .contentsCenter:
            let r = value.rect
            let inside = r.origin.x >= 0 && r.origin.y >= 0 && r.size.width >= 0 && r.size.height >= 0
                && r.origin.x + r.size.width <= 1 + 1e-9 && r.origin.y + r.size.height <= 1 + 1e-9
            return inside ? nil : "rect inside the unit square {0, 0, 1, 1}"
        case .contentsScale:
            let s = value.number
            return s > 0 && s.isFinite ? nil : "positive number"
        default:
            return nil
        }
    }
}
