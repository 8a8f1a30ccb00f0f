import CSDL2

/// The versions of the SDL libraries Snowglobe is running with, as "2.26.5".
public enum SDLVersion {
    /// SDL2's version.
    public static var sdl: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}
