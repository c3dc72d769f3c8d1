import SegueRaster
import SegueScene
import SegueGeometry

/// Spread from an edge (the Chinese-language navigation-delegate article's SpreadTransition).
///
/// Every operation: `to` over `from`, masked by a rectangle that grows from a 2 pt strip at
/// `edge` to the whole container (the seed's pop runs the same reveal).
public struct SpreadTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation
  public let edge: Edge

  /// Width of the strip the reveal starts from, in points.
  public static let strip = 2.0

  public static let type = TransitionType(
    name: "spread", seed: "spread from an edge (the Chinese-language navigation-delegate article)",
    summary: "`to` is revealed by a rectangle growing from a 2 pt strip at `edge`",
    operations: [.present, .push, .dismiss, .pop],
    parameters: [.init("edge", "where the reveal starts: right, left, top or bottom", default: "right")],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    makeAnimator: { context throws(SceneError) in
      SpreadTransition(
        bounds: context.bounds, operation: context.operation,
        edge: try context.edge([.right, .left, .top, .bottom], default: .right))
    })

  /// The strip at `edge` the mask starts as: as in the seed's code, just outside the container
  /// on the right and bottom (nothing of `to` shows at p = 0), inside it on the left and top.
  public var startMask: Rect {
    let strip = SpreadTransition.strip
    switch edge {
    case .right: return Rect(x: bounds.width, y: 0, width: strip, height: bounds.height)
    case .left: return Rect(x: 0, y: 0, width: strip, height: bounds.height)
    case .top: return Rect(x: 0, y: 0, width: bounds.width, height: strip)
    case .bottom: return Rect(x: 0, y: bounds.height, width: bounds.width, height: strip)
    }
  }

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    FrameLayers([
      .full(.from, bounds),
      .screen(ScreenPlacement(role: .to, frame: bounds, mask: .rect(.lerp(startMask, bounds, p)))),
    ])
  }

  public var startLayers: FrameLayers { FrameLayers([.full(.from, bounds)]) }
  public var endLayers: FrameLayers { FrameLayers([.full(.from, bounds), .full(.to, bounds)]) }
}
