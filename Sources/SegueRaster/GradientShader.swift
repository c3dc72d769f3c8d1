import SegueGeometry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A gradient as `CAGradientLayer` draws one: a colour for every point of a layer, from a
/// parameter t that the geometry gives and the stops turn into a colour.
///
/// The geometry is in the layer's unit square ((0, 0) its top-left corner, (1, 1) its
/// bottom-right), which is stretched over the layer's bounds (`unit`, in points), as Core
/// Animation lays a gradient out: a point p of the layer is p ÷ unit in the square, and the
/// geometry's formula is applied there. So on a layer that is not square, an axial gradient's
/// lines of one colour are perpendicular to its axis in the square, not on the screen (a
/// `[0, 0]` → `[1, 1]` gradient on a 120 × 40 layer has its middle colour along the diagonal from
/// the bottom-left corner to the top-right), and a conic gradient's angles are the square's.
///
/// Colours are interpolated premultiplied (as CSS gradients are, so a stop of clear colour does
/// not darken its neighbour), in floating point, and quantized to 8 bits with an ordered dither
/// (`Pixmap.fillGradient`), so a long, gentle ramp shows no bands.
public struct GradientShader: Sendable, Equatable {
  /// In the unit square: p is a point of the square.
  public enum Geometry: Sendable, Equatable {
    /// t = ((p − start) · (end − start)) ÷ |end − start|², clamped to 0…1: lines perpendicular
    /// to the axis (in the square) share a colour.
    case axial(start: Point, end: Point)
    /// t = |((p − centre) ÷ radii)|, clamped to 1: ellipses about the centre share a colour.
    case radial(center: Point, radii: Size)
    /// t = the angle (in the square) from the direction toward `toward`, clockwise on screen
    /// (y down), ÷ 2π.
    case conic(center: Point, toward: Point)
  }

  /// One stop: where it is (0…1) and its colour, premultiplied, channels 0…255.
  public struct Stop: Sendable, Equatable {
    public var location: Double
    public var color: SIMD4<Double>

    public init(location: Double, color: RGBA8) {
      self.location = location
      let alpha = Double(color.a) / 255
      self.color = SIMD4(Double(color.r) * alpha, Double(color.g) * alpha, Double(color.b) * alpha, Double(color.a))
    }
  }

  public var geometry: Geometry
  /// In order of location (ties keep their order: a hard edge).
  public var stops: [Stop]
  /// The layer's size in points: what the unit square is stretched over. (1, 1) takes the
  /// geometry in the layer's points as they are.
  public var unit: Size

  public init(geometry: Geometry, stops: [Stop], unit: Size = Size(width: 1, height: 1)) {
    self.geometry = geometry
    self.stops = stops
    self.unit = unit
  }

  /// The gradient's parameter at a point of the layer (in its points).
  @inlinable public func parameter(at layerPoint: Point) -> Double {
    // A layer of no width or height draws nothing; its square has no inside.
    guard unit.width > 0, unit.height > 0 else { return 1 }
    let point = Point(x: layerPoint.x / unit.width, y: layerPoint.y / unit.height)
    switch geometry {
    case .axial(let start, let end):
      let dx = end.x - start.x
      let dy = end.y - start.y
      let length = dx * dx + dy * dy
      // A gradient of no length is its last colour, as a CSS gradient line of no length is.
      guard length > 0 else { return 1 }
      return min(1, max(0, ((point.x - start.x) * dx + (point.y - start.y) * dy) / length))
    case .radial(let center, let radii):
      guard radii.width > 0, radii.height > 0 else { return 1 }
      let u = (point.x - center.x) / radii.width
      let v = (point.y - center.y) / radii.height
      return min(1, (u * u + v * v).squareRoot())
    case .conic(let center, let toward):
      let start = atan2(toward.y - center.y, toward.x - center.x)
      let angle = atan2(point.y - center.y, point.x - center.x) - start
      let turns = angle / (2 * Double.pi)
      return turns - turns.rounded(.down)
    }
  }

