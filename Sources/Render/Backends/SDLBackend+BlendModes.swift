import CSDL2

/// The blend modes SDL's renderer can draw. SDL blends straight colours, so normal and additive
/// drawing use its standard modes; multiply and screen are composed from blend factors on
/// premultiplied colour (their textures and vertex colours are premultiplied for them):
/// screen, s + d − s·d, exactly; multiply, s·d + d(1 − αs), exactly over an opaque backdrop (a
/// window's frame). No set of blend factors expresses the other modes (their formulas divide or
/// branch on the backdrop), so a frame using them is drawn by the software rasterizer instead
/// (`canDraw`).
extension SDLBackend {
    /// SDL's mode for `mode`, nil when blend factors cannot express it.
    static func sdlMode(_ mode: BlendMode) -> SDL_BlendMode? {
        switch mode {
        case .normal: return SDL_BLENDMODE_BLEND
        case .additive: return SDL_BLENDMODE_ADD
        case .multiply:
            return SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_DST_COLOR, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA,
                                              SDL_BLENDOPERATION_ADD, SDL_BLENDFACTOR_ONE,
                                              SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        case .screen:
            return SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_COLOR,
                                              SDL_BLENDOPERATION_ADD, SDL_BLENDFACTOR_ONE,
                                              SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        default: return nil
        }
    }

    /// Whether `mode` is drawn from premultiplied texels and vertex colours.
    static func isPremultiplied(_ mode: BlendMode) -> Bool {
        mode == .multiply || mode == .screen
    }

    /// Whether this renderer can draw every command of `list` (else draw it on the CPU).
    public func canDraw(_ list: DrawList) -> Bool {
        list.commands.allSatisfy { $0.blend == .normal || $0.blend == .additive || supports($0.blend) }
    }
}
