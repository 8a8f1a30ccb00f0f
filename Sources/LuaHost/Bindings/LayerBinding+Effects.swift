import LayerKit
import LuaBridge

/// A layer's `mask`, `filters` and `compositingFilter`: what draws the layer and its sublayers
/// offscreen before they reach the screen.
extension LayerBinding {
    static let effectFields = [
        LuaClass.Property("mask", "Layer", lua: "Layer?",
                          "a layer not in any tree whose alpha, in this layer's coordinates, clips this "
                              + "layer, its shadow and its sublayers; it animates as a sublayer would",
                          get: { (lua, layer: Layer) in lua.push(layer.mask) },
                          set: { (lua, layer: Layer) in
                              if lua.isNoneOrNil(3) {
                                  try? layer.setMask(nil)
                                  return
                              }
                              guard let mask = lua.toObject(3, as: Layer.self) else {
                                  throw badValue(lua, "mask", layer, expected: "Layer", at: 3)
                              }
                              do { try layer.setMask(mask) } catch {
                                  throw lua.error("bad value for 'mask' of \(layer.kind.rawValue): \(error)")
                              }
                          }),
        LuaClass.Property("filters", "array of Filter", lua: "Filter[]",
                          "applied in order to the layer and its sublayers (`ca.Filter`); set: copies, "
                              + "named uniquely; read: the layer's own, live",
                          get: { (lua, layer: Layer) in FilterBinding.getLayerFilters(lua, layer) },
                          set: { (lua, layer: Layer) in try FilterBinding.setLayerFilters(lua, layer, valueAt: 3) }),
        LuaClass.Property("compositingFilter", "string", lua: "string?",
                          "how the layer and its sublayers, composed together, blend with what is behind "
                              + "them: " + CompositingFilter.allCases.map { "`\"\($0.rawValue)\"`" }
                              .joined(separator: ", ") + ", or Core Image's name for any of them "
                              + "(`\"CIHueBlendMode\"`), read back as the name without `CI`; nil: normally",
                          get: { (lua, layer: Layer) in lua.push(layer.compositingFilter?.rawValue) },
                          set: { (lua, layer: Layer) in
                              if lua.isNoneOrNil(3) { layer.compositingFilter = nil; return }
                              guard lua.type(at: 3) == .string, let name = lua.toString(at: 3),
                                    let filter = CompositingFilter(name: name) else {
                                  let valid = CompositingFilter.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                                  throw lua.error("bad value for 'compositingFilter' of \(layer.kind.rawValue) (one of \(valid) "
                                                      + "or its Core Image name expected, got \(lua.describeValue(at: 3)))")
                              }
                              layer.compositingFilter = filter
                          }),
    ]
}
