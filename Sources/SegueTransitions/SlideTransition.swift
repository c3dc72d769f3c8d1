import SegueRaster
import SegueScene
import SegueGeometry

/// A screen sliding in from an edge (the Russian-language custom-animator answer).
///
/// present: `to` slides from just past `edge` to its final frame, over `from`.
/// dismiss: `from` slides out past `edge`, with `to` static underneath.
public struct SlideTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation
  public let edge: Edge

  public static let type = TransitionType(
    name: "slide", seed: "custom animator answer (the Russian-language Q&A)",
    summary: "`to` slides in from `edge` over `from` (dismiss: `from` slides out to `edge`)",
    operations: [.present, .dismiss],
    parameters: [.init("edge", "where the screen comes from: bottom, top, left or right", default: "bottom")],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    makeAnimator: { context throws(SceneError) in
      SlideTransition(
        bounds: context.bounds, operation: context.operation,
        edge: try context.edge([.bottom, .top, .left, .right], default: .bottom))
    })

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  /// The frame just outside the container at `edge`.
  var offscreen: Rect {
    switch edge {
    case .bottom: return bounds.offsetBy(0, bounds.height)
    case .top: return bounds.offsetBy(0, -bounds.height)
    case .left: return bounds.offsetBy(-bounds.width, 0)
    case .right: return bounds.offsetBy(bounds.width, 0)
    }
  }

  public func layers(at p: Double) -> FrameLayers {
    if operation == .present {
      return FrameLayers([.full(.from, bounds), .screen(ScreenPlacement(role: .to, frame: .lerp(offscreen, bounds, p)))])
    }
    return FrameLayers([.full(.to, bounds), .screen(ScreenPlacement(role: .from, frame: .lerp(bounds, offscreen, p)))])
  }

  public var startLayers: FrameLayers {
    operation == .present ? FrameLayers([.full(.from, bounds)]) : FrameLayers([.full(.to, bounds), .full(.from, bounds)])
  }

  public var endLayers: FrameLayers {
    operation == .present ? FrameLayers([.full(.from, bounds), .full(.to, bounds)]) : FrameLayers([.full(.to, bounds)])
  }
}
