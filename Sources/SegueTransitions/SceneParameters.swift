import SegueScene

/// Readers of parameter values that several transition types share.
enum SceneParameters {}

extension SceneParameters {
  /// A fraction in (0, 1].
  static func fraction(_ what: String) -> (SceneField) throws(SceneError) -> Double {
    { field throws(SceneError) in
      let value = try field.number(in: 0...1, what)
      guard value > 0 else { throw field.expected(what) }
      return value
    }
  }

  /// A number in `range`.
  static func number(in range: ClosedRange<Double>, _ what: String) -> (SceneField) throws(SceneError) -> Double {
    { field throws(SceneError) in try field.number(in: range, what) }
  }
}
