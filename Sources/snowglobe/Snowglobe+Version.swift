import LuaBridge
import Render

extension Snowglobe {
    /// Snowglobe's own version.
    static let version = "0.1.0"

    /// What `snowglobe --version` prints: Snowglobe's version, then the Lua and SDL libraries it
    /// runs with, one a line.
    static var versionReport: String {
        """
        snowglobe \(version)
        Lua \(LuaRelease.version)
        SDL \(SDLVersion.sdl), SDL_image \(SDLVersion.image), SDL_ttf \(SDLVersion.ttf)
        """
    }
}