  /// `parameter(at:)` of four points at once (x and y in lanes): each lane takes the same
  /// operations in the same order, so the same value, where a vector unit does two or four lanes
  /// in one instruction (the divisions and square roots are most of a pixel's cost).
  ///
  /// `min(1, max(0, v))` of the scalar form picks by comparison (`max(0, v)` is `v >= 0 ? v : 0`,
  /// `min(1, v)` is `v < 1 ? v : 1`), so NaN clamps to 0 and to 1 as there; the selects below
  /// make the same picks.
  @inline(__always)
  func parameters(x layerX: SIMD4<Double>, y layerY: SIMD4<Double>) -> SIMD4<Double> {
    let zero = SIMD4<Double>(repeating: 0)
    let one = SIMD4<Double>(repeating: 1)
    guard unit.width > 0, unit.height > 0 else { return one }
    let x = layerX / unit.width
    let y = layerY / unit.height
    switch geometry {
    case .axial(let start, let end):
      let dx = end.x - start.x
      let dy = end.y - start.y
      let length = dx * dx + dy * dy
      guard length > 0 else { return one }
      let v = ((x - start.x) * dx + (y - start.y) * dy) / length
      let clamped = zero.replacing(with: v, where: v .>= 0)
      return one.replacing(with: clamped, where: clamped .< 1)
    case .radial(let center, let radii):
      guard radii.width > 0, radii.height > 0 else { return one }
      let u = (x - center.x) / radii.width
      let v = (y - center.y) / radii.height
      let distance = (u * u + v * v).squareRoot()
      return one.replacing(with: distance, where: distance .< 1)
    case .conic:
      var result = zero
      for lane in 0..<4 { result[lane] = parameter(at: Point(x: layerX[lane], y: layerY[lane])) }
      return result
    }
  }

  /// Whether `parameters(x:y:)` is a sum of a term of x and a term of y (axial and radial
  /// gradients on a layer with a size, of a length or radii): on a layer seen upright, a column
  /// of pixels shares x and a row y, so each term is worked out once for its column or row.
  var isSeparable: Bool {
    guard unit.width > 0, unit.height > 0 else { return false }
    switch geometry {
    case .axial(let start, let end):
      return (end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y) > 0
    case .radial(_, let radii): return radii.width > 0 && radii.height > 0
    case .conic: return false
    }
  }

  /// The x term of `parameters(x:y:)` of a separable gradient, from the same operations:
  /// axial (x ÷ w − start.x)·dx, radial u² with u = (x ÷ w − centre.x) ÷ radius.
  @inline(__always)
  func columnTerms(_ layerX: SIMD4<Double>) -> SIMD4<Double> {
    let x = layerX / unit.width
    switch geometry {
    case .axial(let start, let end): return (x - start.x) * (end.x - start.x)
    case .radial(let center, let radii):
      let u = (x - center.x) / radii.width
      return u * u
    case .conic: return .zero
    }
  }

  /// The y term of `parameters(x:y:)` of a separable gradient, from the same operations
  /// (`rowTerms` of one lane).
  @inline(__always)
  func rowTerm(_ layerY: Double) -> Double { rowTerms(SIMD4(repeating: layerY))[0] }

  /// `rowTerm` of four points' y at once (a layer turned about a vertical axis, where each
  /// column has a y of its own), lane by lane the same operations.
  @inline(__always)
  func rowTerms(_ layerY: SIMD4<Double>) -> SIMD4<Double> {
    let y = layerY / unit.height
    switch geometry {
    case .axial(let start, let end): return (y - start.y) * (end.y - start.y)
    case .radial(let center, let radii):
      let v = (y - center.y) / radii.height
      return v * v
    case .conic: return .zero
    }
  }

  /// The parameters of a separable gradient from its terms, a y term a lane (a layer turned
  /// about a vertical axis): summed and finished as `parameters(x:y:)` finishes them.
  @inline(__always)
  func parameters(columnTerms: SIMD4<Double>, rowTerms: SIMD4<Double>) -> SIMD4<Double> {
    let one = SIMD4<Double>(repeating: 1)
    switch geometry {
    case .axial(let start, let end):
      let dx = end.x - start.x
      let dy = end.y - start.y
      let v = (columnTerms + rowTerms) / (dx * dx + dy * dy)
      let clamped = SIMD4<Double>(repeating: 0).replacing(with: v, where: v .>= 0)
      return one.replacing(with: clamped, where: clamped .< 1)
    case .radial:
      let distance = (columnTerms + rowTerms).squareRoot()
      return one.replacing(with: distance, where: distance .< 1)
    case .conic: return one
    }
  }

