import SegueGolden

/// How to record goldens a run left missing: under CI (which never writes) or with
/// `--record never`, the command that writes them, with the options that chose the frames;
/// and for any failing scene the command that re-records it.
///
/// The scene's line on stderr says it once; in the report each missing frame says it, since
/// a CI system shows the report's message and not the log.
struct RecordHint {
  /// The run was under CI: the command must run with CI unset.
  let ci: Bool
  let golden: String
  /// `--frames`, `--scale` and `--fps` as given: the goldens must be of those frames.
  let options: [(name: String, value: String)]

  /// `segue check FILE --golden DIR [--frames LIST] [--scale S] [--fps N] --record MODE`; the
  /// goldens' own `selection` (the `--frames` they were recorded with) when this run gave none.
  func command(for sceneFile: String, mode: String = "missing", selection: String? = nil) -> String {
    var words = ["segue", "check", sceneFile, "--golden", golden]
    if let selection, !options.contains(where: { $0.name == "frames" }) { words += ["--frames", selection] }
    for option in options { words += ["--" + option.name, option.value] }
    words += ["--record", mode]
    return words.map(RecordHint.quoted).joined(separator: " ")
  }

  /// The command that re-records a failing scene's goldens: `--record all` when goldens must
  /// also go (the frame count changed, files no frame has), else `--record failed`; with the
  /// frames the goldens were recorded with.
  func rerecord(_ scene: CheckReport.Scene, selection: String?) -> String {
    command(for: scene.file, mode: scene.frameCountChange == nil ? "failed" : "all", selection: selection)
  }

  /// "record it with CI unset: segue check ..." for one frame.
  func frameHint(for sceneFile: String) -> String {
    "record it \(ci ? "with CI unset" : "with"): \(command(for: sceneFile))"
  }

  /// The scene's line: why nothing was written, and the command.
  func sceneNote(_ sceneName: String, file: String) -> String {
    let why = ci ? "a CI run never writes them" : "were not written (--record never)"
    return "  \(sceneName): goldens are missing and \(why); record them\(ci ? " with CI unset" : ""), "
      + "then commit them: \(command(for: file))"
  }

  /// `word` as a shell reads it: as it is when it has only safe characters, else in single
  /// quotes (a quote inside written '\'').
  static func quoted(_ word: String) -> String {
    let safe = word.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
          || "_-./:,%=+@".unicodeScalars.contains(scalar))
    }
    if safe && !word.isEmpty { return word }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
