import CSDL2

/// The versions of the SDL libraries Snowglobe is running with, as "2.26.5".
public enum SDLVersion {
    /// SDL2's version.
    public static var sdl: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return text(v)
    }

    /// SDL2_image's version.
    public static var image: String {
        IMG_Linked_Version().map { text($0.pointee) } ?? "unknown"
    }

    /// SDL2_ttf's version.
    public static var ttf: String {
        TTF_Linked_Version().map { text($0.pointee) } ?? "unknown"
    }

    private static func text(_ v: SDL_version) -> String {
        "\(v.major).\(v.minor).\(v.patch)"
    }
}
