import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import Testing

/// A `snapshots` piece of a screen is one picture (the screen's pixels in its rect), so where its
/// edge is the screen's own, that edge is anti-aliased once: the left page of a page flip, turned
/// so its left edge lands at a fraction of a pixel, covers its edge pixel as a solid overlay of
/// the same frame and turn does (white over black: the red channel is the coverage).
struct SnapshotPieceTests {
  static func edgeColumn(piece: Bool) throws -> (value: UInt8, column: Int) {
    let target = piece ? "page" : "solid"
    let loaded = try SceneFixture.scene(
      size: (40, 30),
      transition: """
        {"type": "custom", "duration": 1, "perspective": 60,
         "snapshots": {"page": {"of": "to", "rect": [0, 0, 20, 30]}},
         "overlays": {"solid": {"color": "#FFFFFF", "rect": [0, 0, 20, 30]}},
         "stack": ["from", "\(target)"],
         "animations": [{"target": "\(target)", "from": {"anchor": [1, 0.5], "rotationY": 53}, "to": {"rotationY": 53}}]}
        """)
    let frame = SceneFixture.frame(loaded, 0)
    let column = try #require((0..<40).first { frame[$0, 15].r > 0 })
    return (frame[column, 15].r, column)
  }

  @Test func aPiecesEdgeIsAntiAliasedOnce() throws {
    let page = try Self.edgeColumn(piece: true)
    let solid = try Self.edgeColumn(piece: false)
    #expect(page.column == solid.column)
    #expect(solid.value > 20 && solid.value < 235, "the edge falls inside a pixel: \(solid.value)")
    #expect(abs(Int(page.value) - Int(solid.value)) <= 1, "\(page.value) against \(solid.value)")
  }
}
