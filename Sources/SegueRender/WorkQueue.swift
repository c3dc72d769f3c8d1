import FoundationEssentials

/// Hands out work items to threads one at a time and collects the first failure.
///
/// A worker takes the next index until none is left or a failure has been recorded, so an
/// error stops the others after their current item.
public final class WorkQueue<Failure: Error>: @unchecked Sendable {
  private let lock = Lock()
  private let count: Int
  private var next = 0
  private var finished = 0
  private(set) var failure: Failure?

  public init(count: Int) {
    self.count = count
  }

  /// The next index to work on, or nil when done or failed.
  public func take() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard failure == nil, next < count else { return nil }
    next += 1
    return next - 1
  }

  /// Records a finished item; returns how many are finished.
  public func complete() -> Int {
    lock.lock()
    defer { lock.unlock() }
    finished += 1
    return finished
  }

  /// Records a failure (the first one wins).
  public func fail(_ error: Failure) {
    lock.lock()
    defer { lock.unlock() }
    if failure == nil { failure = error }
  }

  /// The failure, read under the lock after the workers are done.
  public var recordedFailure: Failure? {
    lock.lock()
    defer { lock.unlock() }
    return failure
  }
}
