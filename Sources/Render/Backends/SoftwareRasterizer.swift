/// Draws a draw list's triangles into premultiplied pixels on the CPU: exact coverage of pixel
/// centres (shared edges are drawn once), texture coordinates and colours interpolated affinely
/// in screen space as SDL_RenderGeometry does, bilinear sampling with clamped edges, and
/// premultiplied source-over or additive blending (and the other blend modes of
/// `BlendMode+Formulas`). Integer arithmetic per pixel for the first two, so that a frame
/// repeats byte for byte.
///
/// A triangle is drawn only on the rows it is given, so that the frame can be drawn band by
/// band (each band's pixels stay in cache) and bands on separate threads.
struct SoftwareRasterizer {
    /// The frame being drawn, each pixel widened to 16 bits a channel (0x00AA_00BB_00GG_00RR):
    /// blending then needs one multiply and no unpacking; `widen` and `pack` convert.
    let pixels: UnsafeMutablePointer<UInt64>
    let width: Int
    let height: Int

    /// What a triangle samples and how it blends.
    struct Texture {
        let pixels: UnsafePointer<UInt64>
        let width: Int
        let height: Int
        let solid: Bool
        let blend: BlendMode
        /// Whether each pixel takes the one nearest texel rather than four filtered.
        let nearest: Bool

        /// `texture`'s pixels, valid while the texture lives.
        init(_ texture: RenderTexture, blend: BlendMode, sampling: Sampling = .linear) {
            pixels = texture.wide()
            width = texture.width
            height = texture.height
            solid = texture.isSolidWhite
            self.blend = blend
            nearest = sampling == .nearest && !solid
        }
    }

    /// Vertex positions are snapped to 1/256 pixel before anything else.
    @inline(__always) private static func snap(_ x: Float) -> Double {
        let scaled = min(max(Double(x) * 256, -1e15), 1e15)
        return Double(Int(scaled + (scaled >= 0 ? 0.5 : -0.5))) / 256
    }

    @inline(__always) private static func isFinite(_ p: DrawVertex) -> Bool {
        p.x.isFinite && p.y.isFinite && p.u.isFinite && p.v.isFinite
    }

    /// ⌈x⌉ for x clamped to ±1e15, without a call into the C library (x86-64's baseline has no
    /// rounding instruction). NaN gives 0.
    @inline(__always) static func ceiling(_ x: Double) -> Int {
        let c = x.isNaN ? 0 : min(max(x, -1e15), 1e15)
        let i = Int(c)
        return Double(i) < c ? i &+ 1 : i
    }

    /// 1.5 × 2⁵²: adding it to a number below 2⁵¹ in magnitude rounds that number to the nearest
    /// integer, which then sits in the low bits of the sum.
    private static let roundingBias = 6_755_399_441_055_744.0

    /// ⌈x⌉ for |x| < 2⁵¹, with no branch and no range check (what rows do per edge).
    @inline(__always) static func ceilingOfSmall(_ x: Double) -> Int {
        let t = x + roundingBias
        let nearest = Int(truncatingIfNeeded: t.bitPattern &- roundingBias.bitPattern)
        return t - roundingBias < x ? nearest &+ 1 : nearest
    }

    /// ⌊x⌋ for |x| < 2⁵¹, with no branch and no range check.
    @inline(__always) static func floorOfSmall(_ x: Double) -> Int {
        0 &- ceilingOfSmall(-x)
    }

    /// Draws one triangle on the rows in `rows` (clamped to the frame).
    func triangle(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, _ texture: Texture, rows: Range<Int>) {
        polygon(p0, p1, p2, nil, texture, rows: rows)
    }

    /// Draws a convex quad whose attributes vary affinely across it (a parallelogram, as every
    /// quad of an affine layer is) on the rows in `rows`: the same pixels as its two triangles
    /// (p0 p1 p2, p0 p2 p3), set up once.
    func quad(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, _ p3: DrawVertex, _ texture: Texture,
              rows: Range<Int>) {
        polygon(p0, p1, p2, p3, texture, rows: rows)
    }

