import SegueFiles
import SegueGolden

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `segue check` for one scene from Swift: renders a `TransitionScene`, compares its frames
/// with the goldens in `GOLDEN/<scene name>/` with the same policy, tolerances and recording
/// as the command, and says what failed. `SegueTesting`'s `assertGoldenFrames` turns a
/// failure into a failed test; this is the part that needs no test framework.
public struct GoldenFrames: Sendable {
  /// When goldens are written. Under CI nothing is written, whatever this says.
  public enum Recording: String, Sendable {
    /// Never: a missing golden fails.
    case never
    /// Goldens that do not exist yet (the default); the check still fails, saying so.
    case missing
    /// Goldens that differ, and missing ones.
    case failed
    /// Every golden, and those no frame has are removed.
    case all
  }

  /// The folder of goldens: each scene's are in `golden/<scene name>/`.
  public var golden: String
  /// Frames to compare besides those that have goldens (`--frames`: `0,25%,50%,75%,last`);
  /// nil for those that have goldens (every frame when there are none). The first and the
  /// last frame are always compared.
  public var frames: String?
  public var recording: Recording
  /// A pixel differs when a channel differs by more than this (0…255).
  public var channelTolerance: Int
  /// A frame fails when more pixels than this differ (nil: any differing pixel fails).
  public var maxDifferingPixels: Int?
  /// A frame fails when a larger share of its pixels than this differs (0…1).
  public var maxDifferingRatio: Double?
  /// Skip differing pixels that look like anti-aliasing in either image.
  public var ignoreAntialiasing: Bool
  /// Where failures' reports go, one folder a scene (`<scene name>/index.html`, and
  /// `<scene name>/scenes/<scene name>/` with the expected, actual and diff images); nil for
  /// `segue-failures` in the temporary folder.
  public var failures: String?
  /// Whether this is a CI run, which never writes a golden; nil to ask the environment, as
  /// `segue check` does (`CI` set, and not `false` or `0`).
  public var ci: Bool?

  public init(
    golden: String, frames: String? = nil, recording: Recording = .missing, channelTolerance: Int = 2,
    maxDifferingPixels: Int? = nil, maxDifferingRatio: Double? = nil, ignoreAntialiasing: Bool = false,
    failures: String? = nil, ci: Bool? = nil
  ) {
    self.ci = ci
    self.golden = golden
    self.frames = frames
    self.recording = recording
    self.channelTolerance = channelTolerance
    self.maxDifferingPixels = maxDifferingPixels
    self.maxDifferingRatio = maxDifferingRatio
    self.ignoreAntialiasing = ignoreAntialiasing
    self.failures = failures
  }

  /// What a check found: nil when every frame matches, else the failure message, a line each.
  public func check(_ scene: TransitionScene) -> String? {
    let ci = self.ci ?? GoldenStore.isCI
    let options = ComparisonOptions(
      channelTolerance: channelTolerance, ignoreAntialiasing: ignoreAntialiasing, maxDiffPixels: maxDifferingPixels,
      maxDiffRatio: maxDifferingRatio)
    let loaded = scene.renderer.loaded
    let reportRoot =
      (failures ?? FileManager.default.temporaryDirectory.appendingPathComponent("segue-failures").path) + "/"
      + loaded.scene.name
    let policy = GoldenPolicy(
      record: ci ? .never : RecordMode(rawValue: recording.rawValue) ?? .missing, mayWrite: !ci, options: options,
      reportRoot: reportRoot)
    let outcome = SceneCheck.run(
      loaded, golden: golden, frames: frames, policy: policy, jobs: ProcessInfo.processInfo.activeProcessorCount)
    var result = outcome.scene
    guard result.failed else { return nil }
    var lines: [String] = []
    lines += outcome.errors
    if result.error != nil && outcome.errors.isEmpty, let error = result.error { lines.append(error) }
    if let change = result.frameCountChange { lines.append("\(result.name): \(change.message)") }
    let failed = result.frames.filter(\.status.failed)
    let recorded = failed.filter(\.recorded)
    if !recorded.isEmpty && recorded.count == failed.count && result.frameCountChange == nil {
      lines.append(
        "recorded \(recorded.count) golden\(recorded.count == 1 ? "" : "s") in \(golden)/\(result.name); "
          + "run the test again to compare")
      return lines.joined(separator: "\n")
    }
    for frame in failed { lines.append("\(result.name)/\(frame.file): \(frame.message)") }
    if ci && failed.contains(where: { $0.status == .missing }) {
      lines.append("goldens are missing and a CI run never writes them: run the test with CI unset, then commit them")
    }
    // The pictures of what differs, and a page to see them side by side.
    if failed.contains(where: { $0.diffImage != nil || $0.actualImage != nil }) {
      result.recordCommand = nil
      var report = CheckReport(scenes: [result], settings: options.allowance)
      report.seconds = result.seconds
      do {
        try ReportWriter.write(report, to: reportRoot)
        lines.append(
          "pictures of the failing frames: \(reportRoot)/scenes/\(result.name) (side by side: \(reportRoot)/index.html)"
        )
      } catch {
        lines.append("the report could not be written: \(error.description)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
