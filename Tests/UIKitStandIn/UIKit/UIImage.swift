/// A stand-in for an image of the app's bundle: it keeps the name it was asked for, so a test
/// can read which image a layer shows (`standInName`).
public final class UIImage: @unchecked Sendable {
  public let standInName: String
  /// The PNG of an image a `UIGraphicsImageRenderer` drew (not SDK API).
  let standInPNG: Data?
  public init?(named name: String) {
    standInName = name
    standInPNG = nil
  }
  init(standInPNG: Data?) {
    standInName = ""
    self.standInPNG = standInPNG
  }
  /// The image as PNG data: what a renderer drew (nil when it drew nothing the stand-in draws).
  public func pngData() -> Data? { standInPNG }
  public var cgImage: CGImage? { CGImage(standInName: standInName) }
}

/// A stand-in for a decoded image: its name only.
public final class CGImage: @unchecked Sendable {
  public let standInName: String
  init(standInName: String) { self.standInName = standInName }
}

/// How a layer fits its `contents` in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let resize = CALayerContentsGravity(rawValue: "resize")
  public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
  public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
