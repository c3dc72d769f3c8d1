import SegueRaster
import SegueScene
import SegueGeometry

/// The circular reveal (two seeds: a mask view whose circle grows from the tapped point).
///
/// present, push: `to` masked by a circle at `origin` growing from `startRadius` to `endRadius`.
/// dismiss, pop: `from` masked by a circle shrinking from `endRadius` to `startRadius`, over `to`.
/// The default end radius is the distance from the origin to the farthest corner, so the last
/// animated frame covers the whole container.
public struct CircleTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation
  public let origin: Point
  public let startRadius: Double
  public let endRadius: Double

  public static let type = TransitionType(
    name: "circle", seed: "circular mask reveal (the Chinese-language article and the navigation-delegate article)",
    summary: "a circle at `origin` reveals `to` (present, push) or hides `from` (dismiss, pop)",
    operations: [.present, .push, .dismiss, .pop],
    parameters: [
      .init("origin", "centre of the circle [x, y] in points", default: "the container's centre"),
      .init("startRadius", "radius of the small circle in points", default: "1"),
      .init("endRadius", "radius of the large circle in points", default: "distance to the farthest corner"),
    ],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    makeAnimator: { context throws(SceneError) in try CircleTransition(context) })

  public init(bounds: Rect, operation: TransitionOperation, origin: Point, startRadius: Double, endRadius: Double) {
    self.bounds = bounds
    self.operation = operation
    self.origin = origin
    self.startRadius = startRadius
    self.endRadius = endRadius
  }

  init(_ context: TransitionContext) throws(SceneError) {
    let bounds = context.bounds
    let origin =
      try context.parameter("origin", SceneDecoder.decodePoint) ?? Point(x: bounds.midX, y: bounds.midY)
    let radiusRange = 0...SceneLimits.maxCoordinate
    let start =
      try context.parameter("startRadius") { field throws(SceneError) in
        try field.number(in: radiusRange, "a radius in points, not negative")
      } ?? 1
    let end =
      try context.parameter("endRadius") { field throws(SceneError) in
        try field.number(in: radiusRange, "a radius in points, not negative")
      } ?? CircleTransition.farthestCornerDistance(from: origin, in: bounds)
    self.init(bounds: bounds, operation: context.operation, origin: origin, startRadius: start, endRadius: end)
  }

  /// max over the four corners of the distance to `point`: sqrt(max(x, W − x)² + max(y, H − y)²).
  public static func farthestCornerDistance(from point: Point, in bounds: Rect) -> Double {
    let dx = max(point.x - bounds.minX, bounds.maxX - point.x)
    let dy = max(point.y - bounds.minY, bounds.maxY - point.y)
    return (dx * dx + dy * dy).squareRoot()
  }

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    if operation.isForward {
      let radius = lerp(startRadius, endRadius, p)
      return FrameLayers([
        .screen(ScreenPlacement(role: .from, frame: bounds)),
        .screen(ScreenPlacement(role: .to, frame: bounds, mask: .circle(center: origin, radius: radius))),
      ])
    }
    let radius = lerp(endRadius, startRadius, p)
    return FrameLayers([
      .screen(ScreenPlacement(role: .to, frame: bounds)),
      .screen(ScreenPlacement(role: .from, frame: bounds, mask: .circle(center: origin, radius: radius))),
    ])
  }

  public var startLayers: FrameLayers {
    operation.isForward
      ? FrameLayers([.screen(ScreenPlacement(role: .from, frame: bounds))])
      : FrameLayers([
        .screen(ScreenPlacement(role: .to, frame: bounds)), .screen(ScreenPlacement(role: .from, frame: bounds)),
      ])
  }

  public var endLayers: FrameLayers {
    operation.isForward
      ? FrameLayers([
        .screen(ScreenPlacement(role: .from, frame: bounds)), .screen(ScreenPlacement(role: .to, frame: bounds)),
      ])
      : FrameLayers([.screen(ScreenPlacement(role: .to, frame: bounds))])
  }
}
