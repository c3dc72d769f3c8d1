import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueScene
import SegueTestSupport
import Testing

/// What is inside a view whose frame animates stretches with it, as Segue draws it: a lifted
/// layer, or an overlay over a screen, is in its parent's points at its first size, scaled by
/// the parent's size ÷ that size. The generated animator is played on the UIKit stand-in and each
/// view is compared where it is on screen (through every parent up to the container), not only
/// in its parent's points.
@Suite(.serialized)
struct GeneratedAnimatorStretchEndToEndTests {
  /// `to` grows from [16, 600, 160, 200] to the container (390 x 844) while its layer `panel`,
  /// at [0, 480, 390, 364] in the screen's points, fades in.
  static let resized = ##"""
    {"name": "lifted-in-resized", "size": [390, 844], "scale": 1, "fps": 30,
     "from": {"background": "#FFFFFF"},
     "to": {"background": "#000000", "layers": [{"id": "panel", "rect": [0, 480, 390, 364], "color": "#FF9500"}]},
     "transition": {"type": "custom", "operation": "present", "duration": 0.5,
       "animations": [
         {"target": "to", "from": {"frame": [16, 600, 160, 200]}, "to": {"frame": [0, 0, 390, 844]}},
         {"target": "to.panel", "from": {"opacity": 0}, "to": {"opacity": 1}}]}}
    """##

  /// At frame 0 the screen is 160 x 200 at (16, 600): the panel is stretched by 160 ÷ 390 across
  /// and 200 ÷ 844 down, so it spans x 16 to 16 + 390·160 ÷ 390 = 176 and y 600 + 480·200 ÷ 844 =
  /// 713.744 to 600 + 844·200 ÷ 844 = 800 (an animator that leaves it unstretched has it at y 480,
  /// in a 200 pt snapshot that clips it away). The other frames are compared with Segue's.
  @Test func aLiftedLayerStretchesWithItsResizedScreen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.path + "/resized.json"
    try Self.resized.write(toFile: file, atomically: true, encoding: .utf8)
    let played = try GeneratedAnimatorEndToEndTests().samples([(file, file)])
    guard let (loaded, samples) = played.first else {
      Issue.record("the animator did not play")
      return
    }
    let panel = samples.first { $0["node"] as? String == "segue.to.panel" && $0["frame"] as? Int == 0 }
    let corners = panel?["absolute"] as? [Double] ?? []
    // (x, y, w) of the top-left, top-right, bottom-left and bottom-right corners.
    let top: Double = 600 + 480 * 200 / 844
    let want: [Double] = [16, top, 1, 176, top, 1, 16, 800, 1, 176, 800, 1]
    #expect(
      corners.count == 12 && zip(corners, want).allSatisfy { abs($0 - $1) < 1e-6 },
      "the panel at frame 0: \(corners) against \(want)")
    #expect(abs(want[1] - 713.744) < 1e-3)
    ReplayComparison(loaded: loaded, samples: samples).check()
  }

  /// Every kind of parent a lifted layer has, moving: a screen whose frame grows (a snapshot), a
  /// screen moved by its frame, scaled, translated and turned, a keyed group that grows, a group
  /// carried without an id inside a screen that grows, a 3D group, and an overlay over a screen
  /// that grows. Each view is compared on screen, at every frame, with Segue's drawing.
  @Test func liftedLayersFollowEveryKindOfMovingParent() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let layers =
      ##"[{"id": "card", "rect": [20, 100, 200, 120], "color": "#FF3B30", "cornerRadius": 8}, "##
      + ##"{"id": "group", "rect": [40, 300, 300, 200], "color": "#34C759", "clips": true, "layers": ["##
      + ##"{"id": "inner", "rect": [10, 20, 100, 60], "color": "#007AFF"}]}, "##
      + ##"{"rect": [20, 560, 300, 200], "opacity": 0.8, "layers": [{"id": "carried", "rect": [30, 40, 120, 50], "color": "#5856D6"}]}, "##
      + ##"{"id": "cube", "rect": [200, 100, 120, 120], "preserves3D": true, "layers": ["##
      + ##"{"id": "face", "rect": [0, 0, 120, 120], "color": "#FF9500"}]}]"##
    let parents: [(name: String, animation: String)] = [
      ("grown", ##"{"target": "to", "from": {"frame": [16, 600, 160, 200]}, "to": {"frame": [0, 0, 390, 844]}}"##),
      // The container's size on every device: the app's own view moves (a stated 390 x 844 would
      // be a snapshot, a size the app's container need not have).
      (
        "moved",
        ##"{"target": "to", "from": {"frame": {"of": "container", "shift": [0, 1]}}, "to": {"frame": {"of": "container"}}}"##
      ),
      ("scaled", ##"{"target": "to", "from": {"scale": 0.4}, "to": {"scale": 1}}"##),
      ("translated", ##"{"target": "to", "from": {"translate": [120, 300]}, "to": {"translate": [0, 0]}}"##),
      ("turned", ##"{"target": "to", "from": {"rotationY": 40}, "to": {"rotationY": 0}}"##),
      (
        "group",
        ##"{"target": "to.group", "from": {"frame": [40, 300, 150, 100]}, "to": {"frame": [0, 200, 390, 400]}}"##
      ),
    ]
    var files: [String] = []
    for (name, animation) in parents {
      let file = folder.path + "/\(name).json"
      let text = ##"""
        {"name": "parent-\##(name)", "size": [390, 844], "scale": 1, "fps": 20,
         "from": {"background": "#FFFFFF"},
         "to": {"background": "#000000", "layers": \##(layers)},
         "transition": {"type": "custom", "operation": "present", "duration": 0.4,
           "overlays": {"tint": {"color": "#000000", "opacity": 0.2, "rect": [0, 400, 390, 200], "over": "to"}},
           "animations": [\##(animation),
             {"target": "to.card", "to": {"translate": [10, 20]}},
             {"target": "to.inner", "to": {"opacity": 0.5}},
             {"target": "to.carried", "to": {"translate": [0, -20]}},
             {"target": "to.face", "to": {"rotationY": 30}},
             {"target": "tint", "to": {"opacity": 0.4}}]}}
        """##
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    let played = try GeneratedAnimatorEndToEndTests().samples(files.map { ($0, $0) })
    #expect(played.count == files.count)
    for (loaded, samples) in played {
      // Each lifted layer, the overlay and the carrier are compared where they are on screen.
      for node in ["segue.to.card", "segue.to.inner", "segue.to.carried", "segue.to.face", "segue.tint"] {
        #expect(
          samples.contains { $0["node"] as? String == node && $0["absolute"] is [Double] },
          "\(loaded.scene.name): \(node) not sampled on screen")
      }
      ReplayComparison(loaded: loaded, samples: samples).check()
    }
  }
}
