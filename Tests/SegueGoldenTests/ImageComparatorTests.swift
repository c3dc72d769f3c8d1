import Foundation
import Testing

@testable import SegueGolden

/// Per-pixel and per-frame decisions, at their edges.
struct ImageComparatorTests {
  /// A w x h image of one straight RGBA colour.
  func image(_ width: Int, _ height: Int, _ color: [UInt8]) -> RGBAImage {
    RGBAImage(width: width, height: height, bytes: Array((0..<(width * height)).map { _ in color }.joined()))
  }

  func setting(_ image: RGBAImage, _ x: Int, _ y: Int, _ color: [UInt8]) -> RGBAImage {
    var copy = image
    copy.bytes.replaceSubrange(((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 4), with: color)
    return copy
  }

  @Test func identicalImagesTakeTheFastPath() {
    let a = image(4, 3, [10, 20, 30, 255])
    let result = ImageComparator.compare(a, a, options: ComparisonOptions())
    #expect(result.isIdentical && result.differingPixels == 0 && result.states.isEmpty)
  }

  @Test func aDifferenceOfExactlyTheTolerancePassesAndOneMoreFails() {
    let base = image(3, 3, [100, 100, 100, 255])
    let two = setting(base, 1, 1, [100, 102, 100, 255])
    let three = setting(base, 1, 1, [100, 100, 97, 255])
    let options = ComparisonOptions()  // tolerance 2
    #expect(ImageComparator.compare(base, two, options: options).differingPixels == 0)
    let failed = ImageComparator.compare(base, three, options: options)
    #expect(failed.differingPixels == 1 && failed.maxChannelDifference == 3)
    #expect(failed.maxDifferenceAt?.x == 1 && failed.maxDifferenceAt?.y == 1)
    #expect(options.fails(differing: failed.differingPixels, of: 9))
    // The maximum is measured even where the tolerance absorbs it.
    #expect(ImageComparator.compare(base, two, options: options).maxChannelDifference == 2)
    // Alpha is a channel too.
    #expect(
      ImageComparator.compare(base, setting(base, 0, 0, [100, 100, 100, 250]), options: options).differingPixels == 1)
    var strict = options
    strict.channelTolerance = 0
    #expect(ImageComparator.compare(base, two, options: strict).differingPixels == 1)
  }

  @Test func frameLimitsAllowPixelsOrARatio() {
    var options = ComparisonOptions()
    #expect(!options.fails(differing: 0, of: 100) && options.fails(differing: 1, of: 100))
    options.maxDiffPixels = 3
    #expect(!options.fails(differing: 3, of: 100) && options.fails(differing: 4, of: 100))
    options = ComparisonOptions(maxDiffRatio: 0.01)
    #expect(!options.fails(differing: 1, of: 100) && options.fails(differing: 2, of: 100))
    // Both set: exceeding either fails.
    options = ComparisonOptions(maxDiffPixels: 5, maxDiffRatio: 0.01)
    #expect(options.fails(differing: 2, of: 100) && !options.fails(differing: 1, of: 100))
    #expect(options.allowance == "allowed 5 pixels and 1.00 % beyond a channel difference of 2")
  }

  @Test func summaryStatesTheMeasuredValues() {
    let base = image(10, 10, [0, 0, 0, 255])
    let changed = setting(setting(base, 3, 4, [87, 0, 0, 255]), 5, 5, [10, 10, 10, 255])
    let result = ImageComparator.compare(base, changed, options: ComparisonOptions())
    #expect(result.summary == "2 pixels differ (2.00 %), max channel difference 87 at (3, 4)")
  }

