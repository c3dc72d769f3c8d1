import SegueFiles
import SeguePNG
import SegueRaster

/// What `check` does with one scene's rendered frames and its folder of goldens (docs/golden-testing.md):
/// compare, record as the mode says, find stale goldens, and write what a report shows.
/// Reusable from the library and from Swift tests; it renders nothing itself.
public struct GoldenPolicy: Sendable {
  public var record: RecordMode
  /// False under CI: whatever `record` says, nothing is written.
  public var mayWrite: Bool
  public var options: ComparisonOptions
  /// Where report images go (a folder per scene under `scenes/`), or nil for none.
  public var reportRoot: String?

  public init(record: RecordMode, mayWrite: Bool, options: ComparisonOptions = ComparisonOptions(), reportRoot: String?)
  {
    self.record = record
    self.mayWrite = mayWrite
    self.options = options
    self.reportRoot = reportRoot
  }

  /// One frame's check.
  public struct FrameOutcome: Sendable {
    public var frame: CheckReport.Frame
    /// The golden could not be read: an input problem (exit 2).
    public var invalid = false
    /// A golden or report image that could not be written (exit 3).
    public var writeFailure: String?

    public init(frame: CheckReport.Frame, invalid: Bool = false, writeFailure: String? = nil) {
      self.frame = frame
      self.invalid = invalid
      self.writeFailure = writeFailure
    }
  }

  /// Checks frame `index` of scene `name`, rendered as `actual`, against its golden in
  /// `folder` (which has one when `hasGolden`); records as the mode says; writes report images.
  public func check(
    frame index: Int, actual: RGBAImage, folder: String, scene name: String, hasGolden: Bool, fileName: String
  ) -> FrameOutcome {
    var outcome = FrameOutcome(frame: CheckReport.Frame(index: index, file: fileName, status: .missing))
    var frame = outcome.frame
    var expected: RGBAImage?
    // A Git LFS pointer stands for a golden that was not fetched: never replace it.
    var isPointer = false
    if hasGolden {
      do {
        let golden = try GoldenStore.load(folder + "/" + fileName)
        expected = golden
        if golden.width != actual.width || golden.height != actual.height {
          frame.status = .size
          frame.message =
            "size differs: expected \(golden.width)x\(golden.height), actual \(actual.width)x\(actual.height)"
        } else {
          let comparison = ImageComparator.compare(golden, actual, options: options)
          frame.comparison = comparison
          if options.fails(differing: comparison.differingPixels, of: actual.pixelCount) {
            frame.status = .fail
            frame.message = comparison.summary + "; " + options.allowance
          } else {
            frame.status = .pass
          }
        }
      } catch {
        frame.status = .invalid
        frame.message = error.reason
        outcome.invalid = true
        isPointer = error.isLFSPointer
      }
    } else {
      frame.message = "no golden (\(folder)/\(fileName) does not exist)"
    }
    // `failed` rewrites frames that differ; an unreadable golden is an input problem, which
    // only `all` replaces; a Git LFS pointer is never replaced.
    let record: Bool
    switch self.record {
    case .never: record = false
    case .missing: record = frame.status == .missing
    case .failed: record = frame.status == .missing || frame.status == .fail || frame.status == .size
    case .all: record = true
    }
    if record && mayWrite && !isPointer {
      do {
        try GoldenStore.write(actual, to: folder + "/" + fileName, compression: .smallest)
        frame.recorded = true
        if frame.status.failed { frame.message += "; recorded the new golden" }
      } catch {
        outcome.writeFailure = error.description
      }
    }
    if let reportRoot, frame.status == .fail || frame.status == .size {
      // Under scenes/, so no scene name can collide with the report's own files.
      let stem = String(fileName.dropLast(4))
      let relative = "scenes/\(name)"
      let target = reportRoot + "/" + relative
      do {
        frame.actualImage = "\(relative)/\(stem).actual.png"
        try GoldenStore.write(actual, to: target + "/\(stem).actual.png")
        if let expected {
          frame.expectedImage = "\(relative)/\(stem).expected.png"
          try GoldenStore.write(expected, to: target + "/\(stem).expected.png")
          if let comparison = frame.comparison {
            frame.diffImage = "\(relative)/\(stem).diff.png"
            try GoldenStore.write(
              DiffImage.make(expected: expected, comparison: comparison), to: target + "/\(stem).diff.png")
          }
        }
      } catch {
        outcome.writeFailure = error.description
      }
    }
    outcome.frame = frame
    return outcome
  }

  /// Goldens in `folder` past the scene's last frame: each a failure; under `all` (when
  /// writing is allowed) removed.
  public func stale(_ existing: [Int: String], lastFrame: Int, folder: String) -> [CheckReport.Frame] {
    existing.sorted { $0.key < $1.key }.filter { $0.key > lastFrame }.map { index, fileName in
      var frame = CheckReport.Frame(
        index: index, file: fileName, status: .stale,
        message: "stale golden: the scene renders frames 0-\(lastFrame) only")
      let path = folder + "/" + fileName
      if record == .all && mayWrite && FileKind.at(path).isRegular && unlinkFile(path) {
        frame.recorded = true
        frame.message += "; removed it"
      }
      return frame
    }
  }
}
