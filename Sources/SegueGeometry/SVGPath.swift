#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An outline written as SVG path data ("M10 10 h 80 v 80 h -80 Z"), kept as the absolute
/// segments a `CGPath` holds: moves, lines, quadratic and cubic curves, closes.
///
/// Every command of SVG 1.1's path grammar is read, absolute (upper case) and relative (lower
/// case): M L H V C S Q T A Z. H and V become lines; S and T become the curves they stand for
/// (their first control point the reflection of the previous one); an elliptical arc A becomes
/// cubic curves of at most 90° each, as Core Graphics builds an arc, so two paths animate the
/// way Core Animation animates a `CGPath`: point by point, when their segments are of the same
/// kinds in the same order.
public struct SVGPath: Sendable, CustomStringConvertible {
  /// One element of the outline, in absolute coordinates.
  public enum Segment: Sendable, Equatable {
    case move(Point)
    case line(Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)
    /// Back to the start of the subpath.
    case close

    /// Its points in order.
    public var points: [Point] {
      switch self {
      case .move(let p), .line(let p): return [p]
      case .quad(let c, let p): return [c, p]
      case .cubic(let c1, let c2, let p): return [c1, c2, p]
      case .close: return []
      }
    }

    /// Its kind as a letter: M, L, Q, C or Z.
    public var letter: Character {
      switch self {
      case .move: return "M"
      case .line: return "L"
      case .quad: return "Q"
      case .cubic: return "C"
      case .close: return "Z"
      }
    }

    /// The same kind of segment with every point mapped.
    func map(_ transform: (Point) -> Point) -> Segment {
      switch self {
      case .move(let p): return .move(transform(p))
      case .line(let p): return .line(transform(p))
      case .quad(let c, let p): return .quad(control: transform(c), to: transform(p))
      case .cubic(let c1, let c2, let p):
        return .cubic(control1: transform(c1), control2: transform(c2), to: transform(p))
      case .close: return .close
      }
    }
  }

  /// Why path data could not be read, and where: `offset` counts characters from its start.
  public struct SyntaxError: Error, Sendable, Equatable {
    public let message: String
    public let offset: Int
  }

  /// The segments; every subpath starts with a move.
  public let segments: [Segment]
  /// The path data as written (or, for a path made by interpolation, as `canonical` writes it).
  public let text: String

  public init(segments: [Segment]) {
    self.segments = segments
    self.text = Self.canonical(segments)
  }

  /// Reads SVG path data.
  public init(parsing text: String) throws(SyntaxError) {
    var reader = Reader(Array(text.unicodeScalars))
    self.segments = try reader.readPath()
    self.text = text
  }

  public var description: String { text }

  /// The kinds of the segments in order ("MLLZ"): two paths animate between each other when
  /// these are equal.
  public var commands: String { String(segments.map(\.letter)) }

