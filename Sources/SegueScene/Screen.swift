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
  /// The size as formulas when the scene writes it as shares of the container
  /// (`[{"of": "container", "times": 1}, {"of": "container", "times": 0.5}]`): the animator
  /// computes it on the running container; `size` holds it for this device and variant.
  public var sizeFormula: MeasuredSize?
  /// False hides the screen while it faces away from the eye (`isDoubleSided`).
  public var doubleSided: Bool
  /// The screen's `sublayerTransform` perspective distance in points (m34 = −1/d about its
  /// centre), what its lifted layers turned in 3D are seen through; nil: none.
  public var perspective: Double?
  /// `"resize": "layout"`: when its frame changes size, it is drawn again at that size, its layers
  /// laid out by their pins, rather than stretched.
  public var resize = ResizeMode.stretch

  public init(
    background: RGBA8? = nil, image: String? = nil, layers: [Layer] = [], size: Size? = nil, doubleSided: Bool = true,
    perspective: Double? = nil
  ) {
    self.background = background
    self.image = image
    self.layers = layers
    self.size = size
    self.doubleSided = doubleSided
    self.perspective = perspective
  }

  /// The index of the top-level layer whose `id` is `id`.
  public func layerIndex(id: String) -> Int? {
    layers.firstIndex { $0.id == id }
  }

  /// The layer at `path`: indices from the screen's `layers` down through each group's.
  public func layer(at path: [Int]) -> Layer? {
    guard let first = path.first, layers.indices.contains(first) else { return nil }
    var layer = layers[first]
    for index in path.dropFirst() {
      guard layer.layers.indices.contains(index) else { return nil }
      layer = layer.layers[index]
    }
    return layer
  }

  /// Every layer at any depth with its path, depth first in drawing order (a group before its
  /// sublayers).
  public var allLayers: [(path: [Int], layer: Layer)] {
    var found: [(path: [Int], layer: Layer)] = []
    func visit(_ layers: [Layer], _ prefix: [Int]) {
      for (index, layer) in layers.enumerated() {
        found.append((prefix + [index], layer))
        visit(layer.layers, prefix + [index])
      }
    }
    visit(layers, [])
    return found
  }

  /// The path of the first layer at any depth whose id is `id`.
  public func layerPath(id: String) -> [Int]? {
    allLayers.first { $0.layer.id == id }?.path
  }
}
