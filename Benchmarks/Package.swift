// swift-tools-version:6.0
import PackageDescription

/// Snowglobe's performance suite, a package of its own so that its code never reaches users.
/// `make bench` builds it in release mode and runs it beside the peer scenes in ../shared/peers.
let package = Package(
    name: "SnowglobeBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Snowglobe", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "snowglobe-bench",
            dependencies: [
                .product(name: "LayerKit", package: "Snowglobe"),
                .product(name: "LuaHost", package: "Snowglobe"),
                .product(name: "Render", package: "Snowglobe"),
                .product(name: "Playback", package: "Snowglobe"),
                .product(name: "Export", package: "Snowglobe"),
                .product(name: "SDLSoftware", package: "Snowglobe"),
            ],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
    ]
)
