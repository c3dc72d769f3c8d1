import SegueRaster
import SegueTransitions
import SegueGeometry

/// Turns the layers of one frame into pixels: background, then each item, source-over.
///
/// Points map to pixels by (scaleX, scaleY): the frame is round(W·scale) × round(H·scale) pixels
/// and the container is stretched to fill it exactly, so no edge of a full-screen snapshot is
/// left half covered when W·scale is not whole.
public struct FrameCompositor: Sendable {
  /// Pixels per point along x and y.
  public let scaleX: Double
  public let scaleY: Double
  public let background: PremultipliedRGBA8
  public let from: Snapshot
  public let to: Snapshot

  public init(scaleX: Double, scaleY: Double, background: PremultipliedRGBA8, from: Snapshot, to: Snapshot) {
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.background = background
    self.from = from
    self.to = to
  }

  /// A rectangle in points as pixels.
  func pixels(_ rect: Rect) -> Rect { rect.scaled(x: scaleX, y: scaleY) }

  /// True when every frame is opaque (source-over onto an opaque background stays opaque).
  public var framesAreOpaque: Bool { background.a == 255 }

  /// Where the pixels of one row of a frame are.
  public enum RowSource: Sendable, Equatable {
    /// In the frame pixmap (composited there).
    case frame
    /// Row y of this screen's snapshot, verbatim.
    case snapshot(ScreenRole)
    /// The background colour only.
    case background
  }

  /// Draws `layers` over the background into `pixmap` (whose previous content is discarded).
  public func render(_ layers: FrameLayers, into pixmap: inout Pixmap) {
    let sources = composite(layers, into: &pixmap)
    let width = pixmap.width
    let background = self.background.packed
    pixmap.pixels.withUnsafeMutableBufferPointer { frame in
      for (y, source) in sources.enumerated() {
        let row = frame.baseAddress! + y * width
        switch source {
        case .frame: break
        case .background: row.update(repeating: background, count: width)
        case .snapshot(let role):
          (role == .from ? from : to).pixmap.pixels.withUnsafeBufferPointer { pixels in
            row.update(from: pixels.baseAddress! + y * width, count: width)
          }
        }
      }
    }
  }

  /// Composites into `pixmap` only the rows that mix sources, and says for each row where its
  /// pixels are: a row that is all one opaque snapshot (outside a reveal's circle, or inside it
  /// where the circle spans the whole row) is left in the snapshot, so the encoder can read it
  /// there without a copy.
  ///
  /// Work that cannot show is skipped too: the background under an opaque full-frame snapshot,
  /// and the pixels of an item that the opaque masked snapshot just above it covers fully.
  public func composite(_ layers: FrameLayers, into pixmap: inout Pixmap) -> [RowSource] {
    let frame = Rect(x: 0, y: 0, width: Double(pixmap.width), height: Double(pixmap.height))
    let items = layers.items
    let width = pixmap.width
    var sources = [RowSource](repeating: .background, count: pixmap.height)
    let placements = items.map { placementInfo($0, frame: frame) }
    for y in 0..<pixmap.height {
      for info in placements.reversed() {
        let status = info.status(row: y, width: width)
        if status == .none { continue }
        if status == .full, let role = info.role { sources[y] = .snapshot(role) } else { sources[y] = .frame }
        break
      }
    }
    // Composite each band of mixed rows.
    var y = 0
    while y < sources.count {
      guard sources[y] == .frame else {
        y += 1
        continue
      }
      var end = y
      while end < sources.count, sources[end] == .frame { end += 1 }
      let band = Clip.rect(Rect(x: 0, y: Double(y), width: frame.width, height: Double(end - y)))
      compositeBand(items, placements: placements, band: band, rows: y..<end, into: &pixmap)
      y = end
    }
    return sources
  }

