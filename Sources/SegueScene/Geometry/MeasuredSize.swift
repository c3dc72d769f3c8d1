/// A width and a height as `Measure`s: a screen's size as the running app computes it.
public struct MeasuredSize: Hashable, Sendable {
  public var width: Measure
  public var height: Measure

  public init(width: Measure, height: Measure) {
    self.width = width
    self.height = height
  }
}
