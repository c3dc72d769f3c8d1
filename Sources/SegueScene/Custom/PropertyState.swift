import SegueJSON

/// Values for some properties of one target: the `from` or `to` of an animation, or what `end`
/// sets. In `end`, a property may be reset to its initial value (written `null`).
public struct PropertyState: Sendable, Equatable {
  public var values: [AnimatableProperty: PropertyValue]
  /// Properties `end` returns to their initial value.
  public var resets: Set<AnimatableProperty>
  /// The values that come from the running app's geometry, as the formulas that compute them
  /// (`values` holds them evaluated for the scene's device and variant): a frame `{"of": …}`, a
  /// preset's offsets of one container.
  public var formulas: [AnimatableProperty: PropertyFormula] = [:]
  /// The values the scene writes as `{"of": …}`, as it writes them (`expand` keeps them so).
  public var references: [AnimatableProperty: ViewReference] = [:]
  /// The frame a circle `mask` covers when the scene writes its radius as `{"cover": …}`, as it
  /// writes it (`expand` keeps it so; the radius itself is in `formulas`).
  public var covers: [AnimatableProperty: ViewReference.Subject] = [:]
  /// A value the scene writes in a form `expand` keeps as it is written (the value itself is
  /// in `formulas`): a mask layer's frame as pins, an anchor `{"points": …}`, numbers given as
  /// shares or formulas.
  public var written: [AnimatableProperty: JSONValue] = [:]

  public init(_ values: [AnimatableProperty: PropertyValue] = [:], resets: Set<AnimatableProperty> = []) {
    self.values = values
    self.resets = resets
  }

  public var isEmpty: Bool { values.isEmpty && resets.isEmpty }

  public subscript(property: AnimatableProperty) -> PropertyValue? {
    get { values[property] }
    set { values[property] = newValue }
  }

  /// Sets a property to a formula and to its value for one device and variant.
  public mutating func set(
    _ property: AnimatableProperty, _ formula: PropertyFormula, _ inputs: (GeometryInput) -> Double
  ) {
    values[property] = formula.value(inputs)
    formulas[property] = formula
  }

  /// The properties this state mentions, in the catalog's order.
  public var properties: [AnimatableProperty] { (Set(values.keys).union(resets)).sorted() }
}