  /// `parameters(x:y:)` of a separable gradient from its terms, summed and finished as there:
  /// axial ÷ |end − start|² clamped to 0…1, radial the square root clamped to 1 (`rowTerms`'
  /// sums, the row's term in every lane).
  @inline(__always)
  func parameters(columnTerms: SIMD4<Double>, rowTerm: Double) -> SIMD4<Double> {
    parameters(columnTerms: columnTerms, rowTerms: SIMD4(repeating: rowTerm))
  }

  /// The premultiplied colour at parameter t: the first stop's before it, the last's after,
  /// and between two stops the linear mix of their premultiplied colours.
  @inlinable public func color(at t: Double) -> SIMD4<Double> {
    guard let first = stops.first, let last = stops.last else { return .zero }
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
    var index = 1
    while index < stops.count - 1 && stops[index].location < t { index += 1 }
    let a = stops[index - 1]
    let b = stops[index]
    let span = b.location - a.location
    guard span > 0 else { return b.color }
    let f = (t - a.location) / span
    return a.color + (b.color - a.color) * f
  }

  /// Channel `channel` (0 red, 1 green, 2 blue, 3 alpha) of `color(at:)` at four parameters,
  /// lane by lane, with the same operations in the same order (so the same values).
  ///
  /// The scalar form takes segment `index`, the first of 1, 2, … n − 1 whose stop is not before
  /// t (or the last). With the stops in order, that is segment k where stop k − 1 is before t
  /// (or k = 1) and stop k is not (or k = n − 1): one mask a segment. At or before the first
  /// stop's location comes the first colour, which the scalar form checks first; at or past the
  /// last, the last. NaN is before no stop: segment 1, and a NaN mix, as there.
  @inline(__always)
  func channel(_ channel: Int, at t: SIMD4<Double>) -> SIMD4<Double> {
    guard let first = stops.first, let last = stops.last else { return .zero }
    var value = SIMD4(repeating: last.color[channel])
    let segments = stops.count - 1
    for k in stride(from: 1, through: segments, by: 1) {
      let a = stops[k - 1]
      let b = stops[k]
      var lanes = k == segments ? SIMDMask(repeating: true) : .!(b.location .< t)
      if k > 1 { lanes .&= a.location .< t }
      let span = b.location - a.location
      guard span > 0 else {
        value.replace(with: b.color[channel], where: lanes)
        continue
      }
      // (t − 0) ÷ 1 is t, NaN and −0 included: the usual 0…1 segment skips the division.
      let f = a.location == 0 && span == 1 ? t : (t - a.location) / span
      value.replace(with: a.color[channel] + (b.color[channel] - a.color[channel]) * f, where: lanes)
    }
    value.replace(with: last.color[channel], where: t .>= last.location)
    value.replace(with: first.color[channel], where: t .<= first.location)
    return value
  }

  /// `channel(_:at:)` of the three colour channels at once: each segment's lanes and mix are
  /// worked out once for the three, each channel then takes the same operations `channel` does,
  /// so the same values.
  @inline(__always)
  func colorChannels(at t: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
    guard let first = stops.first, let last = stops.last else { return (.zero, .zero, .zero) }
    var r = SIMD4(repeating: last.color[0])
    var g = SIMD4(repeating: last.color[1])
    var b = SIMD4(repeating: last.color[2])
    let segments = stops.count - 1
    for k in stride(from: 1, through: segments, by: 1) {
      let lower = stops[k - 1]
      let upper = stops[k]
      var lanes = k == segments ? SIMDMask(repeating: true) : .!(upper.location .< t)
      if k > 1 { lanes .&= lower.location .< t }
      let span = upper.location - lower.location
      guard span > 0 else {
        r.replace(with: upper.color[0], where: lanes)
        g.replace(with: upper.color[1], where: lanes)
        b.replace(with: upper.color[2], where: lanes)
        continue
      }
      let f = lower.location == 0 && span == 1 ? t : (t - lower.location) / span
      r.replace(with: lower.color[0] + (upper.color[0] - lower.color[0]) * f, where: lanes)
      g.replace(with: lower.color[1] + (upper.color[1] - lower.color[1]) * f, where: lanes)
      b.replace(with: lower.color[2] + (upper.color[2] - lower.color[2]) * f, where: lanes)
    }
    let after = t .>= last.location
    let before = t .<= first.location
    r.replace(with: last.color[0], where: after)
    g.replace(with: last.color[1], where: after)
    b.replace(with: last.color[2], where: after)
    r.replace(with: first.color[0], where: before)
    g.replace(with: first.color[1], where: before)
    b.replace(with: first.color[2], where: before)
    return (r, g, b)
  }

}
