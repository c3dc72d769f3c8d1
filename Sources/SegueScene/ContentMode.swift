/// How a layer's `image` fills its `rect`, by UIKit's names (`UIView.ContentMode`).
public enum ContentMode: String, Sendable, CaseIterable {
  /// Scaled to cover the rect, centred, the overflow cropped (a photo in a card; the default).
  case scaleAspectFill
  /// Stretched to the rect exactly, its aspect not kept: a snapshot view's picture, which UIKit
  /// stretches to whatever frame the view is given.
  case scaleToFill
}
