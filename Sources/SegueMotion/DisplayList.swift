import SegueGeometry

/// Everything one frame shows, bottom to top, over the scene's background: the output of the
/// motion stage and the input of the compositor.
public struct DisplayList: Sendable, Equatable {
  /// The container in points.
  public var size: Size
  /// The frame in pixels (the container is stretched to fill it).
  public var pixelWidth: Int
  public var pixelHeight: Int
  public var background: RGBA8
  /// The container's perspective distance in points.
  public var perspective: Double
  public var layers: [RenderLayer]

  public init(
    size: Size, pixelWidth: Int, pixelHeight: Int, background: RGBA8, perspective: Double = 500,
    layers: [RenderLayer] = []
  ) {
    self.size = size
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.background = background
    self.perspective = perspective
    self.layers = layers
  }

  /// Container points to frame pixels, then the container's perspective: what a top-level
  /// layer's transform is put under.
  public var projection: Transform3D {
    .scale(Double(pixelWidth) / size.width, Double(pixelHeight) / size.height)
      * .perspective(distance: perspective, center: Point(x: size.width / 2, y: size.height / 2))
  }
}
