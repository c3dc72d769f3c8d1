import SegueGeometry
import SegueTiming

/// A decoded, validated scene file (docs/scene-format.md): two screens and a transition between them.
public struct Scene: Sendable {
  public var name: String
  /// The container (window) in points.
  public var size: Size
  /// The container's safe-area insets: its device preset's, the scene's `safeArea`, or none.
  public var safeArea: SafeArea = .zero
  /// Pixels per point.
  public var scale: Double
  public var fps: Int
  /// What shows where neither screen covers.
  public var background: RGBA8
  public var from: Screen
  public var to: Screen
  public var transition: Transition
  public var interaction: Interaction?

  public init(
    name: String, size: Size, scale: Double, fps: Int, background: RGBA8, from: Screen, to: Screen,
    transition: Transition, interaction: Interaction? = nil
  ) {
    self.name = name
    self.size = size
    self.scale = scale
    self.fps = fps
    self.background = background
    self.from = from
    self.to = to
    self.transition = transition
    self.interaction = interaction
  }

  /// The frame size in pixels: points × scale, rounded (halves up); the container is stretched
  /// to fill it exactly.
  public var pixelWidth: Int { Int((size.width * scale).rounded()) }
  public var pixelHeight: Int { Int((size.height * scale).rounded()) }

  /// The screen in `role`.
  public func screen(_ role: ScreenRole) -> Screen { role == .from ? from : to }
}
