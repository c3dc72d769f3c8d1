import Foundation
import SegueTestSupport
import Testing

/// `segue swift`'s animators in the app's geometry rather than the scene's: apart from
/// `GeneratedAnimatorEndToEndTests` so that the two, each a long compile against the UIKit
/// stand-in, run side by side.
///
/// The app's geometry has three factors: the container (375 x 667, 430 x 932 or the scene's own),
/// the layout of the app's views (`GeneratedAnimatorEndToEndTests.moved`: as the scene has them,
/// or moved and resized within their screens in one of two ways) and the container's safe area
/// (an SE's status bar, 20 points, or a notch and a home indicator, 59 and 34). All 18
/// combinations for each of the 58 repository scenes took 173 s of this test alone on two busy
/// cores, against 45 s for three plays a scene, too much to add to CI; so each scene plays three
/// times, in a Latin square: play k (0, 1, 2) of scene n is at container k, layout (k + n) mod 3
/// and safe area (k + n) mod 2. Each scene meets every container once, every layout once and both
/// safe areas; over six scenes in a row, every container meets every pair of a layout and a safe
/// area, so each of the 18 is played by about ten repository scenes. (SEGUE_EVERY_PLAY=1 plays all
/// 18 a scene.) The three plays of a scene run one animator (compiled once) in three fake apps,
/// each compared frame by frame with Segue's drawing of a scene that describes that app.
@Suite(.serialized)
struct GeneratedAnimatorGeometryEndToEndTests {
  /// The containers: two iPhones' sizes and nil, the scene's own (its first device and variant).
  static let containers: [(Double, Double)?] = [(375, 667), (430, 932), nil]
  /// The app's safe areas, top, left, bottom, right: an SE's status bar alone, and a notched
  /// iPhone's (a 14 Pro's or 15 Pro's) status bar and home indicator.
  static let safeAreas: [[Double]] = [[20, 0, 0, 0], [59, 0, 34, 0]]

  /// The three plays of the `index`-th scene: (container k, layout (k + n) mod 3, safe area
  /// (k + n) mod 2) for k = 0, 1, 2. Across k the layouts are 0, 1, 2 in some order and the safe
  /// areas n mod 2, (n + 1) mod 2, n mod 2: both. SEGUE_EVERY_PLAY=1 plays all 18 instead, to
  /// explore outside CI (about six times as long).
  static func plays(_ index: Int) -> [(container: Int, layout: Int, safeArea: Int)] {
    if ProcessInfo.processInfo.environment["SEGUE_EVERY_PLAY"] == "1" {
      return (0..<18).map { ($0 / 6, $0 / 2 % 3, $0 % 2) }
    }
    return (0..<3).map { k in (k, (k + index) % 3, (k + index) % 2) }
  }