    /// Whether p0 p1 p2 p3 is a parallelogram in position, texture coordinates and colour, so
    /// that one affine map describes it.
    static func isParallelogram(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, _ p3: DrawVertex) -> Bool {
        let tolerance: Float = 1e-3
        return abs(p0.x + p2.x - p1.x - p3.x) <= tolerance * max(1, abs(p0.x) + abs(p2.x))
            && abs(p0.y + p2.y - p1.y - p3.y) <= tolerance * max(1, abs(p0.y) + abs(p2.y))
            && abs(p0.u + p2.u - p1.u - p3.u) <= 1e-5 && abs(p0.v + p2.v - p1.v - p3.v) <= 1e-5
            && p0.color == p1.color && p0.color == p2.color && p0.color == p3.color
    }

    private func polygon(_ p0: DrawVertex, _ q1: DrawVertex, _ q2: DrawVertex, _ q3: DrawVertex?, _ texture: Texture,
                         rows: Range<Int>) {
        let blend = texture.blend
        guard Self.isFinite(p0), Self.isFinite(q1), Self.isFinite(q2), q3.map(Self.isFinite) ?? true else { return }
        let x0 = Self.snap(p0.x), y0 = Self.snap(p0.y)
        var x1 = Self.snap(q1.x), y1 = Self.snap(q1.y), x2 = Self.snap(q2.x), y2 = Self.snap(q2.y)
        var p1 = q1, p2 = q2
        var area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        guard area.isFinite, abs(area) > 1e-9 else {
            // A quad whose first triangle is empty may still have a second one.
            if let q3 { polygon(p0, q2, q3, nil, texture, rows: rows) }
            return
        }
        var x3 = q3.map { Self.snap($0.x) } ?? x2, y3 = q3.map { Self.snap($0.y) } ?? y2
        if area < 0 {
            // Wind positively: reverse the order (p0 stays first).
            if q3 != nil {
                swap(&x1, &x3)
                swap(&y1, &y3)
            } else {
                swap(&x1, &x2)
                swap(&y1, &y2)
                swap(&p1, &p2)
                x3 = x2
                y3 = y2
            }
            area = -area
        }
        // Two-argument min and max: the variadic forms build an array on every call.
        let minY = min(min(y0, y1), min(y2, y3)), maxY = max(max(y0, y1), max(y2, y3))
        // Rows whose centre y + 0.5 lies in [minY, maxY).
        let rowStart = max(max(rows.lowerBound, 0), Self.ceiling(minY - 0.5))
        let rowEnd = min(min(rows.upperBound, height), Self.ceiling(maxY - 0.5))
        guard rowStart < rowEnd else { return }
        let minX = min(min(x0, x1), min(x2, x3)), maxX = max(max(x0, x1), max(x2, x3))
        guard maxX > 0, minX < Double(width) else { return }

        // Edges from a canonical endpoint order, so that a shared edge gives both sides the same
        // boundary. A triangle's third "edge" pair collapses: e2 runs p2→p3 = p2→p2 and is skipped.
        let e0 = Edge(x0, y0, x1, y1), e1 = Edge(x1, y1, x2, y2), e2 = Edge(x2, y2, x3, y3), e3 = Edge(x3, y3, x0, y0)

        // Attribute gradients from the first three corners (exact for a parallelogram). When the
        // quad was reversed, p1 is the old p3, which a parallelogram makes consistent: use the
        // original order for the gradients.
        let (g1, g2) = (q1, q2)
        let gx1 = Self.snap(g1.x), gy1 = Self.snap(g1.y), gx2 = Self.snap(g2.x), gy2 = Self.snap(g2.y)
        let garea = q3 == nil ? ((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0))
                              : ((gx1 - x0) * (gy2 - y0) - (gx2 - x0) * (gy1 - y0))
        let a1 = q3 == nil ? p1 : g1, a2 = q3 == nil ? p2 : g2
        let ax1 = q3 == nil ? x1 : gx1, ay1 = q3 == nil ? y1 : gy1, ax2 = q3 == nil ? x2 : gx2, ay2 = q3 == nil ? y2 : gy2
        let w = Double(texture.width), h = Double(texture.height)
        let u0 = Double(p0.u) * w, u1 = Double(a1.u) * w, u2 = Double(a2.u) * w
        let v0 = Double(p0.v) * h, v1 = Double(a1.v) * h, v2 = Double(a2.v) * h
        let inverse = 1 / garea
        let dudx = ((u1 - u0) * (ay2 - y0) - (u2 - u0) * (ay1 - y0)) * inverse
        let dudy = ((u2 - u0) * (ax1 - x0) - (u1 - u0) * (ax2 - x0)) * inverse
        let dvdx = ((v1 - v0) * (ay2 - y0) - (v2 - v0) * (ay1 - y0)) * inverse
        let dvdy = ((v2 - v0) * (ax1 - x0) - (v1 - v0) * (ax2 - x0)) * inverse
        let flat = p0.color == a1.color && p0.color == a2.color
        let modulate = Modulation(p0.color)
        var colorGradient: ColorGradient?
        if !flat { colorGradient = ColorGradient(p0, a1, a2, x0, y0, ax1, ay1, ax2, ay2, garea) }
        let walk = RowWalk(e0: e0, e1: e1, e2: e2, e3: e3, width: width, x0: x0, y0: y0, u0: u0, v0: v0,
                           dudx: dudx, dudy: dudy, dvdx: dvdx, dvdy: dvdy)
        if texture.nearest {
            nearestRows(walk, rowStart..<rowEnd, texture, modulate, colorGradient)
            return
        }
        if !texture.solid && colorGradient == nil && modulate.uniform {
            // A texture at a plain opacity: every sprite.
            texturedRows(walk, rowStart..<rowEnd, texture, modulate)
            return
        }

        var y = rowStart
        while y < rowEnd {
            let yc = Double(y) + 0.5
            let (xs, xe) = walk.span(yc)
            if xs < xe {
                let row = pixels + y * width
                if texture.solid && colorGradient == nil {
                    Self.fillSolid(row, xs, xe, modulate.solidColor, blend)
                } else {
                    let sampler = walk.sampler(xs, yc)
                    if let g = colorGradient {
                        Self.spanGradient(row, xs, xe, texture, sampler, g, Double(xs) + 0.5, yc, blend)
                    } else {
                        Self.span(row, xs, xe, texture, sampler, modulate, blend)
                    }
                }
            }
            y += 1
        }
    }

