import SegueGeometry
import SegueScene

/// One property of a keyframe animation: the values it goes through and their key times
/// (fractions of the animation), built as `UIView.animateKeyframes` builds its
/// `CAKeyframeAnimation` for a key path, and evaluated as Core Animation's `calculationMode`
/// says (docs/custom-transitions.md, "Keyframes").
///
/// Building: the value starts where the animation starts (key time 0); each keyframe that sets
/// the property, in order of its start, holds the value before it until its start and reaches
/// its own value at its end; after the last, the value holds to key time 1.
public struct KeyframeValues: Sendable {
  public let values: [PropertyValue]
  /// As many as `values`, from 0 to 1, not decreasing: the paced ones for a paced calculation.
  public let times: [Double]
  /// Each value's formula (a constant where the scene gives numbers), for `segue swift`.
  public let formulas: [PropertyFormula?]
  public let calculation: KeyframeCalculation

  /// The property's keyframes from `initial` (value and formula) through each keyframe's
  /// `to` that sets it.
  public init(
    _ property: AnimatableProperty, initial: (PropertyValue, PropertyFormula?), keyframes: [Keyframe],
    calculation: KeyframeCalculation
  ) {
    var values = [initial.0]
    var formulas = [initial.1]
    var times = [0.0]
    var last = 0.0
    let setting = keyframes.enumerated().filter { $0.element.to[property] != nil }
      .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    for keyframe in setting {
      guard let value = keyframe.to[property] else { continue }
      let start = keyframe.start
      let end = max(keyframe.start + keyframe.duration, start)
      if start > last {
        values.append(values[values.count - 1])
        formulas.append(formulas[formulas.count - 1])
        times.append(start)
      }
      values.append(value)
      formulas.append(keyframe.to.formulas[property] ?? PropertyFormula(constant: value))
      times.append(end)
      last = end
    }
    if last < 1 {
      values.append(values[values.count - 1])
      formulas.append(formulas[formulas.count - 1])
      times.append(1)
    }
    self.values = values
    self.formulas = formulas
    self.calculation = calculation
    self.times = calculation.isPaced ? Self.pacedTimes(values) : times
  }

  /// Paced key times: each value at the share of the whole distance travelled to reach it, so
  /// the value moves at one speed (Core Animation ignores the keyframes' own times); evenly
  /// spaced when the values do not move.
  ///
  ///     tᵢ = (d₁ + … + dᵢ) ÷ (d₁ + … + dₙ₋₁),   dᵢ = |vᵢ − vᵢ₋₁|
  static func pacedTimes(_ values: [PropertyValue]) -> [Double] {
    var sums = [0.0]
    for index in values.indices.dropFirst() {
      sums.append(sums[index - 1] + distance(values[index - 1], values[index]))
    }
    let total = sums[sums.count - 1]
    guard total > 0 else {
      return values.indices.map { values.count > 1 ? Double($0) / Double(values.count - 1) : 0 }
    }
    return sums.map { $0 / total }
  }

  /// The Euclidean distance between two values taken as vectors of their numbers: a number's,
  /// a point's two, a frame's four, a transform's sixteen (its product's entries), a path's
  /// points'.
  static func distance(_ a: PropertyValue, _ b: PropertyValue) -> Double {
    let (x, y) = (components(a), components(b))
    guard x.count == y.count else { return 0 }
    return zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }

  static func components(_ value: PropertyValue) -> [Double] {
    switch value {
    case .number(let number): return [number]
    case .point(let point): return [point.x, point.y]
    case .rect(let rect): return [rect.x, rect.y, rect.width, rect.height]
    case .radii(let radii): return radii.values
    case .color(let color): return [color.r, color.g, color.b, color.a].map { Double($0) / 255 }
    case .transform(let steps): return TransformStep.product(steps).m.flatMap { $0 }
    case .mask(.circle(let center, let radius)?): return [center.x, center.y, radius]
    case .mask(.rect(let rect, let radius)?): return [rect.x, rect.y, rect.width, rect.height, radius]
    case .mask(.path(let path)?): return path.segments.flatMap(\.points).flatMap { [$0.x, $0.y] }
    case .shadow(let shadow?): return [shadow.opacity, shadow.radius, shadow.offset.x, shadow.offset.y]
    case .mask(nil), .shadow(nil), .cornerCurve: return []
    }
  }

