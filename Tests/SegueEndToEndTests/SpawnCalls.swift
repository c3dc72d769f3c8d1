import Foundation

/// posix_spawn file actions that the C library has but Swift's view of its headers may not
/// declare, looked up by name: nil where the library is too old to have them.
enum SpawnCalls {
  typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15): the child's folder.
  static let addChdir: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32)? = symbol(
    "posix_spawn_file_actions_addchdir_np")

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): closes every descriptor from a
  /// number on in the child.
  static let addCloseFrom: (@convention(c) (Actions, Int32) -> Int32)? = symbol(
    "posix_spawn_file_actions_addclosefrom_np")

  private static func symbol<Function>(_ name: String) -> Function? {
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    #endif
    guard let address = dlsym(everywhere, name) else { return nil }
    return unsafeBitCast(address, to: Function.self)
  }
}
