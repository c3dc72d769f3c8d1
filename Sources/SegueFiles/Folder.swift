#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creating folders with messages a person can act on.
public enum Folder {
  /// Creates `path` and any missing parents (like `mkdir -p`); a folder that exists is fine.
  public static func create(_ path: String) throws(WriteError) {
    guard !path.isEmpty else { return }
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
      if component == "." || component == ".." { continue }
      switch FileKind.following(prefix) {
      case .directory: continue
      case .missing:
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
          let code = errno
          throw WriteError(path: path, action: "create folder", reason: reason(code, prefix, path))
        }
        guard case .directory = FileKind.following(prefix) else {
          throw WriteError(path: path, action: "create folder", reason: "\(prefix) is not a folder")
        }
      case let kind:
        let what = prefix == path ? "\(kind.phrase) is in the way" : "\(prefix) is \(kind.phrase), not a folder"
        throw WriteError(path: path, action: "create folder", reason: what)
      }
    }
  }

  /// Creates `path` as `create` does, where every part below `root` must be a real folder, not
  /// a symbolic link: a folder whose name Segue makes up (a scene's frames, goldens or report
  /// pictures) is never followed somewhere else. `root`, the part the user gave, is followed.
  public static func createReal(_ given: String, below root: String) throws(WriteError) {
    try create(given)
    // `out/x/` names the link `out/x` just as `out/x` does (a trailing slash would follow it).
    var path = given
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    guard path.count > root.count, path.hasPrefix(root) else { return }
    var prefix = root
    for component in path.dropFirst(root.count).split(separator: "/", omittingEmptySubsequences: true) {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
      if component == "." || component == ".." { continue }
      if case .symbolicLink = FileKind.at(prefix) {
        throw WriteError(
          path: given, action: "write into",
          reason: "\(prefix) is a symbolic link; Segue writes its folders only as real folders, never through a link")
      }
    }
  }

  private static func reason(_ code: Int32, _ component: String, _ path: String) -> String {
    let text = SystemError.describe(code)
    return component == path ? text : "\(text) (at \(component))"
  }

  /// The names in the folder at `path` ("." and ".." left out); empty when it cannot be read.
  public static func names(in path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // Read in place: an entry holds only as many name bytes as its record needs, so copying
      // d_name whole could read past the end of the system's buffer.
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The folder part of `path` ("" for a bare name).
  public static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last part of `path`.
  public static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
