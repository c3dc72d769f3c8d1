/// Draws images (UIKit): the stand-in's context only keeps what `drawHierarchy` of a snapshot
/// draws into it, which Segue then draws (`StandInSnapshotScene`); a layer's own `render(in:)`
/// draws nothing, so an image of it has no data.
public final class UIGraphicsImageRenderer {
  public let size: CGSize
  public let format: UIGraphicsImageRendererFormat

  public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.size = size
    self.format = format
  }

  @MainActor
  public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let context = UIGraphicsImageRendererContext(cgContext: CGContext())
    CGContext.current.append(context.cgContext)
    actions(context)
    CGContext.current.removeLast()
    // One snapshot drawn over the whole image: its picture (anything else: no data).
    guard context.cgContext.standInDrawn.count == 1, let drawn = context.cgContext.standInDrawn.first,
      drawn.rect.origin == .zero, drawn.rect.size == size
    else { return UIImage(standInPNG: nil) }
    return UIImage(
      standInPNG: StandInSnapshotScene.picture(drawn.layers, taken: drawn.size, size: size, scale: format.scale))
  }
}