  /// The value at fraction `f` of the animation (its curve already applied).
  ///
  /// The segment is the last i with f ≥ tᵢ, and u = (f − tᵢ) ÷ (tᵢ₊₁ − tᵢ) (1 for an empty
  /// one). Discrete: vᵢ. Linear and paced: lerp(vᵢ, vᵢ₊₁, u). Cubic and cubic paced: the
  /// Catmull–Rom spline (Kochanek–Bartels with tension, continuity and bias 0, CA's defaults)
  /// through vᵢ₋₁, vᵢ, vᵢ₊₁, vᵢ₊₂, the end values repeated past the ends:
  ///
  ///     v(u) = w₀·vᵢ₋₁ + w₁·vᵢ + w₂·vᵢ₊₁ + w₃·vᵢ₊₂
  ///     w₀ = (−u³ + 2u² − u)/2, w₁ = (3u³ − 5u² + 2)/2, w₂ = (−3u³ + 4u² + u)/2, w₃ = (u³ − u²)/2
  ///
  /// The spline joins numbers, points, frames, radii and a shadow's numbers; colours, masks and
  /// transforms go straight between values, as Core Animation's cubic mode leaves them.
  public func value(at f: Double) -> PropertyValue {
    let n = values.count
    guard n > 1 else { return values[0] }
    if calculation == .discrete { return values[held(at: f)] }
    let (segment, u) = self.segment(at: f)
    guard calculation.isCubic else {
      return PropertyValue.lerp(values[segment], values[segment + 1], u, ended: u >= 1)
    }
    let (u2, u3) = (u * u, u * u * u)
    let weights = [
      (-u3 + 2 * u2 - u) / 2, (3 * u3 - 5 * u2 + 2) / 2, (-3 * u3 + 4 * u2 + u) / 2, (u3 - u2) / 2,
    ]
    let points = [
      values[max(segment - 1, 0)], values[segment], values[segment + 1], values[min(segment + 2, n - 1)],
    ]
    return Self.spline(points, weights, u) ?? PropertyValue.lerp(values[segment], values[segment + 1], u, ended: u >= 1)
  }

  /// The value at fraction `f` as a formula over the app's geometry, where it is one: the
  /// keyframe formulas held (discrete) or mixed in a straight line (linear, paced); nil for the
  /// spline, and where a value has no formula.
  public func formula(at f: Double) -> PropertyFormula? {
    guard values.count > 1 else { return formulas[0] }
    if calculation == .discrete { return formulas[held(at: f)] }
    guard !calculation.isCubic else { return nil }
    let (segment, u) = self.segment(at: f)
    guard let a = formulas[segment], let b = formulas[segment + 1] else { return nil }
    return PropertyFormula.lerp(a, b, u)
  }

  /// Discrete: the value shown at `f`, the last whose key time f has reached (the last at 1).
  func held(at f: Double) -> Int {
    var index = 0
    for i in values.indices where f >= times[i] { index = i }
    return f >= 1 ? values.count - 1 : index
  }

  /// The segment `f` is in, the last i < n − 1 with f ≥ tᵢ, and how far along it,
  /// u = (f − tᵢ) ÷ (tᵢ₊₁ − tᵢ) held to 0…1 (1 for an empty segment).
  func segment(at f: Double) -> (index: Int, u: Double) {
    var segment = 0
    for i in 0..<(values.count - 1) where f >= times[i] { segment = i }
    let (t0, t1) = (times[segment], times[segment + 1])
    return (segment, min(max(t1 > t0 ? (f - t0) / (t1 - t0) : 1, 0), 1))
  }

  /// Σ wₖ·pₖ for values the spline joins (a shadow's colour straight by u); nil for the others.
  static func spline(_ p: [PropertyValue], _ w: [Double], _ u: Double) -> PropertyValue? {
    func sum(_ numbers: [Double]) -> Double { zip(numbers, w).reduce(0) { $0 + $1.0 * $1.1 } }
    switch (p[0], p[1], p[2], p[3]) {
    case (.number(let a), .number(let b), .number(let c), .number(let d)):
      return .number(sum([a, b, c, d]))
    case (.point(let a), .point(let b), .point(let c), .point(let d)):
      return .point(Point(x: sum([a.x, b.x, c.x, d.x]), y: sum([a.y, b.y, c.y, d.y])))
    case (.rect(let a), .rect(let b), .rect(let c), .rect(let d)):
      return .rect(
        Rect(
          x: sum([a.x, b.x, c.x, d.x]), y: sum([a.y, b.y, c.y, d.y]), width: sum([a.width, b.width, c.width, d.width]),
          height: sum([a.height, b.height, c.height, d.height])))
    case (.radii(let a), .radii(let b), .radii(let c), .radii(let d)):
      return .radii(
        CornerRadii(
          topLeft: sum([a.topLeft, b.topLeft, c.topLeft, d.topLeft]),
          topRight: sum([a.topRight, b.topRight, c.topRight, d.topRight]),
          bottomRight: sum([a.bottomRight, b.bottomRight, c.bottomRight, d.bottomRight]),
          bottomLeft: sum([a.bottomLeft, b.bottomLeft, c.bottomLeft, d.bottomLeft])))
    case (.shadow(let a?), .shadow(let b?), .shadow(let c?), .shadow(let d?)):
      return .shadow(
        Shadow(
          color: .lerp(b.color, c.color, u), opacity: sum([a.opacity, b.opacity, c.opacity, d.opacity]),
          radius: sum([a.radius, b.radius, c.radius, d.radius]),
          offset: Point(
            x: sum([a.offset.x, b.offset.x, c.offset.x, d.offset.x]),
            y: sum([a.offset.y, b.offset.y, c.offset.y, d.offset.y]))))
    default:
      return nil
    }
  }
}
