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
    .testTarget(
      name: "ConsumerTests",
      dependencies: [
        .product(name: "SegueKit", package: segue.lastPathComponent),
        .product(name: "SegueTesting", package: segue.lastPathComponent),
      ]
    )
  ]
)
