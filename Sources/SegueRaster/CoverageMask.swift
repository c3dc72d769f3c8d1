import SegueGeometry

/// Per-pixel coverage (0…255) of a shape over a rectangle of a canvas.
public struct CoverageMask: Sendable, Equatable {
  /// The covered rectangle in canvas pixels: columns x..<x+width, rows y..<y+height.
  public let x: Int
  public let y: Int
  public let width: Int
  public let height: Int
  /// `width · height` coverage values, row-major.
  public var values: [UInt8]
  /// For each row, when known, the canvas columns of its run of full coverage (255), so those
  /// that clip by the mask skip them: a convex outline's row is fully covered between its edges.
  public var fullRuns: [Range<Int>]?
  /// For each row, when known, the canvas columns from its first pixel with any coverage to
  /// past its last (the rest of the row is 0), so those that clip by the mask skip the rest: a
  /// screen turned away in perspective covers a narrowing part of its bounding box's rows.
  public var coveredRuns: [Range<Int>]?

  public init(x: Int, y: Int, width: Int, height: Int, values: [UInt8]) {
    precondition(values.count == width * height, "coverage values must fill the mask")
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.values = values
  }

  /// Coverage at canvas pixel (px, py); 0 outside the mask.
  public func coverage(x px: Int, y py: Int) -> UInt8 {
    let column = px - x
    let row = py - y
    guard column >= 0, column < width, row >= 0, row < height else { return 0 }
    return values[row * width + column]
  }

  /// This mask times `other`, pixel by pixel (`a · b / 255`, rounded), over the rectangle the
  /// two share.
  public func multiplied(by other: CoverageMask) -> CoverageMask {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    guard right > left, bottom > top else { return CoverageMask(x: 0, y: 0, width: 0, height: 0, values: []) }
    var product = [UInt8](repeating: 0, count: (right - left) * (bottom - top))
    for row in top..<bottom {
      let mine = (row - y) * width - x
      let theirs = (row - other.y) * other.width - other.x
      let out = (row - top) * (right - left) - left
      for column in left..<right {
        let value = UInt16(values[mine + column]) * UInt16(other.values[theirs + column])
        product[out + column] = UInt8((UInt32(value) + 127) / 255)
      }
    }
    var mask = CoverageMask(x: left, y: top, width: right - left, height: bottom - top, values: product)
    // 255 · 255 is the only product that is 255: full where both are.
    if let mine = fullRuns, let theirs = other.fullRuns {
      mask.fullRuns = (top..<bottom).map { row in
        let run = mine[row - y].clamped(to: theirs[row - other.y]).clamped(to: left..<right)
        return run.isEmpty ? 0..<0 : run
      }
    }
    // Outside either one's covered columns the product is 0.
    if let mine = coveredRuns, let theirs = other.coveredRuns {
      mask.coveredRuns = (top..<bottom).map { row in
        let run = mine[row - y].clamped(to: theirs[row - other.y]).clamped(to: left..<right)
        return run.isEmpty ? left..<left : run
      }
    }
    return mask
  }

  /// Every value times `opacity` (rounded): a mask layer's opacity fades what it lets through.
  public func faded(by opacity: Double) -> CoverageMask {
    guard opacity < 1 else { return self }
    let factor = max(0, opacity)
    var mask = CoverageMask(
      x: x, y: y, width: width, height: height, values: values.map { UInt8((Double($0) * factor).rounded()) })
    mask.coveredRuns = coveredRuns
    return mask
  }

