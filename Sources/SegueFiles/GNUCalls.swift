#if canImport(Glibc)
  import Glibc

  /// glibc functions its headers declare only for _GNU_SOURCE, which Swift's view of them leaves
  /// out, looked up by name: nil where the C library is too old to have them.
  enum GNUCalls {
    /// `pipe2(2)`: a pipe whose ends are born with the flags given (O_CLOEXEC).
    static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? =
      symbol("pipe2")

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): closes every descriptor from a
    /// number on in the child.
    static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
      symbol("posix_spawn_file_actions_addclosefrom_np")

    private static func symbol<Function>(_ name: String) -> Function? {
      // RTLD_DEFAULT: every library the process has loaded.
      guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
      return unsafeBitCast(address, to: Function.self)
    }
  }
#endif
