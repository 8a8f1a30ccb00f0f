import LayerKit

extension KeyPathRecording {
    /// `keyPath` of `layer` over `span` (media time) at `intervals` + 1 even moments, as the
    /// animations attached to the layer now make it (`Scene.presentationValues`), without
    /// running the script on: what the inspector graphs of the scene it shows. The model is the
    /// model value now; the marks are those of `marking` (the animations graphed) on the key path.
    public static func attached(_ keyPath: String, of layer: Layer, in scene: Scene, over span: ClosedRange<Double>,
                                intervals: Int = 240, marking: [AttachedAnimationState]) throws(KeyPathError)
        -> KeyPathRecording {
        let length = span.upperBound - span.lowerBound
        let times = (0...max(intervals, 1)).map { span.lowerBound + length * Double($0) / Double(max(intervals, 1)) }
        let values = try scene.presentationValues(of: layer, keyPath: keyPath, at: times)
        let model = try layer.value(forKeyPath: keyPath, .model)
        var columns = ComponentColumns()
        let modelRow = columns.row(model)
        var samples: [Sample] = []
        for (time, value) in zip(times, values) {
            samples.append(Sample(time: time, presentation: columns.row(value), model: modelRow))
        }
        let marks = marking.flatMap { layer.mediaMarks(of: $0, touching: keyPath, through: span.upperBound) }
            .filter { span.contains($0.time) }
        return KeyPathRecording(layerName: layer.name ?? "", keyPath: keyPath, start: span.lowerBound, end: span.upperBound,
                                components: columns.names, samples: samples, marks: AnimationMark.unique(marks))
    }
}
