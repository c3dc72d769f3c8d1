import SegueRaster
import SegueScene
import SegueTiming
import SegueGeometry

/// The burst (the Chinese-language navigation-delegate article's BoomTransition).
///
/// present, push: `to` grows from 0.1 to 1 about the centre over `from`, on a spring that
/// overshoots (damping 0.4, velocity 2.5). dismiss, pop: `from` shrinks from 1 to 0.01 about
/// the centre over `to`.
public struct BoomTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation

  public static let type = TransitionType(
    name: "boom", seed: "burst (the Chinese-language navigation-delegate article)",
    summary: "`to` bursts from 0.1 to full size on a bouncy spring (dismiss, pop: `from` shrinks to 0.01)",
    operations: [.present, .push, .dismiss, .pop],
    parameters: [],
    defaults: { operation in
      operation.isForward
        ? .init(0.5, .uiKitSpring(damping: 0.4, velocity: 2.5)) : .init(0.5, .bezier(.easeInEaseOut))
    },
    makeAnimator: { context throws(SceneError) in BoomTransition(bounds: context.bounds, operation: context.operation) })

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    if operation.isForward {
      return FrameLayers([
        .full(.from, bounds), .screen(ScreenPlacement(role: .to, frame: bounds.scaledAboutCenter(lerp(0.1, 1, p)))),
      ])
    }
    return FrameLayers([
      .full(.to, bounds), .screen(ScreenPlacement(role: .from, frame: bounds.scaledAboutCenter(lerp(1, 0.01, p)))),
    ])
  }

  public var startLayers: FrameLayers {
    operation.isForward ? FrameLayers([.full(.from, bounds)]) : FrameLayers([.full(.to, bounds), .full(.from, bounds)])
  }

  public var endLayers: FrameLayers {
    operation.isForward ? FrameLayers([.full(.from, bounds), .full(.to, bounds)]) : FrameLayers([.full(.to, bounds)])
  }
}
