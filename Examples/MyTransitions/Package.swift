// swift-tools-version:6.0
// An app's own transitions, rendered and tested with render-transition: the layout a user's repo would have.
// A path dependency's identity is its folder name, which differs between clones, so it is named explicitly
// ("render-transition", the identity a URL dependency on the repo has) and products are looked up under it.
import PackageDescription

let package = Package(
    name: "MyTransitions",
    products: [
        .executable(name: "my-scenes", targets: ["my-scenes"]),
    ],
    dependencies: [
        // In your own repo: .package(url: "https://github.com/render-transition/render-transition", from: "0.7.0")
        .package(name: "render-transition", path: "../.."),
    ],
    targets: [
        // The transition (shared verbatim with the iOS app) and its scene (Linux only). The asset catalog is
        // copied whole into the target's resource bundle, where UIImage(named:) and UIColor(named:) find it.
        .target(name: "MyTransitions", dependencies: [
            .product(name: "UIKit", package: "render-transition"),
            .product(name: "Stage", package: "render-transition"),
        ], resources: [.copy("Assets.xcassets")]),
        // `my-scenes card-modal --out clip.mp4`: the render-transition command over this package's scenes.
        .executableTarget(name: "my-scenes", dependencies: [
            "MyTransitions",
            .product(name: "RenderTransitionCLI", package: "render-transition"),
        ]),
        // Goldens of every scene; they live in __Snapshots__ beside the test file and are not sources.
        // Run them with `swift test -c release`: from a debug build they render ~20× slower.
        .testTarget(name: "MyTransitionsTests", dependencies: [
            "MyTransitions",
            .product(name: "TransitionTesting", package: "render-transition"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v5]
)
