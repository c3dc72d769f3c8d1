import SegueRaster
import SegueScene
import SegueGeometry

/// UIKit's cross dissolve.
///
/// present, push: `to` fades in over `from`. dismiss, pop: `from` fades out over `to`.
public struct FadeTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation

  public static let type = TransitionType(
    name: "fade", seed: "UIKit's crossDissolve",
    summary: "`to` fades in over `from` (dismiss, pop: `from` fades out over `to`)",
    operations: [.present, .push, .dismiss, .pop],
    parameters: [],
    defaults: { _ in .init(0.4, .bezier(.easeInEaseOut)) },
    makeAnimator: { context throws(SceneError) in FadeTransition(bounds: context.bounds, operation: context.operation) })

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    operation.isForward
      ? FrameLayers([.full(.from, bounds), .screen(ScreenPlacement(role: .to, frame: bounds, opacity: p))])
      : FrameLayers([.full(.to, bounds), .screen(ScreenPlacement(role: .from, frame: bounds, opacity: 1 - p))])
  }

  public var startLayers: FrameLayers {
    operation.isForward ? FrameLayers([.full(.from, bounds)]) : FrameLayers([.full(.to, bounds), .full(.from, bounds)])
  }

  public var endLayers: FrameLayers {
    operation.isForward ? FrameLayers([.full(.from, bounds), .full(.to, bounds)]) : FrameLayers([.full(.to, bounds)])
  }
}
