import FoundationEssentials

/// A value shared between threads, read and changed only under its lock.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var value: Value

  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, under the lock.
  @discardableResult
  public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
