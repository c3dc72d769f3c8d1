import SegueArguments

/// `--shard I/N`: the I-th of N deterministic slices of a list of scenes.
///
/// Scene k of the expanded list (files in argument order, folders sorted by name) belongs to
/// shard (k mod N) + 1: a partition, the same on every machine given the same arguments, and
/// balanced to within one scene.
struct Shard: Equatable {
  let index: Int
  let count: Int

  static func parse(_ text: String) throws(UsageError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 10_000,
      index >= 1, index <= count
    else {
      throw UsageError("--shard: expected I/N with 1 ≤ I ≤ N (for example 2/4), got '\(text)'")
    }
    return Shard(index: index, count: count)
  }

  /// The elements of `items` in this shard, in order.
  func slice<T>(_ items: [T]) -> [T] {
    items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}
