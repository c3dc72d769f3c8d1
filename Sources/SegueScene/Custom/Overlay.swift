import SegueGeometry

/// A rectangle of one colour a custom transition draws and animates: a dimming view.
public struct Overlay: Sendable, Equatable {
  public var name: String
  public var color: RGBA8
  public var opacity: Double
  /// In container points, or in its screen's points when `over` is set; nil: all of it.
  public var rect: Rect?
  /// The screen it is a sublayer of (moving and clipping with it), or nil for the container.
  public var over: ScreenRole?

  public init(name: String, color: RGBA8 = .black, opacity: Double = 1, rect: Rect? = nil, over: ScreenRole? = nil) {
    self.name = name
    self.color = color
    self.opacity = opacity
    self.rect = rect
    self.over = over
  }
}
