import SegueArguments
import SegueFiles
import SegueGolden
import SegueJSON
import SegueKit
import SegueMotion
import SeguePNG
import SegueScene
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `segue gallery`: renders every type and operation with built-in demo screens, each as a
/// folder of frames and an APNG, plus index.html that plays them side by side.
struct GalleryCommand: Command {
  let spec = CommandSpec(
    name: "gallery", abstract: "Render every transition with demo screens, and a page that plays them.",
    usage: "gallery [-o DIR] [--scale S] [--fps N] [--jobs N] [--quiet]",
    options: [
      OptionSpec("output", short: "o", value: "DIR", help: "Folder for the gallery (default: out/gallery)."),
      OptionSpec("scale", value: "S", help: "Pixels per point (default: 1)."),
      OptionSpec("fps", value: "N", help: "Frames per second (default: 60)."),
      jobsOption,
      OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    ])

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let jobs: Int
    let scale: Double?
    let fps: Int?
    do throws(UsageError) {
      jobs = try self.jobs(arguments)
      scale = try positive(arguments, "scale", limit: SceneLimits.maxScale)
      fps = try integer(arguments, "fps", in: SceneLimits.fps)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let output = arguments.value("output") ?? "out/gallery"
    let scenes = GalleryScenes.all()
    let problems = Parallel.map(scenes.count, jobs: jobs) { index -> [String] in
      let (name, json) = scenes[index]
      do {
        var scene = try SceneDecoder.decode(Array(json.utf8), file: "gallery:\(name)", defaultName: name)
        if let scale { scene.scale = scale }
        if let fps { scene.fps = fps }
        let loaded = try LoadedScene(scene: scene, file: "gallery:\(name)")
        let frames = Array(0..<loaded.timeline.frameCount)
        let writer = FrameWriter(renderer: FrameRenderer(loaded), jobs: 1)
        try writer.write(frames: frames, to: output + "/" + name)
        try FrameExtras.writeAPNG(
          frames: frames, directory: output + "/" + name, fps: scene.fps, to: output + "/\(name).png")
        return []
      } catch let error as SceneErrors {
        return error.errors.map(\.description)
      } catch let error as WriteError {
        return [error.description]
      } catch {
        return ["\(error)"]
      }
    }.flatMap { $0 }
    for problem in problems { console.error(problem) }
    do throws(WriteError) {
      try AtomicFile.write(Array(GalleryCommand.page(scenes.map(\.name)).utf8), to: output + "/index.html")
    } catch {
      console.error(error.description)
      return .cannotWrite
    }
    if !arguments.has("quiet") {
      console.print("gallery: \(scenes.count - problems.count) transitions in \(output); open \(output)/index.html")
    }
    return problems.isEmpty ? .success : .cannotWrite
  }

  /// index.html: every APNG in a grid, labelled with its type and operation and the catalog's
  /// defaults.
  static func page(_ names: [String]) -> String {
    var cells = ""
    for name in names {
      let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
      let type = PresetCatalog.named(parts[0])
      let operation = TransitionOperation(rawValue: parts.count > 1 ? parts[1] : "present") ?? .present
      let defaults = type?.defaults(operation)
      let timing = defaults.map { "\(JSONValue.format($0.duration)) s, \($0.curve)" } ?? ""
      cells +=
        "<figure><img src=\"\(name).png\" alt=\"\(name)\" loading=\"lazy\"><figcaption><b>\(parts[0])</b> \(operation.rawValue)"
      cells += "<br><small>\(ReportWriter.escape(timing))</small></figcaption></figure>\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Segue gallery</title>
      <style>
      body { font: 14px -apple-system, system-ui, sans-serif; background: #1c1c1e; color: #f2f2f7; margin: 24px; }
      h1 { font-size: 22px; } .grid { display: flex; flex-wrap: wrap; gap: 20px; }
      figure { margin: 0; width: 195px; } img { width: 195px; border-radius: 12px; display: block; background: #000; }
      figcaption { margin-top: 6px; } small { color: #8e8e93; }
      </style></head><body>
      <h1>Segue gallery: every transition of the catalog</h1>
      <p>Each animation loops; reload the page to restart them together.</p>
      <div class="grid">
      \(cells)</div></body></html>
      """
  }
}
