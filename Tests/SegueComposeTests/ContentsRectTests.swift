import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene
import Testing

@testable import SegueCompose

/// A snapshot layer shows the part of its picture its `contentsRect` names, stretched to its
/// bounds, as one picture with one edge: a piece of a screen (a page of a page flip) whose edge is
/// the screen's own is anti-aliased once, as a solid layer of the same outline is.
@Suite struct ContentsRectTests {
  /// A 20 × 4 screen: its left half red, its right half blue.
  static let screen: Pixmap = {
    var pixmap = Pixmap(width: 20, height: 4)!
    for y in 0..<4 {
      for x in 0..<20 {
        pixmap.pixels[y * 20 + x] =
          (x < 10 ? RGBA8(r: 255, g: 0, b: 0) : RGBA8(r: 0, g: 0, b: 255)).premultiplied
          .packed
      }
    }
    return pixmap
  }()

  func compose(_ layer: RenderLayer) -> Pixmap {
    let list = DisplayList(
      size: Size(width: 20, height: 4), pixelWidth: 20, pixelHeight: 4, background: RGBA8(r: 0, g: 0, b: 0),
      layers: [layer])
    return Compositor(snapshots: [.to: Snapshot(Self.screen)], images: [:]).compose(list)
  }

  /// The right half (x from 0.5, width 0.5) stretched over a 20-point layer: blue everywhere.
  @Test func theRightHalfFillsTheLayer() {
    var layer = RenderLayer(
      content: .snapshot(.to), contentSize: Size(width: 10, height: 4), bounds: Size(width: 20, height: 4))
    layer.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
    let frame = compose(layer)
    for x in [0, 5, 10, 19] { #expect(frame[x, 2] == RGBA8(r: 0, g: 0, b: 255).premultiplied, "x \(x)") }
  }

  /// The left half, turned 50° about its right edge in perspective (as a page turns): its left
  /// edge pixel has the coverage a solid layer of the same outline has, within a level, not that
  /// coverage squared.
  @Test func aTurnedPiecesEdgeIsCoveredOnce() {
    let turn =
      Transform3D.translation(10, 0) * .rotationY(degrees: 50) * .translation(-10, 0)
    var piece = RenderLayer(
      content: .snapshot(.to), contentSize: Size(width: 10, height: 4), bounds: Size(width: 10, height: 4),
      transform: turn)
    piece.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1)
    let solid = RenderLayer(
      content: .solid(RGBA8(r: 255, g: 0, b: 0)), contentSize: Size(width: 10, height: 4),
      bounds: Size(width: 10, height: 4), transform: turn)
    let (a, b) = (compose(piece), compose(solid))
    // The edge: the first column either draws into.
    guard let edge = (0..<20).first(where: { b[$0, 2].r > 0 }) else {
      Issue.record("nothing drawn")
      return
    }
    #expect(b[edge, 2].r < 250, "the edge is at a fraction of a pixel: \(b[edge, 2])")
    #expect(abs(Int(a[edge, 2].r) - Int(b[edge, 2].r)) <= 1, "\(a[edge, 2]) against \(b[edge, 2])")
  }
}
