import LayerKit

extension CellPropertyID {
    /// What the property is, with its unit, for the reference. A switch over every case, so
    /// that a new property cannot go undocumented.
    var about: String {
        switch self {
        case .enabled: "false: the cell makes no particles"
        case .birthRate: "particles made per second (times the layer's birthRate)"
        case .lifetime: "seconds each particle lives"
        case .lifetimeRange: "± seconds of random variation in lifetime"
        case .velocity: "the speed a particle starts with, in points per second"
        case .velocityRange: "± random variation in velocity"
        case .xAcceleration: "points per second² added to the velocity along x"
        case .yAcceleration: "points per second² along y (positive pulls down, like gravity)"
        case .zAcceleration: "points per second² along z"
        case .emissionLatitude: "tilts the emission direction towards +z, in radians"
        case .emissionLongitude: "the emission direction in the x-y plane, in radians (0 is +x, π/2 is +y, down the screen)"
        case .emissionRange: "the whole angle of the cone particles leave in, in radians (2π: every direction)"
        case .scale: "the particle's size as a fraction of its image"
        case .scaleRange: "± random variation in scale"
        case .scaleSpeed: "change in scale per second"
        case .spin: "turning speed, in radians per second"
        case .spinRange: "± random variation in spin"
        case .color: "multiplies the image's colours (white: the image as it is)"
        case .redRange: "± random variation of the colour's red component"
        case .greenRange: "± random variation of the colour's green component"
        case .blueRange: "± random variation of the colour's blue component"
        case .alphaRange: "± random variation of the colour's alpha"
        case .redSpeed: "change of the red component per second"
        case .greenSpeed: "change of the green component per second"
        case .blueSpeed: "change of the blue component per second"
        case .alphaSpeed: "change of alpha per second (negative: fades out)"
        case .contentsRect: "the part of the image drawn, in units of the image (0…1)"
        }
    }
}
