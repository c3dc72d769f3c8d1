#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way Segue writes a file: under an unpredictable name in the target's folder, created
/// exclusively and never through a link, then renamed over the target, which must be a regular
/// file or nothing. A reader never sees half a file, a planted link is never followed, and a
/// device, pipe, link or folder at the target is an error, not replaced.
public final class AtomicFile {
  /// The file this becomes.
  public let path: String
  /// Where the bytes go until `commit`.
  public let temporaryPath: String
  private var descriptor: Int32

  /// The prefix of every temporary name, so a later run can recognise and remove leftovers.
  public static let temporaryPrefix = ".segue-tmp-"

  /// Starts writing `path`: checks the target and creates the temporary file.
  /// - Parameters:
  ///   - createFolder: create the target's folder (and its parents) first.
  ///   - label: put into the temporary name after the token (a frame folder's "new-").
  ///   - tokens: the unpredictable parts to try, in order (tests give fixed ones).
  public init(
    _ path: String, createFolder: Bool = true, label: String = "",
    tokens: some Sequence<String> = RandomTokens()
  ) throws(WriteError) {
    self.path = path
    try AtomicFile.checkTarget(path)
    let folder = Folder.parent(of: path)
    if createFolder { try Folder.create(folder) }
    let name = Folder.name(of: path)
    var lastError: Int32 = EEXIST
    for token in tokens.prefix(64) {
      let candidate = AtomicFile.temporaryName(for: name, token: token, label: label)
      let temporary = folder.isEmpty ? candidate : folder + "/" + candidate
      let (descriptor, error) = TemporaryFiles.shared.create(temporary)
      if descriptor >= 0 {
        // Held until the file is closed: `removeLeftovers` never takes a live writer's file.
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        self.temporaryPath = temporary
        self.descriptor = descriptor
        return
      }
      lastError = error
      // Something already has that name (a planted link, a leftover): try another.
      guard error == EEXIST || error == ELOOP else { break }
    }
    throw WriteError(path: path, reason: SystemError.describe(lastError))
  }

  /// `.segue-tmp-<token>-<label><name>`, cut to the 255 bytes a file name may have.
  public static func temporaryName(for name: String, token: String, label: String = "") -> String {
    let head = temporaryPrefix + token + "-" + label
    var tail = Array(name.utf8)
    if head.utf8.count + tail.count > 255 { tail = Array(tail.suffix(255 - head.utf8.count)) }
    return head + String(decoding: tail, as: UTF8.self)
  }