    /// The rows of a textured polygon whose colour is a plain opacity, with the pixel loop in
    /// the row loop (no call per row).
    private func texturedRows(_ walk: RowWalk, _ rows: Range<Int>, _ t: Texture, _ m: Modulation) {
        let uMax = (t.width - 1) << 16, vMax = (t.height - 1) << 16
        let scale = UInt64(m.a)
        let additive = t.blend == .additive
        let formula = t.blend != .normal && !additive
        for y in rows {
            guard let (row, xs, xe, _, sampler) = rowSpan(walk, y) else { continue }
            let u = sampler.u, v = sampler.v
            let last = xe - 1 - xs
            let uEnd = u &+ sampler.du &* last, vEnd = v &+ sampler.dv &* last
            guard !formula, min(u, uEnd) >= 0, max(u, uEnd) < uMax, min(v, vEnd) >= 0, max(v, vEnd) < vMax else {
                // Some samples are at the texture's edge: the clamping loop.
                Self.span(row, xs, xe, t, sampler, m, t.blend)
                continue
            }
            // Every sample's 2×2 texels are inside the texture: one loop per blend mode and
            // opacity, so the loop itself has no branches on them.
            if additive {
                Self.spanInside(row, xs, xe, t, sampler, scale: scale, scaled: true, additive: true)
            } else if m.identity {
                Self.spanInside(row, xs, xe, t, sampler, scale: 256, scaled: false, additive: false)
            } else {
                Self.spanInside(row, xs, xe, t, sampler, scale: scale, scaled: true, additive: false)
            }
        }
    }

