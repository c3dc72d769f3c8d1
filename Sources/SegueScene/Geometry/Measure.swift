import SegueGeometry

/// A number written as the expression that computes it from the running app's geometry
/// (`GeometryInput`): the container's width, a handed view's frame, and the arithmetic a scene or
/// a preset does with them. Segue evaluates it with one device's and variant's numbers to draw;
/// `segue swift` prints it, so the animator computes the same number from UIKit's.
///
/// Built through its operators, which fold constants (`0 + x` is `x`, `2 · 3` is `6`): a value the
/// scene states as a number stays `.constant`, and the printed Swift stays short.
public indirect enum Measure: Hashable, Sendable, LayoutNumber, CustomStringConvertible {
  case constant(Double)
  case input(GeometryInput)
  case sum(Measure, Measure)
  case difference(Measure, Measure)
  case product(Measure, Measure)
  case quotient(Measure, Measure)
  case maximum(Measure, Measure)
  /// sqrt(a² + b²): the length of the vector (a, b), computed as written (not `hypot`).
  case norm(Measure, Measure)
  /// Rounded to the nearest whole number, halves away from zero (`Double.rounded()`).
  case rounded(Measure)

  public init(constant value: Double) { self = .constant(value) }

  /// The constant it is, when it depends on no input.
  public var constant: Double? {
    if case .constant(let value) = self { return value }
    return nil
  }

  /// The number for one device and variant: each input as `inputs` gives it.
  public func value(_ inputs: (GeometryInput) -> Double) -> Double {
    switch self {
    case .constant(let value): return value
    case .input(let input): return inputs(input)
    case .sum(let a, let b): return a.value(inputs) + b.value(inputs)
    case .difference(let a, let b): return a.value(inputs) - b.value(inputs)
    case .product(let a, let b): return a.value(inputs) * b.value(inputs)
    case .quotient(let a, let b): return a.value(inputs) / b.value(inputs)
    case .maximum(let a, let b): return Swift.max(a.value(inputs), b.value(inputs))
    case .norm(let a, let b):
      let (x, y) = (a.value(inputs), b.value(inputs))
      return (x * x + y * y).squareRoot()
    case .rounded(let a): return a.value(inputs).rounded()
    }
  }

  /// Every input it reads, in the order it reads them, each once.
  public var inputs: [GeometryInput] {
    var found: [GeometryInput] = []
    func visit(_ measure: Measure) {
      switch measure {
      case .constant: break
      case .input(let input): if !found.contains(input) { found.append(input) }
      case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b),
        .maximum(let a, let b), .norm(let a, let b):
        visit(a)
        visit(b)
      case .rounded(let a): visit(a)
      }
    }
    visit(self)
    return found
  }

  // MARK: - Arithmetic that folds constants

  public static func + (lhs: Measure, rhs: Measure) -> Measure {
    switch (lhs.constant, rhs.constant) {
    case (let a?, let b?): return .constant(a + b)
    case (0?, _): return rhs
    case (_, 0?): return lhs
    default:
      // −a + b is b − a, and a + (−b) is a − b, to the last bit: a frame taken into a view's own
      // points starts at 0 − x, and the printed Swift reads `width - toFrame.minX`.
      if case .difference(.constant(0), let a) = lhs { return rhs - a }
      if case .difference(.constant(0), let b) = rhs { return lhs - b }
      return .sum(lhs, rhs)
    }
  }

  public static func - (lhs: Measure, rhs: Measure) -> Measure {
    switch (lhs.constant, rhs.constant) {
    case (let a?, let b?): return .constant(a - b)
    case (_, 0?): return lhs
    default:
      // a − (0 − b) is a + b, to the last bit.
      if case .difference(.constant(0), let b) = rhs { return lhs + b }
      return lhs == rhs ? .constant(0) : .difference(lhs, rhs)
    }
  }

  public static func * (lhs: Measure, rhs: Measure) -> Measure {
    switch (lhs.constant, rhs.constant) {
    case (let a?, let b?): return .constant(a * b)
    case (0?, _), (_, 0?): return .constant(0)
    case (1?, _): return rhs
    case (_, 1?): return lhs
    default: return .product(lhs, rhs)
    }
  }

  public static func * (value: Measure, factor: Double) -> Measure { value * .constant(factor) }

  public static func / (lhs: Measure, rhs: Measure) -> Measure {
    switch (lhs.constant, rhs.constant) {
    case (let a?, let b?): return .constant(a / b)
    case (0?, _): return .constant(0)
    case (_, 1?): return lhs
    default: return .quotient(lhs, rhs)
    }
  }

  public static prefix func - (value: Measure) -> Measure { .constant(0) - value }

  public static func max(_ a: Measure, _ b: Measure) -> Measure {
    if let x = a.constant, let y = b.constant { return .constant(Swift.max(x, y)) }
    return a == b ? a : .maximum(a, b)
  }

  public static func length(_ a: Measure, _ b: Measure) -> Measure {
    if let x = a.constant, let y = b.constant { return .constant((x * x + y * y).squareRoot()) }
    return .norm(a, b)
  }

  public static func round(_ a: Measure) -> Measure {
    a.constant.map { .constant($0.rounded()) } ?? .rounded(a)
  }

  /// The input, k and c when this measure is input · k + c to the last bit for every value of
  /// the input, as `{"of": …, "times": k, "plus": c}` computes it; nil otherwise. Each form is
  /// exact in floating point:
  ///
  ///     x · k, k · x                  (i, k, 0)
  ///     (0 − x) · k = x · (−k)        (i, −k, 0)     negation is exact
  ///     0 − x = x · (−1)              (i, −1, 0)
  ///     x ÷ d = x · (1 ÷ d)           only for d a power of two (1 ÷ d exact)
  ///     s + c, c + s, s − c = s + (−c) with s one of the above
  public var share: (input: GeometryInput, times: Double, plus: Double)? {
    func scaled(_ measure: Measure) -> (GeometryInput, Double)? {
      switch measure {
      case .input(let input): return (input, 1)
      case .difference(.constant(0), .input(let input)): return (input, -1)
      case .product(.input(let input), .constant(let k)), .product(.constant(let k), .input(let input)):
        return (input, k)
      case .product(.difference(.constant(0), .input(let input)), .constant(let k)),
        .product(.constant(let k), .difference(.constant(0), .input(let input))):
        return (input, -k)
      case .quotient(.input(let input), .constant(let d)):
        let inverse = 1 / d
        guard d != 0, d.isFinite, inverse.significandWidth == 0, d.significandWidth == 0 else { return nil }
        return (input, inverse)
      default: return nil
      }
    }
    switch self {
    case .sum(let a, .constant(let c)), .sum(.constant(let c), let a):
      return scaled(a).map { ($0.0, $0.1, c) }
    case .difference(let a, .constant(let c)):
      return scaled(a).map { ($0.0, $0.1, -c) }
    default:
      return scaled(self).map { ($0.0, $0.1, 0) }
    }
  }

  /// For messages and tests: `(container.width - 20)`.
  public var description: String {
    switch self {
    case .constant(let value): return value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    case .input(let input): return input.description
    case .sum(let a, let b): return "(\(a) + \(b))"
    case .difference(let a, let b): return "(\(a) - \(b))"
    case .product(let a, let b): return "(\(a) * \(b))"
    case .quotient(let a, let b): return "(\(a) / \(b))"
    case .maximum(let a, let b): return "max(\(a), \(b))"
    case .norm(let a, let b): return "length(\(a), \(b))"
    case .rounded(let a): return "round(\(a))"
    }
  }
}
