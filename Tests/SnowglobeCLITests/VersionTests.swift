import Testing
@testable import snowglobe

/// `snowglobe --version`: Snowglobe's, Lua's and SDL's versions, one a line.
extension CommandLineTests {
    @Test func versionNamesSnowglobeLuaAndSDL() throws {
        let r = try run(["--version"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "snowglobe \(Snowglobe.version)")
        #expect(lines[1].wholeMatch(of: /Lua 5\.4\.\d+/) != nil)
        #expect(lines[2].wholeMatch(of: /SDL 2\.\d+\.\d+, SDL_image 2\.\d+\.\d+, SDL_ttf 2\.\d+\.\d+/) != nil)
    }
}
