/// Where a coverage mask's accumulation cells are: only in the runs of columns its edges touch,
/// packed one run after another.
///
/// A dense rectangle of cells costs 4 bytes a pixel of the mask's bounding box, zeroed, for a
/// few written cells a row: a quadrilateral over a 1170 × 2532 frame (a screen in perspective,
/// its shadow) writes about 4 of each row's 1172 cells, yet its 12 MB of cells were zeroed (and
/// their pages faulted in) for every frame. Packed, it is a few cells a row.
///
/// A row's runs are those of `TouchedColumns` (a row with more than it keeps is one run over
/// the whole row). Every edge writes a row in one run of columns (`TouchedColumns` joins runs
/// that overlap or meet), so an edge finds its cells once a row, with `base`.
struct PackedCells {
  /// Per row, `TouchedColumns.maxRuns` slots: each run's first and past-last column and where
  /// its first cell is; `counts[row]` slots are used, in column order.
  private var starts: [Int32]
  private var ends: [Int32]
  private var offsets: [Int]
  private var counts: [Int8]
  /// How many cells all runs of all rows have.
  let count: Int

  /// The cells of the runs `touched` found, in rows of `stride` columns.
  init(_ touched: TouchedColumns, rows: Int, stride: Int) {
    let slots = TouchedColumns.maxRuns
    starts = [Int32](repeating: 0, count: rows * slots)
    ends = [Int32](repeating: 0, count: rows * slots)
    offsets = [Int](repeating: 0, count: rows * slots)
    counts = [Int8](repeating: 0, count: rows)
    var total = 0
    for row in 0..<rows {
      let runs = touched.runs(row: row) ?? [0..<stride]
      counts[row] = Int8(runs.count)
      for (index, run) in runs.enumerated() {
        starts[row * slots + index] = Int32(run.lowerBound)
        ends[row * slots + index] = Int32(run.upperBound)
        offsets[row * slots + index] = total
        total += run.count
      }
    }
    count = total
  }

  /// The index in `cells` of column 0 of `row`'s run that holds `column`: that run's cell for
  /// column c is at base + c.
  func base(row: Int, column: Int) -> Int {
    let slots = TouchedColumns.maxRuns
    for index in (row * slots)..<(row * slots + Int(counts[row]))
    where Int(starts[index]) <= column && column < Int(ends[index]) {
      return offsets[index] - Int(starts[index])
    }
    preconditionFailure("column \(column) of row \(row) is in no run an edge touched")
  }

  /// `row`'s runs in column order, with the base of each (as `base` gives it).
  func runs(row: Int) -> [(columns: Range<Int>, base: Int)] {
    let slots = TouchedColumns.maxRuns
    return ((row * slots)..<(row * slots + Int(counts[row]))).map {
      (Int(starts[$0])..<Int(ends[$0]), offsets[$0] - Int(starts[$0]))
    }
  }
}
