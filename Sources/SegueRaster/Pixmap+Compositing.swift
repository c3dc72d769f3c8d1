import SegueGeometry

/// Drawing into a pixmap: solid fills and stretched pixmaps, through clips, source-over.
extension Pixmap {
  /// Fills everything the clips cover with `color`, times `opacity`.
  ///
  /// Each pixel gets S·c over it, where c = coverage · opacity: D' = S·c + D·(1 − Sa·c).
  /// Pixels in `hole`'s fully covered span are left alone (something opaque will cover them).
  public mutating func fill(_ color: PremultipliedRGBA8, clips: [Clip], opacity: Double = 1, hole: Clip? = nil) {
    let alpha = Pixmap.alpha255(opacity)
    guard alpha > 0, color.a > 0 else { return }
    let source = color.packed
    let opaque = color.a == 255 && alpha == 255
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { pixels in
      let base = pixels.baseAddress!
      Pixmap.forEachCoveredSpan(width: width, height: height, clips: clips, hole: hole) {
        y, span, inner, coverage in
        let row = base + y * width
        let solid = opaque ? inner : inner.lowerBound..<inner.lowerBound
        if !solid.isEmpty { (row + solid.lowerBound).update(repeating: source, count: solid.count) }
        // Translucent over fully covered pixels: one colour, the source already scaled.
        let blended = opaque || inner.isEmpty ? solid : inner
        if !opaque && !blended.isEmpty {
          let scaled = alpha == 255 ? source : scalePixel(source, by: alpha)
          blendRun(scaled, into: row + blended.lowerBound, count: blended.count)
        }
        @inline(__always) func blend(_ x: Int) {
          let c = divide255(UInt32(coverage[x - span.lowerBound]) &* alpha)
          if c == 0 { return }
          row[x] = sourceOver(c == 255 ? source : scalePixel(source, by: c), row[x])
        }
        for x in span.lowerBound..<blended.lowerBound { blend(x) }
        for x in blended.upperBound..<span.upperBound { blend(x) }
      }
    }
  }