  /// The smallest rectangle holding every point, control points included (the curves lie
  /// inside it).
  public var controlBounds: Rect {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for point in segments.flatMap(\.points) {
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    guard minX <= maxX else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Point by point a + (b − a)·t, for two paths of the same commands; nil otherwise.
  public static func lerp(_ a: SVGPath, _ b: SVGPath, _ t: Double) -> SVGPath? {
    guard a.commands == b.commands else { return nil }
    if t == 0 { return a }
    if t == 1 { return b }
    var segments: [Segment] = []
    segments.reserveCapacity(a.segments.count)
    for (x, y) in zip(a.segments, b.segments) {
      switch (x, y) {
      case (.move(let p), .move(let q)): segments.append(.move(.lerp(p, q, t)))
      case (.line(let p), .line(let q)): segments.append(.line(.lerp(p, q, t)))
      case (.quad(let c, let p), .quad(let d, let q)):
        segments.append(.quad(control: .lerp(c, d, t), to: .lerp(p, q, t)))
      case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
        segments.append(.cubic(control1: .lerp(c1, d1, t), control2: .lerp(c2, d2, t), to: .lerp(p, q, t)))
      default: segments.append(.close)
      }
    }
    return SVGPath(segments: segments)
  }

  /// Absolute path data for `segments`, numbers in their shortest exact form.
  static func canonical(_ segments: [Segment]) -> String {
    func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
    func point(_ p: Point) -> String { number(p.x) + " " + number(p.y) }
    return segments.map { segment in
      switch segment {
      case .close: return "Z"
      default: return String(segment.letter) + segment.points.map(point).joined(separator: " ")
      }
    }.joined(separator: " ")
  }

  /// The cubic curves of an elliptical arc (SVG 1.1 implementation notes F.6.2, F.6.5 and F.6.6),
  /// or nil when a number it needs leaves the finite doubles (radii a googol apart).
  ///
  /// Out-of-range parameters are corrected as F.6.2 says: an arc to where the pen is draws
  /// nothing, a zero radius is a line, negative radii are their absolute values, radii too small
  /// to reach the end point are scaled up until they just do, and the rotation is taken modulo
  /// 360°.
  ///
  /// The work is done in the ellipse's unit-circle frame, where the chord's half is
  /// (u, v) = (x₁′/rx, y₁′/ry) with (x₁′, y₁′) = R(−φ)·(p₁ − p₂)/2 and s = |(u, v)|:
  ///
  ///     s ≥ 1:  the radii grow by s, the centre is the chord's midpoint, Δθ = ±π
  ///     s < 1:  r = √(1 − s²), centre (cu, cv) = σ·r/s·(v, −u), σ = +1 when fA ≠ fS else −1,
  ///             Δθ₀ = atan2(2σ·r·s, 1 − 2s²)   (the angle between the radii to both ends)
  ///
  /// then Δθ gains or loses 2π to run the way fS says. The arc is split into n = ⌈|Δθ| / 45°⌉
  /// equal parts, each the cubic whose control points lie k = 4/3 · tan(δ/4) along the tangents
  /// at its ends. Such a cubic strays from the circle by about 2.7e-4 of the radius over 90°
  /// and 4.2e-6 over 45° (the error grows as δ⁶): at 45° an arc lands where a scene's own
  /// circular corners do (drawn exactly), to a fraction of a level even for a 100 px radius. Points are placed from p₁ by differences of angles,
  ///
  ///     P(t) − p₁ = R(φ)·(rx·(cos t − cos θ₁), ry·(sin t − sin θ₁))
  ///               = R(φ)·(−2rx·sin((t+θ₁)/2)·sin((t−θ₁)/2), 2ry·cos((t+θ₁)/2)·sin((t−θ₁)/2)),
  ///
  /// never from the centre, so an arc of huge radii between close points (nearly a straight
  /// line, its centre far away) keeps its points exact.
  static func arc(
    from p1: Point, to p2: Point, radii: (x: Double, y: Double), rotation degrees: Double, largeArc: Bool,
    sweep: Bool
  ) -> [Segment]? {
    if p1 == p2 { return [] }
    var rx = abs(radii.x)
    var ry = abs(radii.y)
    if rx == 0 || ry == 0 { return [.line(p2)] }
    let phi = degrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
    let (cosPhi, sinPhi) = (cos(phi), sin(phi))
    // Halved before the difference, so coordinates near the largest double do not overflow.
    let dx = p1.x / 2 - p2.x / 2
    let dy = p1.y / 2 - p2.y / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy
    let u = x1 / rx
    let v = y1 / ry
    // hypot neither overflows nor underflows: end points a subnormal apart still have a chord.
    let s = hypot(u, v)
    // The chord vanished in the halving (end points a few subnormals apart): a line.
    if s == 0 { return [.line(p2)] }
    let theta1: Double
    var delta: Double
    if s >= 1 {
      // The start point's angle is that of (u, v), written without dividing by a radius (which
      // may overflow when a radius is tiny): atan2(y₁′/ry, x₁′/rx) = atan2(y₁′·rx, x₁′·ry),
      // with both radii first divided by the larger.
      let larger = max(rx, ry)
      let (rxUnit, ryUnit) = (rx / larger, ry / larger)
      theta1 = atan2(y1 * rxUnit, x1 * ryUnit)
      // rx·s = |(x₁′, y₁′·rx/ry)| and ry·s = |(x₁′·ry/rx, y₁′)|.
      let grownX = hypot(x1, y1 * rxUnit / ryUnit)
      let grownY = hypot(x1 * ryUnit / rxUnit, y1)
      (rx, ry) = (grownX, grownY)
      delta = sweep ? Double.pi : -Double.pi
    } else {
      let r = (1 - s * s).squareRoot()
      let sigma: Double = largeArc != sweep ? 1 : -1
      let (cu, cv) = (sigma * r * (v / s), -sigma * r * (u / s))
      theta1 = atan2(v - cv, u - cu)
      delta = atan2(2 * sigma * r * s, 1 - 2 * s * s)
      if sweep && delta < 0 { delta += 2 * Double.pi }
      if !sweep && delta > 0 { delta -= 2 * Double.pi }
    }
    guard theta1.isFinite, delta.isFinite, rx.isFinite, ry.isFinite else { return nil }
    let count = max(1, Int((abs(delta) / (Double.pi / 4) - 1e-9).rounded(.up)))
    let step = delta / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    /// A vector of the unit circle's frame in the scene's: scaled by the radii, turned by φ.
    func mapped(_ x: Double, _ y: Double) -> Point {
      Point(x: rx * cosPhi * x - ry * sinPhi * y, y: rx * sinPhi * x + ry * cosPhi * y)
    }
    /// The point at angle t, placed from p₁.
    func onEllipse(_ t: Double) -> Point {
      let half = sin((t - theta1) / 2)
      let offset = mapped(-2 * sin((t + theta1) / 2) * half, 2 * cos((t + theta1) / 2) * half)
      return Point(x: p1.x + offset.x, y: p1.y + offset.y)
    }
    /// The point `from` moved along the tangent at angle t by k (backward when `sign` is −1).
    func along(_ from: Point, _ t: Double, _ sign: Double) -> Point {
      let tangent = mapped(-sin(t), cos(t))
      return Point(x: from.x + sign * k * tangent.x, y: from.y + sign * k * tangent.y)
    }
    var segments: [Segment] = []
    var start = p1
    for index in 0..<count {
      let a = theta1 + Double(index) * step
      let b = a + step
      let end = index == count - 1 ? p2 : onEllipse(b)
      segments.append(.cubic(control1: along(start, a, 1), control2: along(end, b, -1), to: end))
      start = end
    }
    guard segments.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else { return nil }
    return segments
  }
}

extension SVGPath: Equatable {
  /// Two paths are equal when their segments are, however they were written.
  public static func == (lhs: SVGPath, rhs: SVGPath) -> Bool { lhs.segments == rhs.segments }
}
