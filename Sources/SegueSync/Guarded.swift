import Synchronization

/// A value shared between threads, read and changed only under a `Synchronization.Mutex`.
///
/// The one difference from a bare `Mutex`: in the ThreadSanitizer build (`make sanitize`
/// defines `SEGUE_TSAN`), each critical section tells TSan that it acquires and releases the
/// lock. The standard library's mutex takes its fast path with atomics TSan cannot see, so
/// without this every guarded value would be reported as a race.
public final class Guarded<Value: ~Copyable>: Sendable {
  private let mutex: Mutex<Value>

  public init(_ value: consuming sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value, under the lock.
  @discardableResult
  public func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      #if SEGUE_TSAN
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        tsanAcquire(address)
        defer { tsanRelease(address) }
      #endif
      return try body(&value)
    }
  }
}

#if SEGUE_TSAN
  @_silgen_name("__tsan_acquire")
  private func tsanAcquire(_ address: UnsafeRawPointer)

  @_silgen_name("__tsan_release")
  private func tsanRelease(_ address: UnsafeRawPointer)
#endif
