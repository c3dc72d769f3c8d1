import SegueFiles
import SegueJSON
import SegueKit
import SeguePages
import SegueScene

/// What `segue preview` keeps between renders: for each scene file its last good render (which
/// stays on the page while the file is invalid), its current errors, and the stamps of the files it
/// read, so `--watch` renders again only what changed.
struct PreviewSession {
  struct Entry {
    let file: String
    /// The scene's data for the page, from its last good render: one player for each of its
    /// runs (devices and variants).
    var shown: [JSONValue] = []
    /// The scene's name, and its runs' folders (`cards/iphone-se`), from its last good render.
    var name: String?
    var folders: [String] = []
    var errors: [String] = []
    /// The scene file and its images, as they were when last read.
    var stamps: [String: FileStamp] = [:]
  }

  /// What one update did.
  struct Update {
    var rendered: [String] = []
    var invalid: [String] = []
    /// Why the page or a scene's frames could not be written.
    var cannotWrite: String?
    /// Why nothing was written: an output would have replaced something a scene reads.
    var refused: String?
  }

  let output: String
  let overrides: LoadedScene.Overrides
  let jobs: Int
  /// A live page loads its data from a script beside it, again every half second.
  let live: Bool
  private(set) var entries: [Entry]
  /// Counts the renders: a live page loads new frames when this changes.
  private(set) var version = 0

  /// Which devices and variants of each scene it shows.
  let choice: LoadedScene.RunChoice

  init(
    files: [String], output: String, overrides: LoadedScene.Overrides, choice: LoadedScene.RunChoice = .init(),
    jobs: Int, live: Bool
  ) {
    self.output = output
    self.overrides = overrides
    self.choice = choice
    self.jobs = jobs
    self.live = live
    entries = files.map { Entry(file: $0) }
  }

  var shownCount: Int { entries.filter { !$0.shown.isEmpty }.count }

  /// Whether a scene file or one of its images changed since it was read.
  func changed() -> Bool {
    entries.contains { entry in
      entry.stamps.isEmpty || entry.stamps.contains { path, stamp in FileStamp.of(path) != stamp }
    }
  }

  /// Reads every scene whose files changed (all of them the first time), checks that nothing
  /// this update writes replaces anything a scene reads, renders the good ones, reports the bad
  /// ones (their last good frames stay), and writes the page's data.
  mutating func update(console: Console) -> Update {
    var update = Update()
    var fresh: [(index: Int, runs: [LoadedScene])] = []
    for index in entries.indices {
      let entry = entries[index]
      guard entry.stamps.isEmpty || entry.stamps.contains(where: { FileStamp.of($0) != $1 }) else { continue }
      // Stamped before reading, so an edit made while rendering is seen by the next look.
      var stamps = [entry.file: FileStamp.of(entry.file)]
      for path in entry.stamps.keys where path != entry.file { stamps[path] = FileStamp.of(path) }
      entries[index].stamps = stamps
      let runs: [LoadedScene]
      do {
        runs = try LoadedScene.loadRuns(entry.file, overrides: overrides, choice: choice)
      } catch {
        entries[index].errors = error.errors.map(\.description)
        for message in entries[index].errors { console.error(message) }
        update.invalid.append(entry.file)
        continue
      }
      let loaded = runs[0]
      for path in loaded.inputFiles where stamps[path] == nil { entries[index].stamps[path] = FileStamp.of(path) }
      for warning in LoadedScene.warnings(of: runs) { console.warning(warning) }
      let name = loaded.scene.name
      // In any case: names that differ only in case are one folder on macOS and Windows.
      let key = SceneText.folderKey(name)
      if let other = entries.first(where: { $0.file != entry.file && $0.name.map(SceneText.folderKey) == key })?.file
        ?? fresh.first(where: { SceneText.folderKey($0.runs[0].scene.name) == key })?.runs[0].file
      {
        entries[index].errors = [
          "\(entry.file): scene name '\(name)' is also \(other)'s; each scene needs a name of its own"
        ]
        console.error(entries[index].errors[0])
        update.invalid.append(entry.file)
        continue
      }
      fresh.append((index, runs))
    }
    if let refused = refusal(fresh.flatMap(\.runs)) {
      console.error(refused)
      update.refused = refused
      return update
    }
    for (index, runs) in fresh {
      var shown: [JSONValue] = []
      var failure: String?
      for loaded in runs {
        let folder = loaded.folder
        do throws(WriteError) {
          let frames = Array(0..<loaded.timeline.frameCount)
          try FrameWriter(renderer: FrameRenderer(loaded), jobs: jobs).write(frames: frames, to: output + "/" + folder)
        } catch {
          failure = error.description
          break
        }
        let (_, transition, timing) = GalleryCaption.lines(loaded)
        shown.append(
          PlayerData.scene(
            loaded,
            folder: folder.split(separator: "/").map { GalleryCommand.pathSegment(String($0)) }.joined(
              separator: "/"), caption: "\(transition) · \(timing)"))
      }
      if let failure {
        entries[index].errors = [failure]
        update.cannotWrite = failure
        continue
      }
      entries[index].name = runs[0].scene.name
      entries[index].folders = runs.map(\.folder)
      entries[index].errors = []
      entries[index].shown = shown
      update.rendered.append(runs[0].scene.name)
    }
    // A new version makes an open page load the frames again; new errors alone only show.
    if !update.rendered.isEmpty || version == 0 { version += 1 }
    if let problem = writePage() { update.cannotWrite = problem }
    return update
  }

