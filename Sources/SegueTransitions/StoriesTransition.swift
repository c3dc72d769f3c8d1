import SegueRaster
import SegueScene
import SegueGeometry

/// Story to story (the Russian-language article's stories navigation).
///
/// push: `to` slides in from x = W to 0 over `from`, while `from` shrinks to `scale` about its
/// centre. pop: `from` slides out from 0 to W while `to` grows from `scale` to 1 underneath.
/// Both snapshots are clipped to `cornerRadius` points while they move; the radius is the
/// layer's own, so it shrinks with the scale transform on screen (8.5 pt at 0.85), as CALayer
/// draws it. The end state has none.
public struct StoriesTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation
  public let scale: Double
  public let cornerRadius: Double

  public static let type = TransitionType(
    name: "stories", seed: "story to story (the Russian-language article)",
    summary: "the next story slides in over the current one, which shrinks (pop: the reverse)",
    operations: [.push, .pop],
    parameters: [
      .init("scale", "how small the story underneath gets, 0 to 1", default: "0.85"),
      .init("cornerRadius", "corner radius of both stories while they move, in points", default: "10"),
    ],
    defaults: { _ in .init(0.3, .bezier(.easeIn)) },
    makeAnimator: { context throws(SceneError) in
      StoriesTransition(
        bounds: context.bounds, operation: context.operation,
        scale: try context.parameter("scale", SceneParameters.fraction("a scale greater than 0, at most 1")) ?? 0.85,
        cornerRadius: try context.parameter(
          "cornerRadius", SceneParameters.number(in: 0...10_000, "a radius in points, not negative")) ?? 10)
    })

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    let width = bounds.width
    if operation == .push {
      return FrameLayers([
        .screen(
          ScreenPlacement(
            role: .from, frame: bounds.scaledAboutCenter(lerp(1, scale, p)),
            cornerRadius: cornerRadius * lerp(1, scale, p))),
        .screen(ScreenPlacement(role: .to, frame: bounds.offsetBy(lerp(width, 0, p), 0), cornerRadius: cornerRadius)),
      ])
    }
    return FrameLayers([
      .screen(
        ScreenPlacement(
          role: .to, frame: bounds.scaledAboutCenter(lerp(scale, 1, p)), cornerRadius: cornerRadius * lerp(scale, 1, p))),
      .screen(ScreenPlacement(role: .from, frame: bounds.offsetBy(lerp(0, width, p), 0), cornerRadius: cornerRadius)),
    ])
  }

  public var startLayers: FrameLayers { FrameLayers([.full(.from, bounds)]) }
  public var endLayers: FrameLayers { FrameLayers([.full(.to, bounds)]) }
}