  /// The coverage of `path` on a canvas of `canvasWidth` × `canvasHeight` pixels.
  ///
  /// Exact area coverage of the (flattened) outline, by signed-area accumulation: every edge
  /// adds, to the cells it crosses, the area between it and the cell's right side (times its
  /// vertical direction); a running sum along each row then gives each pixel's covered area.
  /// Edges left of the canvas are moved onto x = 0, which keeps their winding for every
  /// visible pixel; edges right of it land past the last column and are dropped.
  /// - Parameter rows: when given, only these rows are computed (the rest of the canvas is
  ///   left out of the mask).
  public static func rasterize(
    _ path: Path, canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil
  ) -> CoverageMask {
    let bounds = path.bounds
    let limit = rows ?? 0..<canvasHeight
    guard bounds.minX.isFinite, bounds.maxX.isFinite, bounds.minY.isFinite, bounds.maxY.isFinite else {
      return CoverageMask(x: 0, y: 0, width: 0, height: 0, values: [])
    }
    let x0 = max(0, pixelIndex(bounds.minX, .down))
    let y0 = max(limit.lowerBound, pixelIndex(bounds.minY, .down))
    let x1 = min(canvasWidth, pixelIndex(bounds.maxX, .up))
    let y1 = min(limit.upperBound, pixelIndex(bounds.maxY, .up))
    guard x1 > x0, y1 > y0, bounds.width > 0, bounds.height > 0 else {
      return CoverageMask(x: 0, y: 0, width: 0, height: 0, values: [])
    }
    let width = x1 - x0
    let height = y1 - y0
    let stride = width + 2
    /// Walks every edge of the path, moved to the mask's origin, into `sink`.
    func walkEdges(into sink: inout some EdgeCellSink) {
      for contour in path.contours where contour.count > 1 {
        var previous = contour[contour.count - 1]
        for point in contour {
          addClippedEdge(
            from: Point(x: previous.x - Double(x0), y: previous.y - Double(y0)),
            to: Point(x: point.x - Double(x0), y: point.y - Double(y0)),
            width: width, height: height, into: &sink)
          previous = point
        }
      }
    }
    // Twice: first the columns each row's edges touch, then their areas into cells over just
    // those columns (a dense rectangle of cells would be mostly zeros, zeroed every time).
    var touched = TouchedColumns(rows: height)
    walkEdges(into: &touched)
    let layout = PackedCells(touched, rows: height, stride: stride)
    var accumulator = [Float](repeating: 0, count: layout.count)
    accumulator.withUnsafeMutableBufferPointer { cells in
      var deposit = CellDeposit(layout: layout, cells: cells.baseAddress!)
      walkEdges(into: &deposit)
    }
    var values = [UInt8](repeating: 0, count: width * height)
    var fullRuns = [Range<Int>](repeating: 0..<0, count: height)
    var coveredRuns = [Range<Int>](repeating: 0..<0, count: height)
    values.withUnsafeMutableBufferPointer { out in
      accumulator.withUnsafeBufferPointer { cells in
        for row in 0..<height {
          var sum: Float = 0
          // The row's longest run of 255s, in mask columns.
          var (best, runStart) = (0..<0, -1)
          // The row's columns from its first non-zero value to past its last, in mask columns.
          var (firstCovered, endCovered) = (width, 0)
          @inline(__always) func note(_ columns: Range<Int>, value: UInt8) {
            if value != 0 {
              firstCovered = min(firstCovered, columns.lowerBound)
              endCovered = columns.upperBound
            }
            if value == 255 {
              if runStart < 0 { runStart = columns.lowerBound }
            } else if runStart >= 0 {
              if columns.lowerBound - runStart > best.count { best = runStart..<columns.lowerBound }
              runStart = -1
            }
          }
          var column = 0
          for (run, base) in layout.runs(row: row) {
            let summed = run.clamped(to: column..<width)
            // Between the runs the cells are 0: the sum, and so the coverage, holds.
            if column < summed.lowerBound {
              let value = UInt8(min(1, abs(sum)) * 255 + 0.5)
              if value != 0 {
                (out.baseAddress! + row * width + column).update(repeating: value, count: summed.lowerBound - column)
              }
              note(column..<summed.lowerBound, value: value)
            }
            for index in summed {
              sum += cells[base + index]
              let value = UInt8(min(1, abs(sum)) * 255 + 0.5)
              out[row * width + index] = value
              note(index..<(index + 1), value: value)
            }
            column = max(column, summed.upperBound)
          }
          if column < width {
            let value = UInt8(min(1, abs(sum)) * 255 + 0.5)
            if value != 0 { (out.baseAddress! + row * width + column).update(repeating: value, count: width - column) }
            note(column..<width, value: value)
          }
          if runStart >= 0, width - runStart > best.count { best = runStart..<width }
          fullRuns[row] = (best.lowerBound + x0)..<(best.upperBound + x0)
          coveredRuns[row] = firstCovered < endCovered ? (firstCovered + x0)..<(endCovered + x0) : x0..<x0
        }
      }
    }
    var mask = CoverageMask(x: x0, y: y0, width: width, height: height, values: values)
    mask.fullRuns = fullRuns
    mask.coveredRuns = coveredRuns
    return mask
  }