  /// Every repository scene in its three plays.
  @Test func repositoryScenesInEveryContainerLayoutAndSafeArea() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: GeneratedAnimatorEndToEndTests.scenesFolder)
      .filter { $0.hasSuffix(".json") }.sorted().map { GeneratedAnimatorEndToEndTests.scenesFolder + "/" + $0 }
    #expect(files.count >= 54)
    try playEverywhere(try files.map { try String(contentsOfFile: $0, encoding: .utf8) }, prefix: "scene")
  }

  /// Random custom scenes of the rects the app decides (pins, frames of views, `times`, masks of
  /// such rects, circles that cover, safe areas: `RandomScene.custom(geometry:)`), a few random
  /// presets, and hand-written scenes of each form, each in its three plays.
  @Test func randomAndHandWrittenScenesInEveryContainerLayoutAndSafeArea() throws {
    // SEGUE_RANDOM_SEED and SEGUE_RANDOM_SCENES explore further than CI's fixed 16 scenes.
    let environment = ProcessInfo.processInfo.environment
    var random = SplitMix64(state: environment["SEGUE_RANDOM_SEED"].flatMap { UInt64($0) } ?? 0x6E0_2026)
    var texts: [String] = []
    for index in 0..<(environment["SEGUE_RANDOM_SCENES"].flatMap { Int($0) } ?? 16) {
      texts.append(index % 4 == 3 ? RandomScene.preset(&random) : RandomScene.custom(&random, geometry: true))
    }
    // CI's random scenes take every form: a cover, a times, safe-area pins and frames, a snapshot,
    // a mask layer, a shift, an inset, a device preset, a safe area of the scene's own and a screen
    // scaled to its frame.
    if environment["SEGUE_RANDOM_SEED"] == nil {
      for form in [
        #""cover""#, #""times""#, #""in": "safeArea""#, #""of": "safeArea""#, #""snapshots": {"s0""#, #".mask""#,
        #""shift""#, #""inset""#, #""device""#, #""safeArea": ["#, #""resize": "transform""#,
      ] {
        #expect(texts.contains { $0.contains(form) }, "no random scene has \(form)")
      }
    }
    // A pinned group without an id (the animator's carrier view, laid out by its pins on the
    // running container) holding a pinned lifted badge, and a card grown to a pinned header.
    texts.append(
      ##"""
      {"name": "pinned", "size": [390, 844], "from": {"background": "#F2F2F7", "layers": [
         {"rect": {"left": 16, "right": 16, "top": 200, "height": 300}, "color": "#FFFFFF", "cornerRadius": 12,
          "clips": true, "layers": [
           {"id": "badge", "rect": {"right": 12, "width": 40, "top": 12, "height": 40}, "color": "#FF3B30"}]},
         {"id": "card", "rect": {"left": 20, "right": 20, "bottom": 40, "height": 120}, "color": "#0A84FF"}]},
       "to": {"background": "#FFFFFF", "layers": [
         {"id": "header", "rect": {"left": 0, "right": 0, "top": 0, "height": 300}, "color": "#0A84FF"}]},
       "transition": {"type": "custom", "duration": 0.4, "animations": [
         {"target": "from.badge", "to": {"scale": 1.5, "translate": [-10, 10]}},
         {"target": "from.card", "to": {"frame": {"of": "to.header", "inset": [0, 8, 0, 8]}, "cornerRadius": 0}}]}}
      """##)
    // A finger drives a thumbnail along Hero's arc into the header: the bow's K reads both views'
    // frames, at every frame the finger's progress gives.
    texts.append(
      ##"""
      {"name": "arc-finger", "size": [390, 844], "interaction": {"scrub": [[0, 0], [0.2, 0.6]], "release": "finish"},
       "from": {"layers": [{"id": "thumb", "rect": [20, 600, 80, 80], "color": "#FF9500"}]},
       "to": {"layers": [{"id": "header", "rect": [0, 0, 390, 300], "color": "#0A84FF"}]},
       "transition": {"type": "custom", "duration": 0.5, "animations": [
         {"target": "from.thumb", "to": {"frame": {"of": "to.header"}}, "arc": 1}]}}
      """##)
    // A finger scrubs keyframes of a card's frame that a later animation takes over halfway: the
    // timeline holds the keyframes' value where they are cut, from the card the app laid out.
    texts.append(
      ##"""
      {"name": "cut-keyframes", "size": [390, 844], "interaction": {"scrub": [[0, 0.2], [0.3, 0.7]], "release": "cancel"},
       "from": {"layers": [{"id": "card", "rect": [20, 100, 200, 200], "color": "#FF9500"}]}, "to": {},
       "transition": {"type": "custom", "duration": 0.6, "animations": [
         {"target": "from.card", "keyframes": [{"start": 0, "duration": 0.6, "to": {"frame": [40, 300, 300, 200]}},
           {"start": 0.6, "duration": 0.4, "to": {"frame": [0, 0, 390, 300]}}]},
         {"target": "from.card", "to": {"frame": [100, 500, 100, 100]}, "delay": 0.2, "duration": 0.3}]}}
      """##)
    // A circle that grows from the button the user tapped, wherever it is, to cover the container.
    texts.append(
      ##"""
      {"name": "fab", "size": [390, 844], "from": {"background": "#FFFFFF", "layers": [
         {"id": "fab", "rect": [310, 748, 56, 56], "color": "#007AFF", "shape": "ellipse"}]},
       "to": {"background": "#FF9500"}, "transition": {"type": "circle", "origin": {"of": "from.fab"}}}
      """##)
    // Bars pinned in the safe area, one moved off and one into a frame of the safe area, and an
    // overlay grown to the safe area inset: all read `safeAreaInsets` at run time.
    let safe =
      ##"""
      {"name": "safe", "device": "iphone-14", "from": {"background": "#FFFFFF", "layers": [
         {"id": "nav", "rect": {"in": "safeArea", "left": 0, "right": 0, "top": 0, "height": 44}, "color": "#F2F2F7"},
         {"id": "tabs", "rect": {"in": "safeArea", "left": 0, "right": 0, "bottom": 0, "height": 49}, "color": "#E5E5EA"}]},
       "to": {"background": "#007AFF"},
       "transition": {"type": "custom", "duration": 0.4,
        "overlays": {"panel": {"color": "#000000", "opacity": 0.2, "rect": [0, 0, 100, 100]}},
        "animations": [
         {"target": "from.nav", "to": {"translate": [0, -60]}},
         {"target": "from.tabs", "to": {"frame": {"of": "safeArea", "shift": [0, 1]}}},
         {"target": "panel", "to": {"frame": {"of": "safeArea", "inset": [10, 10, 10, 10]}}}]}}
      """##
    texts.append(safe)
    // Every rect the app decides: the flip's halves as shares of `from`'s width, a shade over
    // the container inset at its sides, and a mask layer put where the app's logo is (as
    // `mask.frame = logo.frame` in `to`'s points), each moving as the app's views do.
    let rects =
      ##"""
      {"name": "rects", "size": [390, 844], "from": {"background": "#0B6E4F", "layers": [
         {"rect": [0, 0, 390, 96], "color": "#095A41"},
         {"id": "logo", "rect": [155, 377, 80, 90], "color": "#F4F1DE"}]},
       "to": {"background": "#FFFFFF", "layers": [{"rect": [20, 400, 170, 170], "color": "#81B29A"}]},
       "transition": {"type": "custom", "duration": 0.5, "stack": ["to", "shade", "left", "right"],
        "snapshots": {
          "left": {"of": "from", "rect": {"left": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}},
          "right": {"of": "from", "rect": {"right": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}}},
        "overlays": {"shade": {"color": "#000000", "opacity": 0.3, "rect": {"of": "container", "inset": [0, 24, 0, 24]}}},
        "animations": [
         {"target": "left", "to": {"translate": [-60, 0]}},
         {"target": "right", "to": {"translate": [60, 0], "opacity": 0}},
         {"target": "shade", "to": {"opacity": 0}},
         {"target": "to", "from": {"mask": {"rect": [0, 0, 80, 90], "cornerRadius": 12}}, "to": {"opacity": 1}},
         {"target": "to.mask", "from": {"frame": {"of": "from.logo"}}, "to": {"scale": 12}}],
        "end": {"from": "removed", "to": {"mask": null}}}}
      """##
    texts.append(rects)
    // A shade moved by a share of the logo's width (shift, then inset), with a mask layer pinned
    // over the shade's own size, a quarter of the container high.
    let shares =
      ##"""
      {"name": "shares", "size": [390, 844], "from": {"background": "#0B6E4F", "layers": [
         {"id": "logo", "rect": [155, 377, 80, 90], "color": "#F4F1DE"}]},
       "to": {"background": "#FFFFFF"},
       "transition": {"type": "custom", "duration": 0.5, "stack": ["from", "to", "shade"],
        "overlays": {"shade": {"color": "#000000", "opacity": 0.5, "rect": {"of": "container", "inset": [0, 24, 0, 24]}}},
        "animations": [
         {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 1}},
         {"target": "shade", "from": {"mask": {"rect": [0, 0, 100, 100], "cornerRadius": 8}},
          "to": {"frame": {"of": "container", "shift": [{"of": "from.logo", "times": 1}, 0], "inset": [0, 24, 0, 24]}}},
         {"target": "shade.mask",
          "from": {"frame": {"left": 10, "right": 10, "top": 10, "height": {"of": "container", "times": 0.25}}},
          "to": {"opacity": 0.5}}],
        "end": {"from": "removed"}}}
      """##
    texts.append(shares)
    // Presets as `segue expand` writes them, in the container's terms ({"of": "container", "times":
    // k, "plus": c}, formulas of the safe area): the expanded scene's animator reads the running
    // container as the preset's does.
    let presets = [
      #""type": "push""#, #""type": "sheet""#, #""type": "panel", "edge": "right", "size": 0.4"#,
      #""type": "spread", "edge": "bottom""#, #""type": "zoom""#, #""type": "circle", "origin": {"of": "from.fab"}"#,
    ]
    let presetFolder = try TemporaryFolder()
    defer { presetFolder.remove() }
    for (index, transition) in presets.enumerated() {
      let preset = try presetFolder.write(
        "preset-\(index).json",
        ##"{"name": "p", "device": "iphone-14", "from": {"background": "#FFFFFF", "layers": [{"id": "fab", "rect": [310, 748, 56, 56], "color": "#007AFF"}]}, "to": {"background": "#FF9500"}, "transition": {"##
          + transition + "}}")
      let expand = try SegueProcess.run(["expand", preset])
      #expect(expand.status == 0 && expand.stderr.isEmpty, "\(transition): \(expand.stderr)")
      texts.append(expand.stdout)
    }
    try playEverywhere(texts, prefix: "made")
  }

  /// Plays each text's animator, written once from the scene as it is, in its three apps
  /// (`plays`), each compared with Segue's drawing of that app's scene.
  func playEverywhere(_ texts: [String], prefix: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var pairs: [(animator: String, geometry: String)] = []
    var seen: [[Int]] = []
    for (index, text) in texts.enumerated() {
      let name = "\(prefix)-\(index)"
      let animatorFile = folder.path + "/\(name).json"
      for (play, (container, layout, safeArea)) in Self.plays(index).enumerated() {
        let (animator, geometry) = try GeneratedAnimatorEndToEndTests.moved(
          text, name: name, container: Self.containers[container], layout: layout, safeArea: Self.safeAreas[safeArea])
        let geometryFile = folder.path + "/\(name)-app\(play).json"
        try animator.write(toFile: animatorFile, atomically: true, encoding: .utf8)
        try geometry.write(toFile: geometryFile, atomically: true, encoding: .utf8)
        pairs.append((animatorFile, geometryFile))
        seen.append([container, layout, safeArea])
      }
    }
    // Six scenes or more play every container with every layout and safe area.
    if texts.count >= 6 { #expect(Set(seen).count == 18) }
    try GeneratedAnimatorEndToEndTests().play(pairs)
  }
}
