import Dispatch

/// The one way Segue spreads work over threads: items 0..<count handed out one at a time to at
/// most `jobs` workers, each with state of its own (a scratch frame), results kept in order.
///
/// A worker takes the next index until none is left; with `stopOnFailure`, a failed item stops
/// the workers after the item each is on, and the first failure by index is thrown.
public enum Parallel {
  /// `body(state, index)` for every index, on up to `jobs` threads; the results in index order.
  /// - Parameters:
  ///   - workerState: evaluated once per worker, on that worker's thread.
  public static func map<State, Result: Sendable>(
    _ count: Int, jobs: Int, workerState makeState: @autoclosure @Sendable () -> State,
    _ body: @Sendable (inout State, Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      // The results were copied out below; their slots must still release them.
      results.deinitialize()
      results.deallocate()
    }
    // Each slot is written by exactly one worker, and read only after concurrentPerform has
    // joined them all, so the slots need no lock.
    let slots = SendableBuffer(results)
    let next = Guarded(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      var state = makeState()
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < count else { return }
        slots.buffer[index] = body(&state, index)
      }
    }
    return results.map { $0! }
  }

  /// `body(index)` for every index, on up to `jobs` threads; the results in index order.
  public static func map<Result: Sendable>(
    _ count: Int, jobs: Int, _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    map(count, jobs: jobs, workerState: ()) { _, index in body(index) }
  }

  /// `body(state, index)` for every index until one fails: the workers stop taking new items
  /// and the failure with the lowest index is thrown.
  public static func forEach<State, Failure: Error>(
    _ count: Int, jobs: Int, workerState makeState: @autoclosure @Sendable () -> State,
    _ body: @Sendable (inout State, Int) throws(Failure) -> Void
  ) throws(Failure) {
    let failure = Guarded<(index: Int, error: Failure)?>(nil)
    _ = map(count, jobs: jobs, workerState: makeState()) { state, index -> Bool in
      guard failure.withLock({ $0 == nil }) else { return false }
      do throws(Failure) {
        try body(&state, index)
      } catch {
        failure.withLock { recorded in
          if recorded == nil || recorded!.index > index { recorded = (index, error) }
        }
      }
      return true
    }
    if let recorded = failure.withLock({ $0 }) { throw recorded.error }
  }
}

/// A buffer whose slots distinct threads write, one slot each (see `Parallel.map`).
private struct SendableBuffer<Element>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Element>
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
