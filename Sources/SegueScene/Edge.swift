/// A side of the container.
public enum Edge: String, Sendable, Hashable, CaseIterable {
  case top
  case bottom
  case left
  case right
}
