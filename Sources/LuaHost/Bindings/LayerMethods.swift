import LayerKit
import LuaBridge

/// Layer's methods (`layer:addSublayer(l)` …) and the layer constructors (`ca.Layer{…}` …).
enum LayerMethods {
    static let all: [LuaClass.Method] = [
        LuaClass.Method("addSublayer", "(layer)", addSublayer,
                        "adds `layer` in front of the other sublayers, taking it from its old superlayer",
                        lua: "fun(self: Layer, layer: Layer)"),
        LuaClass.Method("insertSublayer", "(layer, index)", insertSublayer,
                        "inserts `layer` at position `index` of the sublayers, counting from 1 at the back",
                        lua: "fun(self: Layer, layer: Layer, index: integer)"),
        LuaClass.Method("removeFromSuperlayer", "()", removeFromSuperlayer, "takes the layer out of its superlayer",
                        lua: "fun(self: Layer)"),
        LuaClass.Method("addAnimation", "(animation[, key])", addAnimation,
                        "runs a copy of `animation` on the layer from now (or its beginTime), replacing the one under "
                            + "`key`; the model value stays as it was, so set it too if the change should last",
                        lua: "fun(self: Layer, animation: Animation, key?: string)"),
        LuaClass.Method("removeAnimation", "(key)", removeAnimation, "stops and removes the animation under `key`",
                        lua: "fun(self: Layer, key: string)"),
        LuaClass.Method("removeAllAnimations", "()", removeAllAnimations, "stops and removes every animation",
                        lua: "fun(self: Layer)"),
        LuaClass.Method("animationKeys", "()", returns: "array of strings", animationKeys,
                        "the keys of the layer's animations, in the order added",
                        lua: "fun(self: Layer): string[]"),
        LuaClass.Method("animation", "(key)", returns: "Animation or nil", animation,
                        "the animation running under `key` (the layer's copy)",
                        lua: "fun(self: Layer, key: string): Animation?"),
        LuaClass.Method("setValue", "(value, keyPath)", setValueForKeyPath,
                        "sets the model value at `keyPath`: a property's name, a component (`\"position.x\"`, "
                            + "`\"bounds.size.width\"`, `\"transform.rotation.z\"`, `\"sublayerTransform.scale\"`) or an "
                            + "emitter cell's property (`\"emitterCells.NAME.birthRate\"`); on a layer on screen the "
                            + "change animates as setting the property does (a component under its property's key)",
                        lua: "fun(self: Layer, value: any, keyPath: string)"),
        LuaClass.Method("value", "(keyPath)", returns: "value", valueForKeyPath,
                        "the model value at `keyPath` (any key path `setValue` takes)",
                        lua: "fun(self: Layer, keyPath: string): any"),
        LuaClass.Method("preferredFrameSize", "()", returns: "size", preferredFrameSize,
                        "the size the layer would like: for a TextLayer the size its string needs as drawn (unwrapped: "
                            + "its longest line by its lines; wrapped: at the bounds' width), for other layers the "
                            + "bounds' size",
                        lua: "fun(self: Layer): ca.Size"),
        LuaClass.Method("presentation", "()", returns: "a read-only table", presentation,
                        "the values on screen now, animations applied (`.position`, `.opacity`, `.frame` …); "
                            + "its `modelLayer` is the layer",
                        lua: "fun(self: Layer): Layer"),
        LuaClass.Method("hitTest", "(point)", returns: "Layer or nil", hitTest,
                        "the deepest visible layer under `point` (in the superlayer's coordinates; for `ca.root`, "
                            + "the window's)",
                        lua: "fun(self: Layer, point: ca.Point|number[]): Layer?"),
        LuaClass.Method("contains", "(point)", returns: "boolean", contains,
                        "whether `point` (in the layer's coordinates) is inside its bounds",
                        lua: "fun(self: Layer, point: ca.Point|number[]): boolean"),
        LuaClass.Method("convertPoint", "(point[, layer])", returns: "point or nil", convertPoint,
                        "`point` from the layer's coordinates to `layer`'s (nil: the root's, the window's); nil "
                            + "when a transform on the way cannot be undone",
                        lua: "fun(self: Layer, point: ca.Point|number[], layer?: Layer): ca.Point?"),
        LuaClass.Method("convertTime", "(t[, layer])", returns: "number", convertTime,
                        "time `t` from `layer`'s time (nil: the media clock's) to the layer's, in seconds",
                        lua: "fun(self: Layer, t: number, layer?: Layer): number"),
    ]

