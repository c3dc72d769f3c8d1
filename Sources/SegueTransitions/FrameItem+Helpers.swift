import SegueRaster
import SegueGeometry

extension FrameItem {
  /// A screen's snapshot covering `bounds`, untouched.
  static func full(_ role: ScreenRole, _ bounds: Rect) -> FrameItem {
    .screen(ScreenPlacement(role: role, frame: bounds))
  }

  /// A black dimming view over `bounds` at `maximum` times the progress `fraction`, clamped
  /// to 0…1 so an overshooting curve never makes it darker than its own maximum.
  static func dim(_ bounds: Rect, maximum: Double, fraction: Double) -> FrameItem {
    .fill(bounds, color: .black, opacity: maximum * min(1, max(0, fraction)))
  }
}

extension Rect {
  /// This rectangle scaled by `factor` about its centre.
  func scaledAboutCenter(_ factor: Double) -> Rect {
    Rect(x: midX - width * factor / 2, y: midY - height * factor / 2, width: width * factor, height: height * factor)
  }

  /// This rectangle moved by (dx, dy).
  func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }
}
