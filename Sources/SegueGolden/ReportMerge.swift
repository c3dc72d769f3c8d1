/// Reports of shards (`check --shard I/N`, one per CI job) made into one report, as one
/// unsharded run would have written it: every scene once, in file order, with its pictures.
public enum ReportMerge {
  /// Why reports cannot be merged, in words naming them.
  public struct Failure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }

  /// The merged report of `reports` (each with the folder it was read from, for messages).
  /// Refused: reports of different Segue versions or comparison settings, and reports that
  /// share a scene (shards of one split never do).
  public static func merge(_ reports: [(folder: String, report: CheckReport)]) throws(Failure) -> CheckReport {
    guard let first = reports.first else { throw Failure(message: "no reports to merge") }
    for other in reports.dropFirst() where other.report.version != first.report.version {
      throw Failure(
        message: "\(other.folder) was written by segue \(other.report.version ?? "(unknown)"), \(first.folder) by "
          + "segue \(first.report.version ?? "(unknown)"); merge reports of one version")
    }
    for other in reports.dropFirst() where other.report.settings != first.report.settings {
      throw Failure(
        message: "\(other.folder) compared with '\(other.report.settings)', \(first.folder) with "
          + "'\(first.report.settings)'; merge reports of one check")
    }
    var owner: [String: String] = [:]
    var scenes: [CheckReport.Scene] = []
    for (folder, report) in reports {
      for scene in report.scenes {
        if let other = owner[scene.name] {
          throw Failure(
            message: "scene '\(scene.name)' is in both \(other) and \(folder); the reports of shards of one split "
              + "share no scene")
        }
        owner[scene.name] = folder
        scenes.append(scene)
      }
    }
    // The order an unsharded run lists them in: by scene file.
    scenes.sort { ($0.file, $0.name) < ($1.file, $1.name) }
    var merged = CheckReport(scenes: scenes, settings: first.report.settings)
    merged.version = first.report.version
    merged.seconds = reports.reduce(0) { $0 + $1.report.seconds }
    return merged
  }

  /// Whether `path`, a picture's path in a report, is one a report of `scene` writes:
  /// `scenes/<scene>/frame_NNNN.{expected,actual,diff,thumb}.png`, nothing that leaves the folder.
  public static func isPicture(_ path: String, of scene: String) -> Bool {
    // A scene's folder is its name, or its name and its run's folder (`cards/iphone-se`).
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let folder = parts.dropFirst().dropLast()
    guard parts.count == 3 || parts.count == 4, parts[0] == "scenes", folder.joined(separator: "/") == scene,
      folder.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
    else { return false }
    return ReportWriter.isPictureName(parts[parts.count - 1])
  }
}
