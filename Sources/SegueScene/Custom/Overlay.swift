import SegueGeometry
import SegueJSON

/// A view a custom transition makes and animates: a dimming view of one colour, a view drawn as
/// a layer (a gradient, corners, a border, sublayers), or a piece of a screen's snapshot.
public struct Overlay: Sendable, Equatable {
  /// A rectangle of a screen's snapshot, as `resizableSnapshotView(from:afterScreenUpdates:
  /// withCapInsets:)` takes it: the screen drawn as it starts, without its lifted layers.
  public struct Snapshot: Sendable, Equatable {
    public var of: ScreenRole
    /// In the screen's points, for the scene's device and variant.
    public var rect: Rect
    /// `rect` as the app computes it from its views (pins, `{"of": …}`), in the screen's points;
    /// the constant `rect` when the scene states numbers.
    public var frame: MeasuredRect

    public init(of: ScreenRole, rect: Rect, frame: MeasuredRect? = nil) {
      self.of = of
      self.rect = rect
      self.frame = frame ?? MeasuredRect(rect)
    }
  }

  public var name: String
  public var color: RGBA8
  public var opacity: Double
  /// In container points, or in its screen's points when `over` is set; nil: all of it.
  public var rect: Rect?
  /// `rect` as the app computes it (pins, `{"of": …}`), in the same points; nil when the scene
  /// states numbers, or no rect.
  public var frame: MeasuredRect?
  /// The rect as the scene wrote it when it is pins or a frame of a view (a snapshot's too), so
  /// that `segue expand` writes it back as it is rather than as one device's numbers.
  public var writtenRect: JSONValue?
  /// The screen it is a sublayer of (moving and clipping with it), or nil for the container.
  public var over: ScreenRole?
  /// What it looks like when it is more than its colour: a layer (its fill, gradient, shape,
  /// corners, border and sublayers) drawn into its frame; nil for a plain colour.
  public var layer: Layer?
  /// Set for an entry of `snapshots`: the piece of a screen it shows, instead of a colour.
  public var snapshot: Snapshot?

  public init(
    name: String, color: RGBA8 = .black, opacity: Double = 1, rect: Rect? = nil, over: ScreenRole? = nil,
    layer: Layer? = nil, snapshot: Snapshot? = nil
  ) {
    self.name = name
    self.color = color
    self.opacity = opacity
    self.rect = rect
    self.over = over
    self.layer = layer
    self.snapshot = snapshot
  }
}
