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

  /// Where the layer is in its parent's points; for a pinned layer, where its `pins` lay it out
  /// in the parent's size of the scene being drawn.
  public var rect: Rect
  /// The `rect` as constraints to the parent's edges, laid out again for every parent size
  /// (each device and variant); nil: `rect` is as the scene gives it.
  public var pins: Pins?
  public var color: RGBA8?
  /// Drawn over `color` and under the image and border, clipped to the shape (CAGradientLayer).
  public var gradient: Gradient?
  public var shape: Shape
  public var cornerRadius: CornerRadii
  public var cornerCurve: CornerCurve
  public var border: Border?
  /// Applied to the layer as a whole: fill, image and border together.
  public var opacity: Double
  /// A PNG path relative to the scene file, drawn into `rect` as `contentMode` says, clipped to
  /// the corners.
  public var image: String?
  /// How `image` fills `rect`: aspect-fill (the default) or stretched.
  public var contentMode = ContentMode.scaleAspectFill
  /// Names the layer for a custom transition (`from.ID`, `to.ID`, `match`); unique in its screen,
  /// at any depth.
  public var id: String?
  /// Sublayers, in the layer's own points (origin at its `rect`'s top-left), drawn over its fill,
  /// gradient and image and under its border; they move, scale, turn and fade with it, and its
  /// opacity applies to the subtree composited once (UIKit's group opacity).
  public var layers: [Layer]
  /// Clips the sublayers to the layer's shape, corners included (`masksToBounds`).
  public var clips: Bool
  /// False hides the layer while it faces away from the eye (`isDoubleSided`).
  public var doubleSided: Bool
  /// Its position along z, toward the eye (`zPosition`); siblings are drawn in its order.
  public var zPosition: Double
  /// Keeps the sublayers in 3D (`CATransformLayer`, CSS's `preserve-3d`), drawn back to front
  /// by their centres' depth; otherwise they are flattened into the layer's plane.
  public var preserves3D: Bool
  /// The layer's `sublayerTransform` perspective distance (m34 = −1/d about its centre); nil: none.
  public var perspective: Double?
  /// False: animated, it stays in its place among its siblings (under later ones, clipped by its
  /// groups), as a view the animator animates where it is; true (the default): it is lifted out
  /// as a snapshot above its screen's content.
  public var lift = true
  /// `"resize": "layout"`: a group whose frame animates is drawn at each size, its sublayers laid
  /// out by their pins, rather than stretched.
  public var resize = ResizeMode.stretch

  public init(
    rect: Rect, color: RGBA8? = nil, shape: Shape = .rect, cornerRadius: CornerRadii = .zero,
    cornerCurve: CornerCurve = .circular, border: Border? = nil, opacity: Double = 1,
    image: String? = nil, id: String? = nil, gradient: Gradient? = nil, layers: [Layer] = [], clips: Bool = false,
    doubleSided: Bool = true, zPosition: Double = 0, preserves3D: Bool = false, perspective: Double? = nil,
    pins: Pins? = nil
  ) {
    self.rect = rect
    self.pins = pins
    self.color = color
    self.gradient = gradient
    self.shape = shape
    self.cornerRadius = cornerRadius
    self.cornerCurve = cornerCurve
    self.border = border
    self.opacity = opacity
    self.image = image
    self.id = id
    self.layers = layers
    self.clips = clips
    self.doubleSided = doubleSided
    self.zPosition = zPosition
    self.preserves3D = preserves3D
    self.perspective = perspective
  }
}
