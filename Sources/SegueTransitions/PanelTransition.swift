import SegueRaster
import SegueScene
import SegueGeometry

/// A half-screen panel over a dimmed screen (the English-language Habr article).
///
/// present: a black dimming view fades in to alpha `dim` over `from`, and `to`, a panel of
/// `size` × the container along the edge's axis, slides in from `edge` to rest against it.
/// `to`'s layers are in the panel's own points. The dim stays after presentation, as the
/// presentation controller keeps it. dismiss: the panel (`from`) slides out and the dim fades
/// out over `to`.
public struct PanelTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation
  public let edge: Edge
  public let size: Double
  public let dim: Double

  public static let type = TransitionType(
    name: "panel", seed: "half-screen panel with dimming (the English-language Habr article)",
    summary: "a panel slides in from `edge` over a dimmed `from` (dismiss: it slides out, the dim fades)",
    operations: [.present, .dismiss],
    parameters: [
      .init("edge", "where the panel rests: bottom, right or top", default: "bottom"),
      .init("size", "the panel's share of the container along the edge's axis, 0 to 1", default: "0.5"),
      .init("dim", "alpha of the black dimming view, 0 to 1", default: "0.3"),
    ],
    defaults: { _ in .init(0.3, .bezier(.easeOut)) },
    makeAnimator: { context throws(SceneError) in
      PanelTransition(
        bounds: context.bounds, operation: context.operation,
        edge: try context.edge([.bottom, .right, .top], default: .bottom),
        size: try context.parameter("size", SceneParameters.fraction("a share of the container greater than 0, at most 1")) ?? 0.5,
        dim: try context.parameter("dim", SceneParameters.number(in: 0...1, "an alpha from 0 to 1")) ?? 0.3)
    })

  /// The panel's resting frame.
  public var panelFrame: Rect {
    switch edge {
    case .bottom: return Rect(x: 0, y: bounds.height * (1 - size), width: bounds.width, height: bounds.height * size)
    case .top: return Rect(x: 0, y: 0, width: bounds.width, height: bounds.height * size)
    case .right, .left: return Rect(x: bounds.width * (1 - size), y: 0, width: bounds.width * size, height: bounds.height)
    }
  }

  /// The panel's frame just outside the container.
  var offscreen: Rect {
    let panel = panelFrame
    switch edge {
    case .bottom: return panel.offsetBy(0, panel.height)
    case .top: return panel.offsetBy(0, -panel.height)
    case .right, .left: return panel.offsetBy(panel.width, 0)
    }
  }

  /// The panel screen is the panel's size; the other screen fills the container.
  public func screenSize(_ role: ScreenRole) -> Size {
    let panelRole: ScreenRole = operation == .present ? .to : .from
    return role == panelRole ? panelFrame.size : bounds.size
  }

  public func layers(at p: Double) -> FrameLayers {
    if operation == .present {
      return FrameLayers([
        .full(.from, bounds), .dim(bounds, maximum: dim, fraction: p),
        .screen(ScreenPlacement(role: .to, frame: .lerp(offscreen, panelFrame, p))),
      ])
    }
    return FrameLayers([
      .full(.to, bounds), .dim(bounds, maximum: dim, fraction: 1 - p),
      .screen(ScreenPlacement(role: .from, frame: .lerp(panelFrame, offscreen, p))),
    ])
  }

  public var startLayers: FrameLayers {
    operation == .present
      ? FrameLayers([.full(.from, bounds)])
      : FrameLayers([.full(.to, bounds), .dim(bounds, maximum: dim, fraction: 1), .screen(ScreenPlacement(role: .from, frame: panelFrame))])
  }

  public var endLayers: FrameLayers {
    operation == .present
      ? FrameLayers([.full(.from, bounds), .dim(bounds, maximum: dim, fraction: 1), .screen(ScreenPlacement(role: .to, frame: panelFrame))])
      : FrameLayers([.full(.to, bounds)])
  }
}
