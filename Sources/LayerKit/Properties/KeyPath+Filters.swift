/// Key paths into a layer's filters: `filters.NAME.INPUT` (whether the layer has a filter of
/// that name is checked when the animation is added).
extension KeyPathResolver {
    static func resolveFilter(_ keyPath: String, _ parts: [String]) throws(KeyPathError) -> ResolvedKeyPath {
        let inputs = FilterInput.allCases.map(\.rawValue)
        guard parts.count == 3, !parts[1].isEmpty else {
            throw .unknownComponent(keyPath: keyPath, valid: inputs.map { "filters.NAME.\($0)" })
        }
        guard let input = FilterInput(rawValue: parts[2]) else {
            throw .unknownComponent(keyPath: keyPath, valid: inputs.map { "filters.\(parts[1]).\($0)" })
        }
        return ResolvedKeyPath(keyPath: keyPath, property: nil, target: .filter(name: parts[1], input: input),
                               valueKind: .number)
    }
}
