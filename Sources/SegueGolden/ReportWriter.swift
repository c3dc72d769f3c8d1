import SegueFiles
import SegueJSON
import SeguePages

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a `CheckReport` as report.json, junit.xml (`JUnitReport`) and a self-contained
/// index.html (`ReportPage`).
public enum ReportWriter {
  /// Writes index.html, report.json and junit.xml in `folder` (the images are already there),
  /// each through one atomic file, and removes an earlier report's images this one does not
  /// name (a passing run into the folder of a failing one leaves no pictures of old failures).
  public static func write(_ report: CheckReport, to folder: String) throws(WriteError) {
    var report = report
    try writeThumbnails(&report, to: folder)
    removeImages(in: folder, except: Set(report.scenes.flatMap(\.frames).flatMap(\.images)))
    try AtomicFile.write(Array(json(report).utf8), to: folder + "/report.json")
    try AtomicFile.write(Array(JUnitReport.xml(report).utf8), to: folder + "/junit.xml")
    let page = ReportPage.html(report) { path in
      try? FileReader.read(folder + "/" + path, limit: FileReader.imageLimit, what: "a report image")
    }
    try AtomicFile.write(Array(page.utf8), to: folder + "/index.html")
  }

  /// Refuses, before anything is rendered, a report folder whose parts Segue names are not
  /// what they must be: `scenes` and every folder in it real folders (never a link, which the
  /// clean-up of old images would follow), the pages regular files or nothing. `folder`
  /// itself, the user's, may be a link.
  public static func checkFolder(_ folder: String) throws(WriteError) {
    let root = folder + "/scenes"
    func refuse(_ path: String, _ kind: FileKind) -> WriteError {
      WriteError(
        path: folder, action: "write a report into",
        reason: kind == .symbolicLink
          ? "\(path) is a symbolic link; Segue never follows a link inside a report folder"
          : "\(path) is \(kind.phrase), not a folder")
    }
    switch FileKind.at(root) {
    case .missing: break
    case .directory:
      for scene in (try? FileManager.default.contentsOfDirectory(atPath: root).sorted()) ?? [] {
        let kind = FileKind.at(root + "/" + scene)
        if kind == .symbolicLink { throw refuse(root + "/" + scene, kind) }
      }
    case let kind: throw refuse(root, kind)
    }
    for page in ["index.html", "report.json", "junit.xml"] { try AtomicFile.checkTarget(folder + "/" + page) }
  }

  /// Writes the thumbnails of failing scenes' frames as `scenes/<scene>/frame_NNNN.thumb.png`
  /// (a few kilobytes each), so the strip can be rebuilt from the folder (`report merge`).
  static func writeThumbnails(_ report: inout CheckReport, to folder: String) throws(WriteError) {
    for scene in report.scenes.indices where report.scenes[scene].failed {
      let name = report.scenes[scene].name
      for frame in report.scenes[scene].frames.indices {
        guard report.scenes[scene].frames[frame].thumbnailImage == nil,
          let small = report.scenes[scene].frames[frame].thumbnail
        else { continue }
        let stem = String(report.scenes[scene].frames[frame].file.dropLast(4))
        let relative = "scenes/\(name)/\(stem).thumb.png"
        try Folder.createReal(folder + "/scenes/\(name)", below: folder)
        try GoldenStore.write(small, to: folder + "/" + relative, compression: .balanced)
        report.scenes[scene].frames[frame].thumbnailImage = relative
      }
    }
  }

  /// Removes report images (`scenes/<scene>/frame_NNNN.{expected,actual,diff,thumb}.png`, regular
  /// files only, nothing else) not in `keep`, then scene folders left empty and `scenes`.
  /// Nothing is followed: `scenes` and each scene folder must be real folders, or are left.
  static func removeImages(in folder: String, except keep: Set<String>) {
    let root = folder + "/scenes"
    guard FileKind.at(root) == .directory else { return }
    let files = FileManager.default
    for scene in (try? files.contentsOfDirectory(atPath: root)) ?? []
    where FileKind.at(root + "/" + scene) == .directory {
      for name in (try? files.contentsOfDirectory(atPath: root + "/" + scene)) ?? []
      where isPictureName(name) && !keep.contains("scenes/\(scene)/\(name)")
        && FileKind.at(root + "/\(scene)/\(name)").isRegular
      {
        _ = unlinkFile(root + "/\(scene)/\(name)")
      }
      rmdir(root + "/" + scene)
    }
    rmdir(root)
  }