  /// Splits an edge at x = 0 and x = width, then clamps each piece into [0, width].
  private static func addClippedEdge(
    from a: Point, to b: Point, width: Int, height: Int, into sink: inout some EdgeCellSink
  ) {
    let right = Double(width)
    var cuts: [Double] = [0, 1]
    if a.x != b.x {
      for boundary in [0, right] {
        let t = (boundary - a.x) / (b.x - a.x)
        if t > 0, t < 1 { cuts.append(t) }
      }
    }
    cuts.sort()
    for index in 0..<(cuts.count - 1) {
      let ta = cuts[index]
      let tb = cuts[index + 1]
      let pa = Point(
        x: min(right, max(0, a.x + (b.x - a.x) * ta)), y: a.y + (b.y - a.y) * ta)
      let pb = Point(
        x: min(right, max(0, a.x + (b.x - a.x) * tb)), y: a.y + (b.y - a.y) * tb)
      addEdge(from: pa, to: pb, height: height, into: &sink)
    }
  }

  /// Accumulates one edge whose x lies in [0, width]; see `rasterize`.
  private static func addEdge(from a: Point, to b: Point, height: Int, into sink: inout some EdgeCellSink) {
    guard a.y != b.y else { return }
    let direction: Double = a.y < b.y ? 1 : -1
    let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
    let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
    let firstRow = max(0, pixelIndex(top.y, .down))
    let endRow = min(height, pixelIndex(bottom.y, .up))
    guard firstRow < endRow else { return }
    // x is stepped row by row; rounding can carry it a hair past the edge's ends (below 0 when
    // an end sits on x = 0), so each step is held within them.
    let (leftmost, rightmost) = top.x < bottom.x ? (top.x, bottom.x) : (bottom.x, top.x)
    var x = min(rightmost, max(leftmost, top.x + (max(top.y, Double(firstRow)) - top.y) * dxdy))
    for row in firstRow..<endRow {
      let rowTop = max(top.y, Double(row))
      let rowBottom = min(bottom.y, Double(row + 1))
      let dy = rowBottom - rowTop
      let xNext = min(rightmost, max(leftmost, x + dxdy * dy))
      let d = dy * direction
      let (lo, hi) = x < xNext ? (x, xNext) : (xNext, x)
      let loFloor = lo.rounded(.down)
      let loIndex = Int(loFloor)
      let hiCeil = hi.rounded(.up)
      let hiIndex = Int(hiCeil)
      let base = sink.touch(row: row, columns: loIndex..<(max(loIndex + 1, hiIndex) + 1))
      if hiIndex <= loIndex + 1 {
        // The edge stays within one column: split d by the area right of its mid x.
        let mid = 0.5 * (x + xNext) - loFloor
        sink.add(Float(d - d * mid), at: base + loIndex)
        sink.add(Float(d * mid), at: base + loIndex + 1)
      } else {
        let slope = 1 / (hi - lo)
        let loFraction = lo - loFloor
        let firstArea = 0.5 * slope * (1 - loFraction) * (1 - loFraction)
        let hiFraction = hi - hiCeil + 1
        let lastArea = 0.5 * slope * hiFraction * hiFraction
        sink.add(Float(d * firstArea), at: base + loIndex)
        if hiIndex == loIndex + 2 {
          sink.add(Float(d * (1 - firstArea - lastArea)), at: base + loIndex + 1)
        } else {
          let secondArea = slope * (1.5 - loFraction)
          sink.add(Float(d * (secondArea - firstArea)), at: base + loIndex + 1)
          if loIndex + 2 < hiIndex - 1 {
            for column in (loIndex + 2)..<(hiIndex - 1) {
              sink.add(Float(d * slope), at: base + column)
            }
          }
          let before = secondArea + Double(hiIndex - loIndex - 3) * slope
          sink.add(Float(d * (1 - before - lastArea)), at: base + hiIndex - 1)
        }
        sink.add(Float(d * lastArea), at: base + hiIndex)
      }
      x = xNext
    }
  }
}
