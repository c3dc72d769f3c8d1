/// Values for some properties of one target: the `from` or `to` of an animation, or what `end`
/// sets. In `end`, a property may be reset to its initial value (written `null`).
public struct PropertyState: Sendable, Equatable {
  public var values: [AnimatableProperty: PropertyValue]
  /// Properties `end` returns to their initial value.
  public var resets: Set<AnimatableProperty>

  public init(_ values: [AnimatableProperty: PropertyValue] = [:], resets: Set<AnimatableProperty> = []) {
    self.values = values
    self.resets = resets
  }

  public var isEmpty: Bool { values.isEmpty && resets.isEmpty }

  public subscript(property: AnimatableProperty) -> PropertyValue? {
    get { values[property] }
    set { values[property] = newValue }
  }

  /// The properties this state mentions, in the catalog's order.
  public var properties: [AnimatableProperty] { (Set(values.keys).union(resets)).sorted() }
}
