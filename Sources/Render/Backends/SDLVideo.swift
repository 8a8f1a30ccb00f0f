import CSDL2
import Foundation

/// Starts SDL's video on the window system the environment names. Left to itself, SDL tries its
/// drivers in turn and, when the X server does not answer, settles on its offscreen driver: the
/// viewer would then run with a window nobody can see. Here the display that `DISPLAY` (or
/// `WAYLAND_DISPLAY`) names must answer; it is asked a few times over about a second, since a
/// server just started may not yet. `SDL_VIDEODRIVER`, when set, is taken as it is.
enum SDLVideo {
    /// How many times each window system is asked, and the pause between.
    static let attempts = 5
    static let pause = 0.25

    static func start() throws(SDLError) {
        let environment = ProcessInfo.processInfo.environment
        if !(environment["SDL_VIDEODRIVER"] ?? "").isEmpty {
            guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError.current("SDL_Init") }
            return
        }
        var systems: [(driver: String, variable: String)] = []
        if let display = environment["DISPLAY"], !display.isEmpty { systems.append(("x11", "DISPLAY=\(display)")) }
        if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty {
            systems.append(("wayland", "WAYLAND_DISPLAY=\(display)"))
        }
        var refusals: [String] = []
        for system in systems {
            var last = ""
            for attempt in 0..<attempts {
                if attempt > 0 { Thread.sleep(forTimeInterval: pause) }
                SDL_SetHint(SDL_HINT_VIDEODRIVER, system.driver)
                if SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 {
                    SDL_SetHint(SDL_HINT_VIDEODRIVER, nil)
                    return
                }
                last = String(cString: SDL_GetError())
            }
            refusals.append("\(system.driver) (\(system.variable)): \(last)")
        }
        SDL_SetHint(SDL_HINT_VIDEODRIVER, nil)
        throw SDLError(description: refusals.isEmpty ? "no window system is named (DISPLAY is not set)"
                       : "no window system answered: " + refusals.joined(separator: "; "))
    }
}