  /// `frame_NNNN.{expected,actual,diff,thumb}.png`: a picture a report writes in
  /// `scenes/<scene>/`, and removes there when a later report into its folder does not name it.
  public static func isPictureName(_ name: String) -> Bool {
    guard let suffix = [".expected.png", ".actual.png", ".diff.png", ".thumb.png"].first(where: name.hasSuffix)
    else { return false }
    let stem = name.dropLast(suffix.count)
    let digits = stem.dropFirst(6)
    return stem.hasPrefix("frame_") && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  // MARK: - JSON

  /// report.json: per scene and frame, the status, differing pixels, ratio and max difference.
  public static func json(_ report: CheckReport) -> String {
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    let scenes: [JSONValue] = report.scenes.map { scene in
      let frames: [JSONValue] = scene.frames.map { frame in
        var fields: [(key: String, value: JSONValue)] = [
          ("frame", .number(Double(frame.index))), ("file", .string(frame.file)),
          ("status", .string(frame.status.rawValue)), ("message", .string(frame.message)),
          ("recorded", .bool(frame.recorded)),
        ]
        if let comparison = frame.comparison {
          fields.append(("differingPixels", .number(Double(comparison.differingPixels))))
          fields.append(("ratio", .number(comparison.ratio)))
          fields.append(("ignoredPixels", .number(Double(comparison.ignoredPixels))))
          fields.append(("maxChannelDifference", .number(Double(comparison.maxChannelDifference))))
          if comparison.sampleDepth != 8 { fields.append(("sampleDepth", .number(Double(comparison.sampleDepth)))) }
          fields.append(("size", .array([.number(Double(comparison.width)), .number(Double(comparison.height))])))
          if let at = comparison.maxDifferenceAt {
            fields.append(("maxDifferenceAt", .array([.number(Double(at.x)), .number(Double(at.y))])))
          }
          if let deltaE = comparison.maxDeltaE { fields.append(("maxDeltaE", .number(deltaE))) }
        }
        fields.append(("expected", optional(frame.expectedImage)))
        fields.append(("actual", optional(frame.actualImage)))
        fields.append(("diff", optional(frame.diffImage)))
        fields.append(("thumbnail", optional(frame.thumbnailImage)))
        fields.append(("seconds", .number(frame.seconds)))
        return .object(fields)
      }
      let change: JSONValue =
        scene.frameCountChange.map { change in
          .object([
            ("golden", .number(Double(change.goldenFrames))), ("scene", .number(Double(change.sceneFrames))),
            ("staleGoldens", .array(change.staleFiles.map(JSONValue.string))),
            ("foreignGoldens", .array(change.foreignFiles.map(JSONValue.string))), ("removed", .bool(change.removed)),
            ("keptPointers", .array(change.keptPointers.map(JSONValue.string))),
            ("goldenDuration", change.goldenDuration.map(JSONValue.number) ?? .null),
            ("sceneDuration", change.sceneDuration.map(JSONValue.number) ?? .null),
            ("goldenFPS", change.goldenFPS.map { .number(Double($0)) } ?? .null),
            ("sceneFPS", change.sceneFPS.map { .number(Double($0)) } ?? .null),
            (
              "retimed",
              .array(
                change.retimed.map {
                  .object([("file", .string($0.file)), ("recorded", .number($0.recorded)), ("now", .number($0.now))])
                })
            ),
            ("message", .string(change.message)),
          ])
        } ?? .null
      return .object([
        ("name", .string(scene.name)), ("file", .string(scene.file)), ("device", optional(scene.device)),
        ("variant", optional(scene.variant)), ("status", .string(scene.failed ? "fail" : "pass")),
        ("error", optional(scene.error)),
        ("frameCount", change), ("record", optional(scene.recordCommand)), ("seconds", .number(scene.seconds)),
        ("timing", scene.timing ?? .null), ("goldenTiming", scene.goldenTiming ?? .null),
        ("frames", .array(frames)),
      ])
    }
    let document: JSONValue = .object([
      ("version", optional(report.version)), ("seconds", .number(report.seconds)), ("passed", .bool(!report.failed)),
      ("frames", .number(Double(report.frameCount))),
      ("failedFrames", .number(Double(report.failedFrames))), ("settings", .string(report.settings)),
      ("scenes", .array(scenes)),
    ])
    return document.text() + "\n"
  }

  /// XML and HTML text escaping (the player page's).
  public static func escape(_ text: String) -> String { PlayerPage.escape(text) }
}