  /// Whether `name` is one `temporaryName` could have made: the prefix, exactly 16 lowercase
  /// hexadecimal digits (a `RandomTokens` token), a dash and at least one more character. Only
  /// such names are removed as leftovers, so a user's `.segue-tmp-mine` is left alone.
  public static func isTemporaryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    let prefix = Array(temporaryPrefix.utf8)
    let tokenEnd = prefix.count + 16
    guard bytes.count > tokenEnd + 1, bytes.starts(with: prefix), bytes[tokenEnd] == UInt8(ascii: "-") else {
      return false
    }
    return bytes[prefix.count..<tokenEnd].allSatisfy {
      ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
    }
  }

  /// Whether `name` is a temporary name this type makes for a file called `target` (no label).
  public static func isTemporaryName(_ name: String, for target: String) -> Bool {
    guard isTemporaryName(name) else { return false }
    let token = String(
      decoding: Array(name.utf8)[temporaryPrefix.utf8.count..<(temporaryPrefix.utf8.count + 16)], as: UTF8.self)
    return name == temporaryName(for: target, token: token)
  }

  /// Removes the temporary files a stopped run left beside `path` while writing it (an MP4
  /// that ffmpeg was writing when Segue was killed, say); returns how many. A temporary file
  /// another Segue is still writing is kept: each writer holds a lock on its temporary file
  /// (`flock`, which the system drops when the writer ends, however it ends).
  public static func removeLeftovers(of path: String) -> Int {
    let folder = Folder.parent(of: path)
    let target = Folder.name(of: path)
    var removed = 0
    for name in Folder.names(in: folder.isEmpty ? "." : folder) where isTemporaryName(name, for: target) {
      let leftover = folder.isEmpty ? name : folder + "/" + name
      let descriptor = SystemCall.open(leftover, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { SystemCall.close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, FileKind(info).isRegular, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        continue
      }
      if unlink(leftover) == 0 { removed += 1 }
    }
    return removed
  }

  /// Refuses a target that exists and is not a regular file: nothing is ever renamed over a
  /// device, a named pipe, a symbolic link or a folder.
  public static func checkTarget(_ path: String) throws(WriteError) {
    let kind = FileKind.at(path)
    switch kind {
    case .missing, .regular: return
    default:
      throw WriteError(
        path: path, action: "replace", reason: "it is \(kind.phrase), not a regular file; it was left as it is")
    }
  }

  /// Refuses a file output whose folder does not exist, as `checkTarget` refuses what stands
  /// at it. The rule for every output: options that name a folder (`-o`, `--golden`,
  /// `--report`) create it and its missing parents; options that name a file (`--apng`,
  /// `--sheet`, `--video`, `--gif`, `compare --diff` of two files, `expand -o`) write into a
  /// folder that exists, so a mistyped path never makes folders somewhere unexpected.
  public static func checkFileTarget(_ path: String) throws(WriteError) {
    try checkTarget(path)
    let parent = Folder.parent(of: path)
    let folder = parent.isEmpty ? "." : parent
    switch FileKind.following(folder) {
    case .directory: return
    case .missing:
      throw WriteError(
        path: path, action: "write",
        reason: "its folder \(folder) does not exist; create it first (segue makes only the folders of -o, "
          + "--golden and --report)")
    case let kind:
      throw WriteError(path: path, action: "write", reason: "\(folder) is \(kind.phrase), not a folder")
    }
  }

  /// Appends `bytes`.
  public func write(_ bytes: [UInt8]) throws(WriteError) {
    var failure: WriteError?
    bytes.withUnsafeBytes { raw in
      do throws(WriteError) { try write(raw) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Appends raw bytes.
  public func write(_ raw: UnsafeRawBufferPointer) throws(WriteError) {
    var written = 0
    while written < raw.count {
      let result = SystemCall.write(descriptor, raw.baseAddress! + written, raw.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        let code = errno
        discard()
        throw WriteError(path: path, reason: SystemError.describe(code))
      }
      written += result
    }
  }

  /// Closes the temporary file and renames it over the target (checked again, just before).
  public func commit() throws(WriteError) {
    try close()
    do throws(WriteError) {
      try AtomicFile.checkTarget(path)
    } catch {
      discard()
      throw error
    }
    let code = TemporaryFiles.shared.rename(temporaryPath, to: path)
    guard code == 0 else {
      discard()
      throw WriteError(path: path, reason: SystemError.describe(code))
    }
  }

  /// Closes the temporary file, keeping it for a later rename (a frame folder's commit).
  public func close() throws(WriteError) {
    guard descriptor >= 0 else { return }
    let result = SystemCall.close(descriptor)
    descriptor = -1
    if result != 0 {
      let code = errno
      discard()
      throw WriteError(path: path, reason: SystemError.describe(code))
    }
  }

  /// Gives up: removes the temporary file.
  public func discard() {
    if descriptor >= 0 {
      SystemCall.close(descriptor)
      descriptor = -1
    }
    TemporaryFiles.shared.remove(temporaryPath)
  }

  deinit {
    if descriptor >= 0 { SystemCall.close(descriptor) }
  }

  /// Writes `bytes` to `path` in one go.
  public static func write(_ bytes: [UInt8], to path: String, createFolder: Bool = true) throws(WriteError) {
    let file = try AtomicFile(path, createFolder: createFolder)
    try file.write(bytes)
    try file.commit()
  }
}

/// An endless sequence of 16 hexadecimal digits from the system's random source.
public struct RandomTokens: Sequence, IteratorProtocol {
  public init() {}

  public mutating func next() -> String? {
    var generator = SystemRandomNumberGenerator()
    let value = generator.next()
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
