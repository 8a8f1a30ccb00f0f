import ArgumentParser
import Render

/// The `snowglobe` command line.
@main
struct Snowglobe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snowglobe",
        abstract: "A scriptable animation sandbox: Core Animation's model, driven by Lua.",
        version: "0.1.0 (SDL \(SDLVersion.sdl))",
        subcommands: [CheckCommand.self, RenderCommand.self, DocsCommand.self]
    )

    mutating func run() throws {
        print(Snowglobe.helpMessage())
    }
}
