import Testing

@testable import SegueKit

/// A contact sheet's labels: frame number and time to the millisecond, and a font scale that fits.
struct SheetLabelTests {
  @Test func labelsGiveTheFrameAndItsTimeInMilliseconds() {
    #expect(FrameExtras.sheetLabel(index: 12, time: 0.2) == "#12 0.200 s")
    #expect(FrameExtras.sheetLabel(index: 0, time: 0) == "#0 0.000 s")
    #expect(FrameExtras.sheetLabel(index: 61, time: 61.0 / 60) == "#61 1.017 s")
    #expect(FrameExtras.sheetLabel(index: 5, time: 0.9996) == "#5 1.000 s")
    #expect(FrameExtras.sheetLabel(index: 300, time: 12.05) == "#300 12.050 s")
  }

  @Test func theFontScaleFitsTheLongestLabelInTheCell() {
    // "#12 0.200 s" is 58 font pixels: twice fits 160 px, three times does not.
    #expect(FrameExtras.labelScale(labels: ["#1 0.017 s", "#12 0.200 s"], cellWidth: 160) == 2)
    // "#0 0.000 s" is 52: three times fits (156), and 3 is the largest scale.
    #expect(FrameExtras.labelScale(labels: ["#0 0.000 s"], cellWidth: 160) == 3)
    #expect(FrameExtras.labelScale(labels: ["#0 0.000 s"], cellWidth: 1000) == 3)
    // Never below 1, even when nothing fits.
    #expect(FrameExtras.labelScale(labels: ["#12345 123.456 s"], cellWidth: 20) == 1)
  }
}
