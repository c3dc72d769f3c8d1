import SegueArguments
import SegueFiles
import SegueGolden
import SegueJSON
import SegueKit
import SegueMotion
import SeguePNG
import SeguePages
import SegueScene
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `segue gallery [PATH...]`: renders scenes, each as a folder of frames and an APNG, plus
/// index.html that plays them side by side: the user's own scenes (files or folders of
/// `*.json`), or without PATH every type and operation with built-in demo screens.
struct GalleryCommand: Command {
  let spec = CommandSpec(
    name: "gallery",
    abstract: "Render scenes, or every transition with demo screens, into a page that plays them.",
    usage: "gallery [PATH...] [-o DIR] [--device NAME] [--variant NAME] [--scale S] [--fps N] [--jobs N] [--quiet]",
    options: [
      OptionSpec("output", short: "o", value: "DIR", help: "Folder for the gallery (default: out/gallery)."),
      OptionSpec("scale", value: "S", help: "Pixels per point (default: 1, which keeps the page light)."),
      OptionSpec("fps", value: "N", help: "Frames per second (default: the scene's; 60 for the built-in set)."),
      jobsOption,
      OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    ] + runOptions,
    arguments: [("PATH", "Scene files, or folders of *.json scenes (default: the built-in set of every transition).")],
    positionals: 0...Int.max)

  /// The page's own file, which no scene may take.
  static let page = "index.html"

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let (jobs, scale, fps): (Int, Double?, Int?)
    do throws(UsageError) {
      (jobs, scale, fps) = try renderSettings(arguments)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let output = arguments.value("output") ?? "out/gallery"
    let builtIn = arguments.positionals.isEmpty
    var invalid: [String] = []
    var scenes: [LoadedScene] = []
    if builtIn {
      for (name, json) in GalleryScenes.all() {
        do {
          var scene = try SceneDecoder.decode(Array(json.utf8), file: "gallery:\(name)", defaultName: name)
          if let scale { scene.scale = scale }
          if let fps { scene.fps = fps }
          scenes.append(try LoadedScene(scene: scene, file: "gallery:\(name)"))
        } catch {
          invalid += error.errors.map(\.description)
        }
      }
    } else {
      let (files, missing) = ScenePaths.expand(arguments.positionals)
      invalid += missing.map { "\($0): no such file or folder" }
      if files.isEmpty && missing.isEmpty {
        console.error("no scene files (*.json) in \(arguments.positionals.joined(separator: ", "))")
        return .invalidInput
      }
      // Each scene takes a folder and an APNG; none may take another's, or the page's.
      var claimed: [String: String] = [SceneText.folderKey(GalleryCommand.page): "the gallery page"]
      for file in files {
        do {
          // Each device and variant is a player of its own.
          let runs = try LoadedScene.loadRuns(
            file, overrides: LoadedScene.Overrides(scale: scale ?? 1, fps: fps), choice: runChoice(arguments))
          for warning in LoadedScene.warnings(of: runs) { console.warning(warning) }
          for loaded in runs {
            let name = loaded.folder
            // In any case: names that differ only in case are one file on macOS and Windows.
            if let clash = [name, name + ".png"].first(where: { claimed[SceneText.folderKey($0)] != nil }) {
              invalid.append(
                "\(file): scene name '\(name)' would write \(output)/\(clash), which is also "
                  + "\(claimed[SceneText.folderKey(clash)]!)'s; each scene needs a name of its own")
              continue
            }
            claimed[SceneText.folderKey(name)] = file
            claimed[SceneText.folderKey(name + ".png")] = file
            scenes.append(loaded)
          }
        } catch {
          invalid += error.errors.map(\.description)
        }
      }
    }

    // What the gallery writes (the page, each scene's frames and APNG) replaces none of what its
    // scenes read, checked before anything is written.
    var plan = OutputPlan()
    plan.add(.file(output + "/" + GalleryCommand.page), for: "the gallery page")
    for loaded in scenes {
      plan.add(.frames(output + "/" + loaded.folder), for: "the frames of scene '\(loaded.folder)'")
      plan.add(.file(output + "/\(loaded.folder).png"), for: "the APNG of scene '\(loaded.folder)'")
    }
    let inputs = scenes.flatMap { loaded in
      loaded.inputFiles.filter { !$0.hasPrefix("gallery:") }.map { (path: $0, reader: "scene '\(loaded.scene.name)'") }
    }
    if let conflict = plan.conflict(inputs: inputs) {
      for problem in invalid { console.error(problem) }
      console.error(conflict)
      return .invalidInput
    }

    let rendered = scenes
    let problems = Parallel.map(rendered.count, jobs: jobs) { index -> [String] in
      let loaded = rendered[index]
      let name = loaded.folder
      do throws(WriteError) {
        let frames = Array(0..<loaded.timeline.frameCount)
        let writer = FrameWriter(renderer: FrameRenderer(loaded), jobs: 1)
        try writer.write(frames: frames, to: output + "/" + name)
        try FrameExtras.writeAPNG(
          frames: frames, directory: output + "/" + name, fps: loaded.scene.fps, to: output + "/\(name).png")
        return []
      } catch {
        return [error.description]
      }
    }
    for problem in invalid + problems.flatMap({ $0 }) { console.error(problem) }
    let shown = zip(rendered, problems).filter { $0.1.isEmpty }.map(\.0)
    do throws(WriteError) {
      try AtomicFile.write(
        Array(GalleryCommand.page(shown, builtIn: builtIn).utf8), to: output + "/" + GalleryCommand.page)
    } catch {
      console.error(error.description)
      return .cannotWrite
    }
    if !arguments.has("quiet") {
      console.print(
        "gallery: \(shown.count) transition\(shown.count == 1 ? "" : "s") in \(output); open \(output)/\(GalleryCommand.page)"
      )
    }
    if !invalid.isEmpty { return .invalidInput }
    return problems.allSatisfy(\.isEmpty) ? .success : .cannotWrite
  }

  /// index.html: a grid of players, one per scene, each with play, pause, a scrubber, speeds,
  /// loop, zoom and its timing plot (the same player as `segue preview`'s), captioned in words with
  /// the scene's transition and timing.
  static func page(_ scenes: [LoadedScene], builtIn: Bool) -> String {
    let players = scenes.map { loaded -> JSONValue in
      let (_, transition, timing) = GalleryCaption.lines(loaded)
      return PlayerData.scene(
        loaded, folder: loaded.folder.split(separator: "/").map { pathSegment(String($0)) }.joined(separator: "/"),
        caption: "\(transition) · \(timing)")
    }
    let heading =
      builtIn
      ? "Segue gallery: every transition of the catalog"
      : "Segue gallery: \(scenes.count) transition\(scenes.count == 1 ? "" : "s")"
    return PlayerPage.html(
      title: heading,
      subtitle: "Each plays its frames and loops after a second on its last; the timing button plots its curves.",
      layout: .gallery, data: .inline(PlayerData.page(scenes: players, errors: [], version: 1)))
  }

  /// `name` as one segment of a relative URL: everything but letters, digits and `-._~`
  /// percent-encoded as UTF-8, so a name with a space, `#` or `?` still finds its file.
  static func pathSegment(_ name: String) -> String {
    var result = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.append(Character(Unicode.Scalar(byte)))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }
}
