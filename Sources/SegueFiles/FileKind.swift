#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is at a path, as `lstat` or `fstat` sees it.
public enum FileKind: Sendable, Equatable {
  case missing
  case regular(size: Int)
  case directory
  case symbolicLink
  case fifo
  case characterDevice
  case blockDevice
  case socket

  /// The kind of what is at `path`, not following a final symbolic link.
  public static func at(_ path: String) -> FileKind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    return FileKind(info)
  }

  /// The kind of what is at `path`, following symbolic links.
  public static func following(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return FileKind(info)
  }

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: self = .regular(size: Int(info.st_size))
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    default: self = .socket
    }
  }

  public var isRegular: Bool {
    if case .regular = self { return true }
    return false
  }

  /// "a named pipe (FIFO)", for "… is a named pipe (FIFO), not a file".
  public var phrase: String {
    switch self {
    case .missing: return "nothing"
    case .regular: return "a file"
    case .directory: return "a folder"
    case .symbolicLink: return "a symbolic link"
    case .fifo: return "a named pipe (FIFO)"
    case .characterDevice: return "a character device"
    case .blockDevice: return "a block device"
    case .socket: return "a socket"
    }
  }
}

/// Removes the file at `path`; true when it was removed.
public func unlinkFile(_ path: String) -> Bool { unlink(path) == 0 }
