import CSDL2
import LayerKit

/// Draws draw lists through an SDL_Renderer (a window's, or a software renderer's on a
/// surface): each texture level uploaded once as an SDL texture, each command one
/// SDL_RenderGeometry call with the command's blend and scale mode. SDL blends straight colours,
/// so textures are un-premultiplied on upload and drawn with SDL's standard blend modes, which
/// every SDL driver supports (the few other blend modes SDL can express:
/// SDLBackend+BlendModes.swift).
///
/// The backend does not own the renderer; it destroys only the textures it made.
public final class SDLBackend {
    /// The renderer drawn with (an `SDL_Renderer *`).
    public let renderer: OpaquePointer
    private var textures: [ObjectIdentifier: Entry] = [:]
    /// Textures uploaded premultiplied, for the blend modes composed from blend factors.
    private var premultipliedTextures: [ObjectIdentifier: Entry] = [:]
    /// Per blend mode, whether the renderer accepts it (asked once).
    private var supported: [BlendMode: Bool] = [:]
    private var premultipliedVertex: [Bool] = []
    private var vertices: [SDL_Vertex] = []
    /// Scratch: the textures a frame did not use.
    private var unused: [ObjectIdentifier] = []
    private var frame = 0
    /// Frames an unused texture stays uploaded.
    public var keepFrames = 120

    private struct Entry {
        var texture: RenderTexture
        let uploaded: OpaquePointer
        var lastUsed: Int
    }

