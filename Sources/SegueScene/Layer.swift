import SegueGeometry

/// One shape of a screen, in the screen's points (docs/scene-format.md).
public struct Layer: Sendable, Equatable {
  public enum Shape: String, Sendable, CaseIterable {
    case rect
    case ellipse
  }

  /// A border drawn inside the bounds, following the corners, as CALayer draws it.
  public struct Border: Sendable, Equatable {
    public var width: Double
    public var color: RGBA8

    public init(width: Double, color: RGBA8) {
      self.width = width
      self.color = color
    }
  }

  public var rect: Rect
  public var color: RGBA8?
  /// Drawn over `color` and under the image and border, clipped to the shape (CAGradientLayer).
  public var gradient: Gradient?
  public var shape: Shape
  public var cornerRadius: CornerRadii
  public var cornerCurve: CornerCurve
  public var border: Border?
  /// Applied to the layer as a whole: fill, image and border together.
  public var opacity: Double
  /// A PNG path relative to the scene file, drawn aspect-fill into `rect`, clipped to the corners.
  public var image: String?
  /// Names the layer for a custom transition (`from.ID`, `to.ID`, `match`); unique in its screen.
  public var id: String?

  public init(
    rect: Rect, color: RGBA8? = nil, shape: Shape = .rect, cornerRadius: CornerRadii = .zero,
    cornerCurve: CornerCurve = .circular, border: Border? = nil, opacity: Double = 1,
    image: String? = nil, id: String? = nil, gradient: Gradient? = nil
  ) {
    self.rect = rect
    self.color = color
    self.gradient = gradient
    self.shape = shape
    self.cornerRadius = cornerRadius
    self.cornerCurve = cornerCurve
    self.border = border
    self.opacity = opacity
    self.image = image
    self.id = id
  }
}