  /// Draws `source` (its `sourceRect`, all of it by default) stretched into `destination`,
  /// with bilinear filtering, times `opacity`, through `clips`. Coordinates are in pixels.
  ///
  /// A destination with a negative width (height) is mirrored: its `x` (`y`) is the edge the
  /// source's left (top) goes to, as a negative scale draws in UIKit. The destination's own
  /// fractional edges are anti-aliased by area once: `outline`, when given, is the shape that
  /// bounds the destination (a rounded rectangle of the same bounds) and replaces its rectangle.
  /// When the mapping is 1:1 at a whole-pixel offset, pixels are copied without filtering (fully
  /// covered runs of an opaque source as memory copies). Pixels in `hole`'s fully covered span
  /// are left alone.
  public mutating func draw(
    _ source: Pixmap, sourceRect: Rect? = nil, into destination: Rect, opacity: Double = 1,
    outline: Clip? = nil, clips: [Clip] = [], sourceIsOpaque: Bool? = nil, hole: Clip? = nil
  ) {
    let alpha = Pixmap.alpha255(opacity)
    let whole = Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
    let from = sourceRect ?? whole
    let bounds = destination.standardized
    guard alpha > 0, !bounds.isEmpty, !from.isEmpty else { return }
    let allClips = [outline ?? Clip.rect(bounds)] + clips
    let width = self.width
    let isIdentity =
      from == whole && destination.width == from.width && destination.height == from.height
      && destination.x == destination.x.rounded() && destination.y == destination.y.rounded()
    if isIdentity {
      let offsetX = pixelIndex(destination.x, .down)
      let offsetY = pixelIndex(destination.y, .down)
      let copyRuns = alpha == 255 && (sourceIsOpaque ?? source.isOpaque)
      source.pixels.withUnsafeBufferPointer { sourcePixels in
        let sourceBase = sourcePixels.baseAddress!
        pixels.withUnsafeMutableBufferPointer { pixels in
          let base = pixels.baseAddress!
          Pixmap.forEachCoveredSpan(width: width, height: height, clips: allClips, hole: hole) {
            y, span, inner, coverage in
            let row = base + y * width
            let sourceRow = sourceBase + (y - offsetY) * source.width - offsetX
            // Fully covered: an opaque source at full opacity is copied, any other blended
            // eight pixels at a time.
            if copyRuns && !inner.isEmpty {
              (row + inner.lowerBound).update(from: sourceRow + inner.lowerBound, count: inner.count)
            } else if !inner.isEmpty {
              blendRun(sourceRow + inner.lowerBound, alpha: alpha, into: row + inner.lowerBound, count: inner.count)
            }
            @inline(__always) func blend(_ x: Int) {
              let c = divide255(UInt32(coverage[x - span.lowerBound]) &* alpha)
              if c == 0 { return }
              row[x] = sourceOver(c == 255 ? sourceRow[x] : scalePixel(sourceRow[x], by: c), row[x])
            }
            for x in span.lowerBound..<inner.lowerBound { blend(x) }
            for x in inner.upperBound..<span.upperBound { blend(x) }
          }
        }
      }
      return
    }
    // Bilinear: destination pixel centre X + 0.5 maps to u = from.x + (X + 0.5 − dest.x) · sx,
    // sampled at u − 0.5 between the two nearest source columns (clamped to `from`).
    let scaleX = from.width / destination.width
    let scaleY = from.height / destination.height
    let columnLimit = (
      max(0, pixelIndex(from.minX, .down)), min(source.width, pixelIndex(from.maxX, .up)) - 1
    )
    let rowLimit = (
      max(0, pixelIndex(from.minY, .down)), min(source.height, pixelIndex(from.maxY, .up)) - 1
    )
    guard columnLimit.1 >= columnLimit.0, rowLimit.1 >= rowLimit.0 else { return }
    func sample(_ position: Double, _ limit: (Int, Int)) -> (Int, Int, UInt32) {
      // A destination far smaller than its source maps pixels to huge source positions;
      // anything past the source clamps to its edge anyway.
      let floor = min(Double(Pixmap.maxSide + 1), max(-1, position.isFinite ? position : 0)).rounded(.down)
      let weight = UInt32(min(256, max(0, ((position - floor) * 256).rounded())))
      let first = Int(floor)
      return (min(limit.1, max(limit.0, first)), min(limit.1, max(limit.0, first + 1)), weight)
    }
    var columns = [(Int, Int, UInt32)](repeating: (0, 0, 0), count: width)
    let firstColumn = max(0, pixelIndex(bounds.minX, .down))
    let lastColumn = min(width, pixelIndex(bounds.maxX, .up))
    if firstColumn < lastColumn {
      for x in firstColumn..<lastColumn {
        columns[x] = sample(from.x + (Double(x) + 0.5 - destination.x) * scaleX - 0.5, columnLimit)
      }
    }
    // Down first, then across: each row's two source rows are mixed once, eight pixels at a
    // time, over the source columns its run reads (`mixed`), so a frame pixel blends two mixed
    // pixels across instead of four source pixels; then its run is blended onto the frame,
    // eight pixels at a time where it is fully covered.
    let copyRuns = alpha == 255 && (sourceIsOpaque ?? source.isOpaque)
    let mixed = UnsafeMutablePointer<UInt32>.allocate(capacity: source.width + 8)
    let samples = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
    defer {
      mixed.deallocate()
      samples.deallocate()
    }
    source.pixels.withUnsafeBufferPointer { sourcePixels in
      let sourceBase = sourcePixels.baseAddress!
      pixels.withUnsafeMutableBufferPointer { pixels in
        let base = pixels.baseAddress!
        columns.withUnsafeBufferPointer { columns in
          Pixmap.forEachCoveredSpan(width: width, height: height, clips: allClips, hole: hole) {
            y, span, inner, coverage in
            let (rowA, rowB, weightY) = sample(
              from.y + (Double(y) + 0.5 - destination.y) * scaleY - 0.5, rowLimit)
            let upper = sourceBase + rowA * source.width
            let lower = sourceBase + rowB * source.width
            // The source columns the run reads (its columns move one way along it).
            let (first, last) = (columns[span.lowerBound], columns[span.upperBound - 1])
            let low = min(first.0, last.0)
            let high = max(first.1, last.1)
            let across: UnsafePointer<UInt32>
            if weightY == 0 || rowA == rowB {
              across = UnsafePointer(upper)
            } else {
              Pixmap.mixRows(upper + low, lower + low, weightY, into: mixed, count: high - low + 1)
              across = UnsafePointer(mixed - low)
            }
            for x in span {
              let (columnA, columnB, weightX) = columns[x]
              samples[x - span.lowerBound] = Pixmap.lerp(across[columnA], across[columnB], weightX)
            }
            let row = base + y * width
            @inline(__always) func blend(_ x: Int) {
              let c = divide255(UInt32(coverage[x - span.lowerBound]) &* alpha)
              if c == 0 { return }
              let pixel = samples[x - span.lowerBound]
              row[x] = sourceOver(c == 255 ? pixel : scalePixel(pixel, by: c), row[x])
            }
            let full = inner.clamped(to: span)
            guard !full.isEmpty else {
              for x in span { blend(x) }
              return
            }
            for x in span.lowerBound..<full.lowerBound { blend(x) }
            let run = samples + (full.lowerBound - span.lowerBound)
            if copyRuns {
              (row + full.lowerBound).update(from: run, count: full.count)
            } else {
              blendRun(run, alpha: alpha, into: row + full.lowerBound, count: full.count)
            }
            for x in full.upperBound..<span.upperBound { blend(x) }
          }
        }
      }
    }
  }

