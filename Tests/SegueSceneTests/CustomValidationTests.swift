import Testing

@testable import SegueScene

/// Every check a custom transition's decoder makes (docs/custom-transitions.md, validation): each mistake is
/// named by its field path, with what was expected.
struct CustomValidationTests {
  /// Screens with ids: `from` has `card` and `both`, `to` has `both` and `photo`.
  static func scene(transition: String, from: String? = nil, to: String? = nil) -> String {
    let from = from ?? #"{"layers": [{"id": "card", "rect": [0, 0, 10, 10]}, {"id": "both", "rect": [0, 0, 5, 5]}]}"#
    let to = to ?? #"{"layers": [{"id": "both", "rect": [1, 1, 5, 5]}, {"id": "photo", "rect": [0, 0, 5, 5]}]}"#
    return #"{"size": [100, 80], "from": \#(from), "to": \#(to), "transition": \#(transition)}"#
  }

  static func errors(_ text: String) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  static let targets = "valid targets: from, to, from.card, from.both, to.both, to.photo"

  /// (transition, the one error it gives).
  static let cases: [(String, String)] = [
    (
      #"{"type": "custom", "animations": [{"target": "form", "to": {"opacity": 0}}]}"#,
      "at 'transition.animations.0.target': unknown target 'form' (did you mean 'from'?); \(targets)"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "from.crad", "to": {"opacity": 0}}]}"#,
      "at 'transition.animations.0.target': no layer of 'from' has the id 'crad' (did you mean 'from.card'?); its ids: card, both"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "from", "to": {"opacty": 0}}]}"#,
      "at 'transition.animations.0.to.opacty': unknown property 'opacty' (did you mean 'opacity'?); valid properties: "
        + "frame, anchor, translate, translateZ, scale, rotation, rotationX, rotationY, opacity, cornerRadius, cornerCurve, mask, shadow, "
        + "transform"
    ),
    (
      #"{"type": "custom", "overlays": {"dim": {}}, "animations": [{"target": "dimm", "to": {"opacity": 0}}]}"#,
      "at 'transition.animations.0.target': unknown target 'dimm' (did you mean 'dim'?); \(targets), dim"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "from", "from": {"mask": {"circle": [0, 0, 5]}}, "to": {"mask": {"rect": [0, 0, 5, 5]}}}]}"#,
      "at 'transition.animations.0.to.mask': a mask animates between masks of one kind: this one goes from a circle to a rect"
    ),
    (
      // The second animation's `from` is the first one's `to`: still a kind change.
      #"{"type": "custom", "animations": [{"target": "from", "to": {"mask": {"circle": [0, 0, 5]}}}, {"target": "from", "to": {"mask": {"rect": [0, 0, 5, 5]}}}]}"#,
      "at 'transition.animations.1.to.mask': a mask animates between masks of one kind: this one goes from a circle to a rect"
    ),
    (#"{"type": "custom", "stack": ["from", "to", "from"]}"#, "at 'transition.stack.2': 'from' is in the stack twice"),
    (
      #"{"type": "custom", "stack": ["from"], "animations": [{"target": "to", "to": {"opacity": 0}}]}"#,
      "at 'transition.stack': the stack leaves out 'to', which an animation moves"
    ),
    (
      #"{"type": "custom", "stack": ["to"], "animations": [{"target": "from.card", "to": {"opacity": 0}}]}"#,
      "at 'transition.stack': the stack leaves out 'from', which an animation moves"
    ),
    (
      #"{"type": "custom", "overlays": {"veil": {"over": "from"}}, "stack": ["from", "veil", "to"]}"#,
      "at 'transition.stack.1': overlay 'veil' is over 'from': it is drawn with that screen, not in the stack"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"rotationY": 40000}}]}"#,
      "at 'transition.animations.0.to.rotationY': expected an angle in degrees, within ±36000, got 40000"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"opacity": 1.5}}]}"#,
      "at 'transition.animations.0.to.opacity': expected an opacity from 0 to 1, got 1.5"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"frame": [0, 0, -1, 5]}}]}"#,
      "at 'transition.animations.0.to.frame': expected [x, y, width, height] in points, width and height not negative, got [0, 0, -1, 5]"
    ),
    (
      // A short string among the numbers is shown as it is, so the wrong element can be seen.
      #"{"type": "custom", "animations": [{"target": "to", "to": {"frame": [0, 0, "10", 5]}}]}"#,
      #"at 'transition.animations.0.to.frame': expected [x, y, width, height] in points, width and height not negative, got [0, 0, "10", 5]"#
    ),
    (
      ##"{"type": "custom", "animations": [{"target": "to", "to": {"color": "#FFFFFF"}}]}"##,
      "at 'transition.animations.0.to.color': a screen has no 'color' to animate (its layers and overlays do)"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"scale": [1, 20000]}}]}"#,
      "at 'transition.animations.0.to.scale': expected a scale: a number or [sx, sy], each within ±10000, got [1, 20000]"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"anchor": 0.5}}]}"#,
      "at 'transition.animations.0.to.anchor': expected [ax, ay] in units of the frame, or {\"points\": [x, y]}, got 0.5"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"shadow": {"radius": 3}}}]}"#,
      "at 'transition.animations.0.to.shadow': missing key 'opacity' (0 to 1): a shadow needs one"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"cornerCurve": "squircle"}}]}"#,
      "at 'transition.animations.0.to.cornerCurve': expected one of 'circular', 'continuous', got \"squircle\""
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"mask": {"circle": [0, 0, 5], "rect": [0, 0, 1, 1]}}}]}"#,
      "at 'transition.animations.0.to.mask.rect': a circle mask is {\"circle\": [cx, cy, r]} alone"
    ),
    (
      #"{"type": "custom", "match": ["card"]}"#,
      "at 'transition.match.0': no layer of 'to' has the id 'card'; a matched id names a layer in both screens"
    ),
    (#"{"type": "custom", "match": ["both", "both"]}"#, "at 'transition.match.1': 'both' is matched twice"),
    (
      #"{"type": "custom", "match": [{"id": "both", "delay": -1}]}"#,
      "at 'transition.match.0.delay': expected a delay in seconds, not negative, at most 60, got -1"
    ),
    (
      #"{"type": "custom", "match": ["both"], "animations": [{"target": "from.both", "to": {"opacity": 0}}]}"#,
      "at 'transition.animations.0.target': layer 'both' is matched: it morphs as one layer, timed by its entry in 'match'"
    ),
    (
      #"{"type": "custom", "overlays": {"to": {}}}"#,
      "at 'transition.overlays.to': an overlay needs a name of its own: not 'from' or 'to', at most 128 bytes, no '.' or control characters"
    ),
    (
      ##"{"type": "custom", "overlays": {"dim": {"colour": "#000000"}}}"##,
      "at 'transition.overlays.dim.colour': unknown key 'colour' (did you mean 'color'?); valid keys: color, opacity, rect, over, gradient, "
        + "shape, cornerRadius, cornerCurve, border, image, layers, clips, contentMode"
    ),
    (
      #"{"type": "custom", "end": {"from": "gone"}}"#,
      "at 'transition.end.from': expected a state object, or \"removed\", got \"gone\""
    ),
    (
      #"{"type": "custom", "end": {"fro": {}}}"#,
      "at 'transition.end.fro': unknown target 'fro' (did you mean 'from'?); \(targets)"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"opacity": 0}, "dealy": 0.2}]}"#,
      "at 'transition.animations.0.dealy': unknown key 'dealy' (did you mean 'delay'?); valid keys: target, from, to, delay, duration, curve, arc, cascade, keyframes, "
        + "calculation"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to"}]}"#,
      "at 'transition.animations.0': an animation needs 'from', 'to' or both, or 'keyframes'"
    ),
    (
      #"{"type": "custom", "animations": [{"to": {"opacity": 0}}]}"#,
      "at 'transition.animations.0': missing key 'target': 'from', 'to', 'from.ID', 'to.ID' or an overlay's name"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"opacity": 0}, "delay": -1}]}"#,
      "at 'transition.animations.0.delay': expected a delay in seconds, not negative, at most 60, got -1"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"opacity": 0}, "duration": 0}]}"#,
      "at 'transition.animations.0.duration': expected a positive number of seconds, at most 60, got 0"
    ),
    (
      #"{"type": "custom", "animations": [{"target": "to", "to": {"opacity": 0}, "curve": "wobbly"}]}"#,
      "at 'transition.animations.0.curve': expected one of 'linear', 'easeIn', 'easeOut', 'easeInOut', 'easeInEaseOut', 'default', 'systemSpring', 'smooth', 'snappy', 'bouncy', got \"wobbly\""
    ),
    (
      #"{"type": "custom", "perspective": 0}"#,
      "at 'transition.perspective': expected a positive distance in points, at most 1000000, or 'none', got 0"
    ),
    (
      #"{"type": "custom", "perspectve": 300}"#,
      "at 'transition.perspectve': unknown key 'perspectve' (did you mean 'perspective'?); valid keys: type, operation, duration, curve, presentation, perspective, stack, overlays, "
        + "snapshots, animations, end, match"
    ),
  ]

  @Test func everyMistakeIsNamedByItsField() {
    for (transition, expected) in Self.cases {
      #expect(Self.errors(Self.scene(transition: transition)) == ["s.json: " + expected], "\(transition)")
    }
  }

  @Test func everyMistakeOfAFileIsReportedAtOnce() {
    let transition =
      #"{"type": "custom", "animations": [{"target": "to", "to": {"opacity": 2}}, {"target": "form", "to": {}}, {"target": "to", "to": {"rotation": "x"}}]}"#
    let errors = Self.errors(Self.scene(transition: transition))
    // The field each message names: between the first pair of quotes.
    #expect(
      errors.map { $0.split(separator: "'").dropFirst().first.map(String.init) ?? $0 } == [
        "transition.animations.0.to.opacity", "transition.animations.1.target", "transition.animations.2.to.rotation",
      ])
  }

  @Test func idsAreUniqueInAScreenAndOnlyCustomScreensHaveASize() {
    let duplicate = Self.scene(
      transition: #"{"type": "custom"}"#,
      from: #"{"layers": [{"id": "a", "rect": [0, 0, 1, 1]}, {"id": "a", "rect": [0, 0, 1, 1]}]}"#)
    #expect(
      Self.errors(duplicate) == [
        "s.json: at 'from.layers.1.id': id 'a' is also the id of from.layers.0; ids are unique in a screen, at any depth"
      ])
    let sized = Self.scene(transition: #"{"type": "fade"}"#, to: #"{"size": [50, 50]}"#)
    #expect(
      Self.errors(sized) == [
        "s.json: at 'to.size': only a custom transition's screens take a size; a preset sizes its screens itself"
      ])
    #expect(Self.errors(Self.scene(transition: #"{"type": "custom"}"#, to: #"{"size": [50, 50]}"#)).isEmpty)
  }

  /// Overlays have a limit, as a screen's layers have: past it, the one error names the field and
  /// the count, and the animations and stack that name overlays still resolve.
  @Test func overlaysHaveALimitLikeLayers() {
    func transition(overlays count: Int) -> String {
      let overlays = (0..<count).map { #""o\#($0)": {}"# }.joined(separator: ", ")
      // The stack has room for both screens and as many overlays as the limit allows.
      let names = (0..<min(count, SceneLimits.maxOverlays)).map { #""o\#($0)""# }.joined(separator: ", ")
      let animations = (0..<count).map { #"{"target": "o\#($0)", "to": {"opacity": 0.5}}"# }
      return #"{"type": "custom", "overlays": {\#(overlays)}, "stack": ["from", \#(names), "to"], "#
        + #""animations": [\#(animations.prefix(10_000).joined(separator: ", "))]}"#
    }
    let limit = SceneLimits.maxOverlays
    #expect(Self.errors(Self.scene(transition: transition(overlays: limit))).isEmpty)
    #expect(
      Self.errors(Self.scene(transition: transition(overlays: limit + 1))) == [
        "s.json: at 'transition.overlays': expected at most \(limit) overlays, got \(limit + 1)"
      ])
  }

  /// Found by fuzzing: a screen of a million points drew its snapshot into a pixmap that could
  /// not be made (a trap). A screen's snapshot has the frame's pixel limits, at its own field.
  @Test func aScreenSnapshotHasTheFramesPixelLimits() throws {
    let huge = Self.scene(transition: #"{"type": "custom"}"#, to: #"{"size": [1000000, 25]}"#)
    #expect(
      Self.errors(huge) == [
        "s.json: at 'to.size': the 'to' screen would be 2000000x50 pixels; the limit is 8192 a side and 64 Mpx"
      ])
    let tall = Self.scene(transition: #"{"type": "custom"}"#, from: #"{"size": [4096, 4000]}"#)
    #expect(
      Self.errors(tall) == [
        "s.json: at 'from.size': the 'from' screen would be 8192x8000 pixels; the limit is 8192 a side and 64 Mpx"
      ])
    #expect(Self.errors(Self.scene(transition: #"{"type": "custom"}"#, from: #"{"size": [4000, 4000]}"#)).isEmpty)
    // A scale override checks the screens again (at the option).
    let wide = Array(Self.scene(transition: #"{"type": "custom"}"#, to: #"{"size": [2000, 10]}"#).utf8)
    #expect(throws: SceneErrors.self) { try SceneDecoder.decode(wide, file: "s.json", defaultName: "s", scale: 16) }
  }
}
