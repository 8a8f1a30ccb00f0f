import LayerKit
import Render

/// What a headless render makes: the frame size, how many frames at what rate, and from when.
public struct RenderSettings: Equatable, Sendable {
    /// Frame size in pixels.
    public var width: Int
    public var height: Int
    /// Frames a second of virtual time.
    public var fps: Double
    /// How many frames (a PNG output makes one whatever this says).
    public var frameCount: Int
    /// The scene time of frame 0 (`--at`, `--from`); earlier frames run without being drawn.
    public var startTime: Double
    /// The number of the first frame made: frame n shows `startTime + n / fps` and is written as
    /// number n, so a part of a render (`--chunk`, `--frames I-J`) makes the files, at the
    /// times, that the whole render makes for those frames.
    public var firstFrame: Int
    /// What shows where no layer draws.
    public var background: Color
    /// Whether GIFs are dithered (Floyd–Steinberg).
    public var dither: Bool
    /// How many times a GIF repeats after its first play: 0 (forever) to 65535.
    public var loopCount: Int
    /// Written into a video's `comment` metadata when set (a part's `PartLabel`, which `join` reads).
    public var comment: String?

    public init(width: Int = 640, height: Int = 480, fps: Double = 30, frameCount: Int = 1,
                startTime: Double = 0, firstFrame: Int = 0, background: Color = .black, dither: Bool = true,
                loopCount: Int = 0) {
        self.width = width
        self.height = height
        self.fps = fps
        self.frameCount = frameCount
        self.startTime = startTime
        self.firstFrame = firstFrame
        self.background = background
        self.dither = dither
        self.loopCount = loopCount
    }

    /// Settings for `duration` seconds at `fps` (rounded to whole frames, at least one).
    public static func duration(_ seconds: Double, fps: Double, width: Int, height: Int) -> RenderSettings {
        let frames = seconds.isFinite && fps.isFinite ? max(1, Int((seconds * fps).rounded())) : 1
        return RenderSettings(width: width, height: height, fps: fps, frameCount: frames)
    }

    /// Checks the settings; the error says which is wrong.
    public func validate() throws(OutputError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .invalidSettings("size must be 1…16384 pixels a side, got \(width)x\(height)")
        }
        guard fps.isFinite, fps > 0, fps <= 1000 else {
            throw .invalidSettings("fps must be a number in (0, 1000], got \(fps)")
        }
        guard frameCount > 0, frameCount <= 1_000_000 else {
            throw .invalidSettings("frame count must be 1…1000000, got \(frameCount)")
        }
        guard firstFrame >= 0, firstFrame <= 100_000_000 else {
            throw .invalidSettings("first frame must be 0…100000000, got \(firstFrame)")
        }
        guard startTime.isFinite, startTime >= 0 else {
            throw .invalidSettings("start time must be a number ≥ 0, got \(startTime)")
        }
    }
}
