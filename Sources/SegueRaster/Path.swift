import SegueGeometry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A filled outline made of closed polygons (curves are flattened when the path is built).
///
/// Coverage is the signed area under the outline (non-zero winding for outlines that do not
/// cross themselves), so an inner contour wound the other way cuts a hole: a border ring.
public struct Path: Sendable, Equatable {
  /// Closed polygons; the last point of each joins its first.
  public var contours: [[Point]]

  public init(contours: [[Point]] = []) {
    self.contours = contours
  }

  /// The largest distance a flattened curve may stray from the true one, in pixels.
  /// 0.0025 px keeps the coverage error of an edge pixel below 1/255.
  public static let flatness = 0.0025

  /// The same outline with every contour wound the other way.
  public func reversed() -> Path {
    Path(contours: contours.map { $0.reversed() })
  }

  /// This outline plus `other`'s contours.
  public func appending(_ other: Path) -> Path {
    Path(contours: contours + other.contours)
  }

  /// Every point mapped by x' = x·sx, y' = y·sy (points to pixels).
  public func scaled(x sx: Double, y sy: Double) -> Path {
    Path(contours: contours.map { contour in contour.map { Point(x: $0.x * sx, y: $0.y * sy) } })
  }

  /// The smallest rectangle holding every point.
  public var bounds: Rect {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for contour in contours {
      for point in contour {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
      }
    }
    guard minX <= maxX, minY <= maxY else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// A rectangle, clockwise from its top-left corner.
  public static func rect(_ rect: Rect) -> Path {
    guard !rect.isEmpty else { return Path() }
    return Path(contours: [
      [
        Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
        Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
      ]
    ])
  }

  /// An ellipse inscribed in `rect`, as a regular polygon of equal area.
  ///
  /// A polygon inscribed in a circle of radius r with n sides loses area; placing its vertices
  /// on radius R = r · sqrt(θ / sin θ), θ = 2π / n, gives it the circle's area, so the edge
  /// crosses the true curve and the coverage error is balanced. n makes the sagitta
  /// r (1 − cos(π/n)) at most `flatness`.
  public static func ellipse(in rect: Rect, flatness: Double = flatness) -> Path {
    guard !rect.isEmpty else { return Path() }
    let rx = rect.width / 2
    let ry = rect.height / 2
    let radius = max(rx, ry)
    let step = 2 * acos(max(-1, 1 - flatness / radius))
    let count = max(16, Int((2 * Double.pi / step).rounded(.up)))
    let theta = 2 * Double.pi / Double(count)
    let grow = (theta / sin(theta)).squareRoot()
    var points: [Point] = []
    points.reserveCapacity(count)
    for index in 0..<count {
      let angle = Double(index) * theta
      points.append(
        Point(x: rect.midX + rx * grow * cos(angle), y: rect.midY + ry * grow * sin(angle)))
    }
    return Path(contours: [points])
  }

  /// A rounded rectangle with per-corner radii and either corner curve.
  ///
  /// Circular radii are scaled down together when two of them would overlap on a side
  /// (f = min over sides of side / (r1 + r2)), as CALayer and CSS do. Continuous radii are each
  /// limited to min(w, h) / (2 · 1.52866483), the extent of the PaintCode curve.
  public static func roundedRect(
    _ rect: Rect, radii: CornerRadii, curve: CornerCurve, flatness: Double = flatness
  ) -> Path {
    guard !rect.isEmpty else { return Path() }
    let r = radii.fitted(to: rect, curve: curve)
    if r.isZero { return .rect(rect) }
    // Each corner is generated as the top-right one (offsets from the corner point) and turned
    // into place: top-right (dx, dy), bottom-right (−dy, dx), bottom-left (−dx, −dy),
    // top-left (dy, −dx). Walking TR, BR, BL, TL is clockwise on screen.
    let corners: [(Point, Double, (Double, Double) -> Point)] = [
      (Point(x: rect.maxX, y: rect.minY), r.topRight, { Point(x: $0, y: $1) }),
      (Point(x: rect.maxX, y: rect.maxY), r.bottomRight, { Point(x: -$1, y: $0) }),
      (Point(x: rect.minX, y: rect.maxY), r.bottomLeft, { Point(x: -$0, y: -$1) }),
      (Point(x: rect.minX, y: rect.minY), r.topLeft, { Point(x: $1, y: -$0) }),
    ]
    var points: [Point] = []
    for (corner, radius, turn) in corners {
      let offsets =
        radius <= 0
        ? [Point(x: 0, y: 0)]
        : (curve == .circular
          ? circularCornerOffsets(radius: radius, flatness: flatness)
          : ContinuousCorner.offsets(radius: radius, flatness: flatness))
      for offset in offsets {
        let turned = turn(offset.x, offset.y)
        points.append(Point(x: corner.x + turned.x, y: corner.y + turned.y))
      }
    }
    return Path(contours: [points])
  }

  /// A rounded rectangle whose corners are quarter ellipses, `radiiX` across and `radiiY` down
  /// (CSS's `border-radius: rx / ry`): with radii half the sides it is the ellipse in `rect`, with
  /// equal radii the circular rounded rectangle. Radii that would overlap on a side are scaled
  /// down together, all by f = min(1, width ÷ (x radii along it), height ÷ (y radii along it))
  /// over the four sides, as CSS does.
  public static func roundedRect(
    _ rect: Rect, radiiX: CornerRadii, radiiY: CornerRadii, flatness: Double = flatness
  ) -> Path {
    guard !rect.isEmpty else { return Path() }
    func clean(_ r: CornerRadii) -> CornerRadii {
      CornerRadii(
        topLeft: max(0, r.topLeft), topRight: max(0, r.topRight), bottomRight: max(0, r.bottomRight),
        bottomLeft: max(0, r.bottomLeft))
    }
    var rx = clean(radiiX)
    var ry = clean(radiiY)
    var factor = 1.0
    for (side, a, b) in [
      (rect.width, rx.topLeft, rx.topRight), (rect.width, rx.bottomLeft, rx.bottomRight),
      (rect.height, ry.topLeft, ry.bottomLeft), (rect.height, ry.topRight, ry.bottomRight),
    ] where a + b > side {
      factor = min(factor, side / (a + b))
    }
    rx = rx.scaled(by: factor)
    ry = ry.scaled(by: factor)
    // As in the circular one, each corner is made as the top-right one and turned into place;
    // a turn by a quarter swaps which offset runs across, so its two radii swap too.
    let corners: [(Point, Double, Double, (Double, Double) -> Point)] = [
      (Point(x: rect.maxX, y: rect.minY), rx.topRight, ry.topRight, { Point(x: $0, y: $1) }),
      (Point(x: rect.maxX, y: rect.maxY), ry.bottomRight, rx.bottomRight, { Point(x: -$1, y: $0) }),
      (Point(x: rect.minX, y: rect.maxY), rx.bottomLeft, ry.bottomLeft, { Point(x: -$0, y: -$1) }),
      (Point(x: rect.minX, y: rect.minY), ry.topLeft, rx.topLeft, { Point(x: $1, y: -$0) }),
    ]
    var points: [Point] = []
    for (corner, across, down, turn) in corners {
      var offsets = [Point(x: 0, y: 0)]
      if across > 0 && down > 0 {
        // The quarter circle of the larger radius, squeezed to the smaller on its axis.
        let radius = max(across, down)
        offsets = circularCornerOffsets(radius: radius, flatness: flatness).map {
          Point(x: $0.x * across / radius, y: $0.y * down / radius)
        }
      }
      for offset in offsets {
        let turned = turn(offset.x, offset.y)
        points.append(Point(x: corner.x + turned.x, y: corner.y + turned.y))
      }
    }
    return Path(contours: [points])
  }

  /// A quarter circle from (−r, 0) to (0, r) about (−r, r): the top-right corner's offsets.
  static func circularCornerOffsets(radius: Double, flatness: Double) -> [Point] {
    let step = 2 * acos(max(-1, 1 - flatness / radius))
    let count = max(2, Int((Double.pi / 2 / step).rounded(.up)))
    return (0...count).map { index in
      let angle = Double(index) / Double(count) * Double.pi / 2
      return Point(x: -radius + radius * sin(angle), y: radius - radius * cos(angle))
    }
  }

  /// SVG path data's outline: each subpath one contour (closed whether or not it says so, as a
  /// fill closes it), lines kept, curves flattened to within `flatness`. A quadratic curve is
  /// the cubic with control points p0 + 2/3·(c − p0) and p + 2/3·(c − p), the same curve.
  public static func svg(_ path: SVGPath, flatness: Double = flatness) -> Path {
    var contours: [[Point]] = []
    var contour: [Point] = []
    func finish() {
      if contour.count > 2 { contours.append(contour) }
      contour = []
    }
    for segment in path.segments {
      switch segment {
      case .move(let p):
        finish()
        contour = [p]
      case .line(let p):
        contour.append(p)
      case .quad(let c, let p):
        let p0 = contour.last ?? p
        let c1 = Point(x: p0.x + 2.0 / 3.0 * (c.x - p0.x), y: p0.y + 2.0 / 3.0 * (c.y - p0.y))
        let c2 = Point(x: p.x + 2.0 / 3.0 * (c.x - p.x), y: p.y + 2.0 / 3.0 * (c.y - p.y))
        contour += flattenCubic(p0, c1, c2, p, flatness: flatness)
      case .cubic(let c1, let c2, let p):
        contour += flattenCubic(contour.last ?? p, c1, c2, p, flatness: flatness)
      case .close:
        finish()
      }
    }
    finish()
    return Path(contours: contours)
  }

  /// Points along a cubic Bézier from p0 (excluded) to p3 (included).
  ///
  /// The count follows Wang's formula, n = ceil(sqrt(3/4 · M / tolerance)) with
  /// M = max |p0 − 2p1 + p2|, |p1 − 2p2 + p3|, which bounds the distance to the curve.
  static func flattenCubic(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, flatness: Double = flatness
  ) -> [Point] {
    let ax = p0.x - 2 * p1.x + p2.x
    let ay = p0.y - 2 * p1.y + p2.y
    let bx = p1.x - 2 * p2.x + p3.x
    let by = p1.y - 2 * p2.y + p3.y
    let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
    let count = max(1, Int((0.75 * m / flatness).squareRoot().rounded(.up)))
    return (1...count).map { index in
      let t = Double(index) / Double(count)
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let d = t * t * t
      return Point(
        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
  }
}
