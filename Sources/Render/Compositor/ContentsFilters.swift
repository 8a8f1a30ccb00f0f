import LayerKit

/// The filters an image is read with when drawn smaller (`minificationFilter`) or larger
/// (`magnificationFilter`) than its texels, for a layer's contents or a cell's particles.
///
/// `linear` and `trilinear` draw alike: every image is read from the mipmap level that suits its
/// size on screen, bilinearly, so that `linear` minification does not shimmer as it would
/// without mipmaps. `nearest` reads the image itself (no mipmaps) at the nearest texel.
struct ContentsFilters: Equatable {
    var minification: TextureFilter
    var magnification: TextureFilter

    static let linear = ContentsFilters(minification: .linear, magnification: .linear)

    /// Whether any filter is `nearest` (else every scale reads linearly, from mipmaps).
    var hasNearest: Bool { minification == .nearest || magnification == .nearest }

    /// How to read a texture drawn at `scale` screen pixels per texel.
    @inline(__always) func sampling(atScale scale: Double) -> Sampling {
        (scale > 1 ? magnification : minification) == .nearest ? .nearest : .linear
    }

    private static let filters = TextureFilter.allCases

    /// A layer's filters as `slot` shows them. LayerKit stores a choice as its case's index, so
    /// this reads numbers (no string work per frame).
    init(_ layer: Layer, _ slot: StateSlot) {
        func filter(_ id: PropertyID) -> TextureFilter {
            let index = layer.number(id, slot)
            guard index >= 0, index < Double(ContentsFilters.filters.count) else { return .linear }
            return ContentsFilters.filters[Int(index)]
        }
        self.init(minification: filter(.minificationFilter), magnification: filter(.magnificationFilter))
    }

    /// An emitter cell's filters.
    init(_ cell: EmitterCell) {
        self.init(minification: cell.minificationFilter, magnification: cell.magnificationFilter)
    }

    init(minification: TextureFilter, magnification: TextureFilter) {
        self.minification = minification
        self.magnification = magnification
    }
}