  /// Why this update may write nothing: its page, data script or a scene's frame folder would
  /// be, or replace, a scene file or an image any scene reads, or two of them are one path (a
  /// scene named `index.html`). Nil when it may write.
  func refusal(_ fresh: [LoadedScene]) -> String? {
    var plan = OutputPlan()
    plan.add(.file(output + "/" + PreviewCommand.page), for: "the preview page")
    if live { plan.add(.file(output + "/" + PreviewCommand.dataScript), for: "the page's data script") }
    var names = Set(fresh.map(\.folder))
    for entry in entries { names.formUnion(entry.folders) }
    for name in names.sorted() { plan.add(.frames(output + "/" + name), for: "the frames of scene '\(name)'") }
    if let clash = plan.clash() { return clash }
    // Every file any scene reads: each scene file (read or not), the images of those just read,
    // and those of the scenes shown from before.
    var inputs = entries.map { (path: $0.file, reader: "the preview") }
    for loaded in fresh { inputs += loaded.inputFiles.map { (path: $0, reader: "scene '\(loaded.scene.name)'") } }
    for entry in entries { inputs += entry.stamps.keys.sorted().map { (path: $0, reader: "the preview") } }
    return plan.conflict(inputs: inputs)
  }

  /// The page, with its data inside or, live, in the script beside it.
  func writePage() -> String? {
    let data = PlayerData.page(
      scenes: entries.flatMap(\.shown), errors: entries.flatMap(\.errors), version: version,
      liveScript: live ? PreviewCommand.dataScript : nil)
    let count = entries.count
    let title = "Segue preview"
    let subtitle =
      "\(count) scene\(count == 1 ? "" : "s")" + (live ? " · watching for changes" : "")
      + " · rendered by segue preview"
    do throws(WriteError) {
      if live {
        try AtomicFile.write(
          Array(PlayerPage.dataScript(data).utf8), to: output + "/" + PreviewCommand.dataScript)
        let page = PlayerPage.html(
          title: title, subtitle: subtitle, layout: .preview, data: .script(PreviewCommand.dataScript))
        try AtomicFile.write(Array(page.utf8), to: output + "/" + PreviewCommand.page)
      } else {
        let page = PlayerPage.html(title: title, subtitle: subtitle, layout: .preview, data: .inline(data))
        try AtomicFile.write(Array(page.utf8), to: output + "/" + PreviewCommand.page)
      }
    } catch {
      return error.description
    }
    return nil
  }
}
