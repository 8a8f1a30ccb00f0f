import LayerKit
import TestSupport
import Testing

/// Filters: Core Image's defaults, copies on a layer, and their inputs animated by key path.
@Suite struct FilterTests {
    @Test func filtersHaveCoreImagesDefaults() throws {
        let blur = try Filter(kind: .gaussianBlur)
        #expect(blur.name == "gaussianBlur" && blur.value(.inputRadius) == 10)
        let controls = try Filter(kind: .colorControls)
        #expect(controls.value(.inputSaturation) == 1 && controls.value(.inputBrightness) == 0
                    && controls.value(.inputContrast) == 1)
        let bloom = try Filter(kind: .bloom, name: "glow", inputs: [.inputIntensity: 2])
        #expect(bloom.value(.inputRadius) == 10 && bloom.value(.inputIntensity) == 2)
    }

    @Test func unknownNamesAreErrorsListingTheValidOnes() {
        #expect(throws: FilterError.unknownFilter("gausianBlur")) {
            try Filter(kindName: "gausianBlur", inputs: [:])
        }
        #expect(FilterError.unknownFilter("gausianBlur").description
                    == "unknown filter 'gausianBlur' (did you mean 'gaussianBlur'?); filters are 'gaussianBlur', "
                    + "'colorControls', 'bloom'")
        #expect(throws: FilterError.unknownInput("inputIntensity", filter: .gaussianBlur)) {
            try Filter(kind: .gaussianBlur, inputs: [.inputIntensity: 1])
        }
        #expect(FilterError.unknownInput("inputRadius", filter: .colorControls).description
                    == "unknown input 'inputRadius' for filter 'colorControls'; its inputs are 'inputSaturation', "
                    + "'inputBrightness', 'inputContrast'")
    }

    @Test func aKeyPathAnimatesAFiltersInput() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        try layer.setFilters([try Filter(kind: .gaussianBlur, name: "blur", inputs: [.inputRadius: 4])])
        try layer.addAnimation(basic("filters.blur.inputRadius", from: .number(0), to: .number(8), duration: 2) {
            $0.timingFunction = .linear
        }, forKey: "blur")
        driver.run(until: 0.5)
        let blur = try #require(layer.filter(named: "blur"))
        #expect(close(blur.value(.inputRadius, .presentation), 2, 1e-6))
        #expect(blur.value(.inputRadius) == 4)
        driver.run(until: 1.5)
        #expect(close(blur.value(.inputRadius, .presentation), 6, 1e-6))
        // Setting the filters again replaces them; the animation reaches the new one by name.
        try layer.setFilters([try Filter(kind: .bloom, name: "blur", inputs: [.inputRadius: 1])])
        driver.run(until: 1.75)
        #expect(close(try #require(layer.filter(named: "blur")).value(.inputRadius, .presentation), 7, 1e-6))
        driver.run(until: 2.5)
        #expect(try #require(layer.filter(named: "blur")).value(.inputRadius, .presentation) == 1)
    }

    @Test func filterKeyPathsAreChecked() throws {
        let driver = FrameDriver()
        let layer = driver.committedLayer()
        try layer.setFilters([try Filter(kind: .colorControls, name: "grey")])
        #expect(throws: AnimationError.keyPath(.unknownFilter(keyPath: "filters.gray.inputSaturation", name: "gray",
                                                              valid: ["grey"]))) {
            try layer.addAnimation(basic("filters.gray.inputSaturation", to: .number(0)))
        }
        #expect(throws: AnimationError.self) { try layer.addAnimation(basic("filters.grey.inputRadius", to: .number(0))) }
        #expect(throws: AnimationError.self) { try layer.addAnimation(basic("filters.grey.radius", to: .number(0))) }
        #expect(throws: FilterError.duplicateName("grey")) {
            try layer.setFilters([try Filter(kind: .colorControls, name: "grey"), try Filter(kind: .bloom, name: "grey")])
        }
    }
}
