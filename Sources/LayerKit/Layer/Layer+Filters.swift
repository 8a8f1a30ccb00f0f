/// A layer's filters (macOS's CALayer `filters`): applied, in order, to the layer composed with
/// its sublayers; their inputs animate through `filters.NAME.INPUT` key paths.
extension Layer {
    /// Replaces the filters with copies of `newFilters` (animations of their inputs go on, and
    /// reach a new filter of the same name). Two filters of one name are an error.
    public func setFilters(_ newFilters: [Filter]) throws(FilterError) {
        var names: Set<String> = []
        for filter in newFilters where !names.insert(filter.name).inserted {
            throw .duplicateName(filter.name)
        }
        filters = newFilters.map { $0.copy() }
    }

    /// The filter called `name`, if the layer has one.
    public func filter(named name: String) -> Filter? {
        for filter in filters where filter.name == name { return filter }
        return nil
    }

    /// Shows every filter's inputs as set again.
    func resetFilterPresentation() {
        for filter in filters { filter.resetPresentation() }
    }
}

extension AttachedAnimation {
    /// Whether this animation (or one in its group) drives a filter's input.
    var drivesFilters: Bool {
        if case .filter? = target?.target { return true }
        if case .group(let children) = content { return children.contains { $0.drivesFilters } }
        return false
    }

    /// Throws unless `layer` has a filter called `name` that reads `input`.
    static func checkFilter(_ name: String, _ input: FilterInput, keyPath: String, on layer: Layer) throws(AnimationError) {
        guard let filter = layer.filter(named: name) else {
            throw .keyPath(.unknownFilter(keyPath: keyPath, name: name, valid: layer.filters.map(\.name)))
        }
        guard filter.kind.inputs.contains(input) else {
            throw .keyPath(.unknownComponent(keyPath: keyPath,
                                             valid: filter.kind.inputs.map { "filters.\(name).\($0.rawValue)" }))
        }
    }
}
