/// Where in a script something was made: the file (as the script host names it) and the line.
/// Tools show it (the tweak panel marks the lines that made a picked layer).
public struct SourceSite: Sendable, Equatable {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// "scene.lua:12": the file's last path component and the line, as tools print a site.
    public var label: String {
        (file.split(separator: "/").last.map(String.init) ?? file) + ":\(line)"
    }
}
