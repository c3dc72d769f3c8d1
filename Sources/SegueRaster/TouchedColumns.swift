/// The columns of each row that a rasterizer's edges wrote into, as at most four runs a row.
///
/// Between them a row's running coverage sum does not change, so those pixels take one value
/// without being summed: the inside of a convex outline (two runs a row, at its left and right
/// edges) is then filled at once. A row whose edges touch more than four separate runs is summed
/// whole (`runs` returns nil).
struct TouchedColumns {
  static let maxRuns = 4
  private var bounds: [Int32]
  private var counts: [Int8]

  init(rows: Int) {
    bounds = [Int32](repeating: 0, count: rows * Self.maxRuns * 2)
    counts = [Int8](repeating: 0, count: rows)
  }

  /// Notes that `columns` of `row` were written, joining a run it overlaps or touches.
  mutating func add(row: Int, columns: Range<Int>) {
    let count = Int(counts[row])
    guard count >= 0 else { return }
    let base = row * Self.maxRuns * 2
    var low = Int32(columns.lowerBound)
    var high = Int32(columns.upperBound)
    // Runs it touches are taken out and merged into it; the rest stay.
    var kept = 0
    for index in 0..<count {
      let (a, b) = (bounds[base + 2 * index], bounds[base + 2 * index + 1])
      if a <= high && b >= low {
        low = min(low, a)
        high = max(high, b)
      } else {
        bounds[base + 2 * kept] = a
        bounds[base + 2 * kept + 1] = b
        kept += 1
      }
    }
    guard kept < Self.maxRuns else {
      counts[row] = -1
      return
    }
    bounds[base + 2 * kept] = low
    bounds[base + 2 * kept + 1] = high
    counts[row] = Int8(kept + 1)
  }

  /// The row's runs from left to right, or nil when it had too many to keep.
  func runs(row: Int) -> [Range<Int>]? {
    let count = Int(counts[row])
    guard count >= 0 else { return nil }
    let base = row * Self.maxRuns * 2
    return (0..<count).map { Int(bounds[base + 2 * $0])..<Int(bounds[base + 2 * $0 + 1]) }
      .sorted { $0.lowerBound < $1.lowerBound }
  }
}
