/// The second walk of `CoverageMask.rasterize` (an `EdgeCellSink`): the areas go into `cells`,
/// laid out by `layout`.
struct CellDeposit: EdgeCellSink {
  let layout: PackedCells
  let cells: UnsafeMutablePointer<Float>

  func touch(row: Int, columns: Range<Int>) -> Int {
    layout.base(row: row, column: columns.lowerBound)
  }

  func add(_ area: Float, at index: Int) {
    cells[index] += area
  }
}
