import Testing
import LayerKit

@Suite("Point, Size and Rect")
struct GeometryTests {
    @Test func zeroValues() {
        #expect(Point.zero == Point(x: 0, y: 0))
        #expect(Size.zero == Size(width: 0, height: 0))
        #expect(Rect.zero == Rect(origin: .zero, size: .zero))
        #expect(Rect(x: 1, y: 2, width: 3, height: 4) == Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4)))
    }

    @Test func edgesOfAPositiveRect() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect([r.minX, r.midX, r.maxX] == [10, 25, 40])
        #expect([r.minY, r.midY, r.maxY] == [20, 40, 60])
        #expect(r.width == 30 && r.height == 40)
        #expect(r.standardized == r)
    }

    @Test func negativeSizeIsStandardized() {
        let r = Rect(x: 40, y: 60, width: -30, height: -40)
        #expect([r.minX, r.midX, r.maxX] == [10, 25, 40])
        #expect([r.minY, r.midY, r.maxY] == [20, 40, 60])
        #expect(r.width == 30 && r.height == 40)
        #expect(r.standardized == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 40, y: 30)))
    }

    @Test(arguments: [
        (Rect.zero, true),
        (Rect(x: 0, y: 0, width: 10, height: 0), true),
        (Rect(x: 0, y: 0, width: 0, height: 10), true),
        (Rect(x: 5, y: 5, width: -1, height: -1), false),
        (Rect(x: 0, y: 0, width: .nan, height: 1), true),
        (Rect(x: 0, y: 0, width: 1, height: 1), false),
    ])
    func isEmpty(rect: Rect, empty: Bool) {
        #expect(rect.isEmpty == empty)
    }

    @Test(arguments: [
        (Point(x: 0, y: 0), true),      // min corner is inside
        (Point(x: 9.999, y: 9.999), true),
        (Point(x: 10, y: 5), false),    // max edges are outside
        (Point(x: 5, y: 10), false),
        (Point(x: -0.001, y: 5), false),
        (Point(x: 5, y: 5), true),
    ])
    func containsUsesHalfOpenEdges(point: Point, inside: Bool) {
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).contains(point) == inside)
    }

    @Test func emptyRectContainsNothing() {
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(Point(x: 0, y: 0)))
    }

    @Test func intersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: -5, width: 10, height: 10)
        #expect(a.intersects(b) && b.intersects(a))
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(b.intersection(a) == Rect(x: 5, y: 0, width: 5, height: 5))
        let inside = Rect(x: 2, y: 3, width: 1, height: 1)
        #expect(a.intersection(inside) == inside)
    }

    @Test func disjointAndTouchingRectsDoNotIntersect() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let far = Rect(x: 20, y: 20, width: 5, height: 5)
        let touching = Rect(x: 10, y: 0, width: 10, height: 10)
        #expect(!a.intersects(far))
        #expect(!a.intersects(touching))
        #expect(a.intersection(far) == .zero)
        #expect(a.intersection(touching).isEmpty)
    }

    @Test func intersectionStandardizes() {
        let a = Rect(x: 10, y: 10, width: -10, height: -10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func union() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 20, y: -5, width: 5, height: 5)
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 25, height: 15))
        #expect(b.union(a) == a.union(b))
        #expect(a.union(Rect(x: 30, y: 30, width: -5, height: -5)) == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    @Test func insetAndOffset() {
        let r = Rect(x: 10, y: 10, width: 100, height: 50)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 15, width: 80, height: 40))
        #expect(r.insetBy(dx: -10, dy: -5) == Rect(x: 0, y: 5, width: 120, height: 60))
        #expect(r.offsetBy(dx: 5, dy: -10) == Rect(x: 15, y: 0, width: 100, height: 50))
        #expect(Rect(x: 10, y: 10, width: -10, height: -10).offsetBy(dx: 1, dy: 1) == Rect(x: 1, y: 1, width: 10, height: 10))
    }

    @Test func insetBeyondTheSizeCollapsesAtTheCentre() {
        let r = Rect(x: 0, y: 0, width: 10, height: 100)
        let collapsed = r.insetBy(dx: 20, dy: 10)
        #expect(collapsed == Rect(x: 5, y: 10, width: 0, height: 80))
        #expect(collapsed.isEmpty)
    }
}