    /// Row `y`'s span [xs, xe) of pixel centres inside the polygon, with the row's pixels, its
    /// centre's y and where its texture is sampled from; nil when the row has none.
    @inline(__always) private func rowSpan(_ walk: RowWalk, _ y: Int)
        -> (row: UnsafeMutablePointer<UInt64>, xs: Int, xe: Int, yc: Double, sampler: Sampler)? {
        let yc = Double(y) + 0.5
        let (xs, xe) = walk.span(yc)
        guard xs < xe else { return nil }
        return (pixels + y * width, xs, xe, yc, walk.sampler(xs, yc))
    }

    /// The rows of a polygon whose texture is read at the nearest texel (clamped to the edges).
    private func nearestRows(_ walk: RowWalk, _ rows: Range<Int>, _ t: Texture, _ m: Modulation,
                             _ gradient: ColorGradient?) {
        let wMax = t.width - 1, hMax = t.height - 1
        for y in rows {
            guard let (row, xs, xe, yc, sampler) = rowSpan(walk, y) else { continue }
            // The sampler's coordinates are half a texel back (for filtering): the nearest
            // texel is the one half a texel on.
            var u = sampler.u &+ 0x8000, v = sampler.v &+ 0x8000
            var x = xs
            while x < xe {
                let tx = min(max(u >> 16, 0), wMax), ty = min(max(v >> 16, 0), hMax)
                let texel = Self.pack(t.pixels[ty &* t.width &+ tx])
                let modulation = gradient.map { Modulation($0.color(Double(x) + 0.5, yc)) } ?? m
                Self.blendPixel(row + x, Self.widen(modulation.apply(texel)), t.blend)
                u &+= sampler.du
                v &+= sampler.dv
                x &+= 1
            }
        }
    }

    /// x in 16.16 fixed point, rounded down and clamped to ±1e12 (0 when not finite).
    @inline(__always) static func fixed(_ x: Double) -> Int {
        guard x.isFinite else { return 0 }
        let scaled = x * 65536
        let above = scaled > -1e12 ? scaled : -1e12
        return floorOfSmall(above < 1e12 ? above : 1e12)
    }

    struct Edge {
        let sx: Double, sy: Double, slope: Double, dy: Double
        let insideRight: Bool

        init(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
            dy = by - ay
            // For a triangle wound positively (y down), the inside is right of a downward edge.
            insideRight = by > ay ? false : true
            let swapEnds = (ay > by) || (ay == by && ax > bx)
            let (px, py, qx, qy) = swapEnds ? (bx, by, ax, ay) : (ax, ay, bx, by)
            sx = px
            sy = py
            slope = qy != py ? (qx - px) / (qy - py) : 0
        }

        @inline(__always) func x(at y: Double) -> Double { sx + slope * (y - sy) }

        /// Narrows the span [xs, xe) of pixel centres inside this edge on the row at `y` (xs
        /// starts at 0 and xe at the frame's width; `limit` is the width + 1).
        @inline(__always) func bound(_ y: Double, _ limit: Double, _ xs: inout Int, _ xe: inout Int) {
            guard dy != 0 else { return }
            let boundary = x(at: y)
            guard boundary.isFinite else { return }
            let index = SoftwareRasterizer.firstCentre(atOrRightOf: boundary, limit)
            if insideRight { xs = max(xs, index) } else { xe = min(xe, index) }
        }
    }

    /// The first pixel centre at or right of x = `boundary`: ⌈boundary − ½⌉, clamped to
    /// [−1, width + 1] (`limit` is width + 1). Past either side of the frame, an index narrows
    /// a span [xs, xe) within [0, width) just as the exact one would: to nothing, or not at all.
    @inline(__always) static func firstCentre(atOrRightOf boundary: Double, _ limit: Double) -> Int {
        // Comparisons in the order of SSE2's maxsd and minsd (two instructions); no NaN gets here.
        let c = boundary - 0.5
        let above = c > -1 ? c : -1
        return ceilingOfSmall(above < limit ? above : limit)
    }

