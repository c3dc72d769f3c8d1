import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// Views the animator makes: overlays drawn as layers (gradient, corners, border, sublayers)
/// and `snapshots`, pieces of a screen that are targets like overlays.
struct MadeViewTests {
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
  static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
  static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
  static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

  /// `from` is red on the left (x 0…20) and green on the right; `to` is white. The transition
  /// shows only `to` and what `transition` adds.
  func scene(_ transition: String) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (40, 30), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", \(transition)}
        """,
      from: """
        {"background": "#00FF00", "layers": [{"rect": [0, 0, 20, 30], "color": "#FF0000"}]}
        """)
  }

  /// The right half of `from` as a piece, moved 20 points left by the end: at the start it
  /// covers x 20…40 with green; at the end x 0…20, and white shows where it was. (A stack that
  /// is given lists the pieces it draws; without one they go on top.)
  @Test func aSnapshotIsAPieceOfItsScreenAndMovesAsATarget() throws {
    let loaded = try scene(
      """
      "stack": ["to", "right"], "snapshots": {"right": {"of": "from", "rect": [20, 0, 20, 30]}},
      "animations": [{"target": "right", "to": {"translate": [-20, 0]}}]
      """)
    let start = SceneFixture.frame(loaded, 0)
    #expect(start[30, 15] == Self.green)
    #expect(start[10, 15] == Self.white)
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[10, 15] == Self.green)
    #expect(end[30, 15] == Self.white)
    // Stretched to a frame twice as wide, the piece from x 19.5 starts on the screen's red
    // half: pixel 0's centre (0.5) samples the screen at 19.5 + 0.25 = 19.75, between the
    // centres of red pixel 19 (19.5) and green pixel 20 (20.5), so 3/4 red and 1/4 green (191,
    // 64); pixel 2 samples 20.75, all green. The rest of the screen is cut away.
    let wide = try scene(
      """
      "snapshots": {"edge": {"of": "from", "rect": [19.5, 0, 10, 30]}}, "stack": ["to", "edge"],
      "animations": [{"target": "edge", "from": {"frame": [0, 0, 20, 30]}, "to": {"frame": [0, 0, 20, 30]}}]
      """)
    let stretched = SceneFixture.frame(wide, 5)
    #expect(stretched[0, 15] == PremultipliedRGBA8(r: 191, g: 64, b: 0, a: 255))
    #expect(stretched[2, 15] == Self.green)
    #expect(stretched[25, 15] == Self.white)
  }

  /// A blue overlay of 20 × 20 at (10, 5) with a 4-point black border and a red sublayer at
  /// (5, 5, 10, 10) inside it, over `to`.
  @Test func anOverlayIsDrawnAsALayerWithItsBorderAndSublayers() throws {
    let loaded = try scene(
      """
      "stack": ["to", "card"], "overlays": {"card": {"color": "#0000FF", "rect": [10, 5, 20, 20],
        "border": {"width": 4, "color": "#000000"}, "layers": [{"rect": [5, 5, 10, 10], "color": "#FF0000"}]}},
      "animations": [{"target": "card", "to": {"opacity": 1}}]
      """)
    let frame = SceneFixture.frame(loaded, 5)
    #expect(frame[11, 6] == Self.black)
    #expect(frame[25, 10] == Self.blue)
    #expect(frame[20, 15] == Self.red)
    #expect(frame[5, 15] == Self.white)
    // An overlay given a gradient and no colour has no fill under it: half-transparent black over
    // white is grey, not black.
    let shade = try scene(
      """
      "stack": ["to", "shade"], "overlays": {"shade": {"gradient": {"colors": ["#00000080", "#00000080"]}}},
      "animations": [{"target": "shade", "to": {"opacity": 1}}]
      """)
    let grey = SceneFixture.frame(shade, 5)[20, 15]
    #expect(grey.a == 255 && (126...128).contains(grey.r), "\(grey)")
  }

  /// An overlay's image is read beside the scene and drawn aspect-filled: a red 2 × 2 PNG fills
  /// a 10-point overlay over white.
  @Test func anOverlaysImageIsReadAndDrawn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-made-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let red: [UInt8] = [
      137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0, 253, 212,
      154, 115, 0, 0, 0, 16, 73, 68, 65, 84, 120, 156, 99, 248, 207, 192, 0, 68, 12, 16, 10, 0, 31, 238, 3, 253, 139,
      95, 20, 212, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
    ]
    try Data(red).write(to: folder.appendingPathComponent("badge.png"))
    let file = folder.appendingPathComponent("scene.json").path
    try """
    {"size": [40, 30], "scale": 1, "fps": 10, "from": {}, "to": {"background": "#FFFFFF"},
     "transition": {"type": "custom", "operation": "push", "duration": 1, "stack": ["to", "badge"],
       "overlays": {"badge": {"rect": [5, 5, 10, 10], "layers": [{"rect": [0, 0, 10, 10], "image": "badge.png"}]}},
       "animations": [{"target": "badge", "to": {"opacity": 1}}]}}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let loaded = try LoadedScene.load(file)
    let frame = SceneFixture.frame(loaded, 5)
    #expect(frame[10, 10] == Self.red)
    #expect(frame[20, 10] == Self.white)
  }

  @Test func whatSnapshotsAndLayerOverlaysRefuse() throws {
    func errors(_ transition: String) -> [String] {
      FuzzRegressionTests.decodeErrors(
        #"{"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "custom", "operation": "push", \#(transition)}}"#
      )
    }
    #expect(
      errors(#""snapshots": {"half": {"of": "from", "rect": [0, 0, 0, 30]}}, "animations": []"#) == [
        "s.json: at 'transition.snapshots.half.rect': a snapshot of a rectangle with a width and a height above 0"
      ])
    #expect(
      errors(
        #""overlays": {"dim": {}}, "snapshots": {"dim": {"of": "to", "rect": [0, 0, 1, 1]}}, "animations": []"#) == [
          "s.json: at 'transition.snapshots.dim': a snapshot needs a name of its own: not 'from', 'to' or an overlay's, "
            + "at most 128 bytes, no '.' or control characters"
        ])
    #expect(
      errors(
        ##""snapshots": {"half": {"of": "from", "rect": [0, 0, 10, 30]}}, "animations": [{"target": "half", "to": {"color": "#FFFFFF"}}]"##
      ) == [
        "s.json: at 'transition.animations.0.to.color': 'half' is a piece of a screen, whose colours are the "
          + "screen's: it has no 'color'"
      ])
    #expect(
      errors(
        #""overlays": {"card": {"layers": [{"rect": {"left": 0, "right": 0, "top": 0, "height": 4}}]}}, "animations": []"#
      ) == ["s.json: at 'transition.overlays.card.layers': an overlay's sublayers take [x, y, width, height], not pins"]
    )
  }
}
