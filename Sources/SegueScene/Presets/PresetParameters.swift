import SegueGeometry
import SegueJSON

/// A preset's own keys of a scene's `transition` object, read with checks and field paths.
public struct PresetParameters: Sendable {
  public let fields: [String: SceneField]

  public init(_ fields: [String: SceneField]) {
    self.fields = fields
  }

  /// A number in `range`, or `defaultValue` when absent.
  public func number(_ name: String, in range: ClosedRange<Double>, _ what: String, default defaultValue: Double)
    throws(SceneError) -> Double
  {
    guard let field = fields[name] else { return defaultValue }
    return try field.number(in: range, what)
  }

  /// A number greater than 0 and at most `limit`, or `defaultValue`.
  public func positive(_ name: String, _ what: String, limit: Double, default defaultValue: Double) throws(SceneError)
    -> Double
  {
    guard let field = fields[name] else { return defaultValue }
    return try field.positiveNumber(what, limit: limit)
  }

  /// An edge among `allowed`, or `defaultValue`.
  public func edge(_ allowed: [Edge], default defaultValue: Edge) throws(SceneError) -> Edge {
    guard let field = fields["edge"] else { return defaultValue }
    return try field.choice(allowed)
  }

  /// A point [x, y], or nil when absent.
  public func point(_ name: String) throws(SceneError) -> Point? {
    guard let field = fields[name] else { return nil }
    return try SceneDecoder.decodePoint(field)
  }

  /// A rectangle [x, y, width, height], or nil when absent.
  public func rect(_ name: String) throws(SceneError) -> Rect? {
    guard let field = fields[name] else { return nil }
    return try SceneDecoder.decodeRect(field)
  }

  /// One of an enumeration's raw values, or `defaultValue`.
  public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: Choice)
    throws(SceneError) -> Choice where Choice.RawValue == String
  {
    guard let field = fields[name] else { return defaultValue }
    return try field.choice(Array(Choice.allCases))
  }
}
