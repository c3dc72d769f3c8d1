import Foundation
import SeguePNG
import SegueRaster
import SegueTestSupport
import Testing

@testable import SegueGolden

/// The comparison split into bands over several threads, RGB against RGBA, and differing
/// pixels counted where they were planted.
struct ImageComparatorBandTests {
  /// A width x height image of random bytes, `channels` a pixel.
  func noise(_ width: Int, _ height: Int, channels: Int, seed: UInt64) -> RGBAImage {
    var random = SplitMix64(state: seed)
    let bytes = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &random) }
    return RGBAImage(width: width, height: height, bytes: bytes, channels: channels)
  }

  /// `image` with `count` random pixels moved by up to ±`spread` in one random channel.
  func perturbed(_ image: RGBAImage, count: Int, spread: Int, seed: UInt64) -> RGBAImage {
    var random = SplitMix64(state: seed)
    var copy = image
    for _ in 0..<count {
      let index = Int.random(in: 0..<image.pixelCount, using: &random) * image.channels
      let channel = Int.random(in: 0..<image.channels, using: &random)
      let value = Int(copy.bytes[index + channel]) + Int.random(in: -spread...spread, using: &random)
      copy.bytes[index + channel] = UInt8(max(0, min(255, value)))
    }
    return copy
  }

  /// `image` with pixel (x, y)'s first channel raised by `delta` (from a base value low enough).
  func planted(_ image: RGBAImage, _ plants: [(x: Int, y: Int, delta: UInt8)]) -> RGBAImage {
    var copy = image
    for plant in plants {
      copy.bytes[(plant.y * image.width + plant.x) * image.channels] += plant.delta
    }
    return copy
  }

  @Test func aTallImageIsSplitIntoManyBandsThatCoverEveryRowOnce() {
    let bands = ImageComparator.bands(height: 700, jobs: 3)
    // 700 rows at 64 or more a band: at most 10 bands; 3 jobs want 12, so 10.
    #expect(bands.count == 10)
    #expect(bands.first?.lowerBound == 0 && bands.last?.upperBound == 700)
    #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    #expect(bands.allSatisfy { $0.count >= 64 })
    #expect(ImageComparator.bands(height: 700, jobs: 1) == [0..<700])
    #expect(ImageComparator.bands(height: 10, jobs: 8) == [0..<10])
  }

  @Test(arguments: [3, 4])
  func anyNumberOfJobsGivesTheResultOfOneJob(channels: Int) {
    var expected = noise(203, 700, channels: channels, seed: 7)
    var actual = perturbed(expected, count: 5000, spread: 40, seed: 11)
    // The largest difference, 255, twice, in bands far apart: the first in row-major order
    // must win however the rows are split.
    for (x, y) in [(5, 650), (100, 10)] {
      expected.bytes[(y * 203 + x) * channels] = 0
      actual.bytes[(y * 203 + x) * channels] = 255
    }
    let settings = [
      ComparisonOptions(), ComparisonOptions(channelTolerance: 0), ComparisonOptions(metric: .deltaE),
      ComparisonOptions(ignoreAntialiasing: true),
    ]
    for options in settings {
      let single = ImageComparator.compare(expected, actual, options: options, jobs: 1)
      #expect(single.differingPixels > 0, "\(options)")
      #expect(single.maxChannelDifference == 255 && single.maxDifferenceAt?.x == 100 && single.maxDifferenceAt?.y == 10)
      for jobs in [2, 3, 8] {
        #expect(ImageComparator.compare(expected, actual, options: options, jobs: jobs) == single, "\(options) \(jobs)")
      }
    }
  }

  @Test func sixteenBitSamplesGiveTheSameResultForAnyNumberOfJobs() {
    var random = SplitMix64(state: 3)
    let samples = (0..<(64 * 400 * 4)).map { _ in UInt16.random(in: 0...65535, using: &random) }
    var changed = samples
    for _ in 0..<800 {
      let index = Int.random(in: 0..<samples.count, using: &random)
      changed[index] = UInt16.random(in: 0...65535, using: &random)
    }
    let expected = RGBAImage(width: 64, height: 400, wide: samples)
    let actual = RGBAImage(width: 64, height: 400, wide: changed)
    let single = ImageComparator.compare(expected, actual, options: ComparisonOptions(), jobs: 1)
    #expect(single.sampleDepth == 16 && single.differingPixels > 0)
    #expect(ImageComparator.compare(expected, actual, options: ComparisonOptions(), jobs: 4) == single)
  }

  @Test(arguments: [3, 4])
  func differingPixelsAreCountedWherePlanted(channels: Int) {
    // A flat colour with room to raise red; 300 rows, so 4 jobs scan several bands.
    let width = 100
    let height = 300
    let base = RGBAImage(
      width: width, height: height,
      bytes: Array(
        Array(repeating: channels == 4 ? [10, 20, 30, 255] : [10, 20, 30], count: width * height).joined()),
      channels: channels)
    let plants: [(x: Int, y: Int, delta: UInt8)] = [
      (0, 0, 3), (99, 0, 10), (50, 40, 2), (7, 150, 200), (99, 299, 1), (0, 299, 200), (42, 77, 60), (43, 77, 2),
    ]
    let actual = planted(base, plants)
    for jobs in [1, 4] {
      let result = ImageComparator.compare(base, actual, options: ComparisonOptions(), jobs: jobs)
      // Tolerance 2: deltas 3, 10, 200, 200 and 60 differ; 2, 1 and 2 do not.
      #expect(result.differingPixels == 5)
      #expect(result.maxChannelDifference == 200)
      // Two pixels differ by 200: the first in row-major order is (7, 150), not (0, 299).
      #expect(result.maxDifferenceAt?.x == 7 && result.maxDifferenceAt?.y == 150)
      let marked = result.states.indices.filter { result.states[$0] == .different }
      #expect(marked == [0, 99, 77 * width + 42, 150 * width + 7, 299 * width])
    }
  }

  /// The PNG bytes of `pixmap`, as RGB (opaque) or forced RGBA.
  func png(_ pixmap: Pixmap, rgba: Bool) throws -> RGBAImage {
    let decoded = try PNGDecoder.decodeNative(PNGEncoder().encode(pixmap, isOpaque: rgba ? false : nil))
    return RGBAImage(width: decoded.width, height: decoded.height, bytes: decoded.bytes, channels: decoded.channels)
  }

  @Test func rgbPNGsCompareWithTheirRGBAEquivalents() throws {
    var straight: [UInt8] = []
    for index in 0..<(9 * 70) { straight += [UInt8(index % 256), UInt8(index / 3 % 256), 200, 255] }
    let pixmap = try #require(Pixmap(width: 9, height: 70, straightRGBA: straight))
    let rgb = try png(pixmap, rgba: false)
    let rgba = try png(pixmap, rgba: true)
    #expect(rgb.channels == 3 && rgba.channels == 4)
    for (first, second) in [(rgb, rgba), (rgba, rgb), (rgb, rgb)] {
      let same = ImageComparator.compare(first, second, options: ComparisonOptions(), jobs: 2)
      #expect(same.differingPixels == 0 && same.maxChannelDifference == 0 && same.maxDifferenceAt == nil)
    }
    // Blue 200 -> 205 at (4, 33), and a pixel at half alpha at (8, 69): alpha differs by 255 - 128.
    var changed = straight
    changed[(33 * 9 + 4) * 4 + 2] = 205
    changed[(69 * 9 + 8) * 4 + 3] = 128
    let translucent = try png(try #require(Pixmap(width: 9, height: 70, straightRGBA: changed)), rgba: true)
    for (first, second) in [(rgb, translucent), (translucent, rgb)] {
      let result = ImageComparator.compare(first, second, options: ComparisonOptions(), jobs: 1)
      #expect(result.differingPixels == 2 && result.maxChannelDifference == 127)
      #expect(result.maxDifferenceAt?.x == 8 && result.maxDifferenceAt?.y == 69)
      #expect(result.states[33 * 9 + 4] == .different && result.states[69 * 9 + 8] == .different)
    }
  }
}