  @Test func ciede2000MatchesSharmasTestData() {
    // Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17 and 25.
    let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
      ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
      ((50, 0, 0), (50, -1, 2), 2.3669),
      ((50, 2.5, 0), (73, 25, -18), 27.1492),
      ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ]
    for (first, second, expected) in pairs {
      let value = CIEDE2000.difference(
        CIEDE2000.Lab(l: first.0, a: first.1, b: first.2), CIEDE2000.Lab(l: second.0, a: second.1, b: second.2))
      #expect(abs(value - expected) < 1e-4, "\(first) vs \(second): \(value)")
    }
    // White is L* 100, a* b* 0.
    let white = CIEDE2000.lab(r: 255, g: 255, b: 255)
    #expect(abs(white.l - 100) < 1e-3 && abs(white.a) < 1e-3 && abs(white.b) < 1e-3)
  }

  @Test func deltaEMetricUsesTheThreshold() {
    let base = image(2, 2, [128, 128, 128, 255])
    let options = ComparisonOptions(metric: .deltaE)
    // One level of grey is far below ΔE00 2.3; a dozen is above it.
    #expect(
      ImageComparator.compare(base, setting(base, 0, 0, [129, 129, 129, 255]), options: options).differingPixels == 0)
    let far = ImageComparator.compare(base, setting(base, 0, 0, [140, 140, 140, 255]), options: options)
    #expect(far.differingPixels == 1 && (far.maxDeltaE ?? 0) > 2.3)
  }

  @Test func antialiasedPixelsCanBeIgnored() {
    // A vertical edge: black, black, grey (the anti-aliased column), white, white. The grey
    // column changes shade: pixelmatch's test calls it anti-aliasing.
    func edge(_ grey: UInt8) -> RGBAImage {
      let row: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, grey, grey, grey, 255, 255, 255, 255, 255, 255, 255, 255, 255]
      return RGBAImage(width: 5, height: 5, bytes: Array(Array(repeating: row, count: 5).joined()))
    }
    let plain = ImageComparator.compare(edge(128), edge(90), options: ComparisonOptions())
    #expect(plain.differingPixels == 5 && plain.ignoredPixels == 0)
    let ignoring = ImageComparator.compare(edge(128), edge(90), options: ComparisonOptions(ignoreAntialiasing: true))
    #expect(ignoring.differingPixels == 0 && ignoring.ignoredPixels == 5)
    // A pixel changed in the middle of a flat area is no anti-aliasing.
    let flat = image(5, 5, [0, 0, 0, 255])
    let dot = ImageComparator.compare(
      flat, setting(flat, 2, 2, [255, 255, 255, 255]), options: ComparisonOptions(ignoreAntialiasing: true))
    #expect(dot.differingPixels == 1 && dot.ignoredPixels == 0)
  }

  @Test func diffImageFadesTheExpectedFrameAndMarksPixels() {
    func edge(_ grey: UInt8) -> RGBAImage {
      let row: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, grey, grey, grey, 255, 255, 255, 255, 255, 255, 255, 255, 255]
      return RGBAImage(width: 5, height: 5, bytes: Array(Array(repeating: row, count: 5).joined()))
    }
    let expected = setting(edge(128), 4, 4, [255, 255, 255, 255])
    let actual = setting(edge(90), 4, 4, [0, 0, 0, 255])
    let comparison = ImageComparator.compare(expected, actual, options: ComparisonOptions(ignoreAntialiasing: true))
    let diff = DiffImage.make(expected: expected, actual: actual, comparison: comparison)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.bytes[((y * 5 + x) * 4)..<((y * 5 + x) * 4 + 4)]) }
    #expect(pixel(4, 4) == [255, 0, 0, 255])  // differs: red
    #expect(pixel(2, 2) == [255, 255, 0, 255])  // anti-aliasing: yellow
    // Unchanged: grey = 255 + (Y − 255) · 0.1: black → 229.5 → 230, white stays 255.
    #expect(pixel(0, 0) == [230, 230, 230, 255])
    #expect(pixel(3, 0) == [255, 255, 255, 255])
  }

  @Test func diffImageShadesByHowMuchAPixelDiffers() {
    // Black, with four pixels raised by 3, 15, 63 and 255 levels in one channel each.
    let base = image(4, 1, [0, 0, 0, 255])
    let actual = RGBAImage(
      width: 4, height: 1, bytes: [3, 0, 0, 255, 0, 15, 0, 255, 0, 0, 63, 255, 255, 255, 255, 255])
    let comparison = ImageComparator.compare(base, actual, options: ComparisonOptions())
    #expect(comparison.differingPixels == 4)
    let diff = DiffImage.make(expected: base, actual: actual, comparison: comparison)
    // g = 200 · (1 − ln(1 + d) / ln 256): ln 4, ln 16, ln 64 and ln 256 are 2, 4, 6 and 8 ln 2,
    // so t = 1/4, 1/2, 3/4 and 1.
    #expect(diff.bytes == [255, 150, 150, 255, 255, 100, 100, 255, 255, 50, 50, 255, 255, 0, 0, 255])
    // At 16 bits: 15 levels are 3855; one step of 65535 (tolerance 0) still shades as 1 level:
    // 200 · (1 − ln 2 / ln 256) = 175.
    let wideBase = RGBAImage(width: 2, height: 1, wide: [0, 0, 0, 65535, 0, 0, 0, 65535])
    let wideActual = RGBAImage(width: 2, height: 1, wide: [3855, 0, 0, 65535, 1, 0, 0, 65535])
    let wide = ImageComparator.compare(wideBase, wideActual, options: ComparisonOptions(channelTolerance: 0))
    #expect(wide.differingPixels == 2)
    #expect(
      DiffImage.make(expected: wideBase, actual: wideActual, comparison: wide).bytes == [
        255, 100, 100, 255, 255, 175, 175, 255,
      ])
  }
}
