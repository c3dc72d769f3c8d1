import SegueGolden
import SeguePNG
import SegueRaster

/// One frame's pixels: 8-bit sRGB with straight alpha, rows top to bottom.
///
/// A frame comes from `TransitionScene.frame(_:)` or from a PNG file (a golden frame, another
/// tool's output), and is compared with another frame or written as a PNG.
public struct FrameImage: Sendable, Equatable {
  let image: RGBAImage

  init(_ image: RGBAImage) {
    self.image = image
  }

  /// A frame from straight RGBA bytes, 4 a pixel; nil when `rgba` does not hold
  /// `width` × `height` pixels.
  public init?(width: Int, height: Int, rgba: [UInt8]) {
    guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
    image = RGBAImage(width: width, height: height, bytes: rgba)
  }

  /// Reads a PNG file of any kind (16-bit files are kept at 16 bits for comparisons).
  /// - Throws: `SegueError` naming the file and what is wrong with it.
  public init(contentsOfPNG path: String) throws {
    do {
      image = try GoldenStore.load(path)
    } catch {
      throw SegueError(error.description)
    }
  }

  /// Frames are equal when their sizes and straight RGBA pixels are (however their PNGs store
  /// them).
  public static func == (lhs: FrameImage, rhs: FrameImage) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.rgba == rhs.rgba
  }

  public var width: Int { image.width }
  public var height: Int { image.height }

  /// The pixels as straight RGBA bytes, 4 a pixel, row after row.
  public var rgba: [UInt8] { image.rgba().bytes }

  /// The pixel at (`x`, `y`), 0-based from the top-left corner, as straight RGBA.
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the frame")
    let (r, g, b, a) = image.pixel(y * width + x)
    return (r, g, b, a)
  }

  /// The frame as a PNG file's bytes (RGB when opaque), as `segue render` writes frames.
  public func pngData() throws -> [UInt8] {
    guard let pixmap = Pixmap(width: width, height: height, straightRGBA: rgba) else {
      throw SegueError("a \(width)x\(height) frame is too large to encode")
    }
    do {
      return try PNGEncoder().encode(pixmap)
    } catch {
      throw SegueError("\(error)")
    }
  }

  /// Writes the frame as a PNG at `path`, creating its folder; the file appears whole or not
  /// at all.
  public func writePNG(to path: String) throws {
    do {
      try GoldenStore.write(image, to: path)
    } catch {
      throw SegueError(error.description)
    }
  }

  /// Compares this frame with `expected` (a golden) pixel by pixel, as `segue check` does.
  ///
  /// - Parameters:
  ///   - channelTolerance: a pixel differs when a straight R, G, B or A value differs by more
  ///     than this (0…255; `segue check` uses 2).
  ///   - maxDifferingPixels: how many differing pixels still match (default none).
  public func compared(to expected: FrameImage, channelTolerance: Int = 2, maxDifferingPixels: Int = 0)
    -> FrameDifference
  {
    guard width == expected.width, height == expected.height else {
      return FrameDifference(
        matches: false, differingPixels: max(width * height, expected.width * expected.height),
        maxChannelDifference: 255,
        summary: "sizes differ: expected \(expected.width)x\(expected.height), got \(width)x\(height)")
    }
    let options = ComparisonOptions(channelTolerance: channelTolerance, maxDiffPixels: maxDifferingPixels)
    let comparison = ImageComparator.compare(expected.image, image, options: options)
    let fails = options.fails(differing: comparison.differingPixels, of: width * height)
    return FrameDifference(
      matches: !fails, differingPixels: comparison.differingPixels,
      maxChannelDifference: comparison.maxChannelDifference,
      summary: comparison.differingPixels == 0 && comparison.maxChannelDifference == 0
        ? "identical" : comparison.summary)
  }
}

/// What comparing two frames found.
public struct FrameDifference: Sendable, Equatable, CustomStringConvertible {
  /// True when the frames match within the tolerances asked for.
  public let matches: Bool
  /// Pixels that differ by more than the channel tolerance.
  public let differingPixels: Int
  /// The largest difference of one channel over all pixels (0…255, or 0…65535 when either
  /// frame has 16-bit samples).
  public let maxChannelDifference: Int
  /// "identical", or "341 pixels differ (0.10 %), max channel difference 87 at (120, 544)".
  public let summary: String

  public var description: String { summary }
}
