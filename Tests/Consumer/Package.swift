// swift-tools-version:6.0
// A package that uses Segue as a dependency, as an app's test suite would: `make consumer`
// runs its tests. In your own package, depend on a checkout (or a Git URL) of Segue instead.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder: this checkout's, whatever it is called.
let segue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
  .standardizedFileURL

let package = Package(
  name: "SegueConsumer",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: segue.path)],
  targets: [
    // Segue's stand-in of UIKit (Tests/UIKitStandIn, linked here), so an app's generated animators
    // build and run on Linux too. An app on iOS has the real UIKit and needs no such target.
    .target(name: "UIKit", path: "Sources/UIKit"),
    // The app's transitions: the SegueAnimators plugin writes each scene's animator at build time.
    .target(
      name: "Transitions", dependencies: ["UIKit"],
      plugins: [.plugin(name: "SegueAnimators", package: segue.lastPathComponent)]),
    .testTarget(
      name: "ConsumerTests",
      dependencies: [
        .product(name: "SegueKit", package: segue.lastPathComponent),
        .product(name: "SegueTesting", package: segue.lastPathComponent),
        "Transitions", "UIKit",
      ]
    ),
  ]
)
