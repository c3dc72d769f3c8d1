import SegueSync
import Synchronization
import Testing

/// `Parallel`: every index once, results in order, the first failure by index, and nothing
/// kept alive after it returns.
struct ParallelTests {
  /// Counts live instances, so a test can see a result that was never released.
  final class Tracked: Sendable {
    static let alive = Atomic<Int>(0)
    let value: Int
    init(_ value: Int) {
      self.value = value
      Tracked.alive.add(1, ordering: .relaxed)
    }
    deinit { Tracked.alive.subtract(1, ordering: .relaxed) }
  }

  @Test func resultsComeBackInOrderAndAreReleasedAfterwards() {
    let before = Tracked.alive.load(ordering: .relaxed)
    do {
      let results = Parallel.map(100, jobs: 4) { index in [Tracked(index * index)] }
      #expect(results.map { $0[0].value } == (0..<100).map { $0 * $0 })
      #expect(Tracked.alive.load(ordering: .relaxed) == before + 100)
    }
    // Once the caller's copies go, none is left: the workers' slots were released too.
    #expect(Tracked.alive.load(ordering: .relaxed) == before)
  }

  @Test func eachWorkerKeepsItsOwnStateAndEveryIndexRunsOnce() {
    let seen = Parallel.map(50, jobs: 3, workerState: [Int]()) { (mine: inout [Int], index: Int) -> Int in
      mine.append(index)
      return mine.count
    }
    // A worker's count only grows, and 50 items were handed out once each.
    #expect(seen.count == 50 && seen.allSatisfy { $0 >= 1 })
    #expect(Parallel.map(0, jobs: 4) { $0 }.isEmpty)
  }

  struct Failure: Error, Equatable { let index: Int }

  @Test func theFirstFailureByIndexIsThrown() {
    #expect(throws: Failure(index: 7)) {
      try Parallel.forEach(40, jobs: 1, workerState: ()) { (_: inout Void, index: Int) throws(Failure) in
        if index == 7 || index == 30 { throw Failure(index: index) }
      }
    }
  }
}
