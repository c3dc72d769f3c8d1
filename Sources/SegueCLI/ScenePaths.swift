#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Expands the PATH arguments of `validate`, `batch` and `check`: files as given, folders to
/// the `*.json` files directly inside them, sorted by name.
enum ScenePaths {
  /// The scene files, or the paths that do not exist.
  static func expand(_ paths: [String]) -> (files: [String], missing: [String]) {
    var files: [String] = []
    var missing: [String] = []
    for path in paths {
      var isDirectory = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        missing.append(path)
        continue
      }
      if isDirectory {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        files += names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { base + "/" + $0 }
      } else {
        files.append(path)
      }
    }
    return (files, missing)
  }
}
