import CSDL2
import Render

/// Writes frames as PNG files through SDL2_image (straight alpha, 8 bits a channel). The same
/// frame gives the same bytes.
public enum PNGWriter {
    /// Writes `frame` to `path`.
    public static func write(_ frame: FrameBuffer, to path: String) throws(OutputError) {
        guard frame.width > 0, frame.height > 0 else {
            throw .cannotWrite(path: path, reason: "the frame is empty")
        }
        var bytes = frame.straightBytes
        let status: Int32 = bytes.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                raw.baseAddress, Int32(frame.width), Int32(frame.height), 32, Int32(frame.width * 4),
                UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        guard status == 0 else {
            throw .cannotWrite(path: path, reason: String(cString: SDL_GetError()))
        }
    }
}
