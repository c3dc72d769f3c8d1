import SegueGeometry

/// Core Animation's shadow of a target's outline: a Gaussian of standard deviation `radius`
/// points, moved by `offset`, in `color` at `opacity`, under the target.
public struct Shadow: Sendable, Equatable {
  public var color: RGBA8
  public var opacity: Double
  public var radius: Double
  public var offset: Point

  /// Core Animation's defaults for what a scene leaves out: black, radius 3, offset (0, −3).
  public init(color: RGBA8 = .black, opacity: Double, radius: Double = 3, offset: Point = Point(x: 0, y: -3)) {
    self.color = color
    self.opacity = opacity
    self.radius = radius
    self.offset = offset
  }

  /// Every number interpolated; from no shadow, the shadow fades in (its opacity from 0), as
  /// animating `shadowOpacity` does; to no shadow, it fades out.
  public static func lerp(_ a: Shadow?, _ b: Shadow?, _ t: Double) -> Shadow? {
    switch (a, b) {
    case (nil, nil): return nil
    case (let a?, nil): return lerp(a, Shadow(color: a.color, opacity: 0, radius: a.radius, offset: a.offset), t)
    case (nil, let b?): return lerp(Shadow(color: b.color, opacity: 0, radius: b.radius, offset: b.offset), b, t)
    case (let a?, let b?):
      return Shadow(
        color: .lerp(a.color, b.color, t), opacity: a.opacity + (b.opacity - a.opacity) * t,
        radius: a.radius + (b.radius - a.radius) * t, offset: .lerp(a.offset, b.offset, t))
    }
  }
}
