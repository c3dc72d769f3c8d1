#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two paths name one place, however they are spelt (`out/a.png`, `./out/a.png`,
/// `x/../out/a.png`, a link to the folder): so an output is never written over an input or
/// over another output of the same run.
public enum PathIdentity {
  /// `path` with its folder made absolute and resolved through links, `.` and `..` where it
  /// exists (lexically where it does not yet); the last part is kept as written.
  public static func resolved(_ path: String) -> String {
    let name = Folder.name(of: path)
    let parent = Folder.parent(of: path)
    let folder = parent.isEmpty ? "." : parent
    if name == "." || name == ".." || name.isEmpty, let real = real(path.isEmpty ? "." : path) { return real }
    if let base = real(folder) { return base == "/" ? "/" + name : base + "/" + name }
    return lexical(path)
  }

  /// Whether `a` and `b` are one file or folder (or will be, once written).
  public static func same(_ a: String, _ b: String) -> Bool {
    if resolved(a) == resolved(b) { return true }
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Whether `path` is `folder` or lies inside it.
  public static func isWithin(_ path: String, folder: String) -> Bool {
    // Through every link, the last part's too: a link to the folder is the folder.
    let inner = real(path) ?? resolved(path)
    let outer = real(folder) ?? resolved(folder)
    return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
  }

  /// The absolute, link-free path of something that exists.
  public static func real(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// `path` made absolute against the working folder, with `.` and `..` worked out by name.
  static func lexical(_ path: String) -> String {
    var parts: [Substring] = []
    let absolute = path.hasPrefix("/") ? path : (real(".") ?? "") + "/" + path
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        _ = parts.popLast()
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }
}
