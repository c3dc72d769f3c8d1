/// pixelmatch's anti-aliasing test (Vyšniauskas 2009), written from its description.
///
/// A pixel of image A is anti-aliasing when, among its 8 neighbours (clamped at the edges):
/// at most 2 have its exact brightness (an edge pixel counts one already), some are darker and
/// some brighter, and the darkest or the brightest of them sits in a flat area: it has at least
/// 3 neighbours of exactly its own colour, in both images.
enum AntialiasingDetector {
  /// An 8-bit image as the test reads it: RGB (3 bytes a pixel, opaque) or straight RGBA (4),
  /// read byte by byte or with unaligned loads, whatever the buffer's alignment.
  struct Image {
    let bytes: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let channels: Int

    /// Rec. 601 luma of pixel `index` blended over white:
    /// Y = 0.29889531 R + 0.58662247 G + 0.11448223 B, each channel 255 + (c − 255) · a / 255.
    @inline(__always)
    func brightness(_ index: Int) -> Double {
      let base = index * channels
      let a = channels == 4 ? Double(bytes[base + 3]) / 255 : 1
      func blend(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * a }
      return 0.29889531 * blend(bytes[base]) + 0.58662247 * blend(bytes[base + 1])
        + 0.11448223 * blend(bytes[base + 2])
    }

    /// Whether pixels `i` and `j` have exactly the same bytes.
    @inline(__always)
    func same(_ i: Int, _ j: Int) -> Bool {
      let raw = UnsafeRawPointer(bytes)
      if channels == 4 {
        return raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
          == raw.loadUnaligned(fromByteOffset: j * 4, as: UInt32.self)
      }
      return raw.loadUnaligned(fromByteOffset: i * 3, as: UInt16.self)
        == raw.loadUnaligned(fromByteOffset: j * 3, as: UInt16.self) && bytes[i * 3 + 2] == bytes[j * 3 + 2]
    }
  }

  /// Whether (x, y) of `image` is anti-aliasing, with `other` the image it is compared with
  /// (same size and layout).
  static func isAntialiased(_ image: Image, _ other: Image, x: Int, y: Int) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let center = image.brightness(y * image.width + x)
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var darkest = 0.0
    var brightest = 0.0
    var darkestAt = (0, 0)
    var brightestAt = (0, 0)
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        let delta = center - image.brightness(ny * image.width + nx)
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest {
          darkest = delta
          darkestAt = (nx, ny)
        } else if delta > brightest {
          brightest = delta
          brightestAt = (nx, ny)
        }
      }
    }
    if darkest == 0 || brightest == 0 { return false }
    return
      (hasManySiblings(image, darkestAt.0, darkestAt.1) && hasManySiblings(other, darkestAt.0, darkestAt.1))
      || (hasManySiblings(image, brightestAt.0, brightestAt.1) && hasManySiblings(other, brightestAt.0, brightestAt.1))
  }

  /// At least 3 of the 8 neighbours have exactly the pixel's colour (an edge pixel counts one).
  static func hasManySiblings(_ image: Image, _ x: Int, _ y: Int) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, image.width - 1)
    let y2 = min(y + 1, image.height - 1)
    let center = y * image.width + x
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        if image.same(center, ny * image.width + nx) {
          equal += 1
          if equal > 2 { return true }
        }
      }
    }
    return false
  }
}
