/// The example `snowglobe` runs when it is given no script: Examples/snowfall.lua, compiled in
/// so that it runs from any folder. Generated from the file — `RECORD_SNAPSHOTS=1 swift test
/// --filter DefaultExampleTests` rewrites it, and that test fails when the two differ.
public enum DefaultExample {
    /// The name its messages use.
    public static let name = "snowfall.lua"
    /// The script.
    public static let source = #"""
local label = ca.TextLayer{ string = "snowglobe", fontSize = 32, bounds = {0, 0, 400, 50},
  position = {ca.root.bounds.width / 2, ca.root.bounds.height / 2}, alignmentMode = "center" }
ca.root:addSublayer(label)
"""#
}