  /// a + (b − a) · w / 256 per channel, rounded, in two 16-bit lanes at once.
  @inline(__always)
  public static func lerp(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
    if weight == 0 || a == b { return a }
    let inverse: UInt32 = 256 &- weight
    let mask: UInt32 = 0x00FF_00FF
    let half: UInt32 = 0x0080_0080
    let rb: UInt32 = (((a & mask) &* inverse &+ (b & mask) &* weight &+ half) >> 8) & mask
    let ga: UInt32 = (((a >> 8) & mask) &* inverse &+ ((b >> 8) & mask) &* weight &+ half) & ~mask
    return rb | ga
  }

  /// `lerp` of eight pixel pairs at once, lane by lane the same sums (its shortcuts, a weight of
  /// 0 or a = b, give a in the full sums too).
  @inline(__always)
  static func lerp(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>, _ weight: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let inverse = 256 &- weight
    let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    let rb = (((a & mask) &* inverse &+ (b & mask) &* weight &+ 0x0080_0080) &>> 8) & mask
    let ga = (((a &>> 8) & mask) &* inverse &+ ((b &>> 8) & mask) &* weight &+ 0x0080_0080) & ~mask
    return rb | ga
  }

  /// `count` pixels of `upper` and `lower` mixed, `weight` (256ths) of `lower`: `lerp` pixel by
  /// pixel, eight at a time.
  static func mixRows(
    _ upper: UnsafePointer<UInt32>, _ lower: UnsafePointer<UInt32>, _ weight: UInt32,
    into mixed: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    let (a, b, out) = (UnsafeRawPointer(upper), UnsafeRawPointer(lower), UnsafeMutableRawPointer(mixed))
    let weights = SIMD8<UInt32>(repeating: weight)
    var index = 0
    while index + 8 <= count {
      let offset = index * 4
      out.storeBytes(
        of: lerp(
          a.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self),
          b.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self), weights),
        toByteOffset: offset, as: SIMD8<UInt32>.self)
      index += 8
    }
    while index < count {
      mixed[index] = lerp(upper[index], lower[index], weight)
      index += 1
    }
  }

  /// Opacity 0…1 as 0…255.
  static func alpha255(_ opacity: Double) -> UInt32 {
    guard opacity.isFinite else { return 0 }
    return UInt32((min(1, max(0, opacity)) * 255).rounded())
  }

  /// Calls `body` for every run of columns, row by row, that all `clips` together may cover,
  /// minus the fully covered span of `hole`: with the row, the run (`span`), the part of it
  /// surely fully covered (`inner`, within `span`) and the coverage of each of its columns
  /// (index 0 is `span.lowerBound`). A row yields at most two runs (left and right of the hole).
  static func forEachCoveredSpan(
    width: Int, height: Int, clips: [Clip], hole: Clip? = nil,
    _ body: (Int, Range<Int>, Range<Int>, UnsafeMutablePointer<UInt8>) -> Void
  ) {
    var rows = 0..<height
    for clip in clips { rows = rows.clamped(to: clip.rows) }
    guard !rows.isEmpty else { return }
    let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
    defer { coverage.deallocate() }
    var spans = [(outer: Range<Int>, inner: Range<Int>)](repeating: (0..<0, 0..<0), count: clips.count)
    for y in rows {
      var outer = 0..<width
      var inner = 0..<width
      for (index, clip) in clips.enumerated() {
        let span = clip.span(row: y)
        spans[index] = span
        outer = outer.clamped(to: span.outer)
        inner = inner.clamped(to: span.inner)
      }
      if outer.isEmpty { continue }
      // At most two runs, left and right of the hole (no array a row: this is every row of
      // every layer drawn).
      var runs = (outer, outer.upperBound..<outer.upperBound)
      if let hole {
        let covered = hole.span(row: y).inner.clamped(to: outer)
        if !covered.isEmpty {
          runs = (outer.lowerBound..<covered.lowerBound, covered.upperBound..<outer.upperBound)
        }
      }
      for side in 0..<2 {
        let run = side == 0 ? runs.0 : runs.1
        if run.isEmpty { continue }
        var runInner = inner.clamped(to: run)
        if runInner.isEmpty { runInner = run.lowerBound..<run.lowerBound }
        coverage.update(repeating: 255, count: run.count)
        for (index, clip) in clips.enumerated() {
          // Only the columns outside this clip's own fully covered run can change.
          let own = spans[index].inner.clamped(to: run)
          if own.isEmpty {
            clip.multiplyCoverage(row: y, columns: run, into: coverage)
            continue
          }
          if run.lowerBound < own.lowerBound {
            clip.multiplyCoverage(row: y, columns: run.lowerBound..<own.lowerBound, into: coverage)
          }
          if own.upperBound < run.upperBound {
            clip.multiplyCoverage(
              row: y, columns: own.upperBound..<run.upperBound,
              into: coverage + (own.upperBound - run.lowerBound))
          }
        }
        body(y, run, runInner, coverage)
      }
    }
  }
}
