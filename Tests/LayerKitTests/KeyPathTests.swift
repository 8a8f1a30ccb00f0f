import Testing
import LayerKit

/// Key paths resolve once, to the right kind; bad ones are reported.
struct KeyPathTests {
    /// Every key path docs/api.md lists, with the kind of layer that has it and its value kind.
    static let documented: [(String, LayerKind, ValueKind)] = [
        ("position", .layer, .point), ("position.x", .layer, .number), ("position.y", .layer, .number),
        ("bounds", .layer, .rect), ("bounds.size", .layer, .size), ("bounds.size.width", .layer, .number),
        ("bounds.size.height", .layer, .number), ("bounds.origin", .layer, .point), ("anchorPoint", .layer, .point),
        ("zPosition", .layer, .number), ("opacity", .layer, .number), ("backgroundColor", .layer, .color),
        ("borderColor", .layer, .color), ("borderWidth", .layer, .number), ("cornerRadius", .layer, .number),
        ("shadowOpacity", .layer, .number), ("shadowRadius", .layer, .number), ("shadowOffset", .layer, .size),
        ("transform", .layer, .transform), ("transform.scale", .layer, .number), ("transform.scale.x", .layer, .number),
        ("transform.scale.y", .layer, .number), ("transform.scale.z", .layer, .number),
        ("transform.rotation", .layer, .number), ("transform.rotation.x", .layer, .number),
        ("transform.rotation.y", .layer, .number), ("transform.rotation.z", .layer, .number),
        ("transform.translation", .layer, .size), ("transform.translation.x", .layer, .number),
        ("transform.translation.y", .layer, .number), ("transform.translation.z", .layer, .number),
        ("sublayerTransform", .layer, .transform), ("sublayerTransform.rotation.y", .layer, .number),
        ("sublayerTransform.scale", .layer, .number), ("contentsRect", .layer, .rect),
        ("strokeStart", .shape, .number), ("strokeEnd", .shape, .number), ("lineWidth", .shape, .number),
        ("fillColor", .shape, .color), ("strokeColor", .shape, .color), ("colors", .gradient, .colors),
        ("locations", .gradient, .numbers), ("instanceDelay", .replicator, .number),
        ("emitterPosition", .emitter, .point), ("emitterSize", .emitter, .size), ("birthRate", .emitter, .number),
    ]

    @Test func everyDocumentedKeyPathResolves() throws {
        for (path, kind, valueKind) in Self.documented {
            let resolved = try KeyPathResolver.resolve(path, on: kind)
            #expect(resolved.valueKind == valueKind, "\(path)")
            #expect(KeyPathResolver.valueKind(of: path) == valueKind, "\(path)")
        }
    }

    @Test(arguments: [
        ("opactiy", LayerKind.layer, "unknown key path 'opactiy' on Layer (did you mean 'opacity'?)"),
        ("strokeEnd", LayerKind.layer, "unknown key path 'strokeEnd' on Layer"),
        ("position.z", LayerKind.layer, "unknown key path 'position.z' (valid: position.x, position.y)"),
        ("transform.rotation.w", LayerKind.layer,
         "unknown key path 'transform.rotation.w' (valid: transform.translation, transform.translation.x, transform.translation.y, transform.translation.z, transform.scale, transform.scale.x, transform.scale.y, transform.scale.z, transform.rotation, transform.rotation.x, transform.rotation.y, transform.rotation.z)"),
        ("name", LayerKind.layer, "unknown key path 'name' on Layer"),
        ("masksToBounds", LayerKind.layer, "'masksToBounds' is not animatable"),
        ("", LayerKind.layer, "unknown key path '' on Layer"),
        ("opacity.x", LayerKind.layer, "unknown key path 'opacity.x' (valid: )"),
    ])
    func badKeyPathsAreErrors(path: String, kind: LayerKind, message: String) {
        do {
            _ = try KeyPathResolver.resolve(path, on: kind)
            Issue.record("'\(path)' resolved")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func subPathAnimationsComposeIntoOneTransform() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        try scene.root.addSublayer(layer)
        scene.perform(actionsDisabled: true) { layer[.transform] = .transform(Transform3D(scaleX: 0.5, y: 0.5)) }
        scene.step(to: 0)
        for (path, to) in [("transform.translation.y", 100.0), ("transform.rotation.z", Double.pi)] {
            let a = BasicAnimation(keyPath: path)
            a.fromValue = .number(0)
            a.toValue = .number(to)
            a.duration = 1
            try layer.addAnimation(a, forKey: path)
        }
        scene.step(to: 0.5)
        let m = layer.transform(.transform, .presentation)
        // Scale kept, a quarter turn, and moved 50 down in the parent's space.
        #expect(abs(m.m11) < 1e-12 && abs(m.m12 - 0.5) < 1e-12 && abs(m.m21 + 0.5) < 1e-12)
        #expect(abs(m.m41) < 1e-12 && abs(m.m42 - 50) < 1e-12)
        #expect(layer.transform(.transform) == Transform3D(scaleX: 0.5, y: 0.5))
    }

    @Test func rotationsBeyondATurnKeepTurning() throws {
        let scene = Scene(size: Size(width: 100, height: 100))
        let layer = Layer(scene: scene)
        try scene.root.addSublayer(layer)
        let a = BasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = .number(0)
        a.toValue = .number(4 * .pi)
        a.duration = 1
        try layer.addAnimation(a, forKey: "spin")
        scene.step(to: 0)
        scene.step(to: 0.375)
        let m = layer.transform(.transform, .presentation)
        // 1.5π: a three-quarter turn.
        #expect(abs(m.m11) < 1e-9 && abs(m.m12 + 1) < 1e-9)
    }
}
