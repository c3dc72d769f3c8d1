#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files with their size checked before any byte is read, so a 2 GiB file given as
/// a scene costs a `stat`, not 2 GiB of memory.
///
/// Anything that is not a regular file is named for what it is: a named pipe would block the
/// read forever, `/dev/zero` never ends and `/dev/null` is always empty.
public enum FileReader {
  /// The largest scene file (16 MiB).
  public static let sceneLimit = 16 << 20
  /// The largest PNG file (256 MiB: a 64 Mpx image stored uncompressed, with room to spare).
  public static let imageLimit = 256 << 20

  /// The bytes of the regular file at `path`, which may hold at most `limit` bytes; `what`
  /// names the kind of file in the message ("a scene").
  public static func read(_ path: String, limit: Int, what: String) throws(ReadError) -> [UInt8] {
    try read(path, limit: limit, what: what, followingLinks: true)
  }

  /// The bytes of the file at `folder/relative`, read as `read` reads, where no part of
  /// `relative` may be a symbolic link: a file a report names inside its own folder is that
  /// folder's, never one a link points to (`/etc/passwd`, another user's key).
  public static func read(below folder: String, _ relative: String, limit: Int, what: String) throws(ReadError)
    -> [UInt8]
  {
    var path = folder
    for part in relative.split(separator: "/") {
      path += "/" + part
      if FileKind.at(path) == .symbolicLink {
        throw ReadError(path: path, reason: "is a symbolic link; \(what) is read only from its own folder")
      }
    }
    return try read(path, limit: limit, what: what, followingLinks: false)
  }

  static func read(_ path: String, limit: Int, what: String, followingLinks: Bool) throws(ReadError) -> [UInt8] {
    // O_NONBLOCK: opening a named pipe must not wait for a writer; it is refused below.
    // O_NOFOLLOW: a link put in place of the file after the check is refused, not followed.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      let code = errno
      if code == ELOOP && !followingLinks {
        throw ReadError(path: path, reason: "is a symbolic link; \(what) is read only from its own folder")
      }
      throw ReadError(
        path: path, reason: code == ENOENT ? "no such file" : "cannot read: \(SystemError.describe(code))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw ReadError(path: path, reason: "cannot read: \(SystemError.current)")
    }
    let kind = FileKind(info)
    guard case .regular(let size) = kind else {
      throw ReadError(path: path, reason: "is \(kind.phrase), not a file")
    }
    guard size <= limit else {
      throw ReadError(path: path, reason: "is \(byteCount(size)); \(what) may be at most \(byteCount(limit))")
    }
    _ = fcntl(descriptor, F_SETFL, 0)
    // Read what stat promised, and one byte more to notice a file that grew past the limit.
    var bytes = [UInt8](repeating: 0, count: min(limit, size) + 1)
    var filled = 0
    let failure: Int32? = bytes.withUnsafeMutableBytes { buffer -> Int32? in
      while filled < buffer.count {
        let count = SystemCall.read(descriptor, buffer.baseAddress! + filled, min(buffer.count - filled, 1 << 20))
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if count == 0 { break }
        filled += count
      }
      return nil
    }
    if let failure { throw ReadError(path: path, reason: "cannot read: \(SystemError.describe(failure))") }
    guard filled <= limit else {
      throw ReadError(
        path: path,
        reason: "grew past \(byteCount(limit)) while it was read; \(what) may be at most \(byteCount(limit))")
    }
    bytes.removeLast(bytes.count - filled)
    return bytes
  }

  /// "16 MiB", "2.0 GiB", "812 bytes".
  public static func byteCount(_ count: Int) -> String {
    if count >= 1 << 30 { return tenths(Double(count) / Double(1 << 30)) + " GiB" }
    if count >= 1 << 20 { return tenths(Double(count) / Double(1 << 20)) + " MiB" }
    if count >= 1 << 10 { return tenths(Double(count) / Double(1 << 10)) + " KiB" }
    return "\(count) byte\(count == 1 ? "" : "s")"
  }

  private static func tenths(_ value: Double) -> String {
    let scaled = Int((value * 10).rounded())
    return scaled % 10 == 0 ? String(scaled / 10) : "\(scaled / 10).\(scaled % 10)"
  }
}
