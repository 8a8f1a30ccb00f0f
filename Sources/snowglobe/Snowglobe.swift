import ArgumentParser
import Render

/// The `snowglobe` command line.
@main
struct Snowglobe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snowglobe",
        abstract: "A scriptable animation sandbox: Core Animation's model, driven by Lua.",
        version: versionReport,
        subcommands: [ViewCommand.self, CheckCommand.self, RenderCommand.self, PlotCommand.self, NewCommand.self,
                      ExamplesCommand.self, DocsCommand.self],
        defaultSubcommand: ViewCommand.self
    )
}
