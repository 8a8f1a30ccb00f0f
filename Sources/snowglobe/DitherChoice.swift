import ArgumentParser

/// `render --dither`: how a GIF's colours are dithered.
enum DitherChoice: String, CaseIterable, ExpressibleByArgument {
    /// Floyd–Steinberg error diffusion: smooth gradients (the default).
    case floyd
    /// None: each pixel its nearest palette colour; flat areas, smaller files.
    case off = "none"
}
