/// Where `CoverageMask.rasterize`'s edge walk puts what it finds, row by row: the walk runs
/// twice with the same arithmetic, first to note which columns each row's edges touch
/// (`TouchedColumns`), then to add their areas into cells packed over just those columns
/// (`PackedCells`).
protocol EdgeCellSink {
  /// Notes that the edge writes `columns` of `row` next; returns the index its cell for column
  /// c has, less c.
  mutating func touch(row: Int, columns: Range<Int>) -> Int
  /// Adds `area` to the cell at `index`.
  mutating func add(_ area: Float, at index: Int)
}

extension TouchedColumns: EdgeCellSink {
  mutating func touch(row: Int, columns: Range<Int>) -> Int {
    add(row: row, columns: columns)
    return 0
  }

  func add(_ area: Float, at index: Int) {}
}
