// swift-tools-version:6.0
import PackageDescription

/// Segue renders iOS view-controller transitions to PNG frames.
///
/// The pipeline runs scene -> timeline -> animator -> frame layers -> rasterizer -> PNG,
/// one module a stage, so each stage can be built and tested on its own. Only
/// `CSeguePNG` calls libpng, and only `SeguePNG` calls `CSeguePNG`.
let optimize: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

let package = Package(
  name: "Segue",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "segue", targets: ["segue"])
  ],
  targets: [
    .target(
      name: "CSeguePNG",
      cSettings: [.unsafeFlags(["-O2"])],
      linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
    ),
    .target(name: "SeguePNG", dependencies: ["CSeguePNG", "SegueRaster"]),
    .target(name: "SegueRaster", swiftSettings: optimize),
    .target(name: "SegueTiming"),
    .target(name: "SegueJSON"),
    .target(name: "SegueFiles", dependencies: ["SegueJSON"]),
    .target(name: "SegueScene", dependencies: ["SegueJSON", "SegueRaster", "SegueTiming"]),
    .target(name: "SegueTransitions", dependencies: ["SegueScene", "SegueRaster", "SegueTiming"]),
    .target(
      name: "SegueRender",
      dependencies: ["SegueTransitions", "SegueScene", "SegueRaster", "SegueTiming", "SeguePNG", "SegueFiles", "SegueJSON"],
      swiftSettings: optimize
    ),
    .target(name: "SegueGolden", dependencies: ["SegueRaster", "SegueJSON"], swiftSettings: optimize),
    .target(name: "SegueArguments"),
    .target(
      name: "SegueCLI",
      dependencies: [
        "SegueRender", "SegueTransitions", "SegueScene", "SegueArguments", "SeguePNG", "SegueGolden", "SegueFiles",
        "SegueJSON",
      ]
    ),
    .executableTarget(name: "segue", dependencies: ["SegueCLI"]),
    .testTarget(name: "SeguePNGTests", dependencies: ["SeguePNG", "SegueRaster"]),
    .testTarget(name: "SegueRasterTests", dependencies: ["SegueRaster"]),
    .testTarget(
      name: "SegueTimingTests", dependencies: ["SegueTiming"], resources: [.copy("Oracles")]),
    .testTarget(name: "SegueSceneTests", dependencies: ["SegueScene", "SegueJSON"]),
    .testTarget(name: "SegueFilesTests", dependencies: ["SegueFiles"]),
    .testTarget(
      name: "SegueTransitionsTests",
      dependencies: ["SegueTransitions", "SegueRender", "SegueScene", "SegueRaster", "SegueTiming", "SegueJSON"]),
    .testTarget(name: "SegueArgumentsTests", dependencies: ["SegueArguments"]),
    .testTarget(name: "SegueGoldenTests", dependencies: ["SegueGolden", "SegueScene", "SegueJSON"]),
    .testTarget(name: "SegueEndToEndTests", dependencies: ["SeguePNG", "SegueRaster"]),
  ]
)