    /// The constructor of each kind, `ca.Layer{…}` …
    static let constructors: [(kind: LayerKind, function: LuaFunction)] = [
        (.layer, newLayer), (.text, newTextLayer), (.shape, newShapeLayer), (.gradient, newGradientLayer),
        (.replicator, newReplicatorLayer), (.emitter, newEmitterLayer), (.transform, newTransformLayer),
    ]

    /// `ca.Layer.new{…}`, and `ca.Layer{…}` (the `__call` of the `ca.Layer` table).
    static let newLayerFunction: LuaFunction = newLayer
    static let callLayerFunction: LuaFunction = callLayer

    /// Each kind's constructor keys, worked out once.
    static let constructorKeys: [LayerKind: ConstructorKeys] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { ($0, ConstructorKeys(constructorNames($0))) })

    /// The names a constructor of `kind` accepts, in the order they apply.
    static func constructorNames(_ kind: LayerKind) -> [String] {
        var names = LayerBinding.registryProperties(.layer).map { PropertyRegistry.spec($0).name }
        if kind != .layer {
            names += LayerBinding.registryProperties(kind).map { PropertyRegistry.spec($0).name }
            names += LayerBinding.kindFields(kind).map(\.name)
        }
        names += LayerBinding.fields.map(\.name).filter { $0 != "superlayer" && $0 != "sublayers" }
        return names + ["sublayers"]
    }

    /// `ca.Layer{…}` and its kinds: a new layer with the table's properties.
    static func construct(_ lua: LuaState, kind: LayerKind) throws(LuaRaise) -> Int32 {
        let host = try ScriptHost.require(lua)
        if !lua.isNoneOrNil(1) && lua.type(at: 1) != .table { throw lua.typeError(1, expected: "table") }
        lua.top = 1
        let layer = Layer.make(kind, scene: host.scene)
        if host.options.recordsCreationSites { layer.creationSite = host.creationSite(lua) }
        lua.push(layer)
        lua.insert(at: 1)
        let keys = constructorKeys[kind] ?? ConstructorKeys(constructorNames(kind))
        let properties = LayerBinding.propertyNamed[kind] ?? [:]
        try ConstructorTable.apply(lua, typeName: kind.rawValue, keys: keys) { (name: String) throws(LuaRaise) in
            try properties[name]?.set(lua, on: layer)
        }
        lua.top = 1
        return 1
    }

    /// The layer at argument `arg`, with the bridge's message when it is not one.
    static func layer(_ lua: LuaState, _ arg: Int32) throws(LuaRaise) -> Layer {
        try lua.checkObject(arg, as: Layer.self)
    }
}

private func construct(_ L: OpaquePointer, _ kind: LayerKind) -> Int32 {
    LuaState.run(L) { lua in try LayerMethods.construct(lua, kind: kind) }
}

private func newLayer(_ L: OpaquePointer) -> Int32 { construct(L, .layer) }
private func callLayer(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.remove(at: 1)
        return try LayerMethods.construct(lua, kind: .layer)
    }
}
private func newTextLayer(_ L: OpaquePointer) -> Int32 { construct(L, .text) }
private func newShapeLayer(_ L: OpaquePointer) -> Int32 { construct(L, .shape) }
private func newGradientLayer(_ L: OpaquePointer) -> Int32 { construct(L, .gradient) }
private func newReplicatorLayer(_ L: OpaquePointer) -> Int32 { construct(L, .replicator) }
private func newEmitterLayer(_ L: OpaquePointer) -> Int32 { construct(L, .emitter) }
private func newTransformLayer(_ L: OpaquePointer) -> Int32 { construct(L, .transform) }

private func addSublayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let parent = LuaState.object(object, as: Layer.self), child = try LayerMethods.layer(lua, 2)
        do { try parent.addSublayer(child) } catch { throw lua.error("\(error)") }
        return 0
    }
}

