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

  /// A circle's centre: [x, y], or `{"of": "from.ID"}` (a layer's centre, checked against the
  /// screens by the decoder); nil when absent.
  public func circleOrigin(_ name: String) throws(SceneError) -> CircleOrigin? {
    guard let field = fields[name] else { return nil }
    guard case .object = field.value else { return .point(try SceneDecoder.decodePoint(field)) }
    let members = try field.members(allowed: ["of"], what: "{\"of\": \"from.ID\"} or [x, y]")
    guard let of = members["of"] else { throw field.error("missing key 'of': the layer whose centre it is") }
    let text = try of.string("a layer 'from.ID' or 'to.ID'")
    guard let dot = text.firstIndex(of: "."), let role = ScreenRole(rawValue: String(text[..<dot])) else {
      throw of.error("expected a layer 'from.ID' or 'to.ID', got '\(text)'")
    }
    return .view(role, id: String(text[text.index(after: dot)...]))
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
