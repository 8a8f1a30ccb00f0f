/// Why an exercise cannot be used: a missing file, or a check.lua that does not say what it
/// must. The message names the file, and for check.lua the field and what it must be.
public struct ExerciseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