private func insertSublayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let parent = LuaState.object(object, as: Layer.self), child = try LayerMethods.layer(lua, 2)
        // 1-based; anything below 1 means the front (math.mininteger - 1 would overflow).
        let index = max(try lua.checkInteger(3), 1) - 1
        do { try parent.insertSublayer(child, at: index) } catch { throw lua.error("\(error)") }
        return 0
    }
}

private func removeFromSuperlayer(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        LuaState.object(object, as: Layer.self).removeFromSuperlayer()
        return 0
    }
}

private func addAnimation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        let animation = try lua.checkObject(2, as: Animation.self)
        let key: String? = lua.isNoneOrNil(3) ? nil : try lua.checkString(3)
        let host = try ScriptHost.require(lua)
        let prepared = AnimationCallbacks.prepare(lua, animation, at: 2, host: host)
        do {
            try layer.addAnimation(prepared, forKey: key)
        } catch {
            throw lua.error("\(error)")
        }
        KeyTimesWarning.check(lua, animation, on: layer, host: host)
        return 0
    }
}

private func removeAnimation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        LuaState.object(object, as: Layer.self).removeAnimation(forKey: try lua.checkString(2))
        return 0
    }
}

private func removeAllAnimations(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.withObject(object, as: Layer.self) { $0.removeAllAnimations() }
    return 0
}

private func animationKeys(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let keys = LuaState.object(object, as: Layer.self).animationKeys()
        lua.pushArray(keys) { lua.push($0) }
        return 1
    }
}

private func animation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        if let found = LuaState.object(object, as: Layer.self).animation(forKey: try lua.checkString(2)) {
            lua.push(found)
        } else {
            lua.pushNil()
        }
        return 1
    }
}

/// The kind of value `keyPath` takes on `layer`, with the message for one that means nothing there.
private func keyPathKind(_ lua: LuaState, _ layer: Layer, _ keyPath: String) throws(LuaRaise) -> ValueKind {
    if let spec = PropertyRegistry.property(named: keyPath, on: layer.kind) { return spec.kind }
    do {
        return try KeyPathResolver.resolve(keyPath, on: layer.kind).valueKind
    } catch {
        throw lua.error("\(error)")
    }
}

private func setValueForKeyPath(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        let keyPath = try lua.checkString(3)
        let value = try lua.checkValue(2, kind: try keyPathKind(lua, layer, keyPath))
        do { try layer.setValue(value, forKeyPath: keyPath) } catch { throw lua.error("\(error)") }
        return 0
    }
}

private func valueForKeyPath(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        let keyPath = try lua.checkString(2)
        _ = try keyPathKind(lua, layer, keyPath)
        do { lua.push(try layer.value(forKeyPath: keyPath)) } catch { throw lua.error("\(error)") }
        return 1
    }
}

private func preferredFrameSize(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        lua.push(AnimationValue.size(LuaState.object(object, as: Layer.self).preferredFrameSize()))
        return 1
    }
}

private func presentation(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        PresentationProxy.push(lua, LuaState.object(object, as: Layer.self))
        return 1
    }
}

private func hitTest(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        guard case .point(let p) = try lua.checkValue(2, kind: .point) else { return 0 }
        if let hit = layer.hitTest(p) { lua.push(hit) } else { lua.pushNil() }
        return 1
    }
}

private func contains(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        guard case .point(let p) = try lua.checkValue(2, kind: .point) else { return 0 }
        lua.push(layer.contains(p))
        return 1
    }
}

private func convertPoint(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        guard case .point(let p) = try lua.checkValue(2, kind: .point) else { return 0 }
        let target = try lua.optObject(3, as: Layer.self)
        if let converted = layer.convertPoint(p, to: target) { lua.pushPoint(converted) } else { lua.pushNil() }
        return 1
    }
}

private func convertTime(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer) -> Int32 {
    LuaState.run(L) { lua in
        let layer = LuaState.object(object, as: Layer.self)
        let t = try lua.checkNumber(2)
        let from = try lua.optObject(3, as: Layer.self)
        lua.push(layer.convertTime(t, from: from))
        return 1
    }
}
