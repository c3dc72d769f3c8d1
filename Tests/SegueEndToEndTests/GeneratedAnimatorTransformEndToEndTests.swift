import Foundation
import SegueKit
import SegueMotion
import SegueScene
import SegueTestSupport
import Testing

/// `"resize": "transform"` in the export: the app's screen view keeps the bounds it lives at and
/// its `transform` maps them onto each frame, as Kodeco's zoom does. Each animator is written
/// from the scene at 390 x 844 and played in the UIKit stand-in in its own container and in one
/// of 375 x 667 with the tapped card moved and resized (12 pt right, 24 down, 85 %), so the
/// scales and centres are read at run time; each frame is checked against the math below and
/// against Segue's drawing.
@Suite(.serialized)
struct GeneratedAnimatorTransformEndToEndTests {
  /// The card the user taps, [20, 200, 350, 220] in the scene; the zoom grows `to` out of it
  /// (present) or shrinks `from` into it (dismiss), linearly over 0.5 s, its corners from 20 of
  /// its own points to none.
  static let card =
    ##"{"background": "#FFFFFF", "layers": [{"id": "card", "rect": [20, 200, 350, 220], "color": "#FF9500"}]}"##
  static let present = ##"""
    {"name": "zoom-in", "size": [390, 844], "fps": 10,
     "from": \##(card), "to": {"background": "#000000", "resize": "transform"},
     "transition": {"type": "custom", "operation": "present", "duration": 0.5, "curve": "linear",
       "animations": [{"target": "to", "from": {"frame": {"of": "from.card"}, "cornerRadius": 20},
                       "to": {"frame": {"of": "container"}, "cornerRadius": 0}}]}}
    """##
  static let dismiss = ##"""
    {"name": "zoom-out", "size": [390, 844], "fps": 10,
     "from": {"background": "#000000", "resize": "transform"}, "to": \##(card),
     "transition": {"type": "custom", "operation": "dismiss", "duration": 0.5, "curve": "linear",
       "stack": ["to", "from"],
       "animations": [{"target": "from", "from": {"frame": {"of": "container"}, "cornerRadius": 0},
                       "to": {"frame": {"of": "to.card"}, "cornerRadius": 20}}]}}
    """##

  /// At q = t ÷ 0.5 the frame is f = card + (container − card)·q (present) or container +
  /// (card − container)·q (dismiss). The view kept at the container's size C (the frame it ends
  /// at when presented, the one it starts at when dismissed) has bounds C, transform
  /// scale(f.width ÷ C.width, f.height ÷ C.height) and centre f's; its corner radius is 20·q or
  /// 20·(1 − q) of its own points. In 375 x 667 the card is [32, 224, 297.5, 187].
  @Test func theScreenKeepsItsBoundsAndIsScaledOntoEachFrame() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    typealias Box = (x: Double, y: Double, width: Double, height: Double)
    let plays: [(text: String, node: String, grows: Bool)] = [
      (Self.present, "screen.to", true), (Self.dismiss, "screen.from", false),
    ]
    let geometries: [(container: (Double, Double)?, layout: Int, card: Box, size: (Double, Double))] = [
      (nil, 0, (20, 200, 350, 220), (390, 844)), ((375, 667), 1, (32, 224, 297.5, 187), (375, 667)),
    ]
    var pairs: [(animator: String, geometry: String)] = []
    var expectations: [(node: String, grows: Bool, card: Box, size: (Double, Double))] = []
    for (index, play) in plays.enumerated() {
      for (place, geometry) in geometries.enumerated() {
        let name = "transform-\(index)-\(place)"
        let (animator, app) = try GeneratedAnimatorEndToEndTests.moved(
          play.text, name: name, container: geometry.container, layout: geometry.layout)
        let animatorFile = folder.path + "/\(name).json"
        let geometryFile = folder.path + "/\(name)-app.json"
        try animator.write(toFile: animatorFile, atomically: true, encoding: .utf8)
        try app.write(toFile: geometryFile, atomically: true, encoding: .utf8)
        pairs.append((animatorFile, geometryFile))
        expectations.append((play.node, play.grows, geometry.card, geometry.size))
      }
    }
    let played = try GeneratedAnimatorEndToEndTests().samples(pairs)
    #expect(played.count == pairs.count)
    for ((loaded, samples), expected) in zip(played, expectations) {
      let (w, h) = expected.size
      var checked = 0
      for sample in samples where sample["node"] as? String == expected.node {
        guard let index = sample["frame"] as? Int, index >= 0, index < loaded.timeline.frameCount - 1 else { continue }
        let t = loaded.timeline.frame(index).time
        let q = expected.grows ? t / 0.5 : 1 - t / 0.5
        let c = expected.card
        // The frame from the card (q = 0) to the container (q = 1).
        let f = (
          x: c.x * (1 - q), y: c.y * (1 - q), width: c.width + (w - c.width) * q, height: c.height + (h - c.height) * q
        )
        let want: [String: [Double]] = [
          "size": [w, h], "transform": [f.width / w, 0, 0, f.height / h],
          "position": [f.x + f.width / 2, f.y + f.height / 2], "cornerRadius": [20 * (1 - q)],
        ]
        let label = "\(loaded.scene.name) frame \(index) (q = \(q))"
        for (field, values) in want {
          let got = sample[field] as? [Double] ?? (sample[field] as? Double).map { [$0] } ?? []
          #expect(
            got.count == values.count && zip(got, values).allSatisfy { abs($0 - $1) < 1e-6 * 1000 },
            "\(label): \(field) \(got) against \(values)")
        }
        checked += 1
      }
      #expect(checked >= 4, "\(loaded.scene.name): \(checked) frames checked")
      ReplayComparison(loaded: loaded, samples: samples).check()
    }
  }

  /// Layers scaled to their frames: a tile animated in place (the app's view, laid out at the
  /// bounds it keeps) and a lifted card (a snapshot, its picture stretched to them) holding a
  /// lifted badge, which its content view carries; the card also moves and turns on its own,
  /// after the frame's scale. Each view is compared on screen, at every frame, with Segue's
  /// drawing, in the scene's container and in 375 x 667 with the layers moved and resized.
  @Test func layersScaledToTheirFramesPlayAsSegueDrawsThem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = ##"""
      {"name": "zoom-layers", "size": [390, 844], "fps": 10,
       "from": {"background": "#FFFFFF", "layers": [
         {"id": "tile", "rect": [20, 600, 160, 120], "color": "#34C759", "cornerRadius": 12, "lift": false,
          "resize": "transform"},
         {"id": "card", "rect": [20, 200, 350, 220], "color": "#FF9500", "cornerRadius": 16, "resize": "transform",
          "clips": true, "layers": [{"id": "badge", "rect": [10, 10, 40, 40], "color": "#007AFF"}]}]},
       "to": {"background": "#000000"},
       "transition": {"type": "custom", "operation": "push", "duration": 0.5, "curve": "easeInOut", "stack": ["from"],
         "animations": [
           {"target": "from.card", "to": {"frame": [0, 0, 390, 480], "cornerRadius": 0, "translate": [0, 20],
            "rotation": 4}},
           {"target": "from.badge", "to": {"opacity": 0.5}},
           {"target": "from.tile", "to": {"frame": [200, 600, 170, 200]}}]}}
      """##
    var pairs: [(animator: String, geometry: String)] = []
    for (index, geometry) in [(nil, 0), ((375.0, 667.0), 1)].enumerated() {
      let name = "zoom-layers-\(index)"
      let (animator, app) = try GeneratedAnimatorEndToEndTests.moved(
        text, name: name, container: geometry.0, layout: geometry.1)
      let animatorFile = folder.path + "/\(name).json"
      let geometryFile = folder.path + "/\(name)-app.json"
      try animator.write(toFile: animatorFile, atomically: true, encoding: .utf8)
      try app.write(toFile: geometryFile, atomically: true, encoding: .utf8)
      pairs.append((animatorFile, geometryFile))
    }
    let played = try GeneratedAnimatorEndToEndTests().samples(pairs)
    #expect(played.count == pairs.count)
    for (loaded, samples) in played {
      for node in ["segue.from.card", "segue.from.badge", "segue.from.tile"] {
        #expect(samples.contains { $0["node"] as? String == node }, "\(loaded.scene.name): \(node) not sampled")
      }
      // The card keeps its end bounds, 390 x 480 (the scene's numbers on every device).
      let card = samples.filter { $0["node"] as? String == "segue.from.card" && ($0["frame"] as? Int ?? -1) >= 0 }
      #expect(!card.isEmpty && card.allSatisfy { $0["size"] as? [Double] == [390, 480] }, "\(loaded.scene.name)")
      ReplayComparison(loaded: loaded, samples: samples).check()
    }
  }

  /// A scale of its own beside the frame's would take the same key paths: refused, at its field.
  @Test func aScaleBesideTheFramesIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.path + "/scaled.json"
    try ##"""
    {"size": [390, 844], "from": {}, "to": {"resize": "transform"},
     "transition": {"type": "custom", "operation": "present", "animations": [
       {"target": "to", "from": {"frame": [20, 200, 350, 220]}, "to": {"frame": [0, 0, 390, 844]}},
       {"target": "to", "from": {"scale": 0.9}, "to": {"scale": 1}}]}}
    """##.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try SegueProcess.run(["swift", file])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "\(file): at 'transition.animations.1.to.scale': 'to' is scaled to its frame (\"resize\": \"transform\")"),
      "\(result.stderr)")
  }
}
