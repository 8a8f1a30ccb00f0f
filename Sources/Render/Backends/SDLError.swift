import CSDL2

/// An SDL call failed; the message is SDL's.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String

    /// SDL's current error message, prefixed by the call that failed.
    public static func current(_ call: String) -> SDLError {
        SDLError(description: "\(call): \(String(cString: SDL_GetError()))")
    }
}
