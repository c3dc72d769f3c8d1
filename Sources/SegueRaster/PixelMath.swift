/// Exact round(x / 255) for 0 ≤ x ≤ 255 · 255.
///
///     t = x + 128;  round(x / 255) = (t + (t >> 8)) >> 8
@inlinable @inline(__always)
public func divide255(_ x: UInt32) -> UInt32 {
  let t = x &+ 128
  return (t &+ (t >> 8)) >> 8
}

/// Multiplies every channel of a packed premultiplied pixel by `a / 255`, rounding each exactly.
///
/// Two channels are done at once in 16-bit lanes: R and B in `0x00FF00FF`, G and A above.
/// Each lane computes divide255(c · a) with the formula above.
@inlinable @inline(__always)
public func scalePixel(_ pixel: UInt32, by a: UInt32) -> UInt32 {
  var rb = (pixel & 0x00FF_00FF) &* a &+ 0x0080_0080
  rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
  var ga = ((pixel >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
  ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
  return rb | ga
}

/// Porter-Duff source-over of premultiplied pixels: D' = S + D · (1 − Sa), each channel rounded.
///
/// No channel can overflow: S ≤ Sa and round(D · (255 − Sa) / 255) ≤ 255 − Sa.
@inlinable @inline(__always)
public func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
  let inverseAlpha = 255 &- (source >> 24)
  if inverseAlpha == 0 { return source }
  return source &+ scalePixel(destination, by: inverseAlpha)
}

/// `scalePixel` of eight pixels at once, lane by lane the same operations.
@inlinable @inline(__always)
public func scalePixels(_ pixels: SIMD8<UInt32>, by a: SIMD8<UInt32>) -> SIMD8<UInt32> {
  var rb = (pixels & 0x00FF_00FF) &* a &+ 0x0080_0080
  rb = ((rb &+ ((rb &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
  var ga = ((pixels &>> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
  ga = (ga &+ ((ga &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
  return rb | ga
}

/// `sourceOver` of eight pixels at once. The scalar form returns an opaque source as it is;
/// here it gets S + scalePixel(D, 0), and scalePixel of anything by 0 is 0, so the same.
@inlinable @inline(__always)
public func sourceOver(_ source: SIMD8<UInt32>, _ destination: SIMD8<UInt32>) -> SIMD8<UInt32> {
  source &+ scalePixels(destination, by: 255 &- (source &>> 24))
}

/// `count` pixels of `row` with `source`'s pixels over them, each times `alpha` (0…255) first:
/// row[x] = sourceOver(scalePixel(source[x], alpha), row[x]), eight at a time (scalePixel by 255
/// is the pixel itself, so an opaque alpha needs no case of its own).
@inlinable
public func blendRun(_ source: UnsafePointer<UInt32>, alpha: UInt32, into row: UnsafeMutablePointer<UInt32>, count: Int)
{
  let sourceBytes = UnsafeRawPointer(source)
  let rowBytes = UnsafeMutableRawPointer(row)
  let alphas = SIMD8<UInt32>(repeating: alpha)
  var x = 0
  while x + 8 <= count {
    let s = sourceBytes.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
    let d = rowBytes.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
    rowBytes.storeBytes(of: sourceOver(scalePixels(s, by: alphas), d), toByteOffset: x * 4, as: SIMD8<UInt32>.self)
    x += 8
  }
  while x < count {
    row[x] = sourceOver(scalePixel(source[x], by: alpha), row[x])
    x += 1
  }
}

/// `count` pixels of `row` with one premultiplied colour over them: row[x] = sourceOver(color,
/// row[x]), eight at a time.
@inlinable
public func blendRun(_ color: UInt32, into row: UnsafeMutablePointer<UInt32>, count: Int) {
  let rowBytes = UnsafeMutableRawPointer(row)
  let colors = SIMD8<UInt32>(repeating: color)
  var x = 0
  while x + 8 <= count {
    let d = rowBytes.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
    rowBytes.storeBytes(of: sourceOver(colors, d), toByteOffset: x * 4, as: SIMD8<UInt32>.self)
    x += 8
  }
  while x < count {
    row[x] = sourceOver(color, row[x])
    x += 1
  }
}

/// The farthest a pixel index goes from the canvas: far past any pixmap (16 384 a side), and
/// small enough that sums of a few indices never overflow.
public let pixelIndexLimit = 1 << 31

/// A coordinate in pixels rounded by `rule` to a column or row index, held within
/// ±`pixelIndexLimit`. Geometry may put a point at any finite distance off the canvas (a huge
/// stretch, a tiny perspective, a screen squeezed into one pixel); there it is just off the
/// canvas, like any index past its edges, instead of an `Int` that cannot be made. NaN (no
/// position at all) is 0.
@inlinable @inline(__always)
public func pixelIndex(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
  guard !value.isNaN else { return 0 }
  let limit = Double(pixelIndexLimit)
  return Int(min(limit, max(-limit, value.rounded(rule))))
}
