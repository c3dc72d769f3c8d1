import SegueGeometry

/// Screen sizes in points and scales of Apple devices, for a scene's `device` key.
///
/// Sizes are portrait, as `UIScreen.main.bounds` reports them, and the scale is
/// `UIScreen.main.scale` (the point-to-pixel factor UIKit renders at), so that size × scale is
/// the screen's pixel size, e.g. 1179 × 2556 for an iPhone 16.
public struct DevicePreset: Sendable, Equatable {
  /// The key's value: lower-case, words joined by `-` (`iphone-16-pro-max`).
  public let name: String
  /// The device (or devices) it stands for: "iPhone 16 Pro Max".
  public let model: String
  /// The screen in points.
  public let size: Size
  /// Pixels a point.
  public let scale: Double
  /// The safe area's insets in portrait (docs/scene-format.md names the source of each).
  public let safeArea: SafeArea

  public init(name: String, model: String, size: Size, scale: Double, safeArea: SafeArea = .zero) {
    self.name = name
    self.model = model
    self.size = size
    self.scale = scale
    self.safeArea = safeArea
  }

  /// An iPhone: its top inset (the status bar, 20 pt on a phone with a home button, and the
  /// sensor housing below it on the others) and its bottom one (34 pt for the home indicator,
  /// none with a home button).
  private static func iPhone(
    _ name: String, _ model: String, _ width: Double, _ height: Double, scale: Double = 3, top: Double,
    bottom: Double = 34
  ) -> DevicePreset {
    DevicePreset(
      name: name, model: model, size: Size(width: width, height: height), scale: scale,
      safeArea: SafeArea(top: top, left: 0, bottom: bottom, right: 0))
  }

  /// An iPad without a home button: 24 pt for the status bar, 20 pt for the home indicator.
  private static func iPad(_ name: String, _ model: String, _ width: Double, _ height: Double) -> DevicePreset {
    DevicePreset(
      name: name, model: model, size: Size(width: width, height: height), scale: 2,
      safeArea: SafeArea(top: 24, left: 0, bottom: 20, right: 0))
  }

  /// Every preset, newest devices of each line first within it.
  public static let all: [DevicePreset] = [
    iPhone("iphone-17", "iPhone 17", 402, 874, top: 62),
    iPhone("iphone-17-pro", "iPhone 17 Pro", 402, 874, top: 62),
    iPhone("iphone-17-pro-max", "iPhone 17 Pro Max", 440, 956, top: 62),
    iPhone("iphone-air", "iPhone Air", 420, 912, top: 68),
    iPhone("iphone-16", "iPhone 16", 393, 852, top: 59),
    iPhone("iphone-16-plus", "iPhone 16 Plus", 430, 932, top: 59),
    iPhone("iphone-16-pro", "iPhone 16 Pro", 402, 874, top: 62),
    iPhone("iphone-16-pro-max", "iPhone 16 Pro Max", 440, 956, top: 62),
    iPhone("iphone-16e", "iPhone 16e", 390, 844, top: 47),
    iPhone("iphone-15", "iPhone 15", 393, 852, top: 59),
    iPhone("iphone-15-plus", "iPhone 15 Plus", 430, 932, top: 59),
    iPhone("iphone-15-pro", "iPhone 15 Pro", 393, 852, top: 59),
    iPhone("iphone-15-pro-max", "iPhone 15 Pro Max", 430, 932, top: 59),
    iPhone("iphone-14", "iPhone 14", 390, 844, top: 47),
    iPhone("iphone-14-plus", "iPhone 14 Plus", 428, 926, top: 47),
    iPhone("iphone-14-pro", "iPhone 14 Pro", 393, 852, top: 59),
    iPhone("iphone-14-pro-max", "iPhone 14 Pro Max", 430, 932, top: 59),
    iPhone("iphone-13", "iPhone 13", 390, 844, top: 47),
    iPhone("iphone-13-mini", "iPhone 13 mini", 375, 812, top: 50),
    iPhone("iphone-13-pro", "iPhone 13 Pro", 390, 844, top: 47),
    iPhone("iphone-13-pro-max", "iPhone 13 Pro Max", 428, 926, top: 47),
    iPhone("iphone-mini", "iPhone 12 mini, 13 mini", 375, 812, top: 50),
    iPhone("iphone-se", "iPhone SE (2nd and 3rd generation)", 375, 667, scale: 2, top: 20, bottom: 0),
    iPad("ipad", "iPad (10th generation and A16)", 820, 1180),
    iPad("ipad-mini", "iPad mini (6th generation and A17 Pro)", 744, 1133),
    iPad("ipad-air-11", "iPad Air 11-inch (M2, M3)", 820, 1180),
    iPad("ipad-air-13", "iPad Air 13-inch (M2, M3)", 1024, 1366),
    iPad("ipad-pro-11", "iPad Pro 11-inch (M4, M5)", 834, 1210),
    iPad("ipad-pro-13", "iPad Pro 13-inch (M4, M5)", 1032, 1376),
    iPad("ipad-pro-12-9", "iPad Pro 12.9-inch (3rd to 6th generation)", 1024, 1366),
  ]

  /// The preset called `name`, or nil.
  public static func named(_ name: String) -> DevicePreset? {
    all.first { $0.name == name }
  }

  /// The screen in pixels: round(size × scale).
  public var pixelSize: (width: Int, height: Int) {
    (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
  }
}
