// swift-tools-version:6.0
// render-transition: renders iOS view-controller transitions offscreen on Linux.
// No SwiftPM package dependencies by design: the system libraries (libpng, FFmpeg) come from
// Debian packages installed by scripts/setup.
import PackageDescription

let package = Package(
    name: "render-transition",
    products: [
        .executable(name: "render-transition", targets: ["render-transition"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "Stage", targets: ["Stage"]),
        .library(name: "TransitionTesting", targets: ["TransitionTesting"]),
    ],
    targets: [
        // Geometry and colour types Foundation lacks on Linux (CGAffineTransform, CGColor, CGImage).
        .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"]),
        // Pixels: coverage, compositing, shadows. Knows nothing of layers.
        .target(name: "Raster", dependencies: ["CoreGraphics"]),
        // CALayer tree, animations, timing, presentation snapshots and the snapshot renderer.
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "Raster"]),
        // Views, view controllers, presentation and transition machinery.
        .target(name: "UIKit", dependencies: ["QuartzCore", "_Testing_UIKit"]),
        // Empty stand-ins for the toolchain's Testing cross-import overlays, which Linux declares but does
        // not ship: without them `import Testing` + `import UIKit` in one file does not compile.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "_Testing_UIKit"),
        // System libraries: a module map and one shim header each.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),
        // Frame sinks (PNG, MP4) and PNG decoding: the only target that sees C.
        .target(name: "Media", dependencies: ["Raster", "CPNG", "CFFmpeg"]),
        // Virtual clock, scripts, frame loop, output planning.
        .target(name: "Stage", dependencies: ["UIKit", "Media"]),
        // Golden-image assertions for test targets (ours and users').
        .target(name: "TransitionTesting", dependencies: ["Stage", "Media"]),
        // The built-in scenes live in the top-level Scenes/ folder.
        .target(name: "Scenes", dependencies: ["UIKit", "Stage"], path: "Scenes"),
        .executableTarget(name: "render-transition", dependencies: ["Stage", "Scenes", "Media"]),
        // Speed and memory: ms per frame and peak memory, run in release mode (see README).
        .executableTarget(name: "render-benchmark", dependencies: ["Stage", "Scenes", "Media"]),

        // Helpers the test targets share (seeded generators, images, temporary directories). Only Raster, so
        // any test target can use it without pulling in more.
        .target(name: "TestSupport", dependencies: ["Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "TestSupport"]),
        .testTarget(name: "MotionTests", dependencies: ["QuartzCore", "UIKit"]),
        .testTarget(name: "LayerRenderingTests", dependencies: ["QuartzCore", "Raster", "TransitionTesting", "TestSupport"],
                    exclude: ["Goldens"]),
        // Goldens live in Tests/SceneTests/Goldens and are found through #filePath, so recording writes
        // into the source tree.
        .testTarget(name: "SceneTests", dependencies: ["Scenes", "Stage", "TransitionTesting", "Media", "TestSupport"],
                    exclude: ["Goldens", "Traces"]),
        .testTarget(name: "GestureTests", dependencies: ["UIKit", "Stage", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["render-transition", "Media", "TestSupport"]),
        .testTarget(name: "TransitionTests", dependencies: ["QuartzCore", "UIKit", "TestSupport"]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "Raster"]),
    ],
    swiftLanguageModes: [.v5]
)
