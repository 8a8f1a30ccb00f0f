/// One frame, described for any backend: textured, coloured triangles in screen pixels, back to
/// front, grouped into runs of the same texture and blend mode (one draw call each).
///
/// Clipping is already applied to the geometry, so backends need no clip state. The arrays keep
/// their capacity from frame to frame: building a frame allocates nothing in steady state.
public struct DrawList {
    /// Frame size in pixels.
    public internal(set) var width: Int
    public internal(set) var height: Int
    /// Every vertex of the frame.
    public internal(set) var vertices: [DrawVertex] = []
    /// Triangles as triples of indices into `vertices`.
    public internal(set) var indices: [Int32] = []
    /// The draw calls, back to front.
    public internal(set) var commands: [DrawCommand] = []

    /// An empty frame of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// How many triangles the frame has.
    public var triangleCount: Int { indices.count / 3 }

    /// Empties the list for a new frame of the given size, keeping capacity.
    mutating func reset(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
    }

    /// Starts (or continues) the run for `texture` with `blend`, read with `sampling`.
    @inline(__always)
    mutating func begin(_ texture: RenderTexture, blend: BlendMode, sampling: Sampling = .linear) {
        if let last = commands.last, last.texture === texture, last.blend == blend, last.sampling == sampling { return }
        commands.append(DrawCommand(texture: texture, blend: blend, sampling: sampling, indexStart: indices.count,
                                    indexCount: 0))
    }

    /// Appends a triangle of three new vertices to the current run.
    @inline(__always)
    mutating func triangle(_ a: DrawVertex, _ b: DrawVertex, _ c: DrawVertex) {
        let base = Int32(vertices.count)
        vertices.append(a)
        vertices.append(b)
        vertices.append(c)
        indices.append(base)
        indices.append(base + 1)
        indices.append(base + 2)
        commands[commands.count - 1].indexCount += 3
    }

    /// Appends a quad (corners in order around it) as two triangles sharing four vertices.
    @inline(__always)
    mutating func quad(_ a: DrawVertex, _ b: DrawVertex, _ c: DrawVertex, _ d: DrawVertex) {
        let base = Int32(vertices.count)
        vertices.append(a)
        vertices.append(b)
        vertices.append(c)
        vertices.append(d)
        indices.append(base)
        indices.append(base + 1)
        indices.append(base + 2)
        indices.append(base)
        indices.append(base + 2)
        indices.append(base + 3)
        commands[commands.count - 1].indexCount += 6
    }
}
