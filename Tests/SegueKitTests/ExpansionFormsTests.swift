import Foundation
import SegueGeometry
import SegueJSON
import SegueKit
import SegueScene
import Testing

/// `segue expand` of a preset on several devices writes the container's terms, not one
/// device's numbers (issue 43, part 7): the devices stay, no caveat is given, and the expanded
/// scene decodes to the preset's values on each device.
struct ExpansionFormsTests {
  static func scene(_ transition: String, devices: String = #"["iphone-se", "iphone-14"]"#) -> String {
    #"{"name": "s", "devices": \#(devices), "from": {}, "to": {}, "transition": \#(transition)}"#
  }

  /// The expanded text and its caveats.
  static func expand(_ text: String) throws -> (text: String, caveats: [String]) {
    var caveats: [String] = []
    let expanded = try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s", caveats: &caveats)
    return (expanded, caveats)
  }

  /// The expanded scene decoded on `device`: its custom transition.
  static func custom(_ text: String, device: String) throws -> (Scene, CustomTransition) {
    let document = try SceneDocument.parse(Array(text.utf8), file: "s.json", defaultName: "s")
    guard case .success(let runs) = document.runs(device: device, variant: nil) else {
      throw SceneErrors(SceneError(file: "s.json", path: "devices", message: "no run on \(device)"))
    }
    let scene = try document.scene(runs[0])
    guard case .custom(let custom) = scene.transition.kind else {
      throw SceneErrors(SceneError(file: "s.json", path: "transition", message: "not custom"))
    }
    return (scene, custom)
  }

  static func point(_ value: PropertyValue?) -> Point? {
    guard case .point(let point)? = value else { return nil }
    return point
  }

  @Test func aPushKeepsItsDevicesAndWritesTheContainersWidth() throws {
    let (text, caveats) = try Self.expand(Self.scene(#"{"type": "push"}"#))
    #expect(caveats.isEmpty)
    guard case .object(let object) = try JSONParser.parse(Array(text.utf8)) else {
      Issue.record("not an object: \(text)")
      return
    }
    #expect(object.first { $0.key == "devices" }?.value == .array([.string("iphone-se"), .string("iphone-14")]))
    #expect(!object.contains { $0.key == "size" })
    // `to` comes in from one container width to the right: [{"of": "container", "times": 1}, 0].
    #expect(
      text.contains(
        #"{"target": "to", "from": {"translate": [{"of": "container", "times": 1}, 0]}, "to": {"translate": [0, 0]}}"#),
      "\(text)")
  }

  /// The pushed-away screen moves W − round(0.7 W): 375 − 263 = 112 on the SE (0.7 · 375 =
  /// 262.5 rounds up), 390 − 273 = 117 on an iPhone 14; `to` starts at W.
  @Test(arguments: [("iphone-se", 375.0, -112.0), ("iphone-14", 390, -117)])
  func theExpandedPushMovesAsThePresetOnEachDevice(device: String, width: Double, parallax: Double) throws {
    let (text, _) = try Self.expand(Self.scene(#"{"type": "push"}"#))
    let (_, custom) = try Self.custom(text, device: device)
    let from = try #require(custom.animations.first { $0.target == .screen(.from) })
    let to = try #require(custom.animations.first { $0.target == .screen(.to) })
    #expect(Self.point(from.to[.translate]) == Point(x: parallax, y: 0))
    #expect(Self.point(to.from[.translate]) == Point(x: width, y: 0))
  }

  /// A bottom panel of half the container: 375 × 333.5 on the SE, 390 × 422 on an iPhone 14, its
  /// size written as shares of the container.
  @Test func aPanelsSizeIsSharesOfTheContainer() throws {
    let (text, caveats) = try Self.expand(Self.scene(#"{"type": "panel", "operation": "present"}"#))
    #expect(caveats.isEmpty)
    #expect(text.contains(#""size": [{"of": "container", "times": 1}, {"of": "container", "times": 0.5}]"#))
    #expect(try Self.custom(text, device: "iphone-se").0.to.size == Size(width: 375, height: 333.5))
    #expect(try Self.custom(text, device: "iphone-14").0.to.size == Size(width: 390, height: 422))
  }

  /// No caveat says the expanded scene runs on one device only, for any preset.
  @Test func noPresetIsWrittenForOneDeviceOnly() throws {
    for type in [
      "zoom", "stories", "slide", "panel", "circle", "spread", "boom", "fade", "push", "flip", "cube", "sheet",
    ] {
      let (text, caveats) = try Self.expand(Self.scene(#"{"type": "\#(type)"}"#))
      #expect(caveats.isEmpty, "\(type): \(caveats)")
      #expect(!text.contains("\"size\": [375"), "\(type)")
    }
  }

  /// A circle grown from a layer reads the layer's frame: written as a formula of it, the
  /// centre of the logo [10, 20, 100, 40] is (60, 40) on every device.
  @Test func aCircleFromALayerIsAFormulaOfTheLayer() throws {
    let text =
      #"{"name": "s", "devices": ["iphone-se", "ipad"], "from": {"layers": [{"id": "logo", "rect": [10, 20, 100, 40]}]}, "#
      + #""to": {}, "transition": {"type": "circle", "origin": {"of": "from.logo"}}}"#
    let (expanded, caveats) = try Self.expand(text)
    #expect(caveats.isEmpty)
    #expect(expanded.contains(#"{"formula": "(from.logo.x + (from.logo.width * 0.5)) - to.frame.x"}"#), "\(expanded)")
    for device in ["iphone-se", "ipad"] {
      let (_, custom) = try Self.custom(expanded, device: device)
      guard case .mask(.circle(let center, _)?)? = custom.animations[0].from[.mask] else {
        Issue.record("no circle on \(device)")
        continue
      }
      #expect(center == Point(x: 60, y: 40))
    }
  }

  /// A layer whose id no formula can name (`my-logo`: the hyphen reads as a minus) leaves the
  /// circle's centre in one device's points: the expanded scene is that device's, and the caveat
  /// names the value.
  @Test func whatNoFormWritesKeepsOneDevicesPointsAndSaysWhat() throws {
    let text =
      #"{"name": "s", "devices": ["iphone-se", "ipad"], "from": {"layers": [{"id": "my-logo", "rect": [10, 20, 100, 40]}]}, "#
      + #""to": {}, "transition": {"type": "circle", "origin": {"of": "from.my-logo"}}}"#
    let (expanded, caveats) = try Self.expand(text)
    #expect(
      caveats == [
        "s.json: no relative form writes to.mask (a formula names a layer only by an id of letters, digits and '_'), "
          + "so the preset is written out in the points of iphone-se (375 x 667); the expanded scene runs on that "
          + "device only"
      ])
    #expect(expanded.contains(#""size": [375, 667]"#) && !expanded.contains("devices"))
    // The logo's centre (60, 40), in numbers.
    #expect(expanded.contains(#"{"mask": {"circle": [60, 40, 1]}}"#), "\(expanded)")
  }
}
