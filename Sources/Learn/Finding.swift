/// One thing a check found, in the words of animation: a code a program can count and a
/// sentence a learner can act on.
public struct Finding: Equatable, Sendable, Codable {
    /// What kind of difference it is.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The motion starts after the target's.
        case late
        /// The motion starts before the target's.
        case early
        /// The motion takes longer than the target's.
        case slow
        /// The motion takes less time than the target's.
        case fast
        case wrongStart
        case wrongEnd
        /// The motion's shape in time is another timing function's.
        case wrongEasing
        /// The value jumps back when the animation ends (the model was never set).
        case snapsBack
        /// No layer of the checked name was in the tree.
        case missingLayer
        /// The layer does not move, or lacks an animation `requires` asks for.
        case missingAnimation
        /// A checkpoint did not hold.
        case checkpoint
        /// The curves differ in a way none of the codes above describes.
        case different
        /// The submission raised an error (or could not be run).
        case scriptError
        /// The submission ran too long.
        case timeout
        /// The submission used too much memory.
        case memory
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
