import ArgumentParser
import Render

/// The `snowglobe` command line.
@main
struct Snowglobe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snowglobe",
        abstract: "A scriptable animation sandbox: Core Animation's model, driven by Lua.",
        version: versionReport,
        subcommands: [ViewCommand.self, CheckCommand.self, RenderCommand.self, JoinCommand.self, PlotCommand.self, NewCommand.self,
                      ExamplesCommand.self, DocsCommand.self, LearnCommand.self],
        defaultSubcommand: ViewCommand.self
    )

    /// Parses the arguments and runs the command they name; a first argument that looks like a
    /// misspelt command is refused before the view command can take it for a script.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = MistypedCommand.message(for: arguments, commands: commandNames) {
            exit(withError: ValidationError(message))
        }
        main(arguments)
    }

    /// The names of the subcommands, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.map { $0._commandName } + ["help"]
    }
}
