import LayerKit
import LuaBridge

/// The warning for key times Core Animation would ignore (first not 0, last not 1, the wrong
/// count, NaN …): Snowglobe ignores them too and spaces the values evenly, and says so once,
/// at the script's file:line where the key times were given (else naming the layer and key
/// path), for `snowglobe check` to print.
enum KeyTimesWarning {
    /// The field of an animation's Lua state that holds where its keyTimes were set.
    static let field = "keyTimesAt"

    /// Remembers where the script is as the keyframe animation whose userdata is at `index` is
    /// given key times.
    static func noteWhereSet(_ lua: LuaState, animationAt index: Int32) {
        let object = lua.absIndex(index)
        lua.push(lua.position())
        ObjectState.animations.set(lua, object: object, field: field, valueAt: -1)
        lua.pop()
    }

    /// Warns about `animation`, and every animation in it when it is a group, if it is a
    /// keyframe animation whose key times break a rule (after it was added to `layer`).
    static func check(_ lua: LuaState, _ animation: Animation, on layer: Layer, host: ScriptHost) {
        if let group = animation as? AnimationGroup {
            for child in group.animations { check(lua, child, on: layer, host: host) }
            return
        }
        guard let keyframes = animation as? KeyframeAnimation, let kind = host.valueKind(of: keyframes.keyPath),
              let problem = keyframes.keyTimesProblem(forValueKind: kind) else { return }
        // Where its key times were set, while Lua still has its userdata.
        var position = ""
        if lua.pushExisting(keyframes) {
            ObjectState.animations.push(lua, object: -1, field: field)
            position = lua.toString(at: -1) ?? ""
            lua.pop(2)
        }
        let layerName = layer.name.map { "layer '\($0)'" } ?? "a \(layer.kind.rawValue)"
        let subject = "KeyframeAnimation on '\(keyframes.keyPath)'" + (position.isEmpty ? " of \(layerName)" : "")
        let message = "\(position)warning: keyTimes ignored, values spaced evenly: \(problem) (\(subject))"
        guard host.warnedKeyTimes.count < ScriptHost.maxKeptErrors, host.warnedKeyTimes.insert(message).inserted else { return }
        host.warn(message)
    }
}
