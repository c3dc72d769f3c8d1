import SegueGeometry
import Testing

@testable import SegueRaster

/// A layer turned about a vertical axis is sampled a column at a time: each frame column's
/// source row at frame row y is v − ½ = start + y · slope, kept in whole numbers (2⁻³² of a row).
struct ProjectedColumnTests {
  /// The inverse of a 1170 × 2532 screen turned 35° about its left edge in perspective (b = h =
  /// 0, as the cube's and the door's maps are): every column's row and weight, in 256ths, at
  /// every 97th frame row, against the float formula v = (d·cx + e·cy + f) / (g·cx + i) − ½.
  @Test func wholeNumberRowsFollowTheFloatFormula() {
    let inverse = Homography(1.42, 0, -12.5, 0.31, 1.18, -380.2, 0.000_47, 0, 0.93)
    var largest = 0
    var checked = 0
    for x in stride(from: 0, to: 1170, by: 7) {
      let column = ProjectedColumn(x: x, inverse: inverse, lastColumn: 1169)
      #expect(column.exact)
      let cx = Double(x) + 0.5
      for y in stride(from: 0, to: 2532, by: 97) {
        let cy = Double(y) + 0.5
        let v = (inverse.d * cx + inverse.e * cy + inverse.f) / (inverse.g * cx + inverse.i) - 0.5
        let float = Int(v * 256 + 0.5)
        let whole = Int((column.start + Int64(y) * column.slope + 0x80_0000) >> 24)
        largest = max(largest, abs(float - whole))
        checked += 1
      }
    }
    // The two round the same sum differently only where it lies within a rounding of a half.
    #expect(largest <= 1)
    #expect(checked > 4000)
  }

  /// Terms no 64-bit sum can hold (a map that sends the column nearly to infinity) are not
  /// exact: that draw keeps the float formula.
  @Test func hugeTermsAreNotExact() {
    let inverse = Homography(1, 0, 0, 0, 1e30, 0, 0, 0, 1)
    #expect(!ProjectedColumn(x: 3, inverse: inverse, lastColumn: 9).exact)
  }
}