  private func compositeBand(
    _ items: [FrameItem], placements: [PlacementInfo], band: Clip, rows: Range<Int>, into pixmap: inout Pixmap
  ) {
    if placements.first?.coversFrame != true {
      let background = self.background.packed
      let width = pixmap.width
      pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
        (pixels.baseAddress! + rows.lowerBound * width).update(repeating: background, count: rows.count * width)
      }
    }
    for (index, item) in items.enumerated() {
      // The item above, when opaque over some clip, hides this one there.
      let hole: Clip? = index + 1 < placements.count ? placements[index + 1].opaqueClip : nil
      switch item {
      case .screen(let placement):
        let snapshot = placement.role == .from ? from : to
        let destination = pixels(placement.frame)
        var clips: [Clip] = [band]
        if let mask = placement.mask { clips.append(clip(for: mask)) }
        // The corner clip bounds the snapshot itself: its edges are covered once, not twice.
        var outline: Clip?
        // A mirrored (negatively scaled) snapshot keeps its corners: |r|.
        if placement.cornerRadius != 0 {
          let radius = abs(placement.cornerRadius)
          outline = .roundedRect(
            RoundedRect(
              rect: destination.standardized, radiiX: CornerRadii(radius * scaleX),
              radiiY: CornerRadii(radius * scaleY)))
        }
        pixmap.draw(
          snapshot.pixmap, into: destination, opacity: placement.opacity, outline: outline, clips: clips,
          sourceIsOpaque: snapshot.isOpaque, hole: hole)
      case .fill(let rect, let color, let opacity):
        pixmap.fill(color.premultiplied, clips: [band, .rect(pixels(rect))], opacity: opacity, hole: hole)
      }
    }
  }

  /// What the compositor needs to know of an item to plan rows.
  struct PlacementInfo {
    /// The screen, when the item is an opaque full-frame snapshot drawn 1:1 at full opacity.
    let role: ScreenRole?
    /// Its mask (nil: the whole frame) when `role` is set.
    let mask: Clip?
    /// Rows the item may touch.
    let rows: Range<Int>
    /// Paints no pixel.
    let invisible: Bool

    /// Opaque and unmasked over the whole frame.
    var coversFrame: Bool { role != nil && mask == nil }

    /// Where the item is surely opaque, as a clip (for the item below's `hole`).
    var opaqueClip: Clip? {
      guard role != nil else { return nil }
      return mask ?? .rect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
    }

    enum Status { case none, partial, full }

    func status(row y: Int, width: Int) -> Status {
      if invisible || !rows.contains(y) { return .none }
      guard role != nil else { return .partial }
      guard let mask else { return .full }
      let span = mask.span(row: y)
      if span.outer.clamped(to: 0..<width).isEmpty { return .none }
      return span.inner.lowerBound <= 0 && span.inner.upperBound >= width ? .full : .partial
    }
  }

  func placementInfo(_ item: FrameItem, frame: Rect) -> PlacementInfo {
    let height = Int(frame.height)
    switch item {
    case .fill(let rect, let color, let opacity):
      let clip = Clip.rect(pixels(rect))
      return PlacementInfo(
        role: nil, mask: nil, rows: clip.rows.clamped(to: 0..<height), invisible: color.a == 0 || opacity <= 0)
    case .screen(let placement):
      let snapshot = placement.role == .from ? from : to
      let destination = pixels(placement.frame)
      var rows = Clip.rect(destination.standardized).rows.clamped(to: 0..<height)
      let mask = placement.mask.map(clip(for:))
      if let mask { rows = rows.clamped(to: mask.rows) }
      let pure =
        snapshot.isOpaque && placement.opacity >= 1 && placement.cornerRadius <= 0 && destination == frame
        && snapshot.pixmap.width == Int(frame.width) && snapshot.pixmap.height == height
      return PlacementInfo(
        role: pure ? placement.role : nil, mask: pure ? mask : nil, rows: rows,
        invisible: placement.opacity <= 0)
    }
  }

  func clip(for mask: FrameMask) -> Clip {
    switch mask {
    case .circle(let center, let radius):
      // A negative radius (an overshooting curve) is the circle of radius |r|.
      return .ellipse(
        center: Point(x: center.x * scaleX, y: center.y * scaleY), radiusX: abs(radius) * scaleX,
        radiusY: abs(radius) * scaleY)
    case .rect(let rect):
      return .rect(pixels(rect).standardized)
    }
  }
}
