import SegueArguments
import SegueFiles
import SegueGolden
import SegueKit
import SegueRaster
import SegueScene
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `segue check PATH... --golden DIR`: renders scenes and compares their frames with goldens.
///
/// Exit codes: 0 every frame matches; 1 a frame differs or is missing, or goldens run past the
/// last frame; 2 invalid input (a scene, an unreadable or LFS-pointer golden, usage); 3 a
/// golden or report not written.
struct CheckCommand: Command {
  let spec = CommandSpec(
    name: "check", abstract: "Render scenes and compare their frames with golden frames.",
    usage:
      "check PATH... --golden DIR [--record MODE] [--report DIR] [--frames LIST] [--device NAME] [--variant NAME] "
      + "[--shard I/N] [tolerances]",
    options: [
      OptionSpec(
        "golden", short: "g", value: "DIR",
        help: "Folder of goldens: DIR/<scene name>/frame_NNNN.png (DIR/<scene name>/<run>/ for each device and "
          + "variant)."),
      OptionSpec(
        "record", value: "MODE",
        help: "never (default when CI is set), missing (default otherwise), failed or all. A CI run never writes."),
      OptionSpec("report", value: "DIR", help: "Write index.html, report.json, junit.xml and images here."),
      OptionSpec("frames", value: "LIST", help: "Frames to render and compare (default: those with a golden)."),
      OptionSpec("scale", value: "S", help: "Pixels per point, overriding the scenes' scale."),
      OptionSpec("fps", value: "N", help: "Frames per second, overriding the scenes' fps."),
      OptionSpec(
        "shard", value: "I/N",
        help: "Check only the I-th of N deterministic slices of the scenes (as batch splits them)."),
      jobsOption,
      OptionSpec("quiet", short: "q", help: "Print only failures and the summary of a failing run."),
    ] + runOptions + ToleranceOptions.specs,
    arguments: [("PATH", "Scene files, or folders of *.json scenes.")], positionals: 1...Int.max)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let golden: String
    let policy: GoldenPolicy
    let overrides: LoadedScene.Overrides
    let jobs: Int
    let shard: Shard?
    let ci = GoldenStore.isCI
    do throws(UsageError) {
      guard let value = arguments.value("golden") else { throw UsageError("missing option '--golden DIR'") }
      golden = value
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
      // Without --report no report is written and no picture is made: nothing is left behind.
      policy = GoldenPolicy(
        record: record, mayWrite: !ci, options: try ToleranceOptions.parse(arguments),
        reportRoot: arguments.value("report"))
      overrides = LoadedScene.Overrides(
        scale: try positive(arguments, "scale", limit: SceneLimits.maxScale),
        fps: try integer(arguments, "fps", in: SceneLimits.fps))
      jobs = try self.jobs(arguments)
      shard = try arguments.value("shard").map { text throws(UsageError) in try Shard.parse(text) }
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let quiet = arguments.has("quiet")
    if let report = arguments.value("report") {
      do {
        try ReportWriter.checkFolder(report)
      } catch {
        console.error(error.description)
        return .cannotWrite
      }
    }
    let (allFiles, missing) = ScenePaths.expand(arguments.positionals)
    for path in missing { console.error("\(path): no such file or folder") }
    if allFiles.isEmpty {
      if missing.isEmpty {
        console.error("no scene files (*.json) in \(arguments.positionals.joined(separator: ", "))")
      }
      return .invalidInput
    }
    // The same split as `batch --shard`: scene k of the expanded list goes to shard (k mod N) + 1.
    let files = shard.map { $0.slice(allFiles) } ?? allFiles
    if let shard, files.isEmpty {
      if !quiet {
        console.print(
          "check: shard \(shard.index)/\(shard.count) has none of the \(allFiles.count) "
            + (allFiles.count == 1 ? "scene" : "scenes"))
      }
      return missing.isEmpty ? .success : .invalidInput
    }

    // Every scene is read first: two scenes with one name would share a golden folder (and
    // `--record all` would remove one scene's goldens as stale for the other).
    let choice = runChoice(arguments)
    // Each scene's runs are checked in turn and let go (a scene may have thousands); of each
    // only its outline is kept, and it is read again when its turn to be compared comes.
    let fileLoads = Parallel.map(files.count, jobs: jobs) { index -> Result<(SceneFile, [RunOutline]), SceneErrors> in
      do throws(SceneErrors) {
        let runs = try SceneRuns(files[index], overrides: overrides, choice: choice)
        var outlines: [RunOutline] = []
        var images: [String: Pixmap] = [:]
        try runs.forEach(cache: &images) { outlines.append(RunOutline($0)) }
        return .success((SceneFile(runs: runs, images: images), outlines))
      } catch {
        return .failure(error)
      }
    }
    // Each run of each scene (a device, a variant) is checked as a scene of its own, against
    // the goldens of its folder (`GOLDEN/<scene>/<run>/`).
    var units: [Result<(scene: SceneFile, outline: RunOutline), SceneErrors>] = []
    var unitFiles: [String] = []
    for (index, load) in fileLoads.enumerated() {
      switch load {
      case .success(let (runs, outlines)): units += outlines.map { .success((runs, $0)) }
      case .failure(let errors): units.append(.failure(errors))
      }
      unitFiles += Array(repeating: files[index], count: units.count - unitFiles.count)
    }
    let loads = units
    let loadFiles = unitFiles
    // Names that differ only in case are one golden folder on macOS's and Windows's file systems.
    var owners: [String: (file: String, name: String)] = [:]
    var duplicates: [Int: String] = [:]
    for (index, load) in loads.enumerated() {
      guard case .success(let (scene, loaded)) = load else { continue }
      let runs = scene.runs
      let name = loaded.sceneName
      if let other = owners[SceneText.folderKey(name)], other.file != runs.file {
        duplicates[index] =
          "\(runs.file): scene name '\(SceneText.shown(name))' is also the name of \(other.file)"
          + (other.name == name ? "" : " (as '\(SceneText.shown(other.name))', in another case)")
          + "; each scene needs its own golden folder"
      } else {
        owners[SceneText.folderKey(name)] = (runs.file, name)
      }
    }
    // Nothing is checked then, but every problem is named, in file order, as batch does.
    if !duplicates.isEmpty {
      for (index, load) in loads.enumerated() {
        if case .failure(let errors) = load {
          for problem in errors.errors { console.error(problem.description) }
        }
        if let duplicate = duplicates[index] { console.error(duplicate) }
      }
      return .invalidInput
    }
    // The report replaces its pages and pictures: none may be a scene or an image a scene
    // reads, and it may not go inside a scene's golden folder.
    if let report = policy.reportRoot {
      var plan = OutputPlan()
      plan.add(.report(report), for: "the report")
      for case .success(let (_, loaded)) in loads {
        let inputs = loaded.inputFiles.map { (path: $0, reader: "scene '\(loaded.sceneName)'") }
        let goldens = golden + "/" + loaded.folder
        let conflict =
          plan.conflict(inputs: inputs)
          ?? (PathIdentity.isWithin(report, folder: goldens)
            ? "--report \(report) is inside \(goldens), the goldens of scene '\(loaded.sceneName)'; give another folder"
            : nil)
        if let conflict {
          console.error(conflict)
          return .invalidInput
        }
      }
    }
    var invalid = !missing.isEmpty

    let clock = ContinuousClock()
    let started = clock.now
    let concurrent = max(1, min(jobs, files.count))
    let frameJobs = max(1, jobs / concurrent)
    let meter = quiet ? nil : ProgressMeter(console: console, label: "check", unit: "scenes")
    let done = Guarded(0)
    let framesText = arguments.value("frames")
    let results = Parallel.map(loads.count, jobs: concurrent) { index -> SceneCheck.Outcome in
      defer {
        meter?.update(
          done: done.withLock {
            $0 += 1
            return $0
          }, total: loads.count)
      }
      switch loads[index] {
      case .success(let (scene, outline)):
        let runs = scene.runs
        var images = scene.images
        do throws(SceneErrors) {
          let loaded = try runs.load(outline.run, cache: &images)
          return SceneCheck.run(loaded, golden: golden, frames: framesText, policy: policy, jobs: frameJobs)
        } catch {
          // Checked above, its images decoded: only a scene file changed since can fail here.
          return SceneCheck.Outcome(
            name: outline.folder, file: runs.file, errors: error.errors.map(\.description))
        }
      case .failure(let errors):
        var name = Folder.name(of: loadFiles[index])
        if name.hasSuffix(".json") { name.removeLast(5) }
        return SceneCheck.Outcome(name: name, file: loadFiles[index], errors: errors.errors.map(\.description))
      }
    }
    meter?.finish()
    var writeFailures: [String] = []
    // A golden folder that could not be opened for recording is also the scene's error,
    // printed once as that.
    var cannotWrite = false
    var recordedOnly: [(name: String, count: Int)] = []
    // Missing goldens this run could not write: say how to record them.
    let commands = RecordHint(
      ci: ci, golden: golden,
      options: ["frames", "scale", "fps", "device", "variant"].compactMap { name in
        arguments.value(name).map { (name, $0) }
      })
    let hint = ci || policy.record == .never ? commands : nil
    let annotations = GitHubAnnotations.isActive ? GitHubAnnotations(console: console) : nil
    for outcome in results {
      let scene = outcome.scene
      invalid = invalid || outcome.invalidInput
      if let failure = outcome.writeFailure {
        cannotWrite = true
        if failure != scene.error { writeFailures.append(failure) }
      }
      for warning in outcome.warnings { console.warning(warning) }
      if scene.error != nil {
        for error in outcome.errors { console.error(error) }
        annotations?.error(file: scene.file, title: "segue check: \(scene.name) could not be checked", outcome.errors)
        continue
      }
      let failed = scene.frames.filter { $0.status.failed }
      if failed.isEmpty && scene.frameCountChange == nil {
        if !quiet {
          console.print("ok: \(scene.name): \(scene.frames.count) frame\(scene.frames.count == 1 ? "" : "s") match")
        }
        continue
      }
      // A scene seen for the first time: every frame a golden just recorded. One line says so.
      if failed.count == scene.frames.count, scene.frameCountChange == nil,
        failed.allSatisfy({ $0.status == .missing && $0.recorded })
      {
        recordedOnly.append((scene.name, failed.count))
        continue
      }
      var findings: [String] = []
      if let change = scene.frameCountChange {
        console.print("FAIL: \(scene.name): \(change.message)")
        findings.append(change.message)
      }
      for frame in failed {
        if frame.status == .invalid {
          console.error("\(golden)/\(scene.name)/\(frame.file): \(frame.message)")
        } else {
          console.print("FAIL: \(scene.name)/\(frame.file): \(frame.message)")
        }
        findings.append("\(frame.file): \(frame.message)")
      }
      if failed.contains(where: { $0.status == .size }) {
        console.note(
          "  \(scene.name): the goldens are of another size: were they recorded at another --scale? "
            + "Check at the --scale they were recorded at"
            + (arguments.value("scale").map { " (this run: --scale \($0))" } ?? " (this run: the scene's scale)"))
      }
      // The command that re-records the scene, under the failures and in the annotation (in CI
      // too, to run where goldens are written). Not when this run re-recorded everything that
      // failed, nor for frames that only lack goldens (the note below gives that command).
      let settled = failed.allSatisfy(\.recorded) && scene.frameCountChange == nil
      let onlyMissing = failed.allSatisfy { $0.status == .missing } && scene.frameCountChange == nil
      if policy.record != .all && !settled && !onlyMissing {
        let line = "re-record: " + commands.rerecord(scene, selection: outcome.goldenSelection)
        console.print("  " + line)
        findings.append(line)
      }
      annotations?.error(file: scene.file, title: "segue check: \(scene.name) differs from its goldens", findings)
      if let hint, failed.contains(where: { $0.status == .missing && !$0.recorded }) {
        console.note(hint.sceneNote(scene.name, file: scene.file))
      }
    }
    for (name, count) in recordedOnly {
      console.print("recorded \(count) golden\(count == 1 ? "" : "s") in \(golden)/\(name); run again to compare")
    }
    var scenes = results.map(\.scene)
    for index in scenes.indices where scenes[index].failed && scenes[index].error == nil {
      scenes[index].recordCommand = commands.rerecord(scenes[index], selection: results[index].goldenSelection)
    }
    if let hint {
      for scene in scenes.indices {
        for frame in scenes[scene].frames.indices
        where scenes[scene].frames[frame].status == .missing && !scenes[scene].frames[frame].recorded {
          scenes[scene].frames[frame].message += "; " + hint.frameHint(for: scenes[scene].file)
        }
      }
    }
    var report = CheckReport(
      scenes: scenes,
      settings: policy.options.allowance + (policy.options.ignoreAntialiasing ? ", anti-aliasing ignored" : ""))
    report.version = Segue.version
    report.seconds = SceneCheck.seconds(started.duration(to: clock.now))
    // A failure this run re-recorded (`--record failed` or `all`) is settled: the next run
    // compares with the new goldens, and a report of this one shows nothing left to do.
    let unsettled = report.scenes.filter { scene in
      let countSettled = scene.frameCountChange.map { change in
        !ci && policy.record == .all && (change.removed || change.staleFiles.isEmpty && change.foreignFiles.isEmpty)
      }
      return scene.failed
        && (scene.error != nil || scene.frames.contains { $0.status.failed && !$0.recorded } || countSettled == false)
    }
    let needsReport = !unsettled.isEmpty && recordedOnly.count < unsettled.count
    if let reportRoot = policy.reportRoot {
      do throws(WriteError) {
        try ReportWriter.write(report, to: reportRoot)
      } catch {
        writeFailures.append(error.description)
      }
    }
    if !quiet || report.failed {
      console.print(report.summary)
    }
    if needsReport {
      if let reportRoot = policy.reportRoot {
        console.note("report: \(reportRoot)/index.html")
      } else {
        console.note("to see the frames side by side, run again with --report DIR")
      }
    }
    for failure in writeFailures { console.error(failure) }
    if invalid { return .invalidInput }
    if cannotWrite || !writeFailures.isEmpty { return .cannotWrite }
    return report.failed ? .differences : .success
  }

  /// A scene file's runs, checked, with the images they show decoded once.
  struct SceneFile: Sendable {
    let runs: SceneRuns
    let images: [String: Pixmap]
  }
}
