/// A drawing context (Core Graphics). The stand-in keeps the snapshots drawn into it, as the
/// scene JSON of their layers, the size they were taken at and the rectangle they were drawn in
/// (not SDK API), and the translation set on it.
public final class CGContext {
  /// The contexts being drawn into, the innermost last (UIKit's current context).
  @MainActor static var current: [CGContext] = []

  public private(set) var standInTranslation = CGPoint.zero
  public internal(set) var standInDrawn: [(layers: String, size: CGSize, rect: CGRect)] = []

  init() {}

  public func translateBy(x: CGFloat, y: CGFloat) {
    standInTranslation.x += x
    standInTranslation.y += y
  }
}
