// swift-tools-version:6.0
import PackageDescription

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Segue renders iOS view-controller transitions to PNG frames.
///
/// The pipeline runs scene -> timeline -> animator -> frame layers -> rasterizer -> PNG,
/// one module a stage, so each stage can be built and tested on its own. Only
/// `CSeguePNG` calls libpng, and only `SeguePNG` calls `CSeguePNG`.
/// `make sanitize` builds with SEGUE_TSAN set, so `Guarded` can tell ThreadSanitizer about the
/// standard library's mutex.
let sanitizerSettings: [SwiftSetting] =
  ProcessInfo.processInfo.environment["SEGUE_TSAN"] != nil ? [.define("SEGUE_TSAN")] : []

let package = Package(
  name: "Segue",
  platforms: [.macOS(.v15), .iOS(.v15)],
  products: [
    .executable(name: "segue", targets: ["segue"]),
    // Load or build a scene, render its frames, compare them: TransitionScene, FrameImage.
    .library(name: "SegueKit", targets: ["SegueKit"]),
    // assertGoldenFrames for XCTest and Swift Testing: golden checks of scenes in a test suite.
    .library(name: "SegueTesting", targets: ["SegueTesting"]),
    // Records the animators an app ships as scenes, in the app's own tests (UIKit only: on Linux
    // the module is empty, and Segue's tests compile its sources against the UIKit stand-in).
    .library(name: "SegueRecorder", targets: ["SegueRecorder"]),
    // Writes the UIKit animators of a target's scenes at build time (`segue swift`).
    .plugin(name: "SegueAnimators", targets: ["SegueAnimators"]),
  ],
  targets: [
    // libpng as the system provides it, found through pkg-config (no hard-coded paths).
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    // The setjmp-guarded libpng call sequences; zlib is called directly for CRC-32.
    .target(name: "CSeguePNG", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
    .target(name: "SegueGeometry"),
    .target(name: "SeguePNG", dependencies: ["CSeguePNG", "SegueRaster"]),
    .target(name: "SegueRaster", dependencies: ["SegueGeometry"]),
    .target(name: "SegueTiming"),
    .target(name: "SegueJSON"),
    .target(name: "SeguePages"),
    .target(name: "SegueSync", swiftSettings: sanitizerSettings),
    .target(name: "SegueFiles", dependencies: ["SegueJSON", "SegueSync"]),
    .target(name: "SegueSpelling"),
    .target(name: "SegueScene", dependencies: ["SegueJSON", "SegueGeometry", "SegueTiming", "SegueSpelling"]),
    .target(name: "SegueMotion", dependencies: ["SegueScene", "SegueGeometry", "SegueTiming", "SegueJSON"]),
    // Writes a scene's transition as the app's UIKit animator (`segue swift`): Swift text, no pixels.
    .target(name: "SegueSwiftExport", dependencies: ["SegueMotion", "SegueScene", "SegueGeometry", "SegueTiming"]),
    .target(
      name: "SegueCompose", dependencies: ["SegueMotion", "SegueRaster", "SegueScene", "SegueGeometry", "SegueSync"]),
    .target(
      name: "SegueKit",
      dependencies: [
        "SegueCompose", "SegueMotion", "SegueScene", "SegueRaster", "SegueGeometry", "SegueTiming", "SeguePNG",
        "SegueFiles", "SegueJSON", "SegueSync", "SegueGolden",
      ]
    ),
    .target(
      name: "SegueGolden",
      dependencies: ["SegueRaster", "SegueJSON", "SegueFiles", "SeguePNG", "SegueSync", "SeguePages"]),
    .target(name: "SegueArguments", dependencies: ["SegueSpelling"]),
    .target(
      name: "SegueCLI",
      dependencies: [
        "SegueKit", "SegueMotion", "SegueScene", "SegueArguments", "SeguePNG", "SegueGolden", "SegueFiles",
        "SegueJSON", "SegueSync", "SegueSpelling", "SegueSwiftExport", "SeguePages",
      ]
    ),
    .executableTarget(name: "segue", dependencies: ["SegueCLI"]),
    .plugin(
      name: "SegueAnimators", capability: .buildTool(), dependencies: ["segue"], path: "Sources/SegueAnimators"),
    .target(name: "SegueTesting", dependencies: ["SegueKit"]),
    .target(name: "SegueRecorder"),
    .testTarget(name: "SeguePNGTests", dependencies: ["SeguePNG", "SegueRaster"]),
    .target(name: "SegueTestSupport", path: "Tests/SegueTestSupport"),
    .testTarget(name: "SegueRasterTests", dependencies: ["SegueRaster", "SegueGeometry", "SegueTestSupport"]),
    .testTarget(
      name: "SegueComposeTests",
      dependencies: ["SegueCompose", "SegueMotion", "SegueRaster", "SegueGeometry", "SegueScene", "SegueTestSupport"]),
    .testTarget(
      name: "SegueTimingTests", dependencies: ["SegueTiming"], resources: [.copy("Oracles")]),
    .testTarget(name: "SegueSceneTests", dependencies: ["SegueScene", "SegueJSON"]),
    .testTarget(name: "SegueSwiftExportTests", dependencies: ["SegueSwiftExport", "SegueTestSupport"]),
    .testTarget(name: "SeguePagesTests", dependencies: ["SeguePages", "SegueTestSupport"]),
    .testTarget(name: "SegueFilesTests", dependencies: ["SegueFiles"]),
    .testTarget(name: "SegueJSONTests", dependencies: ["SegueJSON"]),
    .testTarget(
      name: "SegueKitTests",
      dependencies: [
        "SegueKit", "SegueMotion", "SegueCompose", "SegueScene", "SegueRaster", "SegueTiming", "SegueJSON",
        "SegueGeometry", "SegueTestSupport",
      ]),
    .testTarget(name: "SegueArgumentsTests", dependencies: ["SegueArguments", "SegueSpelling"]),
    .testTarget(
      name: "SegueGoldenTests",
      dependencies: ["SegueGolden", "SegueScene", "SegueJSON", "SeguePNG", "SegueRaster", "SegueTestSupport"]),
    .testTarget(
      name: "SegueEndToEndTests",
      dependencies: [
        "SeguePNG", "SegueRaster", "SegueTestSupport", "SegueKit", "SegueMotion", "SegueScene", "SegueGeometry",
      ]),
    .testTarget(name: "SegueDocsTests"),
    .testTarget(name: "SegueSyncTests", dependencies: ["SegueSync"]),
    .testTarget(name: "SegueTestingTests", dependencies: ["SegueTesting", "SegueKit"]),
  ]
)

// libFuzzer targets (`make fuzz`): declared only when asked for, since they have no `main` of
// their own and link only with `-sanitize=fuzzer`.
if ProcessInfo.processInfo.environment["SEGUE_FUZZ"] != nil {
  package.targets += [
    .executableTarget(
      name: "FuzzSceneDecoder", dependencies: ["SegueScene", "SegueKit"], path: "Tests/Fuzz/FuzzSceneDecoder"),
    .executableTarget(name: "FuzzPNGDecoder", dependencies: ["SeguePNG"], path: "Tests/Fuzz/FuzzPNGDecoder"),
    .executableTarget(name: "FuzzGoldenReader", dependencies: ["SegueGolden"], path: "Tests/Fuzz/FuzzGoldenReader"),
    .executableTarget(
      name: "FuzzSVGPath", dependencies: ["SegueGeometry", "SegueRaster"], path: "Tests/Fuzz/FuzzSVGPath"),
  ]
  package.products += [
    .executable(name: "fuzz-scene-decoder", targets: ["FuzzSceneDecoder"]),
    .executable(name: "fuzz-png-decoder", targets: ["FuzzPNGDecoder"]),
    .executable(name: "fuzz-golden-reader", targets: ["FuzzGoldenReader"]),
    .executable(name: "fuzz-svg-path", targets: ["FuzzSVGPath"]),
  ]
}
