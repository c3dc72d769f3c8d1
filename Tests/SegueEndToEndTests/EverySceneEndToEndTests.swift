import Foundation
import SeguePNG
import SegueRaster
import Testing

/// Every scene in `scenes/`, at its own scale: rendered, checked and expanded by the binary.
///
/// One frame path: `render` writes the frames `check` renders and compares, byte for byte (a
/// channel tolerance of 0 passes); and one engine: a scene's preset written out by `segue
/// expand` renders the same bytes as the preset.
@Suite(.serialized)
struct EverySceneEndToEndTests {
  static let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenes").path

  static var sceneNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scenesFolder)) ?? []).filter { $0.hasSuffix(".json") }
      .map { String($0.dropLast(5)) }.sorted()
  }

  static let frames = "0,25%,50%,75%,last"

  @Test func checkComparesExactlyWhatRenderWrites() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(Self.sceneNames.count >= 33)
    for name in Self.sceneNames {
      let result = try SegueProcess.run([
        "render", Self.scenesFolder + "/\(name).json", "-o", folder.path + "/golden/\(name)", "--frames", Self.frames,
        "--quiet",
      ])
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let check = try SegueProcess.run([
      "check", Self.scenesFolder, "--golden", folder.path + "/golden", "--record", "never", "--channel-tolerance", "0",
      "--report", folder.path + "/report",
    ])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    // A scene with devices or variants is checked once per run, each a folder with its manifest.
    let manifests = FileManager.default.enumerator(atPath: folder.path + "/golden")?.compactMap { $0 as? String }
      .filter { $0.hasSuffix("/manifest.json") }
    let count = manifests?.count ?? 0
    #expect(count > Self.sceneNames.count)
    #expect(
      check.stdout.contains("check: \(5 * count) of \(5 * count) frames match in \(count) scenes"), "\(check.stdout)")
  }

  @Test func anExpandedPresetRendersTheSameBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in Self.sceneNames {
      let original = Self.scenesFolder + "/\(name).json"
      let expanded = folder.path + "/\(name).json"
      let expand = try SegueProcess.run(["expand", original, "-o", expanded])
      // A preset on several devices is written in the container's terms: nothing to warn about.
      #expect(expand.status == 0 && expand.stdout.isEmpty && expand.stderr.isEmpty, "\(name): \(expand.stderr)")
      let text = try String(contentsOfFile: expanded, encoding: .utf8)
      #expect(text.contains("\"type\": \"custom\""), "\(name)")
      // Expanding what expand printed changes nothing.
      let again = try SegueProcess.run(["expand", expanded])
      #expect(again.status == 0 && again.stdout == text, "\(name): expand is not idempotent")
      for (source, output) in [(original, "a"), (expanded, "b")] {
        let render = try SegueProcess.run([
          "render", source, "-o", folder.path + "/\(output)/\(name)", "--frames", Self.frames, "--quiet",
        ])
        #expect(render.status == 0, "\(name): \(render.stderr)")
      }
      // The expanded scene keeps the devices and variants, so it has the same runs, each a folder
      // of the same frames.
      let pngs =
        (FileManager.default.enumerator(atPath: folder.path + "/a/\(name)")?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".png") }.sorted()
      #expect(!pngs.isEmpty && pngs.count % 5 == 0, "\(name): \(pngs)")
      let expandedPNGs =
        (FileManager.default.enumerator(atPath: folder.path + "/b/\(name)")?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".png") }.sorted()
      #expect(expandedPNGs == pngs, "\(name)")
      for png in pngs {
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a/\(name)/\(png)"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b/\(name)/\(png)"))
        #expect(a == b, "\(name)/\(png): the expanded scene renders other bytes")
      }
    }
  }

  @Test func expandNamesWhatItCannotDo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let missing = try SegueProcess.run(["expand", folder.path + "/nope.json"])
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("error: \(folder.path)/nope.json: "), "\(missing.stderr)")
    let bad = try folder.write(
      "bad.json", #"{"size": [10, 10], "from": {}, "to": {}, "transition": {"type": "fade", "durration": 1}}"#)
    let invalid = try SegueProcess.run(["expand", bad])
    #expect(invalid.status == 2 && invalid.stdout.isEmpty)
    #expect(invalid.stderr.contains("did you mean 'duration'?"), "\(invalid.stderr)")
    let good = try folder.write(
      "good.json", #"{"size": [10, 10], "from": {}, "to": {}, "transition": {"type": "fade"}}"#)
    _ = try folder.write("file", "")
    let unwritable = try SegueProcess.run(["expand", good, "-o", folder.path + "/file/x.json"])
    #expect(unwritable.status == 3, "\(unwritable.stderr)")
    #expect(unwritable.stderr.hasPrefix("error: cannot "), "\(unwritable.stderr)")
    let usage = try SegueProcess.run(["expand"])
    #expect(usage.status == 2)
  }

  @Test func anExpandedSceneWrittenElsewhereStillFindsItsImages() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A 2 × 1 RGB PNG the scene uses from its own folder (A/shots/dot.png).
    let png = try PNGEncoder().encode(try #require(Pixmap(width: 2, height: 1)))
    try FileManager.default.createDirectory(atPath: folder.path + "/A/shots", withIntermediateDirectories: true)
    try Data(png).write(to: URL(fileURLWithPath: folder.path + "/A/shots/dot.png"))
    let scene = try folder.write(
      "A/dot.json",
      #"{"$schema": "../schema.json", "size": [40, 30], "from": {"image": "shots/dot.png", "layers": [{"rect": [0, 0, 5, 5], "image": "shots/dot.png"}]}, "to": {}, "transition": {"type": "fade"}}"#
    )
    // A file output's folder must exist (docs/commands.md).
    try FileManager.default.createDirectory(atPath: folder.path + "/B/deeper", withIntermediateDirectories: true)
    let result = try SegueProcess.run(["expand", scene, "-o", folder.path + "/B/deeper/dot.json"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: folder.path + "/B/deeper/dot.json", encoding: .utf8)
    #expect(text.contains(#""image": "../../A/shots/dot.png""#), "\(text)")
    #expect(text.contains(#""$schema": "../../schema.json""#))
    let validate = try SegueProcess.run(["validate", folder.path + "/B/deeper/dot.json"])
    #expect(validate.status == 0, "\(validate.stderr)")
    // Printed (no -o), the paths stay as the scene gives them.
    #expect(try SegueProcess.run(["expand", scene]).stdout.contains(#""image": "shots/dot.png""#))
  }
}
