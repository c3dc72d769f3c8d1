import SegueFiles
import SegueGolden

/// Everything a command will write or remove, known before it writes anything, so that no output
/// is, or replaces, one of its inputs (a scene, an image, a golden) and no two outputs are one
/// path: the rule `render` and `batch` apply, for `preview`, `gallery` and `check --report` too.
///
/// An input is matched by its path and by the real path it leads to, so a link to a file that
/// an output would replace is caught as well.
public struct OutputPlan: Sendable {
  /// One thing written.
  public enum Output: Sendable, Equatable {
    /// One file, written whole (a page, a data script, an APNG).
    case file(String)
    /// A folder of frames: frames, `manifest.json` and `.segue-` files are written and removed in it.
    case frames(String)
    /// A check's report: its pages, and pictures under `scenes/<scene>/` written and removed.
    case report(String)

    var path: String {
      switch self {
      case .file(let path), .frames(let path), .report(let path): return path
      }
    }
  }

  /// Each output with what it is for (`the page`, `scene 'circle'`), in the order added.
  public private(set) var outputs: [(output: Output, owner: String)] = []

  public init() {}

  public mutating func add(_ output: Output, for owner: String) {
    outputs.append((output, owner))
  }

  /// The files a report folder holds at its top.
  static let reportPages = ["index.html", "report.json", "junit.xml"]

  /// Why an output would replace `input` (which `reader` reads), or nil when none would.
  public func conflict(input: String, reader: String) -> String? {
    for path in [input, PathIdentity.real(input)].compactMap({ $0 }) {
      for (output, owner) in outputs where Self.replaces(output, path) {
        return "\(input), which \(reader) reads, is where \(owner) is written (\(output.path)); "
          + "give another output folder, or move the file"
      }
    }
    return nil
  }

  /// The first conflict of any of `inputs` (each with its reader), or nil.
  public func conflict(inputs: [(path: String, reader: String)]) -> String? {
    for (path, reader) in inputs {
      if let conflict = conflict(input: path, reader: reader) { return conflict }
    }
    return nil
  }

  /// Why two outputs are one path (a scene named `index.html`, whose frame folder would be the
  /// page), or nil.
  public func clash() -> String? {
    for (index, first) in outputs.enumerated() {
      for second in outputs[(index + 1)...] where PathIdentity.same(first.output.path, second.output.path) {
        return "\(second.owner) would be written at \(second.output.path), where \(first.owner) is written; "
          + "rename the scene, or give another output folder"
      }
    }
    return nil
  }

  /// Whether writing `output` writes or removes the file at `path`.
  static func replaces(_ output: Output, _ path: String) -> Bool {
    let name = Folder.name(of: path)
    let parent = Folder.parent(of: path)
    let folder = parent.isEmpty ? "." : parent
    switch output {
    case .file(let file):
      return PathIdentity.same(path, file)
    case .frames(let frames):
      let managed = name == "manifest.json" || FrameFolder.isFrameName(name) || name.hasPrefix(".segue")
      return PathIdentity.same(path, frames) || (managed && PathIdentity.same(folder, frames))
    case .report(let report):
      if PathIdentity.same(path, report) { return true }
      if reportPages.contains(name) && PathIdentity.same(folder, report) { return true }
      let scenes = Folder.parent(of: folder)
      return ReportWriter.isPictureName(name) && !scenes.isEmpty && PathIdentity.same(scenes, report + "/scenes")
    }
  }
}
