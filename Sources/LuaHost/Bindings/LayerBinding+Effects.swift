import LayerKit
import LuaBridge

/// A layer's `mask`, `filters` and `compositingFilter`: what draws the layer and its sublayers
/// offscreen before they reach the screen.
extension LayerBinding {
    static func effectDoc(_ field: Field) -> LuaClass.Property {
        switch field {
        case .filters:
            return LuaClass.Property("filters", "array of Filter", lua: "Filter[]",
                                     "applied in order to the layer and its sublayers (`ca.Filter`); set: copies, "
                                         + "named uniquely; read: the layer's own, live")
        case .compositingFilter:
            return LuaClass.Property("compositingFilter", "string", lua: "string?",
                                     "how the layer and its sublayers, composed together, blend with what is behind "
                                         + "them: " + CompositingFilter.allCases.map { "`\"\($0.rawValue)\"`" }
                                         .joined(separator: ", ") + ", or Core Image's name for any of them "
                                         + "(`\"CIHueBlendMode\"`), read back as the name without `CI`; nil: normally")
        default:
            return LuaClass.Property("mask", "Layer", lua: "Layer?",
                                     "a layer not in any tree whose alpha, in this layer's coordinates, clips this "
                                         + "layer, its shadow and its sublayers; it animates as a sublayer would")
        }
    }

    static func getEffect(_ lua: LuaState, _ layer: Layer, _ field: Field) {
        switch field {
        case .filters:
            FilterBinding.getLayerFilters(lua, layer)
        case .compositingFilter:
            if let filter = layer.compositingFilter { lua.push(filter.rawValue) } else { lua.pushNil() }
        default:
            if let mask = layer.mask { lua.push(mask) } else { lua.pushNil() }
        }
    }

    static func setEffect(_ lua: LuaState, _ layer: Layer, _ field: Field, valueAt index: Int32) throws(LuaRaise) {
        switch field {
        case .filters:
            try FilterBinding.setLayerFilters(lua, layer, valueAt: index)
        case .compositingFilter:
            if lua.isNoneOrNil(index) { layer.compositingFilter = nil; return }
            guard lua.type(at: index) == .string, let name = lua.toString(at: index),
                  let filter = CompositingFilter(name: name) else {
                let valid = CompositingFilter.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw lua.error("bad value for 'compositingFilter' of \(layer.kind.rawValue) (one of \(valid) "
                                    + "or its Core Image name expected, got \(lua.describeValue(at: index)))")
            }
            layer.compositingFilter = filter
        default:
            if lua.isNoneOrNil(index) {
                try? layer.setMask(nil)
                return
            }
            guard let mask = lua.toObject(index, as: Layer.self) else {
                throw badValue(lua, "mask", layer, expected: "Layer", at: index)
            }
            do { try layer.setMask(mask) } catch { throw lua.error("bad value for 'mask' of \(layer.kind.rawValue): \(error)") }
        }
    }
}
