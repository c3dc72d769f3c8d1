import SegueGeometry

/// A layer's gradient fill, with `CAGradientLayer`'s names and meanings (docs/scene-format.md):
/// colours at locations along a geometry given by two points in unit coordinates of the layer.
public struct Gradient: Sendable, Hashable {
  /// `CAGradientLayerType`.
  public enum Kind: String, Sendable, CaseIterable {
    /// Along the line from `startPoint` to `endPoint`.
    case axial
    /// Ellipses centred at `startPoint`, reaching `endPoint`'s x and y.
    case radial
    /// Angles about `startPoint`, from the direction toward `endPoint`, clockwise.
    case conic
  }

  public var kind: Kind
  /// At least two.
  public var colors: [RGBA8]
  /// One for each colour, each 0…1, in increasing order; nil spreads them evenly.
  public var locations: [Double]?
  /// In unit coordinates of the layer; `CAGradientLayer`'s defaults are (0.5, 0) and (0.5, 1).
  public var startPoint: Point
  public var endPoint: Point

  public static let defaultStart = Point(x: 0.5, y: 0)
  public static let defaultEnd = Point(x: 0.5, y: 1)

  public init(
    kind: Kind = .axial, colors: [RGBA8], locations: [Double]? = nil, startPoint: Point = Gradient.defaultStart,
    endPoint: Point = Gradient.defaultEnd
  ) {
    self.kind = kind
    self.colors = colors
    self.locations = locations
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  /// Where each colour sits: the given locations, or 0, 1 ÷ (n − 1), …, 1.
  public var resolvedLocations: [Double] {
    if let locations { return locations }
    guard colors.count > 1 else { return colors.map { _ in 0 } }
    return colors.indices.map { Double($0) / Double(colors.count - 1) }
  }
}