    /// What each row of one polygon needs: its edges, and where its texture coordinates start
    /// and how they step.
    struct RowWalk {
        let e0: Edge, e1: Edge, e2: Edge, e3: Edge
        /// When no more than two edges bound each side (every triangle and parallelogram): the
        /// lines of those on the left and on the right, a missing one replaced by a line outside
        /// the frame. Otherwise nil, and rows ask all four edges.
        let sides: (left0: Line, left1: Line, right0: Line, right1: Line)?
        /// The frame's width, and the width + 1 that edges clamp their indices to.
        let width: Int
        let limit: Double
        let x0: Double, y0: Double, u0: Double, v0: Double
        let dudx: Double, dudy: Double, dvdx: Double, dvdy: Double
        /// The texture steps from one pixel to the next, in 16.16 fixed point.
        let du: Int, dv: Int

        init(e0: Edge, e1: Edge, e2: Edge, e3: Edge, width: Int, x0: Double, y0: Double, u0: Double, v0: Double,
             dudx: Double, dudy: Double, dvdx: Double, dvdy: Double) {
            self.e0 = e0; self.e1 = e1; self.e2 = e2; self.e3 = e3
            self.width = width
            limit = Double(width) + 1
            // No arrays: this runs for every triangle.
            let outsideLeft = Line(sx: -1e9, sy: 0, slope: 0), outsideRight = Line(sx: 1e9, sy: 0, slope: 0)
            var l0 = outsideLeft, l1 = outsideLeft, r0 = outsideRight, r1 = outsideRight
            var lefts = 0, rights = 0
            func add(_ edge: Edge) {
                guard edge.dy != 0 else { return }
                let line = Line(sx: edge.sx, sy: edge.sy, slope: edge.slope)
                if edge.insideRight {
                    if lefts == 0 { l0 = line } else { l1 = line }
                    lefts += 1
                } else {
                    if rights == 0 { r0 = line } else { r1 = line }
                    rights += 1
                }
            }
            add(e0); add(e1); add(e2); add(e3)
            sides = lefts <= 2 && rights <= 2 ? (l0, l1, r0, r1) : nil
            self.x0 = x0; self.y0 = y0; self.u0 = u0; self.v0 = v0
            self.dudx = dudx; self.dudy = dudy; self.dvdx = dvdx; self.dvdy = dvdy
            du = SoftwareRasterizer.fixed(dudx)
            dv = SoftwareRasterizer.fixed(dvdx)
        }

        /// The pixel centres [xs, xe) inside the polygon on the row whose centre is at `yc`
        /// (empty when xs ≥ xe).
        @inline(__always) func span(_ yc: Double) -> (Int, Int) {
            if let (l0, l1, r0, r1) = sides {
                // The same boundaries as `Edge.bound` (always finite here: snapped corners and
                // rows give finite lines), without its branches.
                let xs = max(max(0, SoftwareRasterizer.firstCentre(atOrRightOf: l0.x(at: yc), limit)),
                             SoftwareRasterizer.firstCentre(atOrRightOf: l1.x(at: yc), limit))
                let xe = min(min(width, SoftwareRasterizer.firstCentre(atOrRightOf: r0.x(at: yc), limit)),
                             SoftwareRasterizer.firstCentre(atOrRightOf: r1.x(at: yc), limit))
                return (xs, xe)
            }
            var xs = 0, xe = width
            e0.bound(yc, limit, &xs, &xe)
            e1.bound(yc, limit, &xs, &xe)
            e2.bound(yc, limit, &xs, &xe)
            e3.bound(yc, limit, &xs, &xe)
            return (xs, xe)
        }

