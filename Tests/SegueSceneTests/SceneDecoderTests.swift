import Foundation
import SegueGeometry
import Testing

@testable import SegueScene
@testable import SegueTiming

/// Decoding and validation: values, defaults, and messages that name file, path, expected and found.
struct SceneDecoderTests {
  func decode(_ text: String) throws(SceneErrors) -> Scene {
    try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "fallback")
  }

  func message(_ text: String) -> String {
    do {
      _ = try decode(text)
      return "no error"
    } catch {
      return error.description
    }
  }

  let minimal = #"{"size": [390, 844], "from": {}, "to": {}, "transition": {"type": "circle"}"#

  @Test func appliesDefaults() throws {
    let scene = try decode(minimal + "}")
    #expect(scene.name == "fallback")
    #expect(scene.scale == 2 && scene.fps == 60 && scene.background == .black)
    #expect(scene.transition.operation == .present)
    #expect(scene.transition.duration == nil && scene.transition.curve == nil)
    #expect(scene.pixelWidth == 780 && scene.pixelHeight == 1688)
  }

  @Test func readsTheCatalogExample() throws {
    let scene = try decode(
      #"""
      {"name": "circle-present", "size": [390, 844], "scale": 3, "fps": 120, "background": "#102030",
       "from": {"background": "#F2F2F7", "layers": [
          {"rect": [16, 120, 358, 180], "color": "#FFFFFF", "cornerRadius": 16},
          {"rect": [32, 136, 48, 48], "color": "#FF9500", "shape": "ellipse"},
          {"rect": [0, 0, 10, 10], "cornerRadius": [1, 2, 3, 4], "cornerCurve": "continuous",
           "border": {"width": 2, "color": "#00000080"}, "opacity": 0.5}]},
       "to": {"background": "#FF3B30", "image": "screens/detail.png"},
       "transition": {"type": "circle", "operation": "dismiss", "duration": 0.45, "curve": "easeOut", "origin": [195, 722]}}
      """#)
    #expect(scene.name == "circle-present" && scene.scale == 3 && scene.fps == 120)
    #expect(scene.from.layers.count == 3)
    #expect(scene.from.layers[1].shape == .ellipse)
    #expect(scene.from.layers[2].cornerRadius == CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
    #expect(scene.from.layers[2].border == Layer.Border(width: 2, color: RGBA8(r: 0, g: 0, b: 0, a: 128)))
    #expect(scene.to.image == "screens/detail.png")
    #expect(scene.transition.curve == .bezier(.easeOut))
    guard case .preset(let preset) = scene.transition.kind else {
      Issue.record("a circle is a preset")
      return
    }
    #expect(preset == .circle(origin: .point(Point(x: 195, y: 722)), startRadius: 1, endRadius: nil))
  }

  @Test func devicePresetsSetSizeAndScaleButExplicitValuesWin() throws {
    let preset = try decode(#"{"device": "iphone-15", "from": {}, "to": {}, "transition": {"type": "fade"}}"#)
    #expect(preset.size == Size(width: 393, height: 852) && preset.scale == 3)
    let explicit = try decode(#"{"device": "ipad", "scale": 1, "from": {}, "to": {}, "transition": {"type": "fade"}}"#)
    #expect(explicit.size == Size(width: 820, height: 1180) && explicit.scale == 1)
  }

  @Test func readsEveryCurveKind() throws {
    func curve(_ json: String) throws(SceneErrors) -> TimingCurve? {
      try decode(
        minimal.replacingOccurrences(of: #""type": "circle""#, with: #""type": "circle", "curve": \#(json)"#) + "}"
      )
      .transition.curve
    }
    #expect(try curve(#""systemSpring""#) == .systemSpring)
    #expect(try curve("[0.2, 0.9, 0.3, 1.2]") == .bezier(UnitBezier(0.2, 0.9, 0.3, 1.2)))
    #expect(try curve(#"{"spring": {"damping": 0.7}}"#) == .uiKitSpring(damping: 0.7, velocity: 0))
    #expect(
      try curve(#"{"spring": {"response": 0.5, "dampingRatio": 0.8}}"#)
        == .responseSpring(response: 0.5, dampingRatio: 0.8))
    #expect(
      try curve(#"{"spring": {"mass": 1, "stiffness": 100, "damping": 10, "velocity": 0}}"#)
        == .physicalSpring(mass: 1, stiffness: 100, damping: 10, velocity: 0))
    #expect(
      try curve(#"{"spring": {"duration": 0.4, "bounce": -0.2, "velocity": 1}}"#)
        == .bounceSpring(duration: 0.4, bounce: -0.2, velocity: 1))
    // SwiftUI's defaults: Spring(duration: 0.5, bounce: 0).
    #expect(try curve(#"{"spring": {"bounce": 0.2}}"#) == .bounceSpring(duration: 0.5, bounce: 0.2, velocity: 0))
    #expect(try curve(#""snappy""#) == .bounceSpring(duration: 0.5, bounce: 0.15, velocity: 0))
  }

  @Test func aBounceSpringNamesWhatDoesNotGoWithIt() {
    let base = minimal + "}"
    func with(_ curve: String) -> String {
      message(base.replacingOccurrences(of: #""type": "circle""#, with: #""type": "circle", "curve": \#(curve)"#))
    }
    #expect(
      with(#"{"spring": {"duration": 0.5, "dampingRatio": 0.5}}"#)
        == "s.json: at 'transition.curve.spring.dampingRatio': 'dampingRatio' does not go with 'duration' and 'bounce'")
    #expect(
      with(#"{"spring": {"duration": 0.5, "bounce": -1}}"#)
        == "s.json: at 'transition.curve.spring.bounce': expected a bounce greater than -1, at most 1 (0: no overshoot, negative: overdamped), got -1"
    )
  }

  @Test func messagesNameTheFileThePathAndTheValue() {
    let base = minimal + "}"
    #expect(
      message(base.replacingOccurrences(of: #""type": "circle""#, with: #""type": "circle", "duration": -1"#))
        == "s.json: at 'transition.duration': expected a positive number of seconds, at most 60, got -1")
    #expect(
      message(
        base.replacingOccurrences(
          of: #""from": {}"#,
          with: #""from": {"layers": [{"rect": [0, 0, 1, 1]}, {"rect": [0, 0, 1, 1], "cornerRadius": -2}]}"#))
        == "s.json: at 'from.layers.1.cornerRadius': expected a radius in points (not negative) or [topLeft, topRight, bottomRight, bottomLeft], got -2"
    )
    #expect(
      message(base.replacingOccurrences(of: #""size": [390, 844]"#, with: #""size": [390, 844], "fps": 500"#))
        == "s.json: at 'fps': expected a whole number of frames per second from 1 to 240, got 500")
    #expect(
      message(base.replacingOccurrences(of: #""from": {}"#, with: #""from": {"background": "blue"}"#))
        == "s.json: at 'from.background': expected a colour as '#RGB', '#RRGGBB' or '#RRGGBBAA', got \"blue\"")
    #expect(
      message(base.replacingOccurrences(of: #""size""#, with: #""szie""#))
        == "s.json: at 'szie': unknown key 'szie' (did you mean 'size'?); valid keys: name, device, devices, variants, size, safeArea, scale, fps, background, from, to, "
        + "transition, interaction, $schema\ns.json: missing key 'size' (or 'device' or 'devices'): the container size in points, e.g. [390, 844]"
    )
    #expect(
      message(#"{"size": [390, 844], "to": {}, "transition": {"type": "fade"}}"#)
        == "s.json: missing key 'from' (the screen shown before the transition)")
  }

  @Test func syntaxErrorsGiveLineAndColumn() {
    #expect(
      message("{\n  \"size\": [1, 2],\n  oops\n}")
        == "s.json: invalid JSON: line 3, column 3: expected a key in quotes, found 'o'")
    #expect(message("") == "s.json: invalid JSON: line 1, column 1: expected a value, found the end of the file")
    #expect(message(#"{"a": 1, "a": 2}"#) == "s.json: invalid JSON: line 1, column 10: duplicate key 'a'")
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(message(deep).hasPrefix("s.json: invalid JSON: line 1, column 65: nested deeper than 64 levels"))
  }

  @Test func limitsRejectAbsurdSizesBeforeAllocating() {
    #expect(
      message(minimal.replacingOccurrences(of: "[390, 844]", with: "[100000, 100000]") + "}")
        == "s.json: at 'size': the frame would be 200000x200000 pixels; the limit is 8192 a side and 64 Mpx")
    #expect(
      message(minimal.replacingOccurrences(of: #""size": [390, 844]"#, with: #""size": [390, 844], "scale": 0"#) + "}")
        == "s.json: at 'scale': expected a positive scale of at most 16 pixels per point, got 0")
  }

  @Test func readsInteractions() throws {
    let scene = try decode(
      minimal + #", "interaction": {"scrub": [[0, 0], [0.25, 0.4]], "release": "cancel", "completionSpeed": 2}}"#)
    let interaction = try #require(scene.interaction)
    #expect(interaction.scrub.count == 2 && interaction.scrub[1].fraction == 0.4)
    #expect(interaction.release == .cancel && interaction.completionSpeed == 2)
    #expect(interaction.completionCurve == .bezier(.easeInEaseOut))
    #expect(
      message(minimal + #", "interaction": {"scrub": [[0.5, 0], [0.25, 0.4]]}}"#)
        == "s.json: at 'interaction.scrub.1': keyframe times must not decrease: 0.25 s comes after 0.5 s")
  }
}
