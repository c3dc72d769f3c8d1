import SegueArguments
import SegueFiles
import SegueGolden
import SeguePNG

/// `segue report merge R1 R2 ... -o R`: the reports of a check's shards as one report, its
/// page, report.json and junit.xml, with every picture.
///
/// Exit codes: 0 merged and every scene passed; 1 merged, with failures; 2 invalid input (a
/// folder without a report.json segue wrote, reports of other versions or settings, a scene in
/// two reports, usage); 3 the merged report could not be written.
struct ReportCommand: Command {
  let spec = CommandSpec(
    name: "report", abstract: "Merge the check reports of shards (check --shard I/N) into one.",
    usage: "report merge REPORT... -o DIR",
    options: [OptionSpec("output", short: "o", value: "DIR", help: "Folder for the merged report.")],
    arguments: [
      ("merge", "What to do with the reports (only merge)."), ("REPORT", "Report folders (check --report)."),
    ],
    positionals: 2...Int.max)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let action = arguments.positionals[0]
    guard action == "merge" else {
      return Segue.usageFailure(UsageError("expected 'merge', got '\(action)'"), command: spec, console: console)
    }
    guard let output = arguments.value("output") else {
      return Segue.usageFailure(UsageError("missing option '-o DIR'"), command: spec, console: console)
    }
    let folders = Array(arguments.positionals.dropFirst())
    if let input = folders.first(where: { PathIdentity.same($0, output) }) {
      let message = "-o \(output) would write over \(input), which is merged; give another folder"
      return Segue.usageFailure(UsageError(message), command: spec, console: console)
    }
    var reports: [(folder: String, report: CheckReport)] = []
    var invalid = false
    for folder in folders {
      let path = folder + "/report.json"
      do {
        let bytes = try FileReader.read(path, limit: 256 << 20, what: "a report")
        reports.append((folder, try CheckReport(json: bytes, path: path)))
      } catch {
        // A missing or unreadable file, or a file that is not a report segue wrote.
        console.error(String(describing: error))
        invalid = true
      }
    }
    if invalid { return .invalidInput }
    let merged: CheckReport
    do {
      merged = try ReportMerge.merge(reports)
    } catch {
      console.error(error.message)
      return .invalidInput
    }
    do throws(WriteError) {
      try ReportWriter.checkFolder(output)
      try Folder.create(output)
      // Every picture the merged report names, from the shard that made it.
      for (folder, report) in reports {
        for scene in report.scenes {
          for path in scene.frames.flatMap(\.images) {
            guard ReportMerge.isPicture(path, of: scene.name) else {
              console.error("\(folder)/report.json: scene '\(scene.name)' names a picture outside its folder: \(path)")
              return .invalidInput
            }
            let bytes: [UInt8]
            do {
              bytes = try FileReader.read(below: folder, path, limit: FileReader.imageLimit, what: "a report picture")
            } catch {
              console.error(error.description)
              return .invalidInput
            }
            // Only pictures, decoded whole: a report's page embeds what it copies.
            do {
              _ = try PNGDecoder.decode(bytes, path: folder + "/" + path)
            } catch {
              console.error("\(folder)/\(path): not a PNG picture a report writes (\(error))")
              return .invalidInput
            }
            try Folder.createReal(output + "/scenes/" + scene.name, below: output)
            try AtomicFile.write(bytes, to: output + "/" + path, createFolder: false)
          }
        }
      }
      try ReportWriter.write(merged, to: output)
    } catch {
      console.error(error.description)
      return .cannotWrite
    }
    console.print(merged.summary)
    console.note("report: \(output)/index.html (merged from \(reports.count) reports)")
    return merged.failed ? .differences : .success
  }
}