        /// Where the row whose centre is at `yc` samples its texture from pixel `xs` on.
        @inline(__always) func sampler(_ xs: Int, _ yc: Double) -> Sampler {
            let du = Double(xs) + 0.5 - x0, dv = yc - y0
            let u = u0 + dudx * du + dudy * dv - 0.5, v = v0 + dvdx * du + dvdy * dv - 0.5
            return Sampler(u: SoftwareRasterizer.fixed(u), v: SoftwareRasterizer.fixed(v), du: self.du, dv: self.dv)
        }
    }

    /// The line x = sx + slope (y − sy) of an edge.
    struct Line {
        let sx: Double, sy: Double, slope: Double

        @inline(__always) func x(at y: Double) -> Double { sx + slope * (y - sy) }
    }

    struct Sampler {
        var u: Int, v: Int
        let du: Int, dv: Int
    }

    /// A vertex colour as multipliers 0...256 on premultiplied samples.
    struct Modulation {
        let r: UInt32, g: UInt32, b: UInt32, a: UInt32
        let identity: Bool
        let uniform: Bool
        /// The premultiplied colour of opaque white under this modulation.
        let solidColor: UInt32

        init(_ c: VertexColor) {
            let a = UInt32(c.a)
            r = (UInt32(c.r) * a * 256 + 32512) / 65025
            g = (UInt32(c.g) * a * 256 + 32512) / 65025
            b = (UInt32(c.b) * a * 256 + 32512) / 65025
            self.a = (a * 256 + 127) / 255
            identity = r == 256 && g == 256 && b == 256 && self.a == 256
            uniform = r == g && g == b && b == self.a
            let sr = (UInt32(c.r) * a + 127) / 255, sg = (UInt32(c.g) * a + 127) / 255
            let sb = (UInt32(c.b) * a + 127) / 255
            solidColor = sr | (sg << 8) | (sb << 16) | (a << 24)
        }

        @inline(__always) func apply(_ s: UInt32) -> UInt32 {
            if identity { return s }
            if uniform {
                let rb = (((s & 0x00FF_00FF) &* a) >> 8) & 0x00FF_00FF
                let ga = (((s >> 8) & 0x00FF_00FF) &* a) & 0xFF00_FF00
                return rb | ga
            }
            return (((s & 0xFF) &* r) >> 8) | (((((s >> 8) & 0xFF) &* g) >> 8) << 8)
                | (((((s >> 16) & 0xFF) &* b) >> 8) << 16) | (((((s >> 24) & 0xFF) &* a) >> 8) << 24)
        }
    }

    /// Vertex colours that differ, interpolated per pixel.
    struct ColorGradient {
        var base: [Double], dx: [Double], dy: [Double]
        let x0: Double, y0: Double

        init(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, _ x0: Double, _ y0: Double, _ x1: Double,
             _ y1: Double, _ x2: Double, _ y2: Double, _ area: Double) {
            func channels(_ c: VertexColor) -> [Double] { [Double(c.r), Double(c.g), Double(c.b), Double(c.a)] }
            let c0 = channels(p0.color), c1 = channels(p1.color), c2 = channels(p2.color)
            base = c0
            dx = (0..<4).map { ((c1[$0] - c0[$0]) * (y2 - y0) - (c2[$0] - c0[$0]) * (y1 - y0)) / area }
            dy = (0..<4).map { ((c2[$0] - c0[$0]) * (x1 - x0) - (c1[$0] - c0[$0]) * (x2 - x0)) / area }
            self.x0 = x0
            self.y0 = y0
        }

        func color(_ x: Double, _ y: Double) -> VertexColor {
            func c(_ i: Int) -> UInt8 {
                let value = (base[i] + dx[i] * (x - x0) + dy[i] * (y - y0)).rounded()
                return UInt8(max(0, min(255, value.isFinite ? value : 0)))
            }
            return VertexColor(r: c(0), g: c(1), b: c(2), a: c(3))
        }
    }

    // MARK: Pixels

