/// How a `UIGraphicsImageRenderer` makes its images (UIKit).
public final class UIGraphicsImageRendererFormat {
  public var scale: CGFloat = 1
  public var opaque = false
  public init() {}
}
