import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene

/// Turns a display list into a frame: the background, then each layer source-over, bottom to
/// top. Pure: the same list gives the same pixels, on any thread.
///
/// Layers whose map onto the frame is an upright scale and translation (every preset of the
/// seeds) are drawn with exact analytic clips and separable bilinear sampling; any other map
/// (rotations, perspective, mirroring) goes through the projective path, whose shape is the
/// exact-area coverage of the projected outline. Rows that are verbatim rows of an opaque
/// snapshot drawn 1:1 are not composited at all: the frame points at them (`RowImage`).
public struct Compositor: Sendable {
  /// Each screen's snapshot, without its lifted layers.
  public let snapshots: [ScreenRole: Snapshot]
  /// Decoded PNGs by the path the scene gives them (for lifted layers with images).
  public let images: [String: Pixmap]
  let shadows = ShadowCache()
  /// Gradient layers' pictures, drawn once per size (`GradientPictures`).
  let gradientPictures = GradientPictures()

  public init(snapshots: [ScreenRole: Snapshot], images: [String: Pixmap]) {
    self.snapshots = snapshots
    self.images = images
  }

  /// The frame `list` shows, composited into `scratch` (of the list's pixel size, reused from
  /// frame to frame).
  public func compose(_ list: DisplayList, scratch: inout Pixmap) -> RowImage {
    let placed = list.layers.map { place($0, list) }
    let width = list.pixelWidth
    let height = list.pixelHeight
    let background = list.background.premultiplied.packed
    var rows = [RowImage.Row](repeating: .fill(background), count: height)
    var sources: [RowImage.Source] = []
    var sourceIndex: [ScreenRole: Int] = [:]
    for y in 0..<height {
      for info in placed.reversed() {
        let status = info.status(row: y, width: width)
        if status == .none { continue }
        if status == .full, let role = info.pureRole, let snapshot = snapshots[role] {
          let index =
            sourceIndex[role]
            ?? {
              sources.append(RowImage.Source(pixmap: snapshot.pixmap))
              sourceIndex[role] = sources.count - 1
              return sources.count - 1
            }()
          rows[y] = .shared(index)
        } else {
          rows[y] = .composited
        }
        break
      }
    }
    var y = 0
    while y < height {
      guard rows[y] == .composited else {
        y += 1
        continue
      }
      var end = y
      while end < height, rows[end] == .composited { end += 1 }
      compositeBand(placed, rows: y..<end, background: background, into: &scratch)
      y = end
    }
    return RowImage(pixels: scratch, rows: rows, sources: sources, isOpaque: list.background.a == 255)
  }

  /// The frame `list` shows, as one new pixmap.
  public func compose(_ list: DisplayList) -> Pixmap {
    guard var scratch = Pixmap(width: list.pixelWidth, height: list.pixelHeight) else {
      return Pixmap(width: 1, height: 1)!
    }
    return compose(list, scratch: &scratch).materialized()
  }

  func compositeBand(_ placed: [Placed], rows: Range<Int>, background: UInt32, into pixmap: inout Pixmap) {
    let width = pixmap.width
    if placed.first?.coversFrame != true {
      pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
        (pixels.baseAddress! + rows.lowerBound * width).update(repeating: background, count: rows.count * width)
      }
    }
    let band = Clip.rect(Rect(x: 0, y: Double(rows.lowerBound), width: Double(width), height: Double(rows.count)))
    // The nearest layer above that is opaque over some clip hides a layer there (the layers
    // between are under it too): found for every layer in one pass down the stack, since a
    // search up from each layer would be quadratic in a scene of thousands of layers. Found by
    // index: its clip is rasterized only when the layer below is drawn, and each layer's shapes
    // are dropped once it is drawn, so a frame holds at most the shapes of the layer being drawn
    // and of the one above that hides it, however many layers it has.
    var holes = [Int?](repeating: nil, count: placed.count)
    var nearestAbove: Int? = nil
    for index in placed.indices.reversed() {
      holes[index] = nearestAbove
      if placed[index].hidesBelow { nearestAbove = index }
    }
    for (index, info) in placed.enumerated() where !info.rows.clamped(to: rows).isEmpty {
      draw(info, clips: [band], hole: holes[index].flatMap { placed[$0].opaqueClip }, into: &pixmap)
      info.release()
    }
  }
}
