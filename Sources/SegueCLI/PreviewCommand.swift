import SegueArguments
import SegueFiles
import SegueKit
import SegueScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `segue preview SCENE... [-o DIR] [--watch]`: renders scenes into a page that plays them, with
/// each animation's timing plotted beside the player. With `--watch` it stays, re-renders a scene
/// when its file or one of its images changes, and the open page picks the new frames up: the page
/// polls a data script beside it (no server, so nothing is reachable from another machine).
struct PreviewCommand: Command {
  let spec = CommandSpec(
    name: "preview",
    abstract: "Render scenes into a page that plays them with their timing; --watch re-renders on every change.",
    usage:
      "preview SCENE... [-o DIR] [--watch] [--device NAME] [--variant NAME] [--scale S] [--fps N] [--jobs N] [--quiet]",
    options: [
      OptionSpec(
        "output", short: "o", value: "DIR", help: "Folder for the page and its frames (default: out/preview)."),
      OptionSpec(
        "watch", short: "w",
        help: "Keep running: re-render a scene when it or one of its images changes (the page follows)."),
      OptionSpec("scale", value: "S", help: "Pixels per point (default: 1, which keeps re-rendering quick)."),
      OptionSpec("fps", value: "N", help: "Frames per second (default: the scene's)."),
      jobsOption,
      OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    ] + runOptions,
    arguments: [("SCENE", "Scene files, or folders of *.json scenes.")], positionals: 1...Int.max)

  /// The page, and the data script a watching page polls.
  static let page = "index.html"
  static let dataScript = "preview-data.js"
  /// How often `--watch` looks at the files: an edit shows within about a second.
  static let pollInterval = 0.25

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let (jobs, scale, fps): (Int, Double?, Int?)
    do throws(UsageError) {
      (jobs, scale, fps) = try renderSettings(arguments)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let output = arguments.value("output") ?? "out/preview"
    let (files, missing) = ScenePaths.expand(arguments.positionals)
    for path in missing { console.error("\(path): no such file or folder") }
    if files.isEmpty {
      if missing.isEmpty {
        console.error("no scene files (*.json) in \(arguments.positionals.joined(separator: ", "))")
      }
      return .invalidInput
    }
    var session = PreviewSession(
      files: files, output: output, overrides: LoadedScene.Overrides(scale: scale ?? 1, fps: fps),
      choice: runChoice(arguments), jobs: jobs,
      live: arguments.has("watch"))
    let quiet = arguments.has("quiet")
    let first = session.update(console: console)
    if first.refused != nil { return .invalidInput }
    if let problem = first.cannotWrite {
      console.error(problem)
      return .cannotWrite
    }
    let page = PathIdentity.resolved(output + "/" + PreviewCommand.page)
    if !quiet {
      console.print(
        "preview: \(session.shownCount) scene\(session.shownCount == 1 ? "" : "s"); open file://\(page)")
    }
    guard arguments.has("watch") else {
      return missing.isEmpty && first.invalid.isEmpty ? .success : .invalidInput
    }
    if !quiet {
      console.print(
        "preview: watching \(files.count) scene\(files.count == 1 ? "" : "s") and their images; the page follows "
          + "every change (Ctrl-C stops)")
    }
    while true {
      usleep(UInt32(PreviewCommand.pollInterval * 1_000_000))
      guard session.changed() else { continue }
      let result = session.update(console: console)
      if let problem = result.cannotWrite { console.error(problem) }
      if !quiet && result.invalid.isEmpty && result.cannotWrite == nil && result.refused == nil {
        console.print("preview: rendered \(result.rendered.joined(separator: ", ")) (version \(session.version))")
      }
    }
  }
}
