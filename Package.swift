// swift-tools-version:6.0
import PackageDescription

/// Snowglobe: Core Animation's model in Swift (LayerKit), driven by Lua 5.4 scripts (LuaHost),
/// drawn through SDL2 (Render), run by the `snowglobe` command line.
///
/// Dependencies flow one way: LayerKit knows nothing of Lua or SDL (it shares only Spelling, the
/// "did you mean" rule, with LuaBridge); Render reads LayerKit;
/// LuaBridge is a generic Swift–Lua bridge; LuaHost binds LayerKit to Lua through it.
let package = Package(
    name: "Snowglobe",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "snowglobe", targets: ["snowglobe"]),
        .library(name: "LayerKit", targets: ["LayerKit"]),
        .library(name: "LuaBridge", targets: ["LuaBridge"]),
        .library(name: "LuaHost", targets: ["LuaHost"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "Export", targets: ["Export"]),
        .library(name: "Viewer", targets: ["Viewer"]),
        .library(name: "Learn", targets: ["Learn"]),
        .library(name: "Tweak", targets: ["Tweak"]),
        // Not for users: SDL's software renderer off screen, which the benchmarks measure
        // against and the render tests compare with (a product so that Benchmarks/ reaches it).
        .library(name: "SDLSoftware", targets: ["SDLSoftware"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Lua is linked from Debian's static library (liblua5.4-dev's liblua5.4.a; see
        // LuaShim), so no pkg-config: clua.h names the headers by their folder.
        .systemLibrary(name: "CLua"),
        // SDL without pkg-config: sdl2.pc adds -D_REENTRANT, which SwiftPM refuses with a
        // warning on every build. The shim names the headers by their folder (<SDL2/SDL.h>) and
        // the module map links the libraries, so nothing else is needed.
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // Pango's headers need glib's, harfbuzz's and cairo's folders: pkgconfig/ has a .pc that
        // gives them without the -pthread Debian's pangocairo.pc brings along (see the file).
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: Context.packageDirectory + "/pkgconfig/snowglobe-pangocairo.pc",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CGif",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        // libimagequant chooses each GIF frame's palette and maps the frame to it, dithered.
        .systemLibrary(
            name: "CImageQuant",
            pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"])]
        ),
        // "Did you mean …?" for misspelt names: LayerKit and the generic Lua bridge both suggest
        // names, and neither may import the other.
        .target(name: "Spelling"),
        .target(name: "LayerKit", dependencies: ["Spelling"]),
        // Scene → pixels: the compositor, the rasterizer, content, images; no file formats.
        .target(name: "Render", dependencies: ["LayerKit", "CSDL2", "CPangoCairo"]),
        // LuaBridge's C half: the trampolines, budgets and userdata dispatch, in C files.
        // Statically, Lua's code is built without position independence and the API's calls
        // skip the shared library's jump table, so calls between Lua and C are cheaper (figures
        // in docs/performance.md). `-l:` names the file; liblua5.4.a needs libm.
        .target(name: "LuaShim", dependencies: ["CLua"],
                linkerSettings: [.linkedLibrary(":liblua5.4.a"), .linkedLibrary("m")]),
        .target(name: "LuaBridge", dependencies: ["CLua", "LuaShim", "Spelling"]),
        .target(name: "LuaHost", dependencies: ["LayerKit", "LuaBridge", "Spelling"]),
        // The tick clock: runs of a script kept at a playhead, seeking, replay, reload in place.
        .target(name: "Playback", dependencies: ["LayerKit", "LuaHost", "LuaBridge", "Spelling"]),
        // Everything that leaves as a file: frame sinks and encoders (PNG, GIF, APNG, FFmpeg
        // video), staged writes, the headless render loop, key-path sampling and charts (plot),
        // clips rendered for the viewer.
        .target(name: "Export", dependencies: ["LayerKit", "Render", "Playback", "Spelling", "CGif", "CImageQuant", "CPangoCairo", "CSDL2"]),
        // Tweaking in place: a Lua lexer finds a script's literals; changes are written back one
        // token at a time, atomically, never over a change made on disk meanwhile.
        .target(name: "Tweak"),
        .target(name: "Viewer", dependencies: ["LayerKit", "Render", "LuaHost", "LuaBridge", "Playback", "Export", "Tweak", "CSDL2"]),
        // Exercises checked by behaviour: a submission and the target run headless, compared
        // sample by sample, the difference told in animation terms; submissions run isolated.
        .target(name: "Learn", dependencies: ["LayerKit", "LuaBridge", "LuaHost", "Playback", "Render"]),
        .executableTarget(name: "embed-text"),
        .plugin(name: "EmbedDefaultExample", capability: .buildTool(), dependencies: ["embed-text"]),
        // The templates of `snowglobe new` are built in from Templates/*.lua, and the default
        // example's text from Examples/snowfall.lua (see the plugins).
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["embed-text"]),
        .executableTarget(
            name: "snowglobe",
            dependencies: [
                "LayerKit", "Render", "LuaHost", "LuaBridge", "Playback", "Export", "Viewer", "Learn", "Spelling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["EmbedTemplates", "EmbedDefaultExample"]
        ),
        .target(name: "TestSupport", dependencies: ["LayerKit", "LuaHost", "Playback", "Render"], path: "Tests/TestSupport"),
        .target(name: "SDLSoftware", dependencies: ["Render", "LayerKit", "CSDL2"], path: "Tests/SDLSoftware"),
        .testTarget(name: "LayerKitTests", dependencies: ["LayerKit", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "LayerKit", "CSDL2", "SDLSoftware", "TestSupport"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Render", "Playback", "LuaHost", "LayerKit", "CGif", "TestSupport"]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling"]),
        .testTarget(name: "TweakTests", dependencies: ["Tweak", "LayerKit", "TestSupport"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost", "LayerKit", "LuaBridge", "TestSupport"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "Export", "Viewer", "LuaBridge", "LuaHost", "LayerKit", "Render", "TestSupport"]),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "Playback", "Export", "LuaHost", "LayerKit", "Render", "TestSupport"]),
        // Submissions/ holds Lua files the tests check, one folder per exercise.
        .testTarget(name: "LearnTests", dependencies: ["Learn", "LayerKit", "LuaBridge", "TestSupport"], exclude: ["Submissions"]),
        .testTarget(name: "SnowglobeCLITests", dependencies: ["snowglobe", "LayerKit", "Render", "Export", "TestSupport"]),
        .testTarget(name: "ExamplesTests", dependencies: ["LuaHost", "LayerKit", "LuaBridge", "Render", "Export", "Playback", "TestSupport"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["LuaHost", "LayerKit", "LuaBridge", "Render", "Export", "Playback", "snowglobe", "TestSupport"]),
    ]
)
