import SegueGeometry

/// A layer's rectangle as constraints to its parent's edges and centre (Auto Layout's
/// `leading`, `trailing`, `width`, `centerX` and their vertical twins), laid out again for
/// every size its parent takes: `{"left": 20, "right": 20, "top": 130, "height": 430}`.
public struct Pins: Sendable, Equatable {
  /// Two of the four values along one axis: in points, `start` from the parent's left (top)
  /// edge, `end` from its right (bottom) edge, inward; `center` from the parent's centre
  /// toward the right (bottom); `length` the layer's width (height).
  public enum Axis: Sendable, Equatable {
    case startEnd(Measure, Measure)
    case startLength(Measure, Measure)
    case startCenter(Measure, Measure)
    case endLength(Measure, Measure)
    case endCenter(Measure, Measure)
    case lengthCenter(Measure, Measure)

    /// The layer's origin and length along the axis in a parent `parent` long, each value
    /// given by `number` (its points; `{"of": ID, "times": k}` is k of that view's length,
    /// read at run time).
    ///
    /// With c = parent / 2 + center, the layer's centre:
    ///   start, end:     origin = start,               length = parent − (start + end)
    ///   start, length:  origin = start,               length = length
    ///   start, center:  origin = start,               length = 2 (c − start)
    ///   end, length:    origin = parent − (end + length)
    ///   end, center:    length = 2 (parent − end − c), origin = c − length / 2
    ///   length, center: origin = c − length / 2
    /// Written once over `LayoutNumber`, so that the export prints the same rule it draws.
    public func span<Number: LayoutNumber>(in parent: Number, _ number: (Measure) -> Number)
      -> (origin: Number, length: Number)
    {
      let half = parent * 0.5
      switch self {
      case .startEnd(let start, let end):
        return (number(start), parent - (number(start) + number(end)))
      case .startLength(let start, let length):
        return (number(start), number(length))
      case .startCenter(let start, let center):
        return (number(start), (half + (number(center) - number(start))) * 2)
      case .endLength(let end, let length):
        return (parent - (number(end) + number(length)), number(length))
      case .endCenter(let end, let center):
        // length = 2 (parent − end − parent/2 − center) = parent − 2 (end + center)
        let length = parent - (number(end) + number(center)) * 2
        return (half + number(center) - length * 0.5, length)
      case .lengthCenter(let length, let center):
        return (half + (number(center) - number(length) * 0.5), number(length))
      }
    }

    /// The span of values in points only (a layer's pins): laid out without the running app.
    public func span(in parent: Double) -> (origin: Double, length: Double) {
      span(in: parent) { $0.constant ?? 0 }
    }

    /// The span as formulas: the values as they are.
    public func span(in parent: Measure) -> (origin: Measure, length: Measure) { span(in: parent) { $0 } }

    /// The names of the two values, as the scene writes them along `horizontal` (or vertical).
    public func keys(horizontal: Bool) -> (String, String) {
      let names = horizontal ? ("left", "right", "width", "centerX") : ("top", "bottom", "height", "centerY")
      switch self {
      case .startEnd: return (names.0, names.1)
      case .startLength: return (names.0, names.2)
      case .startCenter: return (names.0, names.3)
      case .endLength: return (names.1, names.2)
      case .endCenter: return (names.1, names.3)
      case .lengthCenter: return (names.2, names.3)
      }
    }

    /// The two values in the order `keys` names them.
    public var values: (Measure, Measure) {
      switch self {
      case .startEnd(let a, let b), .startLength(let a, let b), .startCenter(let a, let b), .endLength(let a, let b),
        .endCenter(let a, let b), .lengthCenter(let a, let b):
        return (a, b)
      }
    }
  }

  public var horizontal: Axis
  public var vertical: Axis
  /// Pinned to the screen's safe area (`"in": "safeArea"`) rather than to its bounds: the
  /// parent is the screen inset by the container's safe-area insets, as constraints to
  /// `safeAreaLayoutGuide` are.
  public var inSafeArea: Bool

  public init(horizontal: Axis, vertical: Axis, inSafeArea: Bool = false) {
    self.horizontal = horizontal
    self.vertical = vertical
    self.inSafeArea = inSafeArea
  }

  /// The rectangle in a parent of `size`.
  public func rect(in size: Size) -> Rect {
    let x = horizontal.span(in: size.width)
    let y = vertical.span(in: size.height)
    return Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
  }

  /// The rectangle in a screen of `size` whose safe area is `safeArea` (its bounds when the
  /// pins are not in the safe area): laid out in the inset rectangle, then moved by its origin.
  public func rect(in size: Size, safeArea: SafeArea) -> Rect {
    guard inSafeArea else { return rect(in: size) }
    let inner = rect(
      in: Size(
        width: size.width - safeArea.left - safeArea.right, height: size.height - safeArea.top - safeArea.bottom))
    return Rect(x: inner.x + safeArea.left, y: inner.y + safeArea.top, width: inner.width, height: inner.height)
  }

  /// The horizontal keys of a pinned rect, then the vertical ones.
  public static let horizontalKeys = ["left", "right", "width", "centerX"]
  public static let verticalKeys = ["top", "bottom", "height", "centerY"]
}
