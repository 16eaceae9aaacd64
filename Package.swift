// swift-tools-version:6.0
// render-transition: renders iOS view-controller transitions offscreen on Linux.
// No SwiftPM package dependencies by design: the system libraries (libpng, FFmpeg, FreeType, HarfBuzz)
// come from Debian packages installed by scripts/setup.
import PackageDescription

// Tests stay in the Swift 5 language mode: their fixtures share mutable state with Swift Testing's
// closures and parameterized arguments in ways Swift 6 refuses (e.g. `Any` arguments), and rewriting them
// checks no shipped code. Everything else is Swift 6 (`swiftLanguageModes` below).
let swift5Tests: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "render-transition",
    products: [
        .executable(name: "render-transition", targets: ["render-transition"]),
        // What a user's package depends on: UIKit (with QuartzCore and CoreGraphics) to write transitions,
        // Stage to script scenes, RenderTransitionCLI for a command of its own, TransitionTesting for goldens.
        .library(name: "UIKit", targets: ["UIKit", "QuartzCore", "CoreGraphics"]),
        .library(name: "Stage", targets: ["Stage"]),
        .library(name: "RenderTransitionCLI", targets: ["RenderTransitionCLI"]),
        .library(name: "TransitionTesting", targets: ["TransitionTesting", "Goldens"]),
    ],
    targets: [
        // Geometry and colour types Foundation lacks on Linux (CGAffineTransform, CGColor, CGImage).
        .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"]),
        // Pixels: coverage, compositing, shadows. Knows nothing of layers.
        .target(name: "Raster", dependencies: ["CoreGraphics"]),
        // The Cassowary constraint solver (Auto Layout's engine): plain linear algebra, no UI types.
        .target(name: "Cassowary"),
        // Core Animation's model: CALayer tree, animations, timing, presentation snapshots. No pixels.
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
        // Turns a presentation snapshot into pixels through Raster.
        .target(name: "Compositor", dependencies: ["QuartzCore", "CoreGraphics", "Raster", "Text"]),
        // Views, view controllers, presentation and transition machinery.
        .target(name: "UIKit", dependencies: ["QuartzCore", "CoreGraphics", "Text", "Cassowary", "_Testing_UIKit"]),
        // Empty stand-ins for the toolchain's Testing cross-import overlays, which Linux declares but does
        // not ship: without them `import Testing` + `import UIKit` in one file does not compile.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "_Testing_UIKit"),
        // System libraries: a module map and one shim header each.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        // Photo decoders and colour management (docs/IMAGES.md says why each library).
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CHEIF", path: "Sources/CHEIF", pkgConfig: "libheif",
                       providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2",
                       providers: [.apt(["liblcms2-dev"])]),
        // Frame sinks (PNG, MP4, GIF) and image decoding (PNG, JPEG, HEIF, WebP, GIF) with colour management:
        // sees C (libpng, FFmpeg, libjpeg-turbo, libheif, libwebp, Little CMS).
        .target(name: "Media", dependencies: ["Raster", "CoreGraphics", "CPNG", "CFFmpeg", "CTurboJPEG", "CHEIF", "CWebP", "CLCMS2"]),
        // Text: font faces (FreeType), shaping (HarfBuzz), glyph outlines as CGPaths, line breaking. Sees C
        // (FreeType, HarfBuzz). Ships Inter (OFL 1.1) as the system font, in Fonts/.
        .target(name: "Text", dependencies: ["CoreGraphics", "CFreeType", "CHarfBuzz"], resources: [.copy("Fonts")]),

        // Authoring: Scene, Script, devices, render settings. What a scene file imports besides UIKit.
        .target(name: "Stage", dependencies: ["UIKit"]),
        // Running: a scene on its virtual clock and screen, the script player, the frame loop.
        .target(name: "Playback", dependencies: ["Stage", "UIKit", "Compositor", "Raster", "Media"]),
        // Writing: clips, animations, PNG sequences, stills, filmstrips and the gallery, atomically.
        .target(name: "Output", dependencies: ["Stage", "Playback", "UIKit", "Raster", "Media"]),
        // Looking inside: property plots, value traces, layer-tree documents.
        .target(name: "Diagnostics", dependencies: ["Stage", "Playback", "UIKit", "Compositor", "Raster", "Media"]),
        // The whole command line as a library: `RenderTransitionCLI.main(scenes:)`.
        .target(name: "RenderTransitionCLI", dependencies: ["Stage", "Playback", "Output", "Diagnostics", "Goldens", "Media"]),
        // Golden files: comparison with stated tolerances, record modes, artifacts, motion goldens, reports.
        .target(name: "Goldens", dependencies: ["Stage", "Playback", "Diagnostics", "Raster", "Media"]),
        // Golden assertions for test targets (ours and users'): `assertTransitionSnapshots`.
        .target(name: "TransitionTesting", dependencies: ["Goldens", "Stage", "Playback", "Raster", "Media"]),

        // The built-in scenes live in the top-level Scenes/ folder.
        // Photos/: a few CC0 and public-domain photographs (JPEG, HEIC) for the photo scenes; LICENSES names them.
        .target(name: "Scenes", dependencies: ["UIKit", "Stage"], path: "Scenes", resources: [.copy("Photos")]),
        .executableTarget(name: "render-transition", dependencies: ["RenderTransitionCLI", "Scenes"]),
        // Speed and memory: ms per frame and peak memory, run in release mode (see README).
        .executableTarget(name: "render-benchmark",
                          dependencies: ["Stage", "Playback", "Compositor", "QuartzCore", "UIKit", "Raster", "Media", "Scenes", "Diagnostics"]),

        // Fuzz targets for libFuzzer (scripts/fuzz builds them with -sanitize=fuzzer); a normal build makes
        // each a replayer of the inputs it is given. Seeds and past findings: Fuzz/Corpus.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-layer-tree", dependencies: ["Diagnostics", "FuzzSupport"], path: "Fuzz/LayerTree"),
        .executableTarget(name: "fuzz-arguments", dependencies: ["RenderTransitionCLI", "FuzzSupport"], path: "Fuzz/Arguments"),
        .executableTarget(name: "fuzz-images", dependencies: ["Media", "FuzzSupport"], path: "Fuzz/Images"),

        // Helpers the test targets share (seeded generators, images, temporary directories). Only Raster, so
        // any test target can use it without pulling in more.
        .target(name: "TestSupport", dependencies: ["Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport", "Raster"], swiftSettings: swift5Tests),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "TestSupport"], swiftSettings: swift5Tests),
        .testTarget(name: "AutoLayoutTests", dependencies: ["UIKit", "QuartzCore", "CoreGraphics", "Cassowary"], swiftSettings: swift5Tests),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CoreGraphics", "TestSupport"], swiftSettings: swift5Tests),
        .testTarget(name: "MediaTests", dependencies: ["Media", "Raster", "TestSupport"], swiftSettings: swift5Tests),
        .testTarget(name: "MotionTests", dependencies: ["QuartzCore", "UIKit"], swiftSettings: swift5Tests),
        .testTarget(name: "GoldensTests", dependencies: ["Goldens", "Stage", "Playback", "Scenes", "UIKit", "Media", "Raster", "TestSupport"], swiftSettings: swift5Tests),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "QuartzCore", "CoreGraphics", "Raster", "TransitionTesting", "TestSupport"],
                    exclude: ["__Snapshots__"], swiftSettings: swift5Tests),
        // Goldens live in Tests/SceneTests/Goldens and are found through #filePath, so recording writes
        // into the source tree.
        .testTarget(name: "SceneTests",
                    dependencies: ["Scenes", "Stage", "Playback", "Output", "Diagnostics", "TransitionTesting",
                                   "Compositor", "UIKit", "QuartzCore", "CoreGraphics", "Raster", "Media", "TestSupport"],
                    exclude: ["__Snapshots__"], swiftSettings: swift5Tests),
        .testTarget(name: "CollectionTests", dependencies: ["UIKit", "QuartzCore", "Compositor", "Raster", "TransitionTesting", "TestSupport"],
                    exclude: ["__Snapshots__"], swiftSettings: swift5Tests),
        .testTarget(name: "ListTests", dependencies: ["UIKit", "QuartzCore", "Stage", "Playback", "Compositor", "Raster", "TransitionTesting", "TestSupport"],
                    exclude: ["__Snapshots__"], swiftSettings: swift5Tests),
        .testTarget(name: "ControlTests", dependencies: ["UIKit", "QuartzCore", "Stage", "Playback", "Compositor", "Raster", "TransitionTesting", "TestSupport"],
                    exclude: ["__Snapshots__"], swiftSettings: swift5Tests),
        // Photo decoding, orientation, colour management and UIImage's data API; fixtures made by
        // scripts/fixtures/make-image-fixtures.py.
        .testTarget(name: "ImageTests", dependencies: ["UIKit", "QuartzCore", "CoreGraphics", "Media", "Compositor", "Raster", "TransitionTesting", "TestSupport"],
                    exclude: ["__Snapshots__"], resources: [.copy("Fixtures")], swiftSettings: swift5Tests),
        // Asset catalogs and named colours; Fixtures/Assets.xcassets is copied whole to the bundle's top,
        // as a user's `.copy("Assets.xcassets")` is (make-fixtures.py wrote it).
        .testTarget(name: "AssetTests", dependencies: ["UIKit", "QuartzCore", "Compositor", "Raster", "Media", "TransitionTesting", "TestSupport"],
                    exclude: ["__Snapshots__", "make-fixtures.py"], resources: [.copy("Fixtures/Assets.xcassets")], swiftSettings: swift5Tests),
        .testTarget(name: "GestureTests", dependencies: ["UIKit", "QuartzCore", "Stage", "Playback", "Raster", "TestSupport"], swiftSettings: swift5Tests),
        .testTarget(name: "CLITests", dependencies: ["render-transition", "render-benchmark", "fuzz-layer-tree", "fuzz-arguments", "RenderTransitionCLI", "Stage", "Playback", "UIKit", "Scenes", "Media", "Raster", "TestSupport"], swiftSettings: swift5Tests),
        .testTarget(name: "TransitionTestingTests", dependencies: ["TransitionTesting", "Scenes"], swiftSettings: swift5Tests),
        .testTarget(name: "TextTests", dependencies: ["Text", "CoreGraphics", "Raster", "Media", "TestSupport"],
                    resources: [.copy("Fixtures")], swiftSettings: swift5Tests),
        .testTarget(name: "TransitionTests", dependencies: ["QuartzCore", "UIKit", "Compositor", "Raster", "Text", "Media", "TestSupport", "TransitionTesting"],
                    exclude: ["__Snapshots__"], swiftSettings: swift5Tests),
    ],
    // Swift 6 language mode everywhere: the compiler checks concurrency in every module and test.
    swiftLanguageModes: [.v6]
)
