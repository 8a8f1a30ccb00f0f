import Foundation
import PackagePlugin

/// Builds Examples/snowfall.lua into the snowglobe command as `DefaultExample.source`: the example
/// file is the one copy of the default, and the binary carries its text, so that `snowglobe`
/// runs it from any folder, and copied anywhere alone. Editing the file rebuilds the command.
@main
struct EmbedDefaultExample: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let example = context.package.directoryURL.appending(path: "Examples/snowfall.lua")
        let generated = context.pluginWorkDirectoryURL.appending(path: "DefaultExample+Source.swift")
        return [.buildCommand(
            displayName: "Embedding Examples/snowfall.lua as DefaultExample.source",
            executable: try context.tool(named: "embed-text").url,
            arguments: [example.path, generated.path, "DefaultExample", "source"],
            inputFiles: [example],
            outputFiles: [generated]
        )]
    }
}
