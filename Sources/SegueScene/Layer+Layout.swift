import SegueGeometry

extension Layer {
  /// `layers` laid out in a parent of `size`: each pinned layer takes the rectangle its pins
  /// give there (a width or height its pins would make negative is 0), and each layer's
  /// sublayers are laid out in its new size in turn. Layers without pins keep their rects.
  public static func laidOut(_ layers: [Layer], in size: Size) -> [Layer] {
    layers.map { layer in
      var placed = layer
      if let pins = layer.pins {
        let rect = pins.rect(in: size)
        placed.rect = Rect(x: rect.x, y: rect.y, width: max(0, rect.width), height: max(0, rect.height))
      }
      placed.layers = laidOut(layer.layers, in: placed.rect.size)
      return placed
    }
  }
}
