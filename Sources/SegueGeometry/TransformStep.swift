/// One step of a transform written as a list (`"transform": [{"perspective": 900}, {"rotateX": 15}]`),
/// as an app builds a `CATransform3D` one call at a time.
///
/// A list S₁, S₂, …, Sₙ is the product M = S₁ · S₂ · … · Sₙ (column vectors): the last step
/// acts on a point first, as in CSS's `transform` and as each `t = CATransform3DRotate(t, …)`
/// does (it turns the point, then applies what `t` was). So `[perspective 900, scale 0.95,
/// rotateX 15]` is IBAnimatable's `t.m34 = −1/900; t = CATransform3DScale(t, …); t =
/// CATransform3DRotate(t, …)`: turned, then scaled, then seen in perspective.
public enum TransformStep: Sendable, Equatable {
  /// m34 = −1/d: a point at depth z is drawn at (x, y)·d/(d − z) about the layer's anchor.
  case perspective(Double)
  /// Degrees about the layer's x axis (the bottom edge toward the viewer for a positive angle).
  case rotateX(Double)
  /// Degrees about the y axis (the right edge away for a positive angle).
  case rotateY(Double)
  /// Degrees about the z axis, clockwise on screen.
  case rotateZ(Double)
  case scale(x: Double, y: Double, z: Double)
  case translate(x: Double, y: Double, z: Double)
  /// A whole matrix: what an interpolation between two lists gives (never written in a scene).
  case matrix(Transform3D)

  /// The step's matrix.
  public var matrix: Transform3D {
    switch self {
    case .perspective(let distance):
      return Transform3D([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1 / distance, 1]])
    case .rotateX(let degrees): return .rotationX(degrees: degrees)
    case .rotateY(let degrees): return .rotationY(degrees: degrees)
    case .rotateZ(let degrees): return .rotationZ(degrees: degrees)
    case .scale(let x, let y, let z): return .scale(x, y, z)
    case .translate(let x, let y, let z): return .translation(x, y, z)
    case .matrix(let matrix): return matrix
    }
  }

  /// S₁ · S₂ · … · Sₙ; the identity for no steps.
  public static func product(_ steps: [TransformStep]) -> Transform3D {
    steps.reduce(Transform3D.identity) { $0 * $1.matrix }
  }
}
