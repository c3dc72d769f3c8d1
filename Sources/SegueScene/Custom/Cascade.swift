/// Hero's `.cascade(delta:direction:)`: an animation of a group applied to each of its sublayers
/// instead, each starting `delta` seconds after the one before, in the order `direction` gives.
public struct Cascade: Sendable, Equatable {
  /// The order sublayers start in, by their rects in the group's points (ties keep their order).
  public enum Direction: String, Sendable, CaseIterable {
    /// By top edge, top first.
    case topToBottom
    /// By bottom edge, bottom first.
    case bottomToTop
    /// By left edge, left first.
    case leftToRight
    /// By right edge, right first.
    case rightToLeft
    /// By the distance of each one's centre from the group's centre, nearest first.
    case radial
    /// Farthest first.
    case inverseRadial
  }

  /// Hero's default, 0.02 s.
  public var delta: Double
  public var direction: Direction

  public init(delta: Double = 0.02, direction: Direction = .topToBottom) {
    self.delta = delta
    self.direction = direction
  }

  /// The sublayers of `group`, by index, in the order they start.
  public func order(_ group: Layer) -> [Int] {
    let center = (x: group.rect.width / 2, y: group.rect.height / 2)
    let keys: [Double] = group.layers.map { layer in
      let rect = layer.rect
      switch direction {
      case .topToBottom: return rect.minY
      case .bottomToTop: return -rect.maxY
      case .leftToRight: return rect.minX
      case .rightToLeft: return -rect.maxX
      case .radial, .inverseRadial:
        let dx = rect.midX - center.x
        let dy = rect.midY - center.y
        let distance = (dx * dx + dy * dy).squareRoot()
        return direction == .radial ? distance : -distance
      }
    }
    return group.layers.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
  }
}
