import SegueGeometry

/// Where a circle preset's circle is centred: a point, or the centre of a layer wherever it is
/// laid out (`{"of": "from.fab"}`, the button the user tapped).
public enum CircleOrigin: Sendable, Equatable {
  /// In the container's points.
  case point(Point)
  /// The centre of the layer of `role` whose id is `id`.
  case view(ScreenRole, id: String)
}
