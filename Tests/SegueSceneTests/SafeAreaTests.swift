import SegueGeometry
import Testing

@testable import SegueScene

/// Safe areas (docs/scene-format.md, "Safe areas"): each device preset's portrait insets, a
/// scene's and a variant's own, pins laid out in the safe area and frames that are it.
struct SafeAreaTests {
  /// A scene on `device` (or of `size`) whose `from` has a nav bar and a tab bar pinned in the
  /// safe area; `extra` adds top-level keys.
  static func scene(device: String? = "\"iphone-se\"", extra: String = "") throws(SceneErrors) -> Scene {
    let head = device.map { #""device": \#($0), "# } ?? ""
    let text =
      #"{\#(head)\#(extra) "from": {"layers": ["#
      + #"{"id": "nav", "rect": {"in": "safeArea", "left": 0, "right": 0, "top": 0, "height": 44}}, "#
      + #"{"id": "tabs", "rect": {"in": "safeArea", "left": 0, "right": 0, "bottom": 0, "height": 49}}]}, "#
      + #""to": {}, "transition": {"type": "fade"}}"#
    return try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
  }

  /// Apple's portrait insets, as UIKit reports `safeAreaInsets` on each device: 20 and 0 with a
  /// home button, 47 (50 on the minis) and 34 with a notch, 59 with the Dynamic Island, 62 on
  /// the 16 Pro and the 17 line, 68 on the Air; 24 and 20 on an iPad without a home button.
  @Test(arguments: [
    ("iphone-se", [20.0, 0, 0, 0]), ("iphone-mini", [50, 0, 34, 0]), ("iphone-13-mini", [50, 0, 34, 0]),
    ("iphone-14", [47, 0, 34, 0]), ("iphone-16e", [47, 0, 34, 0]), ("iphone-14-pro", [59, 0, 34, 0]),
    ("iphone-15-pro", [59, 0, 34, 0]), ("iphone-16", [59, 0, 34, 0]), ("iphone-16-pro", [62, 0, 34, 0]),
    ("iphone-17-pro-max", [62, 0, 34, 0]), ("iphone-air", [68, 0, 34, 0]), ("ipad-mini", [24, 0, 20, 0]),
    ("ipad-pro-13", [24, 0, 20, 0]),
  ])
  func everyPresetCarriesItsSafeArea(name: String, insets: [Double]) throws {
    #expect(DevicePreset.named(name)?.safeArea.values == insets)
    #expect(try Self.scene(device: "\"\(name)\"").safeArea.values == insets)
  }

  @Test func everyPresetHasInsetsThatLeaveItRoom() {
    for preset in DevicePreset.all {
      let safe = preset.safeArea
      #expect(safe.top >= 20 && safe.left == 0 && safe.right == 0, "\(preset.name)")
      #expect(safe.top + safe.bottom < preset.size.height / 8, "\(preset.name)")
    }
  }

  /// The nav bar sits under the status bar, the tab bar above the home indicator: on the SE
  /// (375 x 667, insets 20 and 0) at y 20 and 667 − 49 = 618; on an iPhone 14 (390 x 844, 47
  /// and 34) at 47 and 844 − 34 − 49 = 761; on an iPhone 15 Pro (393 x 852, 59 and 34) at 59
  /// and 852 − 34 − 49 = 769.
  @Test func barsPinnedInTheSafeAreaClearTheStatusBarAndTheHomeIndicator() throws {
    let se = try Self.scene()
    #expect(se.from.layers[0].rect == Rect(x: 0, y: 20, width: 375, height: 44))
    #expect(se.from.layers[1].rect == Rect(x: 0, y: 618, width: 375, height: 49))
    let fourteen = try Self.scene(device: "\"iphone-14\"")
    #expect(fourteen.from.layers[0].rect == Rect(x: 0, y: 47, width: 390, height: 44))
    #expect(fourteen.from.layers[1].rect == Rect(x: 0, y: 761, width: 390, height: 49))
    let pro = try Self.scene(device: "\"iphone-15-pro\"")
    #expect(pro.from.layers[0].rect == Rect(x: 0, y: 59, width: 393, height: 44))
    #expect(pro.from.layers[1].rect == Rect(x: 0, y: 769, width: 393, height: 49))
  }

  /// A scene's own `safeArea` wins over its device's, and a size alone has none; left and right
  /// insets narrow the pins' parent: 400 − 30 − 20 = 350 wide from x 30.
  @Test func aScenesOwnSafeAreaWins() throws {
    let own = try Self.scene(extra: #""safeArea": [10, 30, 5, 20],"#)
    #expect(own.safeArea.values == [10, 30, 5, 20])
    #expect(own.from.layers[0].rect == Rect(x: 30, y: 10, width: 325, height: 44))
    let sized = try Self.scene(device: nil, extra: #""size": [400, 300],"#)
    #expect(sized.safeArea == .zero)
    #expect(sized.from.layers[1].rect == Rect(x: 0, y: 251, width: 400, height: 49))
  }

  @Test func aVariantChangesTheSafeAreaOfEachDevice() throws {
    let text =
      #"{"devices": ["iphone-se", "iphone-14"], "variants": [{"name": "tall", "set": {"safeArea": [100, 0, 0, 0]}}], "#
      + #""from": {"layers": [{"id": "nav", "rect": {"in": "safeArea", "left": 0, "right": 0, "top": 0, "height": 44}}]}, "#
      + #""to": {}, "transition": {"type": "fade"}}"#
    let document = try SceneDocument.parse(Array(text.utf8), file: "s.json", defaultName: "s")
    let tops = try document.runs.map { run throws(SceneErrors) in try document.scene(run).from.layers[0].rect.y }
    // iphone-se, iphone-se+tall, iphone-14, iphone-14+tall.
    #expect(tops == [20, 100, 47, 100])
  }

  @Test func mistakesAreNamedAtTheirField() {
    func error(_ text: String) -> String {
      do {
        _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
        return ""
      } catch {
        return error.errors.map(\.description).joined(separator: "\n")
      }
    }
    let base = #""from": {}, "to": {}, "transition": {"type": "fade"}}"#
    #expect(
      error(#"{"size": [100, 100], "safeArea": [60, 0, 50, 0], "# + base)
        == "s.json: at 'safeArea': these insets leave a container of 100 x 100 points no safe area: top and bottom "
        + "must add up to at most its height, left and right to at most its width")
    #expect(
      error(#"{"size": [100, 100], "safeArea": [-1, 0, 0, 0], "# + base)
        == "s.json: at 'safeArea': expected [top, left, bottom, right]: the container's safe-area insets in points, "
        + "none negative, got [-1, 0, 0, 0]")
    let nested =
      #"{"size": [100, 100], "from": {"layers": [{"rect": [0, 0, 50, 50], "layers": [{"rect": "#
      + #"{"in": "safeArea", "left": 0, "width": 5, "top": 0, "height": 5}}]}]}, "to": {}, "transition": {"type": "fade"}}"#
    #expect(
      error(nested)
        == "s.json: at 'from.layers.0.layers.0.rect.in': only a screen's own layers are pinned in its safe area; a "
        + "sublayer's pins are to its group")
    let bounds =
      #"{"size": [100, 100], "from": {"layers": [{"rect": {"in": "bounds", "left": 0, "width": 5, "top": 0, "#
      + #""height": 5}}]}, "to": {}, "transition": {"type": "fade"}}"#
    #expect(
      error(bounds)
        == "s.json: at 'from.layers.0.rect.in': expected \"safeArea\", to pin to the screen's safe area (without 'in' "
        + "pins are to the parent's bounds), got \"bounds\"")
  }

  /// `{"of": "safeArea"}` is the container inset by the safe area: on an iPhone 14, [0, 47, 390,
  /// 844 − 47 − 34 = 763]; its formula reads the insets at run time.
  @Test func aFrameOfTheSafeArea() throws {
    let text =
      #"{"device": "iphone-14", "from": {}, "to": {}, "transition": {"type": "custom", "animations": ["#
      + #"{"target": "to", "from": {"frame": {"of": "safeArea"}}}]}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    guard case .custom(let custom) = scene.transition.kind,
      case .rect(let rect)? = custom.animations[0].from.formulas[.frame]
    else {
      Issue.record("no frame formula")
      return
    }
    let geometry = SceneGeometry(container: scene.size, safeArea: scene.safeArea, from: scene.from, to: scene.to)
    #expect(rect.value(geometry.inputs) == Rect(x: 0, y: 47, width: 390, height: 763))
    #expect(rect.x == .input(.safeArea(.left)) && rect.y == .input(.safeArea(.top)))
  }
}
