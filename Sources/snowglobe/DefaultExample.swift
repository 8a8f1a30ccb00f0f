/// The example `snowglobe` runs when it is given no script: Examples/snowfall.lua, built into the
/// binary so that it runs from any folder. `source`, the file's text, is generated from the file
/// when the package builds (Plugins/EmbedDefaultExample), so the two cannot differ.
public enum DefaultExample {
    /// The name its messages use.
    public static let name = "snowfall.lua"
}
