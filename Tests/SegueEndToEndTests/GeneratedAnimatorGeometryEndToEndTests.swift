import Foundation
import SegueTestSupport
import Testing

/// `segue swift`'s animators in the app's geometry rather than the scene's: apart from
/// `GeneratedAnimatorEndToEndTests` so that the two, each a long compile against the UIKit
/// stand-in, run side by side.
@Suite(.serialized)
struct GeneratedAnimatorGeometryEndToEndTests {
  /// The animator reads the app's geometry, not the scene's numbers: each scene's animator,
  /// written from the scene as it is, plays in a container of 375 x 667, one of 430 x 932 or the
  /// scene's own, with the app's views where the scene has them or moved and resized within their
  /// screens (one of the eight other pairs a scene, taken in turn), and is compared frame by frame
  /// with Segue's drawing of a scene that describes that geometry.
  @Test func animatorsFollowTheAppsGeometry() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let files = try FileManager.default.contentsOfDirectory(atPath: GeneratedAnimatorEndToEndTests.scenesFolder).filter
    { $0.hasSuffix(".json") }
    .sorted().map { GeneratedAnimatorEndToEndTests.scenesFolder + "/" + $0 }
    var random = SplitMix64(state: 0x6E0_2026)
    var texts = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
    for index in 0..<8 {
      texts.append(index % 3 == 2 ? RandomScene.preset(&random) : RandomScene.custom(&random))
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
    // Played in three pairs of a container and a layout, so at three safe areas.
    texts += [safe, safe, safe]
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
    texts += [rects, rects, rects]
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
    texts += [shares, shares, shares]
    // Presets as `segue expand` writes them, in the container's terms ({"of": "container", "times":
    // k, "plus": c}, formulas of the safe area): the expanded scene's animator reads the running
    // container as the preset's does.
    let presets = [
      #""type": "push""#, #""type": "sheet""#, #""type": "panel", "edge": "right", "size": 0.4"#,
      #""type": "spread", "edge": "bottom""#, #""type": "zoom""#, #""type": "circle", "origin": {"of": "from.fab"}"#,
    ]
    for (index, transition) in presets.enumerated() {
      let preset = try folder.write(
        "preset-\(index).json",
        ##"{"name": "p", "device": "iphone-14", "from": {"background": "#FFFFFF", "layers": [{"id": "fab", "rect": [310, 748, 56, 56], "color": "#007AFF"}]}, "to": {"background": "#FF9500"}, "transition": {"##
          + transition + "}}")
      let expand = try SegueProcess.run(["expand", preset])
      #expect(expand.status == 0 && expand.stderr.isEmpty, "\(transition): \(expand.stderr)")
      texts.append(expand.stdout)
    }
    // The eight pairs of a container (nil: the scene's own) and a layout, but the scene's own
    // container with its own layout (`everySceneAnimatorPlaysItsTimeline` plays that one): one
    // pair a scene, in turn from scene to scene, so every pair is played by eight scenes or more.
    let containers: [(Double, Double)?] = [(375, 667), (430, 932), nil]
    let combinations = (0..<3).flatMap { c in (0..<3).map { (c, $0) } }.filter { $0 != (2, 0) }
    var pairs: [(animator: String, geometry: String)] = []
    for (index, text) in texts.enumerated() {
      let (container, layout) = combinations[index % combinations.count]
      let name = "geometry-\(index)"
      let (animator, geometry) = try GeneratedAnimatorEndToEndTests.moved(
        text, name: name, container: containers[container], layout: layout)
      let animatorFile = folder.path + "/\(name).json"
      let geometryFile = folder.path + "/\(name)-app.json"
      try animator.write(toFile: animatorFile, atomically: true, encoding: .utf8)
      try geometry.write(toFile: geometryFile, atomically: true, encoding: .utf8)
      pairs.append((animatorFile, geometryFile))
    }
    #expect(texts.count >= 8 * combinations.count)
    try GeneratedAnimatorEndToEndTests().play(pairs)
  }

}
