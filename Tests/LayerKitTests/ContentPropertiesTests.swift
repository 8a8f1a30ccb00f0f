import LayerKit
import Testing

/// Issue 26's content properties: contentsCenter, contentsScale, the texture filters,
/// maskedCorners and shadowPath, as values.
struct ContentPropertiesTests {
    @Test func coreAnimationDefaults() {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        #expect(layer.rect(.contentsCenter) == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.number(.contentsScale) == 1)
        #expect(layer.choice(.minificationFilter, as: TextureFilter.self) == .linear)
        #expect(layer.choice(.magnificationFilter, as: TextureFilter.self) == .linear)
        #expect(layer.maskedCorners == .all)
        #expect(layer.shadowPath == nil)
        let cell = EmitterCell()
        #expect(cell.minificationFilter == .linear && cell.magnificationFilter == .linear)
        #expect(PropertyRegistry.spec(.contentsCenter).isAnimatable)
        #expect(!PropertyRegistry.spec(.contentsScale).isAnimatable)
        #expect(!PropertyRegistry.spec(.magnificationFilter).isAnimatable)
    }

    @Test(arguments: [
        (PropertyID.contentsCenter, AnimationValue.rect(Rect(x: 0.5, y: 0.5, width: 0.6, height: 0.1)),
         "bad value for 'contentsCenter' (rect inside the unit square {0, 0, 1, 1} expected)"),
        (.contentsCenter, .rect(Rect(x: -0.1, y: 0, width: 0.5, height: 0.5)),
         "bad value for 'contentsCenter' (rect inside the unit square {0, 0, 1, 1} expected)"),
        (.contentsScale, .number(0), "bad value for 'contentsScale' (positive number expected)"),
        (.contentsScale, .number(-2), "bad value for 'contentsScale' (positive number expected)"),
    ])
    func valuesOutsideTheirRangeAreRefused(property: PropertyID, value: AnimationValue, message: String) {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        #expect(throws: PropertyError.self) { try layer.setValue(value, for: property) }
        do {
            try layer.setValue(value, for: property)
        } catch {
            #expect("\(error)" == message)
        }
        #expect(layer.value(property) == PropertyRegistry.spec(property).defaultValue)
    }

    @Test func valuesInsideTheirRangeAreKept() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        try layer.setValue(.rect(Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.75)), for: .contentsCenter)
        try layer.setValue(.number(2), for: .contentsScale)
        try layer.setValue(.choice("nearest"), for: .magnificationFilter)
        #expect(layer.rect(.contentsCenter) == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.75))
        #expect(layer.number(.contentsScale) == 2)
        #expect(layer.choice(.magnificationFilter, as: TextureFilter.self) == .nearest)
    }

    @Test func cornerMasksAreNamedAsCoreAnimationNamesThem() {
        #expect(CornerMask.all.names == ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"])
        #expect(CornerMask(name: "maxXMinY") == .maxXMinY)
        #expect(CornerMask(name: "topLeft") == nil)
        // Core Animation's raw values (kCALayerMinXMinYCorner = 1 …).
        #expect([CornerMask.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY].map(\.rawValue) == [1, 2, 4, 8])
    }

    @Test func aRoundedRectRoundsOnlyTheCornersAsked() {
        let r = Rect(x: 0, y: 0, width: 100, height: 60)
        func arcs(_ p: Path) -> Int { p.elements.filter { if case .curve = $0 { return true } else { return false } }.count }
        let all = Path.roundedRect(r, cornerRadius: 10)
        let one = Path.roundedRect(r, cornerRadius: 10, corners: .maxXMinY)
        #expect(arcs(all) == 4 * arcs(one))
        #expect(arcs(one) > 0)
        #expect(Path.roundedRect(r, cornerRadius: 10, corners: []) == Path.rect(r))
        // The square corners are corners of the rectangle; the rounded one is not.
        let points = one.elements.compactMap { e -> Point? in if case .line(let p) = e { return p } else { return nil } }
        #expect(points.contains(Point(x: 100, y: 60)) && points.contains(Point(x: 0, y: 60)))
        #expect(!points.contains(Point(x: 100, y: 0)))
        #expect(one.boundingBox == r)
    }

    @Test func aCellsFiltersAreCopiedWithIt() {
        let cell = EmitterCell()
        cell.magnificationFilter = .nearest
        cell.minificationFilter = .trilinear
        let copy = cell.copy()
        #expect(copy.magnificationFilter == .nearest && copy.minificationFilter == .trilinear)
    }
}
