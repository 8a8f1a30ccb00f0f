import CSDL2
import LayerKit
import Render

/// SDL's software renderer drawing into a memory surface, with no display: the SDL backend
/// without a window, for tests and for measuring SDL's renderer against the headless one
/// (never part of the product).
public final class SDLSoftwareTarget {
    public let width: Int
    public let height: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    /// The backend drawing into the surface.
    public let backend: SDLBackend

    /// A `width` × `height` RGBA surface with a software renderer on it.
    public init(width: Int, height: Int) throws(SDLError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else {
            throw SDLError.current("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError.current("SDL_CreateSoftwareRenderer")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.renderer = renderer
        backend = SDLBackend(renderer: renderer)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Draws `list` and waits until SDL has finished.
    public func draw(_ list: DrawList, background: Color? = .black) throws(SDLError) {
        try backend.draw(list, background: background)
        SDL_RenderFlush(renderer)
    }

    /// The surface's pixels, read back through SDL_RenderReadPixels (RGBA bytes, as SDL blended them).
    public func readPixels() throws(SDLError) -> FrameBuffer {
        let frame = FrameBuffer(width: width, height: height)
        let status = frame.pixels.withUnsafeMutableBytes { raw in
            SDL_RenderReadPixels(renderer, nil, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue), raw.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw SDLError.current("SDL_RenderReadPixels") }
        return frame
    }
}
