import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueScene
import SegueTestSupport
import Testing

/// `segue swift` checked without a Mac: the animators it writes for every scene of `scenes/` and
/// for random custom and preset scenes are compiled against the UIKit stand-in, run in fake
/// transition contexts on a virtual clock, and every view they move is compared, frame by frame,
/// with Segue's own evaluation of the scene: its corners (position, bounds, anchor, transform and
/// depth together), opacity, corner radius, shadow and mask, to 1e-6 of the container's size.
@Suite(.serialized)
struct GeneratedAnimatorEndToEndTests {
  static let scenesFolder: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scenes").path
  }()

  @Test func everySceneAnimatorPlaysItsTimeline() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenesFolder).filter { $0.hasSuffix(".json") }
      .sorted().map { Self.scenesFolder + "/" + $0 }
    // Every scene of scenes/ exports.
    #expect(files.count >= 54)
    try play(files)
  }

  @Test func randomScenesAnimatorsPlayTheirTimelines() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // SEGUE_RANDOM_SEED and SEGUE_RANDOM_SCENES explore further than CI's fixed 24 scenes.
    let environment = ProcessInfo.processInfo.environment
    var random = SplitMix64(state: environment["SEGUE_RANDOM_SEED"].flatMap { UInt64($0) } ?? 0x5E6E_2026)
    var files: [String] = []
    for index in 0..<(environment["SEGUE_RANDOM_SCENES"].flatMap { Int($0) } ?? 24) {
      // Every third a preset, every third (from the second) keyframes and steps, the rest custom.
      let interactive = index % 4 == 3
      var text =
        index % 3 == 2
        ? RandomScene.preset(&random)
        : index % 3 == 1 ? RandomScene.motion(&random, interactive: interactive) : RandomScene.custom(&random)
      // Every fourth scene is driven by a finger, which finishes or cancels.
      if interactive { text = RandomScene.interactive(text, preset: index % 3 == 2, &random) }
      let file = folder.path + "/random-\(index).json"
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      // SEGUE_KEEP_SCENES=DIR keeps a copy of each random scene, to replay a failure by hand.
      if let keep = ProcessInfo.processInfo.environment["SEGUE_KEEP_SCENES"] {
        try text.write(toFile: keep + "/random-\(index).json", atomically: true, encoding: .utf8)
      }
      files.append(file)
    }
    try play(files)
  }

  /// A scene renamed (its animator), and the same scene on a container of `container` (nil: its
  /// own, its first device and variant) with every layer that has an id and a rect of numbers
  /// moved and resized by `layout` (0: as it is; 1: 12 pt right, 24 down, 85 %; 2: 6 pt left,
  /// 48 down, 110 %): the app's geometry. Given a container, devices and variants are dropped:
  /// it is the one device. Given `safeArea` (top, left, bottom, right), the app's container has
  /// those insets, whatever its size or device (a scene's own `safeArea` wins over a preset's).
  static func moved(
    _ text: String, name: String, container: (Double, Double)?, layout: Int, safeArea: [Double]? = nil
  ) throws -> (String, String) {
    guard var scene = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw CocoaError(.coderReadCorrupt)
    }
    scene["name"] = name
    let animator = try JSONSerialization.data(withJSONObject: scene)
    if let container {
      scene["devices"] = nil
      scene["variants"] = nil
      scene["size"] = [container.0, container.1]
      // The safe area of a phone of that size: an SE's status bar alone, or a notch and a home
      // indicator, so an animator that reads the insets is played at another safe area too.
      scene["safeArea"] = container.1 < 700 ? [20, 0, 0, 0] : [59, 0, 34, 0]
    }
    if let safeArea { scene["safeArea"] = safeArea }
    let (dx, dy, factor) = [(0.0, 0.0, 1.0), (12, 24, 0.85), (-6, 48, 1.1)][layout]
    func move(_ layers: Any?) -> Any? {
      guard let layers = layers as? [[String: Any]] else { return layers }
      return layers.map { layer in
        var layer = layer
        if layer["id"] != nil, let rect = layer["rect"] as? [Double], rect.count == 4 {
          layer["rect"] = [rect[0] + dx, rect[1] + dy, rect[2] * factor, rect[3] * factor]
        }
        layer["layers"] = move(layer["layers"])
        return layer
      }
    }
    for role in ["from", "to"] {
      guard var screen = scene[role] as? [String: Any] else { continue }
      screen["layers"] = move(screen["layers"])
      scene[role] = screen
    }
    let geometry = try JSONSerialization.data(withJSONObject: scene)
    return (String(decoding: animator, as: UTF8.self), String(decoding: geometry, as: UTF8.self))
  }

  /// `segue swift A.json B.json`: one file with both animators and one delegate that chooses by
  /// the operation (and hands each interaction to its own animator), as an app sets one delegate.
  /// Two interactive scenes share the timeline helpers; the file compiles, lints and answers.
  @Test func oneDelegateForSeveralScenes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenes = Self.scenesFolder + "/"
    let navigation = try SegueProcess.run([
      "swift", scenes + "stories-push-swipe-finished.json", scenes + "push-pop-swipe-cancelled.json",
    ])
    let modal = try SegueProcess.run([
      "swift", scenes + "panel-present.json", scenes + "panel-dismiss-drag-finished.json",
    ])
    #expect(navigation.status == 0 && modal.status == 0, "\(navigation.stderr)\(modal.stderr)")
    #expect(navigation.stdout.components(separatedBy: "class TimelineAnimator").count == 2)
    let main = """
      import UIKit

      @main
      struct Main {
        @MainActor static func main() {
          func name(_ object: Any?) -> String { object.map { String(describing: type(of: $0)) } ?? "nil" }
          let navigation = UINavigationController()
          let (a, b) = (UIViewController(), UIViewController())
          let transitions = StoriesPushSwipeFinishedNavigationDelegate()
          let push = transitions.navigationController(navigation, animationControllerFor: .push, from: a, to: b)
          let pop = transitions.navigationController(navigation, animationControllerFor: .pop, from: b, to: a)
          print("push", name(push), "pop", name(pop))
          transitions.popInteraction = PushPopSwipeCancelledInteraction()
          if let push, let pop {
            print("push interaction", name(transitions.navigationController(navigation, interactionControllerFor: push)))
            print("pop interaction", name(transitions.navigationController(navigation, interactionControllerFor: pop)))
          }
          let modal = PanelPresentTransitioningDelegate()
          let present = modal.animationController(forPresented: b, presenting: a, source: a)
          let dismiss = modal.animationController(forDismissed: b)
          modal.dismissInteraction = PanelDismissDragFinishedInteraction()
          print("present", name(present), "dismiss", name(dismiss))
          if let dismiss { print("dismiss interaction", name(modal.interactionControllerForDismissal(using: dismiss))) }
        }
      }
      """
    let output = try StandInHarness.run(
      ["Navigation.swift": navigation.stdout, "Modal.swift": modal.stdout, "Main.swift": main], in: folder.path)
    #expect(
      output
        == "push StoriesPushSwipeFinishedAnimator pop PushPopSwipeCancelledAnimator\n"
        + "push interaction nil\npop interaction PushPopSwipeCancelledInteraction\n"
        + "present PanelPresentAnimator dismiss PanelDismissDragFinishedAnimator\n"
        + "dismiss interaction PanelDismissDragFinishedInteraction\n")
    for (name, text) in [("navigation", navigation.stdout), ("modal", modal.stdout)] {
      try text.write(toFile: folder.path + "/\(name).swift", atomically: true, encoding: .utf8)
    }
    let configuration = URL(fileURLWithPath: Self.scenesFolder).deletingLastPathComponent().path + "/.swift-format"
    let lint = try SegueProcess.start(
      [
        "swift", "format", "lint", "--strict", "--configuration", configuration, folder.path + "/navigation.swift",
        folder.path + "/modal.swift",
      ], program: "/usr/bin/env"
    ).wait()
    #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
    // Two scenes of one operation cannot share a delegate.
    let two = try SegueProcess.run(["swift", scenes + "push-push.json", scenes + "stories-push.json"])
    #expect(two.status == 2 && two.stdout.isEmpty)
    #expect(
      two.stderr
        == "error: \(scenes)stories-push.json: at 'transition.operation': \(scenes)push-push.json is also a push: a "
        + "delegate runs one animator for each operation, so write them to two files\n")
  }

  /// Names that clash with Swift's keywords, with the writer's own locals (`hidden`, `timing0`,
  /// a closure's `position`), with each other once mangled (`from.Controller` and the local
  /// `fromController`, `card-1` and `card_1`), or with UIKit (a scene named `UIViewController`),
  /// and a 100-letter name: the animators compile against the stand-in and play their scenes.
  @Test func namesThatClashCompileAndPlay() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let locals = [
      "hidden", "timing0", "timing1", "matchAFrom", "matchAView", "timeline", "position", "container", "start",
      "views", "view", "fromView", "toView", "fromClips", "clock", "length", "interaction", "min",
      "print", "UIView", String(repeating: "v", count: 100),
    ]
    let clash = try GeneratedSwiftSafetyEndToEndTests.scene(
      name: "UIViewController", overlays: SwiftKeywords.all + locals,
      ids: ["Controller", "card-1", "card_1", "hidden", "timing1", "position", "Screen"], match: "A")
    let file = folder.path + "/clash.json"
    try clash.write(toFile: file, atomically: true, encoding: .utf8)
    try play([file])
  }

  /// A keyed group lifted with a lifted and a matched layer inside it: its snapshot is taken
  /// after both are hidden (and after screen updates), so neither shows twice. A group without an
  /// id, faded to 0.5, that holds a lifted layer stays in its screen; its carrier view fades what
  /// it carries by 0.5, as Segue draws it.
  @Test func groupsHoldingLiftedLayers() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "groups.json",
      ##"""
      {"name": "groups", "size": [390, 844], "scale": 1,
       "from": {"background": "#F2F2F7", "layers": [
         {"id": "row", "rect": [0, 100, 390, 80], "color": "#FFFFFF", "layers": [
           {"id": "thumb", "rect": [16, 8, 64, 64], "color": "#FF9500", "cornerRadius": 8},
           {"id": "badge", "rect": [340, 28, 24, 24], "color": "#FF3B30", "shape": "ellipse"}]},
         {"rect": [0, 300, 390, 200], "color": "#FFFFFF", "opacity": 0.5, "cornerRadius": 12, "clips": true, "layers": [
           {"id": "title", "rect": [16, 16, 200, 24], "color": "#000000"}]}]},
       "to": {"background": "#FFFFFF", "layers": [{"id": "thumb", "rect": [0, 0, 390, 390], "color": "#FF9500"}]},
       "transition": {"type": "custom", "duration": 0.3, "match": ["thumb"], "animations": [
         {"target": "from.row", "to": {"opacity": 0}},
         {"target": "from.badge", "to": {"scale": 0.5}},
         {"target": "from.title", "to": {"translate": [20, 0]}}]}}
      """##)
    let generated = try SegueProcess.run(["swift", file])
    #expect(generated.stdout.contains("fromGroup1.layer.opacity = 0.5"), "\(generated.stdout.prefix(4000))")
    try play([file])
  }

  /// An overlay drawn as a layer, with a border, a gradient sublayer and an image (the app's image
  /// of the file's name), grows and fades: the animator makes the views and plays the scene.
  @Test func madeViewsPlay() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/art", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Self.scenesFolder + "/../Tests/Goldens/fade-push/frame_0000.png", toPath: folder.path + "/art/logo.png")
    let file = folder.path + "/made.json"
    try ##"""
    {"size": [390, 844], "from": {"background": "#FFFFFF"}, "to": {"background": "#000000"},
     "transition": {"type": "custom", "operation": "present", "duration": 0.4, "stack": ["from", "card", "to"],
       "overlays": {"card": {"rect": [40, 300, 310, 200], "color": "#FFFFFF", "cornerRadius": 16, "clips": true,
         "border": {"width": 2, "color": "#D1D1D6"}, "layers": [
           {"rect": [0, 0, 310, 60], "gradient": {"colors": ["#0A84FF", "#5E5CE6"]}},
           {"rect": [16, 80, 48, 48], "image": "art/logo.png", "cornerRadius": 8}]}},
       "animations": [{"target": "card", "from": {"opacity": 0, "frame": [60, 320, 270, 160]},
         "to": {"opacity": 1, "frame": [40, 300, 310, 200]}}]}}
    """##.write(toFile: file, atomically: true, encoding: .utf8)
    let source = try SegueProcess.run(["swift", file])
    #expect(source.stdout.contains(#"UIImage(named: "logo")?.cgImage"#), "\(source.stderr)")
    #expect(source.stdout.contains("GradientView(frame:"))
    try play([file])
  }

  @Test func theStandInPassesItsOwnChecks() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let checks = StandInHarness.standIn + "/SelfTest"
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: checks) where name.hasSuffix(".swift") {
      files[name] = try String(contentsOfFile: checks + "/" + name, encoding: .utf8)
    }
    let output = try StandInHarness.run(files, in: folder.path) ?? ""
    #expect(output.contains("selftest: ") && output.contains(" passed, 0 failed"), "\(output.suffix(2000))")
  }

  @Test func generatedAnimatorsAreFormatted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in [
      "sheet-present", "custom-mini-player", "custom-card-flip", "circle-present", "custom-door-3d",
      "stories-push-swipe-finished", "custom-card-swipe-cancelled",
    ] {
      let result = try SegueProcess.run(
        ["swift", Self.scenesFolder + "/\(name).json", "-o", folder.path + "/\(name).swift"])
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let configuration = URL(fileURLWithPath: Self.scenesFolder).deletingLastPathComponent().path + "/.swift-format"
    let lint = try SegueProcess.start(
      ["swift", "format", "lint", "--strict", "--configuration", configuration, "--recursive", folder.path],
      program: "/usr/bin/env"
    ).wait()
    #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
  }

  /// Each row of docs/swift.md's table of what `segue swift` refuses, on a scene made for it.
  @Test func whatCoreAnimationCannotStateIsAnErrorNamingTheField() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let screens =
      ##""from": {"layers": [{"id": "card", "rect": [10, 10, 100, 100], "color": "#FF0000"}, "##
      + ##"{"id": "list", "rect": [0, 200, 390, 200], "layers": [{"rect": [0, 0, 390, 50]}, {"rect": [0, 60, 390, 50]}]}, "##
      + ##"{"id": "dot", "rect": [10, 500, 60, 30], "shape": "ellipse", "cornerCurve": "continuous"}]}, "##
      + ##""to": {"layers": [{"id": "dot", "rect": [100, 100, 200, 100], "shape": "ellipse"}]}"##
    let cases: [(String, String, String)] = [
      (
        ##"{"target": "from", "to": {"rotationX": 30, "rotationY": 40}}"##, "transition.animations.0.to.rotationY",
        "turns about more than one axis"
      ),
      (##"{"target": "from", "to": {"scale": -1}}"##, "transition.animations.0.to.scale", "goes below 0"),
      (
        ##"{"target": "from", "to": {"cornerRadius": [10, 20, 0, 0]}}"##, "transition.animations.0.to.cornerRadius",
        "by different radii"
      ),
      (##"{"target": "from.card", "to": {"color": "#00FF00"}}"##, "transition.animations.0.to.color", "snapshot"),
      (
        ##"{"target": "from", "from": {"anchor": [0, 0]}, "to": {"anchor": [1, 1], "frame": [0, 0, 100, 100]}}"##,
        "transition.animations.0.to.anchor", "both its anchor and its frame"
      ),
      (
        ##"{"target": "dim", "to": {"opacity": 0.5}, "curve": {"spring": {"damping": 0.5}}}"##,
        "transition.animations.0.curve", "past its largest 0.5"
      ),
      (
        ##"{"target": "from.card", "to": {"cornerRadius": 10, "cornerCurve": "continuous"}}"##,
        "transition.animations.0.to.cornerCurve", "switches its corner curve"
      ),
      (
        ##"{"target": "from.card", "to": {"mask": {"circle": [50, 50, 40]}}}"##, "transition.animations.0.from.mask",
        "a mask that appears"
      ),
      (
        ##"{"target": "from.card", "to": {"cornerRadius": 12, "shadow": {"color": "#000000", "opacity": 0.3, "radius": 8, "offset": [0, 4]}}}"##,
        "transition.animations.0.to.shadow", "casts a shadow and clips"
      ),
    ]
    for (index, (animation, field, words)) in cases.enumerated() {
      let file = folder.path + "/case\(index).json"
      let text =
        ##"{"size": [390, 844], "## + screens
        + ##", "transition": {"type": "custom", "overlays": {"dim": {"opacity": 0}}, "animations": ["##
        + animation + "]}}"
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let result = try SegueProcess.run(["swift", file])
      #expect(result.status == 2, "\(animation)")
      #expect(
        result.stderr.contains("\(file): at '\(field)': ") && result.stderr.contains(words),
        "\(animation): \(result.stderr)")
      // One cause, one error (a cascade is refused once, not once for each of its sublayers).
      #expect(result.stderr.split(separator: "\n").count == 1, "\(animation): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    /// `segue swift` refuses `scene` (the text after its size) with exactly `message` at `field`.
    func refuses(_ name: String, _ scene: String, at field: String, _ message: String) throws {
      let file = folder.path + "/\(name).json"
      try (##"{"size": [390, 844], "## + scene).write(toFile: file, atomically: true, encoding: .utf8)
      let result = try SegueProcess.run(["swift", file])
      #expect(result.status == 2)
      #expect(result.stderr == "error: \(file): at '\(field)': \(message)\n", "\(result.stderr)")
    }
    // Cubic keyframes in an interactive scene, whose scrubbed timeline is linear.
    try refuses(
      "cubic",
      ##""interaction": {"scrub": [[0, 0], [0.1, 0.5]], "release": "finish"}, "## + screens
        + ##", "transition": {"type": "custom", "animations": [{"target": "from", "calculation": "cubic", "##
        + ##""keyframes": [{"to": {"opacity": 0}}]}]}}"##, at: "transition.animations.0.calculation",
      "cubic keyframes in an interactive scene: the animator's scrubbed timeline joins values in straight lines, so "
        + "segue swift cannot write the spline yet; use 'linear', 'paced' or 'discrete'")
    // A layer animated in place after a lifted one: the app would draw the snapshot above it.
    try refuses(
      "order",
      ##""from": {"layers": [{"id": "a", "rect": [0, 0, 100, 100]}, "##
        + ##"{"id": "b", "rect": [0, 50, 100, 100], "lift": false}]}, "to": {}, "transition": {"type": "custom", "##
        + ##""animations": [{"target": "from.a", "to": {"opacity": 0}}, {"target": "from.b", "to": {"opacity": 0}}]}}"##,
      at: "transition.animations.1.target",
      "'from.b' is animated in place after 'from.a', which is lifted as a snapshot: the app would draw the snapshot "
        + "above it; give that layer \"lift\": false too")
    // Views the animator makes: an ellipse a view cannot be.
    try refuses(
      "overlay-ellipse",
      ##""from": {}, "to": {}, "transition": {"type": "custom", "overlays": {"spot": {"rect": [0, 0, 40, 20], "##
        + ##""shape": "ellipse"}}, "animations": [{"target": "spot", "to": {"opacity": 0}}]}}"##,
      at: "transition.overlays.spot.shape",
      "an overlay drawn as an ellipse whose frame is not one square throughout: a view the animator makes keeps "
        + "a rectangle; give it a square that does not animate ({\"circle\": [cx, cy, r]}, moved and scaled by "
        + "transforms), round it with 'cornerRadius' or give it a mask")
    // A group laid out while it resizes is the app's view, not a snapshot; and one animation moves it.
    try refuses(
      "layout-lifted",
      ##""from": {"layers": [{"id": "card", "rect": [0, 0, 100, 100], "resize": "layout"}]}, "to": {}, "##
        + ##""transition": {"type": "custom", "animations": [{"target": "from.card", "to": {"frame": [0, 0, 200, 50]}}]}}"##,
      at: "transition.animations.0.to.frame",
      "'from.card' is laid out while it resizes, but the animator moves a snapshot of the app's view, whose content "
        + "stretches: give the layer \"lift\": false, so the animator animates the view itself")
    try refuses(
      "layout-twice",
      ##""from": {}, "to": {"resize": "layout"}, "transition": {"type": "custom", "animations": ["##
        + ##"{"target": "to", "to": {"frame": [0, 100, 390, 744]}}, {"target": "to", "delay": 0.1, "##
        + ##""to": {"frame": [0, 40, 390, 804]}}]}}"##,
      at: "transition.animations.1.to.frame",
      "'to' is laid out while it resizes: one animation moves its frame, which its subviews follow")
    // A match of an ellipse that is not a circle, and one with a different corner curve on each side.
    let ellipse = folder.path + "/ellipse.json"
    try (##"{"size": [390, 844], "## + screens + ##", "transition": {"type": "custom", "match": ["dot"]}}"##)
      .write(toFile: ellipse, atomically: true, encoding: .utf8)
    let oval = try SegueProcess.run(["swift", ellipse])
    #expect(oval.status == 2)
    #expect(
      oval.stderr.contains("\(ellipse): at 'transition.match.0': ")
        && oval.stderr.contains("an ellipse that is not a circle"), "\(oval.stderr)")
    let curves = folder.path + "/curves.json"
    try ##"""
    {"size": [390, 844], "from": {"layers": [{"id": "tile", "rect": [10, 10, 60, 60], "cornerRadius": 8,
     "cornerCurve": "continuous"}]}, "to": {"layers": [{"id": "tile", "rect": [0, 0, 390, 300], "cornerRadius": 8}]},
     "transition": {"type": "custom", "match": ["tile"]}}
    """##.write(toFile: curves, atomically: true, encoding: .utf8)
    let twoCurves = try SegueProcess.run(["swift", curves])
    #expect(twoCurves.status == 2)
    #expect(
      twoCurves.stderr.contains("at 'transition.match.0': ") && twoCurves.stderr.contains("different corner curve"),
      "\(twoCurves.stderr)")
    // On a seed preset, a completion curve whose y leaves 0…1.
    let preset = folder.path + "/preset-completion.json"
    try ##"""
    {"size": [390, 844], "from": {}, "to": {},
     "interaction": {"scrub": [[0, 0], [0.2, 0.4]], "completionCurve": [0.3, -0.4, 0.6, 1.4]},
     "transition": {"type": "stories", "operation": "push"}}
    """##.write(toFile: preset, atomically: true, encoding: .utf8)
    let leaves = try SegueProcess.run(["swift", preset])
    #expect(leaves.status == 2)
    #expect(
      leaves.stderr.contains("at 'interaction.completionCurve': ") && leaves.stderr.contains("leaves 0…1"),
      "\(leaves.stderr)")
    // After the finger lifts, the rest is timed by a group's timing function: a cubic curve only.
    let file = folder.path + "/spring-completion.json"
    try ##"""
    {"size": [390, 844], "from": {}, "to": {},
     "interaction": {"scrub": [[0, 0], [0.2, 0.4]], "completionCurve": {"spring": {"damping": 0.7}}},
     "transition": {"type": "fade", "operation": "present"}}
    """##.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try SegueProcess.run(["swift", file])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("\(file): at 'interaction.completionCurve': ") && result.stderr.contains("cubic Bézier"),
      "\(result.stderr)")
  }

  /// Writes each scene's animator with `segue swift`, plays them all in one program and compares.
  func play(_ files: [String]) throws {
    try play(files.map { ($0, $0) })
  }

  /// Writes each animator from `animator` with `segue swift` and plays it in the app's geometry
  /// that `geometry` describes (the container, the screens, where the handed views are), all in
  /// one program; compares each with Segue's drawing of `geometry`. Pairs may share an animator.
  func play(_ pairs: [(animator: String, geometry: String)]) throws {
    for (loaded, samples) in try samples(pairs) {
      ReplayComparison(loaded: loaded, samples: samples).check()
    }
  }

  /// Plays each animator as `play` does and returns, for each scene, what the driver printed of
  /// it: every sampled view at every frame (empty when the program did not run).
  func samples(_ pairs: [(animator: String, geometry: String)]) throws -> [(LoadedScene, [[String: Any]])] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var sources: [String: String] = [:]
    var scenes: [AnimatorDriver.Scene] = []
    var loadedScenes: [LoadedScene] = []
    // An animator played in several apps is written (and compiled) once.
    var written: [String: SegueProcess.Result] = [:]
    for (file, geometryFile) in pairs {
      let result = try written[file] ?? SegueProcess.run(["swift", file])
      written[file] = result
      guard result.status == 0 else {
        Issue.record("segue swift \(file) failed:\n\(result.stderr)")
        continue
      }
      let loaded = try LoadedScene.load(geometryFile, loadImages: false)
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      sources["\(name).swift"] = result.stdout
      let timeline = loaded.timeline
      let times = (0..<max(0, timeline.frameCount - 1)).map { timeline.frame($0).time }
      let scene = loaded.scene
      let screen = { (role: ScreenRole) in scene.screen(role).size ?? scene.size }
      var driven = AnimatorDriver.Scene(
        animator: Self.typeName(in: result.stdout), viewKeys: Self.viewKeys(in: result.stdout),
        size: (scene.size.width, scene.size.height), fromSize: (screen(.from).width, screen(.from).height),
        toSize: (screen(.to).width, screen(.to).height), times: times, end: timeline.clock.duration + 1)
      driven.safeArea = scene.safeArea.values
      driven.parents = Self.parents(of: driven.viewKeys ?? [], in: loaded)
      driven.inPlaceKeys = (driven.viewKeys ?? []).filter { result.stdout.contains("appView(\"\($0)\")") }
      // A screen laid out while it resizes: its pinned layers, laid out by the app at any size. Pins
      // are affine in the parent's size, so two sizes give each value's a + b·size.
      for role in ScreenRole.allCases where scene.screen(role).resize == .layout {
        var pinned: [(index: Int, coefficients: [Double])] = []
        for (index, layer) in scene.screen(role).layers.enumerated() {
          guard let pins = layer.pins else { continue }
          let one = pins.rect(in: Size(width: 1000, height: 1000))
          let two = pins.rect(in: Size(width: 2000, height: 2000))
          var coefficients: [Double] = []
          for (a, b) in [(one.x, two.x), (one.y, two.y), (one.width, two.width), (one.height, two.height)] {
            coefficients += [2 * a - b, (b - a) / 1000]
          }
          pinned.append((index, coefficients))
        }
        driven.laidOut[role.rawValue] = pinned
      }
      let transition = loaded.scene.transition
      if let presenting = transition.presentingRole, !transition.animatorOwns(presenting) {
        driven.presentingInPlace = presenting.rawValue
      }
      // The sheet preset's page sheet, which Segue draws where UIKit's presentation controller
      // puts it (a custom scene's presented screen is drawn at its own frame).
      if transition.presentationStyle == .pageSheet, transition.type == "sheet" {
        driven.pageSheet = (transition.operation.isForward ? ScreenRole.to : .from).rawValue
      }
      // Each view where the scene lays it out, in its app parent's coordinates.
      let geometry = loaded.plan.geometry
      for key in driven.viewKeys ?? [] {
        func frame(_ key: String) -> [Double] {
          GeometryInput.RectComponent.allCases.map { geometry.value(of: .view(key, $0)) }
        }
        var own = frame(key)
        if let parent = driven.parents[key] {
          let origin = frame(parent)
          own[0] -= origin[0]
          own[1] -= origin[1]
        }
        driven.frames[key] = own
        driven.radii[key] = geometry.value(of: .viewCornerRadius(key))
        // A group whose sublayers without ids a cascade moves: the app's view has them as its
        // subviews, in order.
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, let role = ScreenRole(rawValue: parts[0]),
          let path = loaded.plan.layerPath(role, id: parts[1]), let group = scene.screen(role).layer(at: path),
          result.stdout.contains("lift(\"\(key)\", subview:")
        {
          driven.subviews[key] = group.layers.map { [$0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height] }
        }
      }
      if let interaction = scene.interaction, let release = interaction.scrub.last {
        let scrubbed = times.indices.filter { times[$0] < release.time }
        driven.gesture = AnimatorDriver.Gesture(
          progress: scrubbed.map { timeline.frame($0).progress }, releaseTime: release.time,
          releaseFraction: release.fraction, finishes: interaction.release == .finish)
      }
      scenes.append(driven)
      loadedScenes.append(loaded)
    }
    sources["Driver.swift"] = AnimatorDriver(scenes: scenes).source
    guard let output = try StandInHarness.run(sources, in: folder.path) else { return [] }
    var samples: [Int: [[String: Any]]] = [:]
    for line in output.split(separator: "\n") {
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let scene = object["scene"] as? Int
      else { continue }
      // A snapshot of a handed view shows none of the handed views inside it: each was hidden
      // when it was taken, and the snapshot waited for the screen to show that.
      if let key = object["snapshot"] as? String, let inside = object["inside"] as? [String] {
        let hidden = object["hidden"] as? [String] ?? []
        let shown = inside.filter { !hidden.contains($0) }
        #expect(shown.isEmpty, "\(scenes[scene].animator): the snapshot of \(key) shows \(shown)")
        #expect(inside.isEmpty || object["afterUpdates"] as? Bool == true, "\(scenes[scene].animator): \(key)")
        // A cascaded sublayer's snapshot is of the group's subview in the sublayer's place.
        for (group, frames) in scenes[scene].subviews {
          for index in frames.indices where key == "\(group).\(index)" {
            let parts = group.split(separator: ".", maxSplits: 1).map(String.init)
            let path = ScreenRole(rawValue: parts[0]).flatMap { loadedScenes[scene].plan.layerPath($0, id: parts[1]) }
            let node = "segue.\(parts[0])." + ((path ?? []) + [index]).map(String.init).joined(separator: ".")
            #expect(object["node"] as? String == node, "\(scenes[scene].animator): \(key) snapshotted as \(object)")
          }
        }
        continue
      }
      samples[scene, default: []].append(object)
    }
    return loadedScenes.enumerated().map { index, loaded in (loaded, samples[index] ?? []) }
  }

  /// Each handed view's nearest handed ancestor, from the scene's layer tree.
  static func parents(of keys: [String], in loaded: LoadedScene) -> [String: String] {
    var parents: [String: String] = [:]
    for key in keys {
      let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
      guard parts.count == 2, let role = ScreenRole(rawValue: parts[0]),
        let path = loaded.plan.layerPath(role, id: parts[1])
      else { continue }
      let screen = loaded.scene.screen(role)
      for depth in stride(from: path.count - 1, through: 1, by: -1) {
        if let id = screen.layer(at: Array(path.prefix(depth)))?.id, keys.contains("\(parts[0]).\(id)") {
          parents[key] = "\(parts[0]).\(id)"
          break
        }
      }
    }
    return parents
  }

  /// The animator class the file declares.
  static func typeName(in source: String) -> String {
    guard let range = source.range(of: "final class "), let end = source[range.upperBound...].firstIndex(of: ":")
    else { return "" }
    return String(source[range.upperBound..<end])
  }

  /// The keys of the views the animator lifts (`lift("from.card"` and `views["from.group"]`),
  /// or nil when it takes none.
  static func viewKeys(in source: String) -> [String]? {
    guard source.contains("init(views: [String: UIView])") else { return nil }
    var keys: [String] = []
    for marker in ["lift(\"", "views[\"", "frame(of: \"", "appView(\""] {
      var rest = source[...]
      while let range = rest.range(of: marker) {
        rest = rest[range.upperBound...]
        if let end = rest.firstIndex(of: "\"") {
          let key = String(rest[..<end])
          if !keys.contains(key) { keys.append(key) }
        }
      }
    }
    return keys
  }
}
