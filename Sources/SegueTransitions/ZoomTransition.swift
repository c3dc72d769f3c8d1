import SegueRaster
import SegueScene
import SegueGeometry

/// Instagram-style stories open and close (the Russian-language article).
///
/// present: a snapshot of `to` grows from `sourceFrame` (the tapped preview tile) to full screen
/// while fading in, over `from`. dismiss: a snapshot of `from` shrinks to `sourceFrame` while
/// fading out, over `to`. The snapshot is stretched to its frame, as a snapshot view is.
public struct ZoomTransition: TransitionAnimator {
  public let bounds: Rect
  public let operation: TransitionOperation
  public let sourceFrame: Rect

  public static let type = TransitionType(
    name: "zoom", seed: "Instagram stories open/close (the Russian-language article)",
    summary: "a snapshot grows from `sourceFrame` to full screen, fading in (dismiss: the reverse)",
    operations: [.present, .dismiss],
    parameters: [
      .init("sourceFrame", "the preview tile [x, y, width, height] in points", default: "a 200x200 tile in the centre")
    ],
    defaults: { operation in
      operation == .dismiss ? .init(0.3, .bezier(.easeOut)) : .init(0.3, .bezier(.easeInEaseOut))
    },
    makeAnimator: { context throws(SceneError) in try ZoomTransition(context) })

  public init(bounds: Rect, operation: TransitionOperation, sourceFrame: Rect) {
    self.bounds = bounds
    self.operation = operation
    self.sourceFrame = sourceFrame
  }

  init(_ context: TransitionContext) throws(SceneError) {
    let bounds = context.bounds
    let tile = Rect(x: bounds.midX - 100, y: bounds.midY - 100, width: 200, height: 200)
    self.init(
      bounds: bounds, operation: context.operation,
      sourceFrame: try context.parameter("sourceFrame", SceneDecoder.decodeRect) ?? tile)
  }

  public func screenSize(_ role: ScreenRole) -> Size { bounds.size }

  public func layers(at p: Double) -> FrameLayers {
    if operation == .present {
      return FrameLayers([
        .screen(ScreenPlacement(role: .from, frame: bounds)),
        .screen(ScreenPlacement(role: .to, frame: .lerp(sourceFrame, bounds, p), opacity: p)),
      ])
    }
    return FrameLayers([
      .screen(ScreenPlacement(role: .to, frame: bounds)),
      .screen(ScreenPlacement(role: .from, frame: .lerp(bounds, sourceFrame, p), opacity: 1 - p)),
    ])
  }

  public var startLayers: FrameLayers {
    operation == .present
      ? FrameLayers([.screen(ScreenPlacement(role: .from, frame: bounds))])
      : FrameLayers([
        .screen(ScreenPlacement(role: .to, frame: bounds)), .screen(ScreenPlacement(role: .from, frame: bounds)),
      ])
  }

  public var endLayers: FrameLayers {
    operation == .present
      ? FrameLayers([
        .screen(ScreenPlacement(role: .from, frame: bounds)), .screen(ScreenPlacement(role: .to, frame: bounds)),
      ])
      : FrameLayers([.screen(ScreenPlacement(role: .to, frame: bounds))])
  }
}
