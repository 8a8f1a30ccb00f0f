import Foundation
import PackagePlugin

/// Builds every Templates/*.lua into the snowglobe command as `Template.builtIn`, the scripts
/// `snowglobe new` starts from: the files are the one copy of the templates, and the binary
/// carries their text, so that `new` works wherever the binary is, copied alone too. Editing a
/// template rebuilds the command; a new file is picked up by the next build.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Templates")
        let templates = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "lua" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let generated = context.pluginWorkDirectoryURL.appending(path: "Template+BuiltIn.swift")
        return [.buildCommand(
            displayName: "Embedding Templates/*.lua as Template.builtIn",
            executable: try context.tool(named: "embed-text").url,
            arguments: ["--list", generated.path, "Template", "builtIn"] + templates.map(\.path),
            inputFiles: templates,
            outputFiles: [generated]
        )]
    }
}
