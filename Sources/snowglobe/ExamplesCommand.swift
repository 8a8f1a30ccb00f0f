import ArgumentParser

/// `snowglobe examples`: lists the examples and lessons that come with Snowglobe, each with what
/// it is, and how to open or render one by name.
struct ExamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "List the examples and lessons that come with Snowglobe.",
        discussion: "Open one with `snowglobe --example NAME`; `render`, `check` and `plot` take --example too."
    )

    func run() throws {
        let folders = ResourceFolders.locate()
        let catalog = ExampleCatalog(folder: folders.examples)
        if let folder = catalog.folder {
            print("The examples in \(folder):")
        } else {
            print("No examples folder beside this binary (run `make install`), so only the one built in:")
        }
        print(catalog.listing)
        print("\nOpen one with `snowglobe --example NAME`; render it with `snowglobe render --example NAME --out NAME.gif`.")
    }
}