    /// Bilinear filtering of four widened texels with weights fx, fy in 0...255 (of 256),
    /// packed back to 32 bits.
    @inline(__always) static func filter(_ t00: UInt64, _ t10: UInt64, _ t01: UInt64, _ t11: UInt64,
                                         _ fx: UInt64, _ fy: UInt64) -> UInt64 {
        // The four weights sum to exactly 256, so no 16-bit lane overflows (255 × 256 < 65536).
        let w11 = (fx &* fy &+ 128) >> 8
        let w10 = fx &- w11, w01 = fy &- w11, w00 = 256 &- fx &- fy &+ w11
        return ((t00 &* w00 &+ t10 &* w10 &+ t01 &* w01 &+ t11 &* w11) >> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// A widened colour (0x00AA_00BB_00GG_00RR) packed to 0xAABBGGRR.
    @inline(__always) static func pack(_ s: UInt64) -> UInt32 {
        let t = s | (s >> 8)
        return UInt32(truncatingIfNeeded: t & 0xFFFF) | UInt32(truncatingIfNeeded: (t >> 16) & 0xFFFF_0000)
    }

    /// 0xAABBGGRR widened to 0x00AA_00BB_00GG_00RR.
    @inline(__always) static func widen(_ p: UInt32) -> UInt64 {
        let d = UInt64(p)
        return (d & 0xFF) | ((d & 0xFF00) << 8) | ((d & 0xFF_0000) << 16) | ((d & 0xFF00_0000) << 24)
    }

    @inline(__always) static func sample(_ t: Texture, _ u: Int, _ v: Int) -> UInt64 {
        var x0 = u >> 16, y0 = v >> 16
        let fx = UInt64(truncatingIfNeeded: (u >> 8) & 0xFF), fy = UInt64(truncatingIfNeeded: (v >> 8) & 0xFF)
        var x1 = x0 &+ 1, y1 = y0 &+ 1
        let w = t.width, h = t.height
        if x0 < 0 { x0 = 0; x1 = 0 } else if x1 >= w { x1 = w &- 1; if x0 >= w { x0 = x1 } }
        if y0 < 0 { y0 = 0; y1 = 0 } else if y1 >= h { y1 = h &- 1; if y0 >= h { y0 = y1 } }
        let r0 = t.pixels + y0 &* w, r1 = t.pixels + y1 &* w
        return filter(r0[x0], r0[x1], r1[x0], r1[x1], fx, fy)
    }

    /// Source over destination, premultiplied and widened: d × (256 − alpha) / 256 + s.
    @inline(__always) static func over(_ d: UInt64, _ s: UInt64) -> UInt64 {
        s &+ (((d &* (256 &- (s >> 48))) >> 8) & 0x00FF_00FF_00FF_00FF)
    }

    /// Source plus destination, each channel saturating at 255.
    @inline(__always) static func add(_ d: UInt64, _ s: UInt64) -> UInt64 {
        let sum = d &+ s
        let overflow = (sum >> 8) & 0x0001_0001_0001_0001
        return (sum | (overflow &* 0xFF)) & 0x00FF_00FF_00FF_00FF
    }

    @inline(__always) static func blendPixel(_ p: UnsafeMutablePointer<UInt64>, _ s: UInt64, _ mode: BlendMode) {
        switch mode {
        case .normal: p.pointee = over(p.pointee, s)
        case .additive: p.pointee = add(p.pointee, s)
        default: p.pointee = mode.composite(p.pointee, s)
        }
    }

    static func fillSolid(_ row: UnsafeMutablePointer<UInt64>, _ xs: Int, _ xe: Int, _ color: UInt32, _ mode: BlendMode) {
        if color == 0 { return }
        let wide = widen(color)
        if mode == .normal && color >> 24 == 255 {
            (row + xs).update(repeating: wide, count: xe - xs)
            return
        }
        var x = xs
        while x < xe {
            blendPixel(row + x, wide, mode)
            x &+= 1
        }
    }

    static func span(_ row: UnsafeMutablePointer<UInt64>, _ xs: Int, _ xe: Int, _ t: Texture, _ sampler: Sampler,
                     _ m: Modulation, _ mode: BlendMode) {
        let u = sampler.u, v = sampler.v
        let du = sampler.du, dv = sampler.dv
        let last = xe - 1 - xs
        let uEnd = u &+ du &* last, vEnd = v &+ dv &* last
        let uMax = (t.width - 1) << 16, vMax = (t.height - 1) << 16
        if min(u, uEnd) >= 0, max(u, uEnd) < uMax, min(v, vEnd) >= 0, max(v, vEnd) < vMax, m.uniform {
            // Every sample's 2×2 texels are inside the texture and the colour is a plain
            // opacity: one loop per blend mode and opacity, so the loop itself has no branches
            // on them.
            switch (mode, m.identity) {
            case (.normal, true): spanInside(row, xs, xe, t, sampler, scale: 256, scaled: false, additive: false)
            case (.normal, false): spanInside(row, xs, xe, t, sampler, scale: UInt64(m.a), scaled: true, additive: false)
            case (.additive, _): spanInside(row, xs, xe, t, sampler, scale: UInt64(m.a), scaled: true, additive: true)
            default: spanFormula(row, xs, xe, t, sampler, m, mode)
            }
            return
        }
        var uu = u, vv = v
        var x = xs
        while x < xe {
            let s = widen(m.apply(pack(sample(t, uu, vv))))
            blendPixel(row + x, s, mode)
            uu &+= du
            vv &+= dv
            x &+= 1
        }
    }

    /// A span blended by one of the formula modes (`BlendMode.composite`).
    private static func spanFormula(_ row: UnsafeMutablePointer<UInt64>, _ xs: Int, _ xe: Int, _ t: Texture,
                                    _ sampler: Sampler, _ m: Modulation, _ mode: BlendMode) {
        var u = sampler.u, v = sampler.v
        var x = xs
        while x < xe {
            let d = row + x
            d.pointee = mode.composite(d.pointee, widen(m.apply(pack(sample(t, u, v)))))
            u &+= sampler.du
            v &+= sampler.dv
            x &+= 1
        }
    }

    /// A span whose samples need no clamping, with opacity `scale` (of 256) when `scaled`
    /// (scaling by 256 would change nothing).
    @inline(__always) static func spanInside(_ row: UnsafeMutablePointer<UInt64>, _ xs: Int, _ xe: Int, _ t: Texture,
                                             _ sampler: Sampler, scale: UInt64, scaled: Bool, additive: Bool) {
        var u = sampler.u, v = sampler.v
        let du = sampler.du, dv = sampler.dv
        let w = t.width
        let texels = t.pixels
        var x = xs
        while x < xe {
            let p = texels + ((v >> 16) &* w &+ (u >> 16))
            let d = row + x
            let fx = UInt64(truncatingIfNeeded: (u >> 8) & 0xFF), fy = UInt64(truncatingIfNeeded: (v >> 8) & 0xFF)
            var s = filter(p[0], p[1], p[w], p[w &+ 1], fx, fy)
            if scaled { s = ((s &* scale) >> 8) & 0x00FF_00FF_00FF_00FF }
            // No branch on the sample: transparent texels blend to the same pixel, and
            // unpredictable branches cost more than the arithmetic they would skip.
            d.pointee = additive ? add(d.pointee, s) : over(d.pointee, s)
            u &+= du
            v &+= dv
            x &+= 1
        }
    }

    static func spanGradient(_ row: UnsafeMutablePointer<UInt64>, _ xs: Int, _ xe: Int, _ t: Texture,
                             _ sampler: Sampler, _ g: ColorGradient, _ xc: Double, _ yc: Double, _ mode: BlendMode) {
        var u = sampler.u, v = sampler.v
        var x = xs
        while x < xe {
            let m = Modulation(g.color(xc + Double(x - xs), yc))
            let texel: UInt32 = t.solid ? 0xFFFF_FFFF : pack(sample(t, u, v))
            blendPixel(row + x, widen(m.apply(texel)), mode)
            u &+= sampler.du
            v &+= sampler.dv
            x &+= 1
        }
    }
}
