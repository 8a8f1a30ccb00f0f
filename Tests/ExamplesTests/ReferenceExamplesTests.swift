import Foundation
import LayerKit
@testable import LuaHost
import Render
import Testing
import TestSupport

/// The example docs/api.md gives each class runs as a script: three seconds of virtual time,
/// a click and a resize, without an error.
struct ReferenceExamplesTests {
    static let examples = CaLibrary.classes.compactMap { type in type.example.map { (type.name, $0) } }

    @Test(arguments: examples.map(\.0))
    func theExampleRuns(className: String) throws {
        let source = try #require(Self.examples.first { $0.0 == className }?.1)
        var options = ScriptOptions()
        options.libraryPath = Project.scripts
        let run = ScriptHarness(source, options: options)
        run.host.images = RenderImages()
        #expect(run.start() == nil, "\(className): \(run.errorReport)")
        run.run(until: 1)
        run.send(.mouseDown(x: 200, y: 150, button: 1))
        run.send(.mouseUp(x: 200, y: 150, button: 1))
        run.send(.resize(width: 640, height: 480))
        run.run(until: 3)
        #expect(run.errors.isEmpty, "\(className): \(run.errorReport)")
    }
}
