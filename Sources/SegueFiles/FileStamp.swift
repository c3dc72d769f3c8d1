#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat` says of a file that an edit changes: whether it exists, its size, its inode and its
/// modification time to the nanosecond. Two stamps differ when the file was written, replaced or
/// removed in between (`segue preview --watch` compares them to know what to render again).
public struct FileStamp: Sendable, Equatable {
  public let exists: Bool
  let size: Int64
  let inode: UInt64
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of `path` now; a file that cannot be read is one that does not exist.
  public static func of(_ path: String) -> FileStamp {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return FileStamp(exists: false, size: 0, inode: 0, seconds: 0, nanoseconds: 0)
    }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return FileStamp(
      exists: true, size: Int64(info.st_size), inode: UInt64(info.st_ino), seconds: Int(time.tv_sec),
      nanoseconds: Int(time.tv_nsec))
  }
}
