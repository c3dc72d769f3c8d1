#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an `errno` value means, in the words a message needs ("the disk is full"), not in
/// libc's ("No space left on device").
public enum SystemError {
  /// A short phrase for `code`, for the end of a sentence.
  public static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file or folder"
    case EACCES, EPERM: return "permission denied"
    case ENOSPC: return "the disk is full"
    case EDQUOT: return "the disk quota is used up"
    case EROFS: return "the file system is read-only"
    case ENAMETOOLONG: return "the name is too long"
    case EISDIR: return "a folder is in the way"
    case ENOTDIR: return "a file is in the way"
    case EEXIST: return "something already exists there"
    case ELOOP: return "too many symbolic links"
    case EMFILE, ENFILE: return "too many open files"
    case EIO: return "an input/output error"
    case ENOTEMPTY: return "the folder is not empty"
    case EXDEV: return "it is on another file system"
    case EFBIG: return "the file is too large"
    default: return String(cString: strerror(code))
    }
  }

  /// The phrase for the current `errno`.
  public static var current: String { describe(errno) }
}
