import SegueGeometry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A gradient as `CAGradientLayer` draws one, in a layer's own points: a colour for every point,
/// from a parameter t that the geometry gives and the stops turn into a colour.
///
/// Colours are interpolated premultiplied (as CSS gradients are, so a stop of clear colour does
/// not darken its neighbour), in floating point, and quantized to 8 bits with an ordered dither
/// (`Pixmap.fillGradient`), so a long, gentle ramp shows no bands.
public struct GradientShader: Sendable, Equatable {
  public enum Geometry: Sendable, Equatable {
    /// t = ((p − start) · (end − start)) ÷ |end − start|², clamped to 0…1: lines perpendicular
    /// to the axis share a colour.
    case axial(start: Point, end: Point)
    /// t = |((p − centre) ÷ radii)|, clamped to 1: ellipses about the centre share a colour.
    case radial(center: Point, radii: Size)
    /// t = the angle from the direction toward `toward`, clockwise on screen (y down), ÷ 2π.
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

  public init(geometry: Geometry, stops: [Stop]) {
    self.geometry = geometry
    self.stops = stops
  }

  /// The gradient's parameter at a point of the layer.
  @inlinable public func parameter(at point: Point) -> Double {
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
}
