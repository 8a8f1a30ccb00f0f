import CSDL2
import Foundation
import LayerKit

/// A window with an SDL renderer and the backend drawing into it: what the viewer shows frames
/// in. Needs a display (or SDL's offscreen video driver); SDL picks the renderer (OpenGL under
/// Xvfb, through Mesa's llvmpipe here).
public final class SDLWindow {
    /// The window (an `SDL_Window *`).
    public let window: OpaquePointer
    /// Its renderer (an `SDL_Renderer *`).
    public let renderer: OpaquePointer
    /// The backend drawing draw lists into the window.
    public let backend: SDLBackend
    /// The texture frames drawn on the CPU are shown through (made at the first such frame).
    private var frameTexture: (texture: OpaquePointer, width: Int, height: Int)?

    /// Opens a resizable window of `width` × `height` titled `title`. Initialises SDL's video
    /// subsystem; throws SDL's message when there is no display or no renderer. `software`
    /// asks for SDL's software renderer presenting straight to the window (X11's shared memory),
    /// with no OpenGL loaded at all: for frames drawn on the CPU, where OpenGL would only copy
    /// them, and where loading it (Mesa's llvmpipe and LLVM) costs more than the first frame.
    public init(title: String, width: Int, height: Int, vsync: Bool = true, software: Bool = false) throws(SDLError) {
        if software { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        try SDLVideo.start()
        let centred = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift does not import
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(max(width, 1)), Int32(max(height, 1)),
                                            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            let error = SDLError.current("SDL_CreateWindow")
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw error
        }
        var flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window, -1, flags) ?? SDL_CreateRenderer(window, -1, 0) else {
            let error = SDLError.current("SDL_CreateRenderer")
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw error
        }
        self.window = window
        self.renderer = renderer
        backend = SDLBackend(renderer: renderer)
    }

    deinit {
        if let frameTexture { SDL_DestroyTexture(frameTexture.texture) }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
    }

    /// The window's size in points (its pixels divided by the display's scale on high-DPI screens).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Whether this machine has a GPU that OpenGL can use: a DRM render node. Without one, Mesa
    /// draws OpenGL on the CPU (llvmpipe).
    public static var hasGPU: Bool {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return nodes.contains { $0.hasPrefix("renderD") && access("/dev/dri/" + $0, R_OK | W_OK) == 0 }
    }

    /// Pixels per point: 1, or 2 on a high-DPI display.
    public var scale: Double {
        let points = size
        guard points.width > 0 else { return 1 }
        let ratio = Double(outputSize.width) / Double(points.width)
        return ratio.isFinite && ratio > 0 ? ratio : 1
    }

    /// The size in points of the display the window is on (nil when SDL does not know).
    public var displaySize: (width: Int, height: Int)? {
        var bounds = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetDisplayBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return nil }
        return (Int(bounds.w), Int(bounds.h))
    }

    /// Whether the window fills its display (SDL's desktop full screen: the display's mode is
    /// kept, the window covers it without a frame), as last asked.
    public private(set) var isFullscreen = false
    /// The size the window had before it filled the display.
    private var windowedSize: (width: Int, height: Int)?

    /// Makes the window fill its display, or go back to the size it had.
    public func setFullscreen(_ on: Bool) throws(SDLError) {
        guard on != isFullscreen else { return }
        if on { windowedSize = size }
        guard SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) == 0 else {
            throw SDLError.current("SDL_SetWindowFullscreen")
        }
        isFullscreen = on
        // Without a window manager (Xvfb, a kiosk) nothing gives the window its size back.
        if !on, let windowedSize {
            SDL_SetWindowSize(window, Int32(windowedSize.width), Int32(windowedSize.height))
        }
    }

    /// The refresh rate of the display the window is on, in Hz (nil when SDL does not know).
    public var refreshRate: Double? {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }

    /// The size of the area drawn into, in pixels.
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// The renderer SDL chose ("opengl", "software", …).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// Draws `list` and shows it.
    public func present(_ list: DrawList, background: Color? = .black) throws(SDLError) {
        try backend.draw(list, background: background)
        SDL_RenderPresent(renderer)
    }

    /// Shows a frame drawn on the CPU (by `HeadlessBackend`, say), stretched over the window:
    /// one texture upload and one copy, so the window shows the same pixels a headless render
    /// writes.
    public func present(_ frame: FrameBuffer) throws(SDLError) {
        if frameTexture.map({ $0.width != frame.width || $0.height != frame.height }) ?? true {
            if let old = frameTexture { SDL_DestroyTexture(old.texture) }
            frameTexture = nil
            guard let made = SDL_CreateTexture(renderer, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue),
                                               Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                               Int32(frame.width), Int32(frame.height)) else {
                throw SDLError.current("SDL_CreateTexture")
            }
            SDL_SetTextureBlendMode(made, SDL_BLENDMODE_NONE)
            frameTexture = (made, frame.width, frame.height)
        }
        guard let texture = frameTexture?.texture else { return }
        let status = frame.pixels.withUnsafeBytes { raw in
            SDL_UpdateTexture(texture, nil, raw.baseAddress, Int32(frame.width * 4))
        }
        guard status == 0 else { throw SDLError.current("SDL_UpdateTexture") }
        guard SDL_RenderCopy(renderer, texture, nil, nil) == 0 else { throw SDLError.current("SDL_RenderCopy") }
        SDL_RenderPresent(renderer)
    }

    /// Reads back what was drawn (before presenting), e.g. for a screenshot.
    public func readPixels() throws(SDLError) -> FrameBuffer {
        let size = outputSize
        let frame = FrameBuffer(width: size.width, height: size.height)
        let status = frame.pixels.withUnsafeMutableBytes { raw in
            SDL_RenderReadPixels(renderer, nil, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), raw.baseAddress,
                                 Int32(size.width * 4))
        }
        guard status == 0 else { throw SDLError.current("SDL_RenderReadPixels") }
        return frame
    }
}
