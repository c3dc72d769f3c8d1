import SegueGeometry
import SegueKit
import SegueRaster
import SegueScene
import Testing

/// IBAnimatable's flip halves written once with `{"of": "from", "times": 0.5}`, drawn on two
/// devices: the left half of a red `from`, on top of a white `to`, ends at half of each screen's
/// width, 390 / 2 = 195 and 430 / 2 = 215.
struct RectFormsRenderTests {
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

  @Test(arguments: [(390, 844, 195), (430, 932, 215)])
  func theLeftHalfEndsAtHalfOfEachScreen(width: Int, height: Int, edge: Int) throws {
    let loaded = try SceneFixture.scene(
      size: (width, height), fps: 10,
      transition: #"""
        {"type": "custom", "operation": "push", "duration": 1, "stack": ["to", "left"],
         "snapshots": {"left": {"of": "from",
           "rect": {"left": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}}},
         "animations": [{"target": "to", "to": {"opacity": 1}}]}
        """#,
      from: ##"{"background": "#FF0000"}"##)
    let frame = SceneFixture.frame(loaded, 0)
    // The last red column is edge − 1; the first white one is edge, all the way down.
    for y in [0, height / 2, height - 1] {
      #expect(frame[edge - 1, y] == Self.red)
      #expect(frame[edge, y] == Self.white)
    }
  }
}
