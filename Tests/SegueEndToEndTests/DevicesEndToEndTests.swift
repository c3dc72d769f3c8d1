import Foundation
import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// A scene's `devices` and `variants` (docs/scene-format.md, "Devices and variants"): each run
/// drawn into a folder of its own, its pinned layers laid out in its container, its goldens
/// checked on their own, and mistakes named at their field.
@Suite(.serialized)
struct DevicesEndToEndTests {
  /// A card pinned 10 pt in from each side, 20 pt tall, 10 pt from the top (or, in `low`, from
  /// the bottom), on a 60 x 40 and a 100 x 50 container at 1 pixel a point.
  static let scene = ##"""
    {"name": "cards", "devices": [[60, 40], [100, 50]], "scale": 1, "fps": 10,
     "variants": [{"name": "low", "set": {"from.card.rect": {"left": 10, "right": 10, "bottom": 5, "height": 10}}}],
     "from": {"background": "#FFFFFF", "layers": [
       {"id": "card", "rect": {"left": 10, "right": 10, "top": 5, "height": 10}, "color": "#FF0000"}]},
     "to": {"background": "#000000"},
     "transition": {"type": "fade", "duration": 0.2}}
    """##

  static let red = RGBA8(r: 255, g: 0, b: 0).premultiplied
  static let white = RGBA8.white.premultiplied

  @Test func everyRunRendersIntoItsOwnFolderWithItsPinsLaidOut() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("cards.json", Self.scene)
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        cards/60x40: 3 frames (60x40, 10 fps) in \(folder.path)/out/60x40
        cards/60x40+low: 3 frames (60x40, 10 fps) in \(folder.path)/out/60x40+low
        cards/100x50: 3 frames (100x50, 10 fps) in \(folder.path)/out/100x50
        cards/100x50+low: 3 frames (100x50, 10 fps) in \(folder.path)/out/100x50+low

        """)
    // On 60 x 40 the card spans x 10…50, y 5…15; in `low` y 25…35. On 100 x 50: x 10…90,
    // y 5…15 and 35…45.
    for (run, width, top) in [("60x40", 60, 5), ("60x40+low", 60, 25), ("100x50", 100, 5), ("100x50+low", 100, 35)] {
      let frame = try decodePNGFile(folder.path + "/out/\(run)/frame_0000.png")
      #expect(frame.width == width, "\(run)")
      #expect(frame[10, top] == Self.red && frame[width - 11, top + 9] == Self.red, "\(run)")
      #expect(frame[9, top] == Self.white && frame[width - 10, top] == Self.white, "\(run)")
      #expect(frame[10, top - 1] == Self.white && frame[10, top + 10] == Self.white, "\(run)")
    }
    let manifest =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/100x50+low/manifest.json"))) as! [String: Any]
    #expect(manifest["device"] as? String == "100x50" && manifest["variant"] as? String == "low")
    #expect(manifest["container"] as? [Double] == [100, 50])
    // --device and --variant pick runs.
    let picked = try SegueProcess.run(
      ["render", file, "-o", folder.path + "/one", "--device", "100x50", "--variant", "default", "-q"])
    #expect(picked.status == 0, "\(picked.stderr)")
    #expect(folder.files(in: "one") == ["100x50"])
  }

  /// A bar pinned in the safe area is drawn below the status bar on every preset: 44 pt tall at
  /// the preset's top inset (each preset's, listed by `segue list devices --json`), and a tab
  /// bar 49 pt tall above its bottom inset; the manifest says the safe area it was drawn with.
  @Test func barsPinnedInTheSafeAreaClearTheStatusBarOnEveryPreset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let list = try SegueProcess.run(["list", "devices", "--json"])
    let devices = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    let names = devices.compactMap { $0["name"] as? String }
    let insets = Dictionary(uniqueKeysWithValues: devices.map { ($0["name"] as! String, $0["safeArea"] as! [Double]) })
    #expect(insets["iphone-se"] == [20, 0, 0, 0] && insets["iphone-15-pro"] == [59, 0, 34, 0])
    let file = try folder.write(
      "bars.json",
      ##"{"name": "bars", "devices": [\##(names.map { "\"\($0)\"" }.joined(separator: ", "))], "scale": 1, "##
        + ##""fps": 10, "from": {"background": "#FFFFFF", "layers": ["##
        + ##"{"rect": {"in": "safeArea", "left": 0, "right": 0, "top": 0, "height": 44}, "color": "#FF0000"}, "##
        + ##"{"rect": {"in": "safeArea", "left": 0, "right": 0, "bottom": 0, "height": 49}, "color": "#FF0000"}]}, "##
        + ##""to": {}, "transition": {"type": "fade", "duration": 0.1}}"##)
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out", "--frames", "0", "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    for device in devices {
      let name = device["name"] as! String
      let (top, bottom) = (Int(insets[name]![0]), Int(insets[name]![2]))
      let height = Int((device["size"] as! [Double])[1])
      let frame = try decodePNGFile(folder.path + "/out/\(name)/frame_0000.png")
      #expect(frame[10, top - 1] == Self.white && frame[10, top] == Self.red, "\(name)")
      #expect(frame[10, top + 43] == Self.red && frame[10, top + 44] == Self.white, "\(name)")
      let tabTop = height - bottom - 49
      #expect(frame[10, tabTop - 1] == Self.white && frame[10, tabTop] == Self.red, "\(name)")
      #expect(frame[10, height - bottom - 1] == Self.red, "\(name)")
      if bottom > 0 { #expect(frame[10, height - bottom] == Self.white, "\(name)") }
    }
  }

  @Test func goldensAreRecordedAndCheckedPerRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("cards.json", Self.scene)
    let goldens = folder.path + "/goldens"
    let recorded = try SegueProcess.run(["check", file, "--golden", goldens, "--record", "missing"])
    #expect(recorded.status == 1, "\(recorded.stderr)")
    #expect(folder.files(in: "goldens/cards") == ["100x50", "100x50+low", "60x40", "60x40+low"])
    let again = try SegueProcess.run(["check", file, "--golden", goldens])
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    #expect(again.stdout.contains("ok: cards/100x50+low: 3 frames match"), "\(again.stdout)")
    // The variant's card moved 1 pt down: only the `low` runs differ, and the report says which.
    let moved = try folder.write(
      "moved/cards.json", Self.scene.replacingOccurrences(of: #""bottom": 5"#, with: #""bottom": 4"#))
    let report = folder.path + "/report"
    let failed = try SegueProcess.run(["check", moved, "--golden", goldens, "--record", "never", "--report", report])
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("ok: cards/60x40: 3 frames match"), "\(failed.stdout)")
    #expect(failed.stdout.contains("FAIL: cards/60x40+low/frame_0000.png"), "\(failed.stdout)")
    let json =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/report.json")))
      as! [String: Any]
    let scenes = json["scenes"] as! [[String: Any]]
    let low = scenes.first { $0["name"] as? String == "cards/100x50+low" }
    #expect(
      low?["device"] as? String == "100x50" && low?["variant"] as? String == "low"
        && low?["status"] as? String == "fail")
    #expect(FileManager.default.fileExists(atPath: report + "/scenes/cards/100x50+low/frame_0000.diff.png"))
  }

  @Test func mistakesAreNamedAtTheirField() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cases: [(String, String, String)] = [
      (#""devices": ["iphone-sx"]"#, "devices.0", "(did you mean 'iphone-se'?)"),
      (#""devices": ["iphone-se"], "size": [10, 10]"#, "devices", "drop the scene's 'size'"),
      (#""devices": [[60, 40], [60, 40]]"#, "devices.1", "'60x40' is listed twice"),
      (
        #""size": [60, 40], "variants": [{"name": "v", "set": {"from.crd.rect": [0, 0, 1, 1]}}]"#,
        "variants.0.set.from.crd.rect", "'from' has no layer with id 'crd'"
      ),
      (
        ##""size": [60, 40], "variants": [{"name": "v", "set": {"from.card.colr": "#000"}}]"##,
        "variants.0.set.from.card.colr", "did you mean 'color'?"
      ),
      (
        #""size": [60, 40], "variants": [{"name": "v", "set": {"from.card.opacity": 2}}]"#,
        "variants.0.set.from.card.opacity", "on v: expected an opacity from 0 to 1, got 2"
      ),
      (
        #""devices": [[60, 40], [15, 40]]"#, "from.layers.0.rect",
        "on 15x40: in a parent of 15 x 40 points these pins give [10, 5, -5, 10]: a negative width"
      ),
      // A device too large for a frame is named, not the scene's `size` it stands for.
      (
        #""devices": [[60, 40], [20000, 20000]], "scale": 1"#, "devices.1",
        "the frame would be 20000x20000 pixels; the limit is 8192 a side"
      ),
      // A key inside another key's value: found in the scene as written, it would land on the
      // wrong layer (`from.layers` replaced) or nowhere (`rect` replaced whole).
      (
        ##""size": [60, 40], "variants": [{"name": "v", "set": {"from.layers": [{"id": "other"}, {"id": "card"}], "##
          + ##""from.card.color": "#FF0000"}}]"##,
        "variants.0.set.from.card.color",
        "'from.card.color' is inside 'from.layers', which this variant sets whole; give the change in the value of "
          + "'from.layers'"
      ),
      (
        #""size": [60, 40], "variants": [{"name": "v", "set": {"from.card.rect.left": 5, "from.card.rect": [0, 0, 5, 5]}}]"#,
        "variants.0.set.from.card.rect.left", "'from.card.rect.left' is inside 'from.card.rect'"
      ),
      (
        #""size": [60, 40], "variants": [{"name": "v", "set": {"from.card.id": "x"}}]"#,
        "variants.0.set.from.card.id", "a variant finds layers by their ids and cannot change one ('from.card.id')"
      ),
      // Names one folder on a case-insensitive file system.
      (
        #""size": [60, 40], "variants": [{"name": "Dark", "set": {"size": [1, 1]}}, {"name": "dark", "set": {"size": [2, 2]}}]"#,
        "variants.1.name",
        "'dark' and 'Dark' differ only in case, and would be one folder on a case-insensitive file system"
      ),
      (
        #""size": [60, 40], "variants": [{"name": "Default", "set": {"size": [1, 1]}}]"#, "variants.0.name",
        "'Default' names the scene as written, beside its variants ('default', in any case)"
      ),
      (
        #""size": [60, 40], "variants": [{"name": "straße", "set": {"size": [1, 1]}}, {"name": "STRASSE", "set": {"size": [2, 2]}}]"#,
        "variants.1.name", "differ only in case"
      ),
    ]
    for (index, (top, field, words)) in cases.enumerated() {
      let file = try folder.write(
        "case\(index).json",
        ##"{"name": "c", "## + top
          + ##", "from": {"layers": [{"id": "card", "rect": {"left": 10, "right": 10, "top": 5, "height": 10}}]}, "##
          + ##""to": {}, "transition": {"type": "fade"}}"##)
      let result = try SegueProcess.run(["validate", file])
      #expect(result.status == 2, "\(top)")
      #expect(
        result.stderr.contains("\(file): at '\(field)': ") && result.stderr.contains(words), "\(top): \(result.stderr)")
      #expect(!result.stderr.contains("did you mean 'id'"), "\(top): \(result.stderr)")
    }
    let file = try folder.write("cards.json", Self.scene)
    let unknown = try SegueProcess.run(["render", file, "--device", "iphone-se"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.contains("--device iphone-se: the scene's 'devices' are '60x40', '100x50'"), "\(unknown.stderr)")
    let apng = try SegueProcess.run(["render", file, "-o", folder.path + "/out", "--apng", folder.path + "/a.png"])
    #expect(apng.status == 2)
    #expect(apng.stderr.contains("--apng writes one run's frames; the scene has 4"), "\(apng.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
  }

  @Test func listDevicesPrintsThePresets() throws {
    let result = try SegueProcess.run(["list", "devices"])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "  iphone-se          375 x 667 pt    @2x = 750 x 1334 px   safe area 20 0 0 0   iPhone SE"),
      "\(result.stdout)")
    #expect(result.stdout.contains("iphone-16-pro-max") && !result.stdout.contains("zoom:"))
    let json = try SegueProcess.run(["list", "devices", "--json"])
    let devices = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
    #expect(devices.first { $0["name"] as? String == "ipad-pro-13" }?["size"] as? [Double] == [1032, 1376])
    #expect(devices.first { $0["name"] as? String == "iphone-mini" }?["safeArea"] as? [Double] == [50, 0, 34, 0])
  }
}
