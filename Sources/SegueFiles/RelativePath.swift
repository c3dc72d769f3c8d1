#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths written relative to one folder, rewritten to be read from another: what a scene's image
/// paths need when the scene is written somewhere else (`segue expand -o`).
public enum RelativePath {
  /// `path`, relative to the folder `from`, as a path relative to the folder `to` (both folders
  /// relative to the current directory, or absolute). An absolute `path` is returned as it is.
  ///
  /// Both folders are made absolute and normalized (`.` dropped, `..` taking off the last
  /// component); the result climbs out of `to` with `..` to their common prefix, then goes down.
  public static func rebase(_ path: String, from: String, to: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let target = components(absolute(join(from, path)))
    let base = components(absolute(to))
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  static func join(_ folder: String, _ path: String) -> String {
    folder.isEmpty ? path : folder + "/" + path
  }

  /// `path` from the root: the current directory's path in front of a relative one.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" + path }
    let here = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return join(here, path)
  }

  /// The components of an absolute path with `.` and `..` resolved.
  static func components(_ path: String) -> [String] {
    var result: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !result.isEmpty { result.removeLast() }
      default: result.append(String(part))
      }
    }
    return result
  }
}
