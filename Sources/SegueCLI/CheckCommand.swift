import Dispatch
import FoundationEssentials
import Glibc
import SegueArguments
import SegueFiles
import SegueGolden
import SeguePNG
import SegueRaster
import SegueRender
import SegueScene

/// `segue check PATH... --golden DIR`: renders scenes and compares their frames with goldens.
///
/// Exit codes: 0 every frame matches; 1 a frame differs, is missing or stale; 2 invalid input
/// (a scene, an unreadable or LFS-pointer golden, usage); 3 a golden or report not written.
struct CheckCommand: Command {
  /// When goldens are (re)written (GOLDEN.md "Record modes").
  enum RecordMode: String, CaseIterable {
    case never
    case missing
    case failed
    case all
  }

  let spec = CommandSpec(
    name: "check", abstract: "Render scenes and compare their frames with golden frames.",
    usage: "check PATH... --golden DIR [--record MODE] [--report DIR] [--frames LIST] [tolerances]",
    options: [
      OptionSpec("golden", short: "g", value: "DIR", help: "Folder of goldens: DIR/<scene name>/frame_NNNN.png."),
      OptionSpec(
        "record", value: "MODE",
        help: "never (default when CI is set), missing (default otherwise), failed or all. A CI run never writes."),
      OptionSpec("report", value: "DIR", help: "Write index.html, report.json, junit.xml and images here."),
      OptionSpec("frames", value: "LIST", help: "Frames to render and compare (default: those with a golden)."),
      OptionSpec("scale", value: "S", help: "Pixels per point, overriding the scenes' scale."),
      OptionSpec("fps", value: "N", help: "Frames per second, overriding the scenes' fps."),
      jobsOption,
      OptionSpec("quiet", short: "q", help: "Print only failures."),
    ] + ToleranceOptions.specs,
    arguments: [("PATH", "Scene files, or folders of *.json scenes.")], positionals: 1...Int.max)

  /// Everything a scene's check needs besides its file.
  struct Settings: Sendable {
    let golden: String
    let record: RecordMode
    let mayWrite: Bool
    /// Threads for one scene's frames (all threads when there is one scene).
    var frameJobs: Int
    let framesText: String?
    let overrides: LoadedScene.Overrides
    let options: ComparisonOptions
    let reportRoot: String
  }

