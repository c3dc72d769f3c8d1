import SegueRaster
import SegueScene
import SegueTiming
import SegueGeometry

/// UINavigationController's own push and pop (`_UINavigationParallaxTransition`, TIMING.md §4.1).
///
/// push: `to` slides in from x = W; `from` moves left by the parallax W − round(0.7·W) under a
/// black dim of alpha 0.1·p. pop: `from` slides out to x = W; `to` moves from −parallax to 0
/// while its dim goes from 0.1 to 0. Default curve: the 0.5 s system spring (curve 7).
public struct NavigationPushTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation

  /// Alpha of the dim at full strength.
  public static let dimAlpha = 0.1

  public static let type = TransitionType(
    name: "push", seed: "UIKit navigation push/pop (TIMING.md section 4.1)",
    summary: "UINavigationController's slide with parallax and dimming",
    operations: [.push, .pop],
    parameters: [],
    defaults: { _ in .init(0.5, .systemSpring) },
    makeAnimator: { context throws(SceneError) in NavigationPushTransition(bounds: context.bounds, operation: context.operation) })

  /// How far the view underneath moves: W − round(0.7·W), rounding halves away from zero.
  public var parallax: Double { bounds.width - (0.7 * bounds.width).rounded() }

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    let width = bounds.width
    if operation == .push {
      return FrameLayers([
        .screen(ScreenPlacement(role: .from, frame: bounds.offsetBy(-parallax * p, 0))),
        .dim(bounds, maximum: NavigationPushTransition.dimAlpha, fraction: p),
        .screen(ScreenPlacement(role: .to, frame: bounds.offsetBy(width * (1 - p), 0))),
      ])
    }
    return FrameLayers([
      .screen(ScreenPlacement(role: .to, frame: bounds.offsetBy(-parallax * (1 - p), 0))),
      .dim(bounds, maximum: NavigationPushTransition.dimAlpha, fraction: 1 - p),
      .screen(ScreenPlacement(role: .from, frame: bounds.offsetBy(width * p, 0))),
    ])
  }

  public var startLayers: FrameLayers { FrameLayers([.full(.from, bounds)]) }
  public var endLayers: FrameLayers { FrameLayers([.full(.to, bounds)]) }
}
