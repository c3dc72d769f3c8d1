import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene
import Testing

@testable import SegueCompose

/// Core Animation masks a layer's whole tree at once: the layer's content and its sublayers are
/// one group, and the group goes through the mask. Along the mask's edge, where it covers a
/// pixel by a share c, the pixel is c × (the group) + (1 − c) × (what is below): the layer's own
/// content, hidden under an opaque sublayer, does not show there.
@Suite struct MaskedGroupTests {
  /// A white 10 × 4 layer masked to its top 2.5 points, with an opaque red sublayer over all of
  /// it, on black, at one pixel a point: row 2 is half covered by the mask.
  func frame(opacity: Double = 1, turned: Bool = false) -> Pixmap {
    let size = Size(width: 10, height: 4)
    let red = RenderLayer(content: .solid(RGBA8(r: 255, g: 0, b: 0)), contentSize: size, bounds: size)
    // Turned half a degree about the vertical axis: the same pixels to a few thousandths, drawn
    // by the projective path.
    let transform: Transform3D = turned ? .rotationY(degrees: 0.5) : .identity
    let parent = RenderLayer(
      content: .solid(RGBA8(r: 255, g: 255, b: 255)), contentSize: size, bounds: size, transform: transform,
      opacity: opacity, mask: .rect(Rect(x: 0, y: 0, width: 10, height: 2.5), cornerRadius: 0), sublayers: [red])
    let list = DisplayList(
      size: size, pixelWidth: 10, pixelHeight: 4, background: RGBA8(r: 0, g: 0, b: 0),
      layers: [parent])
    return Compositor(snapshots: [:], images: [:]).compose(list)
  }

  @Test(arguments: [false, true])
  func theMaskEdgeShowsTheSublayerOverWhatIsBelow(turned: Bool) {
    let frame = frame(turned: turned)
    // Fully inside the mask: the sublayer alone.
    #expect(frame[4, 1] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    // Half covered: half red over black (127.5), no white from the hidden parent. Clipping each
    // layer on its own would give red over half-white: (191, 64, 64).
    let edge = frame[4, 2]
    #expect((127...128).contains(edge.r))
    #expect(edge.g <= 1 && edge.b <= 1)
    // Outside the mask: the background.
    #expect(frame[4, 3] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test func aFadedMaskedLayerFadesTheGroupOnce() {
    let frame = frame(opacity: 0.5)
    // Inside: red at half opacity over black (127.5); at the edge, a quarter (63.75).
    #expect((127...128).contains(frame[4, 1].r) && frame[4, 1].g <= 1)
    #expect((63...64).contains(frame[4, 2].r) && frame[4, 2].g <= 1)
  }
}