  /// A scene's check.
  struct Outcome: Sendable {
    var scene: CheckReport.Scene
    var invalidInput = false
    var writeFailure: String?
    /// Warnings about the scene (a spring cut short), printed with the results.
    var warnings: [String] = []
  }

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    var settings: Settings
    let jobs: Int
    do throws(UsageError) {
      guard let golden = arguments.value("golden") else { throw UsageError("missing option '--golden DIR'") }
      let ci = GoldenFiles.isCI
      var record = ci ? RecordMode.never : .missing
      if let text = arguments.value("record") {
        guard let mode = RecordMode(rawValue: text) else {
          throw UsageError("--record: expected never, missing, failed or all, got '\(text)'")
        }
        record = mode
      }
      if ci && record != .never {
        console.warning("CI is set: --record \(record.rawValue) is ignored; a CI run never writes goldens")
        record = .never
      }
      let reportRoot =
        arguments.value("report")
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("segue-check-\(UUID().uuidString)").path
      settings = Settings(
        golden: golden, record: record, mayWrite: !ci, frameJobs: 1, framesText: arguments.value("frames"),
        overrides: LoadedScene.Overrides(
          scale: try positive(arguments, "scale", limit: SceneLimits.maxScale),
          fps: try integer(arguments, "fps", in: SceneLimits.fps)),
        options: try ToleranceOptions.parse(arguments), reportRoot: reportRoot)
      jobs = try self.jobs(arguments)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let (files, missing) = ScenePaths.expand(arguments.positionals)
    for path in missing { console.error("\(path): no such file or folder") }
    if files.isEmpty {
      if missing.isEmpty { console.error("no scene files (*.json) in \(arguments.positionals.joined(separator: ", "))") }
      return .invalidInput
    }

    // Two scenes with one name would share a golden folder (and `--record all` would remove one
    // scene's goldens as stale for the other): refuse them before anything is rendered.
    var owners: [String: String] = [:]
    var duplicates = false
    for file in files {
      guard let name = CheckCommand.sceneName(file) else { continue }
      if let other = owners[name] {
        console.error("\(file): scene name '\(name)' is also the name of \(other); each scene needs its own golden folder")
        duplicates = true
      } else {
        owners[name] = file
      }
    }
    if duplicates { return .invalidInput }

    let concurrentScenes = max(1, min(jobs, files.count))
    settings.frameJobs = max(1, jobs / concurrentScenes)
    let queue = WorkQueue<Never>(count: files.count)
    let outcomes = Locked([Outcome?](repeating: nil, count: files.count))
    let meter = arguments.has("quiet") ? nil : ProgressMeter(console: console, label: "check", unit: "scenes")
    let sceneSettings = settings
    DispatchQueue.concurrentPerform(iterations: concurrentScenes) { _ in
      while let index = queue.take() {
        let outcome = CheckCommand.check(files[index], settings: sceneSettings)
        outcomes.withLock { $0[index] = outcome }
        meter?.update(done: queue.complete(), total: files.count)
      }
    }
    meter?.finish()
    let results = outcomes.withLock { $0 }.compactMap { $0 }
    var invalid = !missing.isEmpty
    var writeFailures: [String] = []
    for outcome in results {
      let scene = outcome.scene
      invalid = invalid || outcome.invalidInput
      if let failure = outcome.writeFailure { writeFailures.append(failure) }
      for warning in outcome.warnings { console.warning(warning) }
      if let error = scene.error {
        console.error(error)
        continue
      }
      let failed = scene.frames.filter { $0.status.failed }
      if failed.isEmpty {
        if !arguments.has("quiet") {
          console.print("ok: \(scene.name): \(scene.frames.count) frame\(scene.frames.count == 1 ? "" : "s") match")
        }
      }
      for frame in failed {
        if frame.status == .invalid {
          console.error("\(settings.golden)/\(scene.name)/\(frame.file): \(frame.message)")
        } else {
          console.print("FAIL: \(scene.name)/\(frame.file): \(frame.message)")
        }
      }
    }
    let report = CheckReport(
      scenes: results.map(\.scene),
      settings: settings.options.allowance + (settings.options.ignoreAntialiasing ? ", anti-aliasing ignored" : ""))
    let explicitReport = arguments.value("report") != nil
    if report.failed || explicitReport || !writeFailures.isEmpty {
      do {
        try CheckCommand.writeReport(report, to: settings.reportRoot)
      } catch {
        writeFailures.append(error.description)
      }
    } else {
      try? FileManager.default.removeItem(atPath: settings.reportRoot)
    }
    let total = report.frameCount
    let failed = report.failedFrames
    if !arguments.has("quiet") || report.failed {
      console.print("check: \(total - failed) of \(total) frames match in \(report.scenes.count) scene\(report.scenes.count == 1 ? "" : "s")")
    }
    if report.failed { console.note("report: \(settings.reportRoot)/index.html") }
    for failure in writeFailures { console.error(failure) }
    if invalid { return .invalidInput }
    if !writeFailures.isEmpty { return .cannotWrite }
    return report.failed ? .differences : .success
  }

  /// The name a scene file gives its scene (nil when the file cannot be read as a scene: the
  /// check reports that itself).
  static func sceneName(_ file: String) -> String? {
    (try? LoadedScene.load(file, loadImages: false))?.scene.name
  }

