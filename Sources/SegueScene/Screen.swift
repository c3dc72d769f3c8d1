import SegueGeometry

/// One view controller's view: a background, an optional screenshot, and layers over it.
public struct Screen: Sendable, Equatable {
  /// Nil leaves the screen transparent where nothing is drawn (a view with no background).
  public var background: RGBA8?
  /// A PNG path relative to the scene file, drawn aspect-fill over the whole screen.
  public var image: String?
  public var layers: [Layer]
  /// In points, for a custom transition's screen smaller than the window (a presented panel);
  /// nil: the container's size.
  public var size: Size?

  public init(background: RGBA8? = nil, image: String? = nil, layers: [Layer] = [], size: Size? = nil) {
    self.background = background
    self.image = image
    self.layers = layers
    self.size = size
  }

  /// The index of the layer whose `id` is `id`.
  public func layerIndex(id: String) -> Int? {
    layers.firstIndex { $0.id == id }
  }
}
