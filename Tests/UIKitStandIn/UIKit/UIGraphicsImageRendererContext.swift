/// The context an image is drawn in (UIKit).
public final class UIGraphicsImageRendererContext {
  public let cgContext: CGContext
  init(cgContext: CGContext) { self.cgContext = cgContext }
}
