import SegueGeometry

/// A rectangle whose numbers are `Measure`s: a frame as the running app computes it.
public struct MeasuredRect: Hashable, Sendable {
  public var x: Measure
  public var y: Measure
  public var width: Measure
  public var height: Measure

  public init(x: Measure, y: Measure, width: Measure, height: Measure) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle the scene states as numbers.
  public init(_ rect: Rect) {
    self.init(x: .constant(rect.x), y: .constant(rect.y), width: .constant(rect.width), height: .constant(rect.height))
  }

  /// The frame of `key`'s view in the container, as inputs.
  public static func view(_ key: String) -> MeasuredRect {
    MeasuredRect(
      x: .input(.view(key, .x)), y: .input(.view(key, .y)), width: .input(.view(key, .width)),
      height: .input(.view(key, .height)))
  }

  /// A screen's frame in the container, as inputs.
  public static func screen(_ role: ScreenRole) -> MeasuredRect {
    MeasuredRect(
      x: .input(.screen(role, .x)), y: .input(.screen(role, .y)), width: .input(.screen(role, .width)),
      height: .input(.screen(role, .height)))
  }

  /// The container's bounds. Computed, not stored (see `PresetTransitions.containerWidth`).
  public static var container: MeasuredRect {
    MeasuredRect(x: .constant(0), y: .constant(0), width: .input(.containerWidth), height: .input(.containerHeight))
  }

  /// The safe area's insets as the running app reads them (`container.safeAreaInsets`).
  public static var safeAreaInsets: (top: Measure, left: Measure, bottom: Measure, right: Measure) {
    (.input(.safeArea(.top)), .input(.safeArea(.left)), .input(.safeArea(.bottom)), .input(.safeArea(.right)))
  }

  /// The container's bounds inset by its safe area: [left, top, width − left − right,
  /// height − top − bottom], as `container.safeAreaLayoutGuide.layoutFrame`.
  public static var safeArea: MeasuredRect {
    let inset = safeAreaInsets
    return MeasuredRect(
      x: inset.left, y: inset.top, width: .input(.containerWidth) - inset.left - inset.right,
      height: .input(.containerHeight) - inset.top - inset.bottom)
  }

  /// Moved by `sx` of its widths and `sy` of its heights: x + sx·width, y + sy·height.
  public func shifted(_ sx: Double, _ sy: Double) -> MeasuredRect {
    MeasuredRect(x: x + width * sx, y: y + height * sy, width: width, height: height)
  }

  /// Shrunk by points from each edge: x + left, y + top, width − left − right, height − top − bottom.
  public func inset(top: Double, left: Double, bottom: Double, right: Double) -> MeasuredRect {
    MeasuredRect(
      x: x + .constant(left), y: y + .constant(top), width: width - .constant(left + right),
      height: height - .constant(top + bottom))
  }

  /// In the coordinates of a parent whose origin is at `origin`: the origin less the parent's.
  public func relative(to origin: (x: Measure, y: Measure)) -> MeasuredRect {
    MeasuredRect(x: x - origin.x, y: y - origin.y, width: width, height: height)
  }

  /// The radius of the circle about `center` that covers this frame: the distance to its
  /// farthest corner (`LayoutNumber.coverRadius`), what `{"cover": …}` reads at run time.
  public func coverRadius(from center: (x: Measure, y: Measure)) -> Measure {
    Measure.coverRadius(center: center, frame: (x, y, width, height))
  }

  /// The numbers for one device and variant.
  public func value(_ inputs: (GeometryInput) -> Double) -> Rect {
    Rect(x: x.value(inputs), y: y.value(inputs), width: width.value(inputs), height: height.value(inputs))
  }

  public var measures: [Measure] { [x, y, width, height] }
}
