import SegueRaster
import SegueGeometry

/// Which screen a snapshot shows: UIKit's `.from` (before) or `.to` (after).
public enum ScreenRole: String, Sendable, Hashable {
  case from
  case to
}

/// A mask applied to a placed snapshot, in container points.
public enum FrameMask: Sendable, Equatable {
  case circle(center: Point, radius: Double)
  case rect(Rect)
}

/// A screen snapshot placed in the frame: stretched to `frame`, faded, clipped and masked.
public struct ScreenPlacement: Sendable, Equatable {
  public var role: ScreenRole
  /// Where the snapshot is stretched to, in container points.
  public var frame: Rect
  /// 0…1 (springs that overshoot are clamped here).
  public var opacity: Double
  /// Corner radius of the snapshot's own clip, in container points (0: none).
  public var cornerRadius: Double
  public var mask: FrameMask?

  public init(
    role: ScreenRole, frame: Rect, opacity: Double = 1, cornerRadius: Double = 0, mask: FrameMask? = nil
  ) {
    self.role = role
    self.frame = frame
    self.opacity = min(1, max(0, opacity))
    self.cornerRadius = cornerRadius
    self.mask = mask
  }
}

/// One thing drawn in a frame, bottom to top.
public enum FrameItem: Sendable, Equatable {
  case screen(ScreenPlacement)
  /// A rectangle of solid colour (a dimming view), in container points, with its opacity.
  case fill(Rect, color: RGBA8, opacity: Double)
}

/// Everything one frame shows over the scene background, bottom to top.
public struct FrameLayers: Sendable, Equatable {
  public var items: [FrameItem]

  public init(_ items: [FrameItem]) {
    self.items = items
  }
}