  /// Renders and compares one scene, records goldens as the mode says, and writes the scene's
  /// report images.
  static func check(_ file: String, settings: Settings) -> Outcome {
    let loaded: LoadedScene
    let baseName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    do {
      loaded = try LoadedScene.load(file, overrides: settings.overrides)
    } catch {
      return Outcome(scene: CheckReport.Scene(name: baseName, file: file, error: error.description), invalidInput: true)
    }
    let name = loaded.scene.name
    let goldenFolder = settings.golden + "/" + name
    let existing = GoldenFiles.frameFiles(in: goldenFolder)
    let last = loaded.timeline.frameCount - 1
    let selection: [Int]
    if let text = settings.framesText {
      do {
        selection = try FrameSelection.parse(text, lastFrame: last)
      } catch {
        return Outcome(scene: CheckReport.Scene(name: name, file: file, error: "\(file): \(error.message)"), invalidInput: true)
      }
    } else {
      let have = existing.keys.filter { $0 <= last }.sorted()
      selection = have.isEmpty ? Array(0...last) : have
    }
    let renderer = FrameRenderer(loaded)
    var outcome = Outcome(scene: CheckReport.Scene(name: name, file: file), warnings: loaded.warnings)
    // Frames run side by side when there are fewer scenes than threads.
    let results = Locked([FrameResult?](repeating: nil, count: selection.count))
    let queue = WorkQueue<Never>(count: selection.count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(settings.frameJobs, selection.count))) { _ in
      while let slot = queue.take() {
        let result = checkFrame(
          selection[slot], renderer: renderer, hasGolden: existing[selection[slot]] != nil,
          goldenFolder: goldenFolder, name: name, settings: settings)
        results.withLock { $0[slot] = result }
      }
    }
    for result in results.withLock({ $0 }).compactMap({ $0 }) {
      outcome.scene.frames.append(result.frame)
      outcome.invalidInput = outcome.invalidInput || result.invalid
      if let failure = result.writeFailure { outcome.writeFailure = failure }
    }
    for (index, fileName) in existing.sorted(by: { $0.key < $1.key }) where index > last {
      var frame = CheckReport.Frame(
        index: index, file: fileName, status: .stale,
        message: "stale golden: the scene renders frames 0-\(last) only")
      let stalePath = goldenFolder + "/" + fileName
      if settings.record == .all && settings.mayWrite && FileKind.at(stalePath).isRegular {
        if unlink(stalePath) == 0 {
          frame.recorded = true
          frame.message += "; removed it"
        }
      }
      outcome.scene.frames.append(frame)
    }
    return outcome
  }

  /// One frame's check: render, compare with its golden, record as the mode says, and write
  /// the report images.
  struct FrameResult: Sendable {
    var frame: CheckReport.Frame
    var invalid = false
    var writeFailure: String?
  }

  static func checkFrame(
    _ index: Int, renderer: FrameRenderer, hasGolden: Bool, goldenFolder: String, name: String, settings: Settings
  ) -> FrameResult {
    let options = settings.options
    var result = FrameResult(frame: CheckReport.Frame(index: index, file: "", status: .missing))
    let fileName = FrameWriter.fileName(ofFrame: index)
    let stem = String(fileName.dropLast(4))
    let pixmap = renderer.render(frame: index)
    let actual = GoldenFiles.image(of: pixmap)
    var frame = CheckReport.Frame(index: index, file: fileName, status: .missing)
    var expected: RGBAImage?
    /// A golden that is a Git LFS pointer stands for a file that was not fetched: never replace it.
    var isPointer = false
    if hasGolden {
      do {
        let golden = try GoldenFiles.load(goldenFolder + "/" + fileName)
        expected = golden
        if golden.width != actual.width || golden.height != actual.height {
          frame.status = .size
          frame.message = "size differs: expected \(golden.width)x\(golden.height), actual \(actual.width)x\(actual.height)"
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
        result.invalid = true
        isPointer = error.isLFSPointer
      }
    } else {
      frame.message = "no golden (\(goldenFolder)/\(fileName) does not exist)"
    }
    let record: Bool
    switch settings.record {
    case .never: record = false
    case .missing: record = frame.status == .missing
    // `failed` rewrites frames that differ; an unreadable golden is an input problem, which
    // only `all` replaces; a Git LFS pointer is never replaced.
    case .failed: record = frame.status == .fail || frame.status == .size
    case .all: record = true
    }
    if record && settings.mayWrite && !isPointer {
      do {
        try GoldenFiles.write(actual, to: goldenFolder + "/" + fileName, compression: .smallest)
        frame.recorded = true
        if frame.status.failed { frame.message += "; recorded the new golden" }
      } catch {
        result.writeFailure = error.description
      }
    }
    // Report images: every frame's actual (for the timeline), and what a failure needs.
    // Under scenes/, so no scene name can collide with the report's own files.
    do {
      let relative = "scenes/\(name)"
      let folder = settings.reportRoot + "/" + relative
      frame.actualImage = "\(relative)/\(stem).actual.png"
      try GoldenFiles.write(actual, to: folder + "/\(stem).actual.png")
      if frame.status == .fail || frame.status == .size, let expected {
        frame.expectedImage = "\(relative)/\(stem).expected.png"
        try GoldenFiles.write(expected, to: folder + "/\(stem).expected.png")
        if let comparison = frame.comparison {
          frame.diffImage = "\(relative)/\(stem).diff.png"
          try GoldenFiles.write(DiffImage.make(expected: expected, comparison: comparison), to: folder + "/\(stem).diff.png")
        }
      }
    } catch {
      result.writeFailure = error.description
    }
    result.frame = frame
    return result
  }

  /// index.html, report.json and junit.xml in `folder` (the images are already there).
  static func writeReport(_ report: CheckReport, to folder: String) throws(WriteError) {
    try GoldenFiles.writeBytes(Array(ReportWriter.json(report).utf8), to: folder + "/report.json")
    try GoldenFiles.writeBytes(Array(ReportWriter.junit(report).utf8), to: folder + "/junit.xml")
    let html = ReportWriter.html(report) { path in
      try? FileReader.read(folder + "/" + path, limit: FileReader.imageLimit, what: "a report image")
    }
    try GoldenFiles.writeBytes(Array(html.utf8), to: folder + "/index.html")
  }
}
