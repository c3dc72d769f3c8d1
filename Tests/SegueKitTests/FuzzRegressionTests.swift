import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// Scenes found by fuzzing the whole pipeline (decode, plan, display list, compositor), each
/// minimized: they trapped, hung, or disagreed between commands. Every one is now an error
/// message or a frame drawn by the contract.
struct FuzzRegressionTests {
  static func decodeErrors(_ text: String) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  static func expansionErrors(_ text: String) -> [String] {
    do {
      _ = try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s")
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  /// Loads a scene from its text (planned, as `render` does).
  static func load(_ text: String) throws -> LoadedScene {
    try LoadedScene(scene: SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s"), file: "s.json")
  }

  /// Every frame of the scene and of its expansion: the same pixels (what `segue expand`
  /// promises, byte for byte).
  static func expectExpansionRendersTheSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let original = try load(text)
    let expanded = try load(SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s"))
    let a = FrameRenderer(original)
    let b = FrameRenderer(expanded)
    #expect(a.frameCount == b.frameCount, sourceLocation: sourceLocation)
    for index in 0..<min(a.frameCount, b.frameCount) {
      #expect(a.render(frame: index) == b.render(frame: index), "frame \(index)", sourceLocation: sourceLocation)
    }
  }

  /// A sheet is W x (H - top) points: with `top` at or past the container's bottom (54 in a
  /// 30 pt container) it has no height. The preset drew nothing of it, but its
  /// expansion was a screen of size [40, 0], which the custom decoder refused (sizes had to be
  /// positive), so `expand` printed a scene that did not render. A custom screen's size may now
  /// be zero, as any frame's may: it draws nothing.
  @Test(arguments: [
    #""operation": "present", "top": 54"#, #""operation": "dismiss", "top": 54"#,
    #""operation": "dismiss", "top": 1000000"#,
  ])
  func aSheetWithNoRoomExpandsToAScreenOfNoHeight(parameters: String) throws {
    let text = ##"""
      {"size": [40, 30], "scale": 1, "fps": 10, "from": {"background": "#FF0000"}, "to": {"background": "#00FF00"},
       "transition": {"type": "sheet", \##(parameters)}}
      """##
    let expanded = try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s")
    // Written as the container's: max(0, H − top), which is max(0, 30 − 54) = 0 here.
    let top = parameters.split(separator: " ").last.map(String.init) ?? ""
    #expect(
      expanded.contains(
        #""size": [{"of": "container", "times": 1}, {"formula": "max(0, (container.height - \#(top)))"}]"#),
      "\(expanded)")
    let scene = try SceneDecoder.decode(Array(expanded.utf8), file: "s.json", defaultName: "s")
    #expect(scene.screen(parameters.contains("present") ? .to : .from).size == Size(width: 40, height: 0))
    try Self.expectExpansionRendersTheSame(text)
    #expect(
      Self.decodeErrors(#"{"size": [40, 30], "from": {"size": [40, -1]}, "to": {}, "transition": {"type": "custom"}}"#)
        == ["s.json: at 'from.size': expected [width, height] in points, both not negative, got [40, -1]"])
  }

  /// `expand` decoded the scene but did not plan it, so it printed scenes that `validate` and
  /// `render` reject (a timeline past 60 s, a spring UIKit cannot fit) and exited 0.
  @Test func expandRejectsWhatPlanningRejects() {
    let long = #"""
      {"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "custom",
       "animations": [{"target": "to", "to": {"opacity": 0}, "delay": 59.9, "duration": 0.2}]}}
      """#
    #expect(Self.expansionErrors(long) == ["s.json: at 'transition': the timeline lasts 60.1 s; the limit is 60 s"])
    let scrubbed = #"""
      {"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "fade"},
       "interaction": {"scrub": [[0, 0], [1, 0.5]], "release": "finish", "completionSpeed": 0.001}}
      """#
    #expect(Self.expansionErrors(scrubbed).first?.hasPrefix("s.json: at 'interaction': the timeline lasts") == true)
    let spring = #"""
      {"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "custom",
       "animations": [{"target": "to", "to": {"opacity": 0}, "duration": 0.1, "curve": {"spring": {"damping": 1e-9}}}]}}
      """#
    #expect(Self.expansionErrors(spring).first?.contains("does not converge") == true)
  }

  /// The circle preset's default end radius reaches the farthest corner: from an origin a
  /// million points away that is more than a million, which the custom decoder refused for a
  /// mask, so `expand` printed a scene that did not decode.
  @Test(arguments: [[1_000_000, 999_999.999], [58.41, -1_000_000], [-1_000_000, -1_000_000]])
  func aCircleFromFarAwayExpands(origin: [Double]) throws {
    try Self.expectExpansionRendersTheSame(
      #"""
      {"size": [40, 30], "scale": 1, "fps": 10, "from": {"background": "#FF0000"}, "to": {"background": "#00FF00"},
       "transition": {"type": "circle", "operation": "present", "origin": [\#(origin[0]), \#(origin[1])]}}
      """#)
  }

  /// A screen of 1e-300 points (or 5e-324) is one pixel whose layers were stretched by 1e300
  /// (or by infinity): converting their pixel coordinates to indices trapped, in the coverage
  /// mask, the clips and the picture drawing. Drawn into a frame of no area, the screen shows
  /// nothing: every frame is the container's background.
  @Test(arguments: [
    ##"{"size": [1e-300, 1], "layers": [{"rect": [1, 0, 1, 1], "color": "#F00"}]}"##,
    ##"{"size": [1e-300, 1], "layers": [{"rect": [0, 0, 1, 1], "color": "#F00"}]}"##,
    ##"{"size": [1, 1e-300], "layers": [{"rect": [0, 1, 1, 1], "color": "#F00", "cornerRadius": 0.5}]}"##,
    ##"{"size": [5e-324, 1], "layers": [{"rect": [1, 0, 1, 1], "color": "#F00", "shape": "ellipse"}]}"##,
    ##"{"size": [1e-300, 1], "layers": [{"id": "a", "rect": [1, 0, 1, 1], "color": "#F00"}]}"##,
  ])
  func aScreenOfNoWidthDrawsNothing(screen: String) throws {
    for role in ["from", "to"] {
      let other = role == "from" ? "to" : "from"
      var transition = #"{"type": "custom"}"#
      if screen.contains(#""id""#) {
        // Its layer lifted, turned in 3D at the end.
        transition =
          #"{"type": "custom", "animations": [{"target": "\#(role).a", "to": {}}], "end": {"\#(role)": {"frame": [1, 0, 1, 1], "rotationX": 1}}}"#
      }
      let loaded = try Self.load(
        ##"{"size": [4, 3], "scale": 1, "fps": 1, "background": "#0000FF", "\##(role)": \##(screen), "\##(other)": {}, "transition": \##(transition)}"##
      )
      let renderer = FrameRenderer(loaded)
      let blue = Pixmap(width: 4, height: 3, fill: RGBA8(r: 0, g: 0, b: 255, a: 255).premultiplied)
      for index in 0..<renderer.frameCount {
        #expect(renderer.render(frame: index) == blue, "\(role) frame \(index)")
      }
    }
  }

  /// A spring of mass 1e6 and stiffness 1e-6 hung `validate` and `render` in the settling-time
  /// bisection; it is now found to settle after months, and refused.
  @Test func aSpringThatSettlesInMonthsIsRefused() {
    let text = #"""
      {"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "custom",
       "curve": {"spring": {"mass": 1000000, "stiffness": 1e-6, "damping": 22, "velocity": 6.3}},
       "animations": [{"target": "to", "from": {"opacity": 0}, "to": {"opacity": 1}}]}}
      """#
    #expect(throws: SceneErrors.self) { try Self.load(text) }
    #expect(
      Self.expansionErrors(text) == [
        "s.json: at 'transition.curve': the spring settles only after 25814761.8 s; the limit is 60 s: give 'transition.duration' to cut it"
      ])
  }

  /// The morphing layer of the display list at `moment`, if one is drawn.
  static func morph(_ loaded: LoadedScene, at moment: Moment) -> RenderLayer? {
    loaded.plan.displayList(at: moment).layers.first { layer in
      if case .morph = layer.content { return true }
      return false
    }
  }

  /// A matched layer whose screen turns it partly behind the eye was placed by dividing by a w
  /// clamped to 1e-9: a frame of about 1e15 points, whose corners (scaled with it) were then
  /// flattened into hundreds of millions of points (20 s and 3 GB for a 1 x 1 pt scene, found
  /// by fuzzing). It is now placed by its part in front of the eye plane, cut as the
  /// compositor cuts what it draws.
  @Test(.timeLimit(.minutes(1))) func aMatchedLayerPartlyBehindTheEyeIsPlacedByItsVisiblePart() throws {
    let loaded = try Self.load(
      #"""
      {"size": [1, 1], "scale": 1, "fps": 1, "from": {"layers": [{"rect": [0, 1, 1, 1], "id": "m0"}]},
       "to": {"layers": [{"rect": [0, 0, 1, 1000000], "id": "m0", "cornerRadius": 1, "border": {"width": 1}}]},
       "transition": {"type": "custom", "animations": [{"target": "to", "from": {"rotation": 270}}],
         "end": {"to": {"rotationY": -68}}, "match": [{"id": "m0"}]}}
      """#)
    let end = try #require(Self.morph(loaded, at: .end))
    // In front of the eye, a point of the layer is at most 1e6 / nearestW = 1e9 points away.
    #expect(end.bounds.width <= 2e9 && end.bounds.height <= 2e9, "\(end.bounds)")
    let renderer = FrameRenderer(loaded)
    for index in 0..<renderer.frameCount { _ = renderer.render(frame: index) }
  }

  /// All of a matched layer behind the eye at the end: it is nowhere on screen, so nothing of
  /// the match is drawn (both layers are lifted out of their screens, as always).
  @Test func aMatchedLayerWhollyBehindTheEyeDrawsNoMatch() throws {
    // The `to` screen turns 60° about x through a point 300 pt above it (anchor [0.5, -10] of
    // its 30 pt height): its layer, 300 to 310 pt below that axis, goes to z = ±(260 to 268)
    // with the eye 100 pt away: away from the viewer (−60°) or behind the eye (60°).
    func scene(_ angle: Int) throws -> LoadedScene {
      try Self.load(
        #"""
        {"size": [40, 30], "scale": 1, "fps": 10, "from": {"layers": [{"rect": [0, 0, 10, 10], "id": "m"}]},
         "to": {"layers": [{"rect": [0, 0, 10, 10], "id": "m"}]},
         "transition": {"type": "custom", "perspective": 100, "end": {"to": {"anchor": [0.5, -10], "rotationX": \#(angle)}},
           "animations": [{"target": "to", "to": {"opacity": 1}}], "match": ["m"]}}
        """#)
    }
    let away = try #require(Self.morph(scene(-60), at: .end))
    #expect(away.bounds.width > 0 && away.bounds.width < 10 && away.bounds.height > 0)
    #expect(Self.morph(try scene(60), at: .end) == nil)
    #expect(Self.morph(try scene(60), at: .time(0)) == nil)
  }

  /// A 40 x 30 pt scene whose `to` screen is 3990 pt square and animates its shadow's radius:
  /// each frame blurred a new 16 Mpx picture of the whole shadow, and the cache kept 16 of them
  /// (28 s and 1.2 GB, found by fuzzing); 4010 pt square, and the shadow was not drawn at all
  /// (its picture was past the limit). A picture past 4 Mpx is now made only where it can land
  /// on the frame, as it is in the whole picture.
  @Test(.timeLimit(.minutes(1))) func aShadowOfATargetFarLargerThanTheFrameIsMadeWhereItShows() throws {
    let animated = try Self.load(
      #"""
      {"size": [40, 30], "scale": 1, "fps": 60, "from": {}, "to": {"background": "#FFFFFF"},
       "transition": {"type": "custom", "duration": 1, "animations": [{"target": "to",
         "from": {"frame": [-3950, -3960, 3990, 3990], "shadow": {"opacity": 1, "radius": 0.1}},
         "to": {"shadow": {"opacity": 1, "radius": 0.5}}}]}}
      """#)
    let renderer = FrameRenderer(animated)
    for index in 0..<renderer.frameCount { _ = renderer.render(frame: index) }
    // Seen near its bottom-right corner, flat or turned about it in perspective, a huge target's
    // shadow is the shadow of a small one with that corner at the same place.
    for turn in ["", #", "anchor": [1, 1], "rotationY": 25, "rotationX": -15"#] {
      func frames(_ side: Int) throws -> [Pixmap] {
        let offset = 30 - side
        let loaded = try Self.load(
          ##"""
          {"size": [40, 30], "scale": 4, "fps": 10, "from": {"background": "#FFFFFF"}, "to": {"background": "#0000FF"},
           "transition": {"type": "custom", "duration": 0.2, "perspective": 300, "animations": [{"target": "to",
             "from": {"frame": [\##(offset), \##(offset - 10), \##(side), \##(side)]\##(turn),
               "shadow": {"opacity": 1, "radius": 2, "offset": [3, 3]}}, "to": {"translate": [2, 1]}}]}}
          """##)
        let renderer = FrameRenderer(loaded)
        return (0..<renderer.frameCount).map { renderer.render(frame: $0) }
      }
      #expect(try frames(4000) == frames(90), "\(turn)")
    }
  }
}
