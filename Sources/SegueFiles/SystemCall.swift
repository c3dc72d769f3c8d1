#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's `open`, `read`, `write`, `close` and `rename`, reachable from types that
/// have methods of the same names, on every C library Segue builds with (glibc, musl, Darwin),
/// without naming the library's module.
public enum SystemCall {
  /// `open(2)` without a mode (the file must exist); returns the descriptor or -1.
  public static func open(_ path: String, _ flags: Int32) -> Int32 { libcOpen(path, flags) }

  /// `read(2)`: bytes read, 0 at the end, or -1 with `errno` set.
  public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    libcRead(descriptor, buffer, count)
  }

  /// `write(2)`: bytes written, or -1 with `errno` set.
  public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    libcWrite(descriptor, buffer, count)
  }

  /// `close(2)`: 0, or -1 with `errno` set.
  @discardableResult
  public static func close(_ descriptor: Int32) -> Int32 { libcClose(descriptor) }

  /// `rename(2)`: 0, or -1 with `errno` set.
  @discardableResult
  public static func rename(_ path: String, _ target: String) -> Int32 { libcRename(path, target) }
}

// Free functions, so that the names inside resolve to the C library's, not to the members above.
private func libcOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func libcRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
private func libcWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
private func libcClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func libcRename(_ path: String, _ target: String) -> Int32 { rename(path, target) }
