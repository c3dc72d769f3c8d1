import SegueFiles
import SeguePNG
import SegueRaster

/// What `check` does with one scene's rendered frames and its folder of goldens
/// (docs/golden-testing.md): compare, record as the mode says, find goldens past the last
/// frame, and write what a report shows.
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
  /// `folder` (which has one when `hasGolden`); records as the mode says into `recorder`, the
  /// locked golden folder (nothing is recorded without one; the recording is only in place
  /// once the caller commits it); writes report images. The comparison runs on up to `jobs`
  /// threads.
  public func check(
    frame index: Int, actual: RGBAImage, folder: String, scene name: String, hasGolden: Bool, fileName: String,
    recorder: FrameFolder?, jobs: Int = 1
  ) -> FrameOutcome {
    var outcome = FrameOutcome(frame: CheckReport.Frame(index: index, file: fileName, status: .missing))
    var frame = outcome.frame
    var expected: RGBAImage?
    // A Git LFS pointer stands for a golden that was not fetched, and what is not a file is not
    // a golden at all: never replace either.
    var keep = false
    if hasGolden {
      do {
        let golden = try GoldenStore.load(folder + "/" + fileName)
        expected = golden
        if golden.width != actual.width || golden.height != actual.height {
          frame.status = .size
          frame.message =
            "size differs: expected \(golden.width)x\(golden.height), actual \(actual.width)x\(actual.height)"
        } else {
          let comparison = ImageComparator.compare(golden, actual, options: options, jobs: jobs)
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
        keep = error.isLFSPointer
      }
    } else if case let kind = FileKind.at(folder + "/" + fileName), kind != .missing {
      // Something that is not a golden stands in its place: say what, and leave it alone.
      frame.status = .invalid
      frame.message = "is \(kind.phrase), not a PNG file; a golden is a regular file"
      outcome.invalid = true
      keep = true
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
    if record && mayWrite && !keep, let recorder {
      do {
        try recorder.write(
          GoldenStore.encode(actual, compression: .smallest, path: folder + "/" + fileName), as: fileName)
        frame.recorded = true
        if frame.status.failed { frame.message += "; recorded the new golden" }
      } catch {
        outcome.writeFailure = error.description
      }
    }
    if reportRoot != nil { frame.thumbnail = Thumbnail.make(actual) }
    if let reportRoot, frame.status == .fail || frame.status == .size {
      // Under scenes/, so no scene name can collide with the report's own files. libpng's
      // default compression: these files are kept, uploaded and embedded in the page, where
      // less than half the size of the fast setting is worth a tenth of a second a frame.
      let stem = String(fileName.dropLast(4))
      let relative = "scenes/\(name)"
      let target = reportRoot + "/" + relative
      do {
        // Each picture is named in the report only once it is written: a report whose folder
        // was refused points at no picture that is not there.
        try Folder.createReal(target, below: reportRoot)
        try GoldenStore.write(actual, to: target + "/\(stem).actual.png", compression: .balanced)
        frame.actualImage = "\(relative)/\(stem).actual.png"
        if let expected {
          try GoldenStore.write(expected, to: target + "/\(stem).expected.png", compression: .balanced)
          frame.expectedImage = "\(relative)/\(stem).expected.png"
          if let comparison = frame.comparison {
            try GoldenStore.write(
              DiffImage.make(expected: expected, actual: actual, comparison: comparison),
              to: target + "/\(stem).diff.png", compression: .balanced)
            frame.diffImage = "\(relative)/\(stem).diff.png"
          }
        }
      } catch {
        outcome.writeFailure = error.description
      }
    }
    frame.comparison = frame.comparison?.droppingStates()
    outcome.frame = frame
    return outcome
  }

  /// What `folder`'s goldens say beyond their frames, as one finding (empty when nothing):
  /// a frame count other than the scene's (`recordedFrames`, the count the goldens were
  /// recorded at, or nil to read it from the last golden), goldens past the scene's last frame,
  /// and `foreign` files named like goldens that no frame is named
  /// (`frame_9223372036854775807.png`). Under `all` with a `recorder`, the last two are to be
  /// removed: the finding lists them in `toRemove`, for the recorder's commit, which removes
  /// them with the new goldens at once.
  public func frameCountChange(
    _ existing: GoldenStore.FrameFiles, lastFrame: Int, recordedFrames: Int?, folder: String, recorder: FrameFolder?
  ) -> FrameCountChange {
    let stale = existing.frames.filter { $0.key > lastFrame }.sorted { $0.key < $1.key }
    let goldenFrames = recordedFrames ?? existing.frames.keys.max().map { $0 + 1 } ?? lastFrame + 1
    var change = FrameCountChange(
      goldenFrames: goldenFrames, sceneFrames: lastFrame + 1, staleFiles: stale.map(\.value),
      foreignFiles: existing.foreign)
    // Only regular files, and never a Git LFS pointer: it stands for a golden that was not
    // fetched. The recorder's folder is the scene's own (never a link put in its place).
    if record == .all && mayWrite && recorder != nil {
      var kept: [String] = []
      var remove: [String] = []
      for fileName in change.staleFiles + change.foreignFiles {
        let path = folder + "/" + fileName
        guard case .regular(let size) = FileKind.at(path) else { continue }
        if size <= 1024, let bytes = try? FileReader.read(path, limit: 1024, what: "a golden"),
          GoldenStore.isLFSPointer(bytes)
        {
          kept.append(fileName)
        } else {
          remove.append(fileName)
        }
      }
      change.toRemove = remove
      change.keptPointers = kept
    }
    return change
  }
}
