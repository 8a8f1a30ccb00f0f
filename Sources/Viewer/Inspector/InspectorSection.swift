/// A part of the inspector's panel that folds away with a press on its heading, so that a
/// narrow window (or a large UI scale) keeps room for the part being looked at.
public enum InspectorSection: String, Sendable, CaseIterable {
    case properties
    case animations
    case graph
}