    /// A backend drawing with `renderer` (an `SDL_Renderer *` that outlives the backend).
    public init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        for entry in textures.values {
            SDL_DestroyTexture(entry.uploaded)
        }
        for entry in premultipliedTextures.values {
            SDL_DestroyTexture(entry.uploaded)
        }
    }

    /// How many SDL textures are uploaded now.
    public var uploadedTextureCount: Int { textures.count }

    /// Clears the render target to `background` (nil: keeps what is there, to draw one list over
    /// another) and draws `list`. Throws SDL's message when a texture cannot be made or a draw
    /// call fails. Present (or read pixels) afterwards.
    public func draw(_ list: DrawList, background: Color? = .black) throws(SDLError) {
        frame += 1
        if let background {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(renderer, VertexColor.byte(background.r), VertexColor.byte(background.g),
                                   VertexColor.byte(background.b), VertexColor.byte(background.a))
            guard SDL_RenderClear(renderer) == 0 else { throw SDLError.current("SDL_RenderClear") }
        }
        vertices.removeAll(keepingCapacity: true)
        for v in list.vertices {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: v.x, y: v.y),
                                       color: SDL_Color(r: v.color.r, g: v.color.g, b: v.color.b, a: v.color.a),
                                       tex_coord: SDL_FPoint(x: v.u, y: v.v)))
        }
        premultiplyVertices(of: list)
        let vertexCount = Int32(vertices.count)
        try vertices.withUnsafeBufferPointer { (vertexBuffer) throws(SDLError) in
            try list.indices.withUnsafeBufferPointer { (indexBuffer) throws(SDLError) in
                guard let vbase = vertexBuffer.baseAddress, let ibase = indexBuffer.baseAddress else { return }
                for command in list.commands where command.indexCount > 0 {
                    guard command.indexStart >= 0, command.indexStart + command.indexCount <= indexBuffer.count else {
                        continue
                    }
                    guard let mode = SDLBackend.sdlMode(command.blend) else {
                        throw SDLError(description: "blend mode \(command.blend) cannot be drawn by SDL's renderer")
                    }
                    let texture = try upload(command.texture,
                                             premultiplied: SDLBackend.isPremultiplied(command.blend))
                    guard SDL_SetTextureBlendMode(texture, mode) == 0 else {
                        throw SDLError.current("SDL_SetTextureBlendMode")
                    }
                    SDL_SetTextureScaleMode(texture, command.sampling == .nearest ? SDL_ScaleModeNearest
                                                                                  : SDL_ScaleModeLinear)
                    let status = SDL_RenderGeometry(renderer, texture, vbase, vertexCount,
                                                    ibase + command.indexStart, Int32(command.indexCount))
                    guard status == 0 else { throw SDLError.current("SDL_RenderGeometry") }
                }
            }
        }
        if frame % 60 == 0 { evict() }
        dropOrphans()
    }

    /// The SDL texture for `texture`, uploaded the first time (straight, or premultiplied).
    private func upload(_ texture: RenderTexture, premultiplied: Bool = false) throws(SDLError) -> OpaquePointer {
        let id = ObjectIdentifier(texture)
        if var entry = premultiplied ? premultipliedTextures[id] : textures[id], entry.texture === texture {
            entry.lastUsed = frame
            if premultiplied { premultipliedTextures[id] = entry } else { textures[id] = entry }
            return entry.uploaded
        }
        let made = try makeTexture(texture, premultiplied: premultiplied)
        let entry = Entry(texture: texture, uploaded: made, lastUsed: frame)
        if premultiplied { premultipliedTextures[id] = entry } else { textures[id] = entry }
        return made
    }

    /// Whether the renderer accepts `mode` (tried once on a one-pixel texture).
    func supports(_ mode: BlendMode) -> Bool {
        if let known = supported[mode] { return known }
        var ok = false
        if let sdlMode = SDLBackend.sdlMode(mode),
           let probe = SDL_CreateTexture(renderer, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue),
                                         Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1) {
            ok = SDL_SetTextureBlendMode(probe, sdlMode) == 0
            SDL_DestroyTexture(probe)
        }
        supported[mode] = ok
        return ok
    }

    /// Premultiplies the vertex colours of the commands whose blend mode wants them so.
    private func premultiplyVertices(of list: DrawList) {
        guard list.commands.contains(where: { SDLBackend.isPremultiplied($0.blend) }) else { return }
        premultipliedVertex = [Bool](repeating: false, count: vertices.count)
        for command in list.commands where SDLBackend.isPremultiplied(command.blend) {
            let end = min(command.indexStart + command.indexCount, list.indices.count)
            for i in command.indexStart..<max(command.indexStart, end) {
                let v = Int(list.indices[i])
                guard v >= 0, v < vertices.count, !premultipliedVertex[v] else { continue }
                premultipliedVertex[v] = true
                let c = vertices[v].color
                let a = UInt32(c.a)
                vertices[v].color = SDL_Color(r: UInt8((UInt32(c.r) * a + 127) / 255), g: UInt8((UInt32(c.g) * a + 127) / 255),
                                              b: UInt8((UInt32(c.b) * a + 127) / 255), a: c.a)
            }
        }
    }

    private func makeTexture(_ level: RenderTexture, premultiplied: Bool) throws(SDLError) -> OpaquePointer {
        guard let texture = SDL_CreateTexture(renderer, UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue),
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(level.width), Int32(level.height)) else {
            throw SDLError.current("SDL_CreateTexture")
        }
        var straight = [UInt32](repeating: 0, count: level.pixels.count)
        for (i, p) in level.pixels.enumerated() {
            if premultiplied { straight[i] = p; continue }
            let a = p >> 24
            if a == 0 { continue }
            if a == 255 { straight[i] = p; continue }
            let r = min(255, ((p & 0xFF) * 255 + a / 2) / a)
            let g = min(255, (((p >> 8) & 0xFF) * 255 + a / 2) / a)
            let b = min(255, (((p >> 16) & 0xFF) * 255 + a / 2) / a)
            straight[i] = r | g << 8 | b << 16 | a << 24
        }
        let status = straight.withUnsafeBytes { raw in
            SDL_UpdateTexture(texture, nil, raw.baseAddress, Int32(level.width * 4))
        }
        guard status == 0 else {
            SDL_DestroyTexture(texture)
            throw SDLError.current("SDL_UpdateTexture")
        }
        return texture
    }

    /// Drops the uploads of textures nothing but this backend holds any more, such as the images
    /// a transition makes for one frame: no later draw list can name them.
    private func dropOrphans() {
        // The keys first: iterating the dictionary holds its storage, and so every entry.
        unused.removeAll(keepingCapacity: true)
        for (id, entry) in textures where entry.lastUsed != frame { unused.append(id) }
        for id in unused {
            guard var entry = textures.removeValue(forKey: id) else { continue }
            if isKnownUniquelyReferenced(&entry.texture) {
                SDL_DestroyTexture(entry.uploaded)
            } else {
                textures[id] = entry
            }
        }
    }

    private func evict() {
        let oldest = frame - keepFrames
        for (id, entry) in textures where entry.lastUsed < oldest {
            SDL_DestroyTexture(entry.uploaded)
            textures[id] = nil
        }
        for (id, entry) in premultipliedTextures where entry.lastUsed < oldest {
            SDL_DestroyTexture(entry.uploaded)
            premultipliedTextures[id] = nil
        }
    }
}
