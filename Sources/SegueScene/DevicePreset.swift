import SegueGeometry

/// Screen sizes in points and scales of common devices, for a scene's `device` key.
public struct DevicePreset: Sendable, Equatable {
  public let name: String
  public let size: Size
  public let scale: Double

  public static let all: [DevicePreset] = [
    DevicePreset(name: "iphone-se", size: Size(width: 375, height: 667), scale: 2),
    DevicePreset(name: "iphone-mini", size: Size(width: 375, height: 812), scale: 3),
    DevicePreset(name: "iphone-14", size: Size(width: 390, height: 844), scale: 3),
    DevicePreset(name: "iphone-15", size: Size(width: 393, height: 852), scale: 3),
    DevicePreset(name: "iphone-15-pro", size: Size(width: 393, height: 852), scale: 3),
    DevicePreset(name: "iphone-15-pro-max", size: Size(width: 430, height: 932), scale: 3),
    DevicePreset(name: "iphone-16-pro", size: Size(width: 402, height: 874), scale: 3),
    DevicePreset(name: "iphone-16-pro-max", size: Size(width: 440, height: 956), scale: 3),
    DevicePreset(name: "ipad", size: Size(width: 820, height: 1180), scale: 2),
    DevicePreset(name: "ipad-pro-13", size: Size(width: 1032, height: 1376), scale: 2),
  ]

  public static func named(_ name: String) -> DevicePreset? {
    all.first { $0.name == name }
  }
}
