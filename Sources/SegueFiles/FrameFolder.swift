import SegueJSON
import SegueSync

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of frames and their `manifest.json`, changed all at once or not at all: a render's
/// frames, or a scene's goldens.
///
/// The rule it keeps: whenever `manifest.json` exists, the folder's frames are exactly the ones
/// it lists, from one render (for goldens: one recording, which may keep goldens of an earlier
/// one). After any kill the folder holds either all the frames of the last commit or all of
/// the one before. Frames are written under temporary names; `commit` then
///
///  1. checks that every target is a regular file or nothing (a folder in the way of one frame
///     fails the commit before anything is touched),
///  2. writes a journal (`.segue-commit`) naming the old and the new frames,
///  3. moves the old manifest and the old frames (those replaced or removed) aside (renames,
///     which need no disk space),
///  4. renames the new frames into place and writes the new manifest,
///  5. removes what it moved aside, then the journal.
///
/// A failure in 3 or 4 puts everything back. A process killed during 3 or 4 leaves no
/// `manifest.json` and the journal; the next `open` says so and restores the frames before it
/// (or, when the new manifest was written, finishes the commit). Only files the previous
/// manifest lists (goldens: those the recording replaces or removes) are removed, and only
/// regular ones. One writer at a time: the folder is locked (`flock`) while it is open, and a
/// second Segue, rendering or recording, is refused, naming the first.
public final class FrameFolder: Sendable {
  public let path: String
  /// Frame files the previous render's manifest lists (regular files with frame names only).
  public let previousFrames: [String]
  /// What `open` found and did (an interrupted commit restored, leftovers removed), to tell
  /// the user.
  public let notes: [String]

  /// What the folder holds, which decides which frames a commit replaces.
  public enum Contents: Sendable, Equatable {
    /// A render's frames: a commit replaces the previous render whole. A `manifest.json` that
    /// Segue did not write (or too large to be one) is refused unless `replaceForeignManifest`.
    case render(replaceForeignManifest: Bool = false)
    /// A scene's goldens: a commit adds, replaces or removes goldens by name, and keeps the
    /// others. A `manifest.json` that Segue did not write is refused.
    case goldens
  }

  public let contents: Contents
  private let lock: Int32
  private let token: String
  private let written = Guarded<[String: String]>([:])

  static let manifestName = "manifest.json"
  static let journalName = ".segue-commit"
  static let writerName = ".segue-writer"

  /// The largest manifest Segue writes, with room to spare. A frame's entry is at most about
  /// 110 bytes (`{"file": "frame_14400.png", "index": 14400, "time": ..., "progress": ...}` with
  /// two shortest-form doubles of up to 24 characters each); 60 s at 240 fps is 14,401 frames,
  /// so about 1.6 MB, plus under 1 KB of scene fields. Anything larger is not a manifest
  /// Segue wrote, and is never read whole.
  public static let maxManifestBytes = 4 << 20

  /// True for names `render` writes frames under (`frame_` + digits + `.png`).
  public static func isFrameName(_ name: String) -> Bool {
    guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
    let digits = name.utf8.dropFirst(6).dropLast(4)
    return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// Opens (creating it if needed) and locks the folder at `path`, repairs what a killed run
  /// left, and (for a render) reads which frames the previous render wrote.
  public init(_ path: String, contents: Contents = .render()) throws(WriteError) {
    self.path = path
    self.contents = contents
    var real = path
    while real.count > 1 && real.hasSuffix("/") { real.removeLast() }
    try Folder.createReal(real, below: Folder.parent(of: real))
    // O_NOFOLLOW: a link put in its place after the check is refused here, not followed.
    let descriptor = SystemCall.open(real, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ELOOP || FileKind.at(real) == .symbolicLink {
        throw WriteError(path: path, action: "write into", reason: "it is a symbolic link")
      }
      throw WriteError(path: path, reason: SystemError.describe(code))
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      SystemCall.close(descriptor)
      guard code == EWOULDBLOCK else { throw WriteError(path: path, reason: SystemError.describe(code)) }
      let other = (try? FileReader.read(path + "/" + FrameFolder.writerName, limit: 64, what: "a note"))
        .flatMap { Int(String(decoding: $0, as: UTF8.self).filter(\.isNumber)) }
      let who = other.map { "another segue (process \($0))" } ?? "another segue"
      throw WriteError(path: path, reason: "\(who) is writing this folder; try again when it is done")
    }
    lock = descriptor
    token = RandomTokens().first { _ in true } ?? "0"
    var notes: [String] = []
    do throws(WriteError) {
      if let note = try FrameFolder.recover(path) { notes.append(note) }
      let removed = FrameFolder.removeLeftovers(path)
      if removed > 0 {
        notes.append("\(path): removed \(removed) temporary file\(removed == 1 ? "" : "s") a stopped run left")
      }
      let writer = try AtomicFile(path + "/" + FrameFolder.writerName, createFolder: false)
      try writer.write(Array("\(getpid())\n".utf8))
      try writer.commit()
      TemporaryFiles.shared.adopt(path + "/" + FrameFolder.writerName)
      Failpoint.reach("folder.locked")
    } catch {
      SystemCall.close(descriptor)
      throw error
    }
    let (previous, foreign) = FrameFolder.readManifest(path)
    if foreign && contents != .render(replaceForeignManifest: true) {
      TemporaryFiles.shared.remove(path + "/" + FrameFolder.writerName)
      SystemCall.close(descriptor)
      throw WriteError(
        path: path + "/" + FrameFolder.manifestName, action: "replace",
        reason: contents == .goldens
          ? "it is not a manifest segue wrote; a golden folder holds only goldens and their manifest"
          : "it is not a manifest segue wrote; give another folder with -o, or --force to replace it")
    }
    if foreign {
      notes.append("\(path)/\(FrameFolder.manifestName) is not a manifest segue wrote; --force replaces it")
    }
    previousFrames = previous
    self.notes = notes
  }

  deinit {
    TemporaryFiles.shared.remove(path + "/" + FrameFolder.writerName)
    SystemCall.close(lock)
  }

  /// Writes the frame `name` (a frame file name) under a temporary name; safe from any thread.
  public func write(_ bytes: [UInt8], as name: String) throws(WriteError) {
    let file = try AtomicFile(path + "/" + name, createFolder: false, label: token + "-new-")
    try file.write(bytes)
    try file.close()
    written.withLock { $0[name] = file.temporaryPath }
    Failpoint.reach("frames.written")
  }

  /// Removes the frames written so far: the render failed, the folder stays as it was.
  public func abandon() {
    let pending = written.withLock { written in
      defer { written.removeAll() }
      return Array(written.values)
    }
    for temporary in pending { TemporaryFiles.shared.remove(temporary) }
  }

  /// Puts the written frames and `manifest` in place of the previous render, all at once.
  public func commit(manifest: [UInt8]) throws(WriteError) {
    precondition(contents != .goldens, "goldens are committed with the goldens they remove")
    try commit(manifest: manifest, replacing: previousFrames)
  }

  /// Puts the written goldens and `manifest` in place and removes the goldens named in
  /// `removing` (regular files with frame names only), all at once; other goldens stay.
  public func commit(manifest: [UInt8], removing: [String]) throws(WriteError) {
    precondition(contents == .goldens, "a render's frames replace the previous render whole")
    let names = written.withLock { Array($0.keys) } + removing.filter(FrameFolder.isFrameName)
    try commit(manifest: manifest, replacing: Array(Set(names)).sorted())
  }

  /// The commit (steps 1 to 5 above); `oldNames` are the frames moved aside.
  private func commit(manifest: [UInt8], replacing oldNames: [String]) throws(WriteError) {
    let frames = written.withLock { $0 }
    func target(_ name: String) -> String { path + "/" + name }
    // 1. Every target must be a regular file or nothing.
    for name in frames.keys.sorted() + [FrameFolder.manifestName] {
      do throws(WriteError) {
        try AtomicFile.checkTarget(target(name))
      } catch {
        abandon()
        throw error
      }
    }
    let old = oldNames.filter { FileKind.at(target($0)).isRegular }
    let journal =
      (["segue-commit 1", "token \(token)"] + (contents == .goldens ? ["mode goldens"] : [])
      + old.map { "old \($0)" } + frames.keys.sorted().map { "new \($0)" })
      .joined(separator: "\n") + "\n"
    try TemporaryFiles.shared.withSignalsDeferred { () throws(WriteError) in
      // 2. The journal, so a kill from here on can be undone.
      do throws(WriteError) {
        try AtomicFile.write(Array(journal.utf8), to: target(FrameFolder.journalName), createFolder: false)
      } catch {
        abandon()
        throw error
      }
      var movedAside: [String] = []
      var placed: [String] = []
      func undo() {
        for name in placed where !old.contains(name) { unlink(target(name)) }
        for name in movedAside { SystemCall.rename(backup(name), target(name)) }
        unlink(target(FrameFolder.journalName))
        abandon()
      }
      // 3. The old manifest and frames aside.
      for name in [FrameFolder.manifestName] + old where FileKind.at(target(name)).isRegular {
        guard SystemCall.rename(target(name), backup(name)) == 0 else {
          let code = errno
          undo()
          throw WriteError(path: target(name), action: "replace", reason: SystemError.describe(code))
        }
        movedAside.append(name)
        Failpoint.reach("commit.aside")
      }
      // 4. The new frames in place, then the manifest.
      for (name, temporary) in frames.sorted(by: { $0.key < $1.key }) {
        let code = TemporaryFiles.shared.rename(temporary, to: target(name))
        guard code == 0 else {
          undo()
          throw WriteError(path: target(name), reason: SystemError.describe(code))
        }
        placed.append(name)
        Failpoint.reach("commit.renamed")
      }
      do throws(WriteError) {
        if Failpoint.reach("commit.manifest-write") {
          throw WriteError(path: target(FrameFolder.manifestName), reason: SystemError.describe(ENOSPC))
        }
        try AtomicFile.write(manifest, to: target(FrameFolder.manifestName), createFolder: false)
      } catch {
        undo()
        throw error
      }
      written.withLock { $0.removeAll() }
      Failpoint.reach("commit.manifest")
      // 5. What was moved aside, then the journal.
      for name in movedAside { unlink(backup(name)) }
      unlink(target(FrameFolder.journalName))
    }
  }

  /// Where `name` waits during a commit.
  private func backup(_ name: String) -> String {
    path + "/" + AtomicFile.temporaryName(for: name, token: token, label: "old-")
  }

  /// True when a run writing into `path` was cut short by a kill (a commit's journal or
  /// temporary files are there), so the folder must be opened, and so repaired, before
  /// anything in it is read.
  public static func needsRepair(_ path: String) -> Bool {
    FileKind.at(path + "/" + journalName).isRegular || !leftovers(path).isEmpty
  }

  /// Undoes (or, when its manifest was written, completes) a commit that a kill cut short.
  static func recover(_ path: String) throws(WriteError) -> String? {
    let journalPath = path + "/" + journalName
    guard FileKind.at(journalPath).isRegular else { return nil }
    let lines = ((try? FileReader.read(journalPath, limit: 16 << 20, what: "a journal")) ?? [])
      .split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    var token = ""
    var old: [String] = []
    var new: [String] = []
    var goldens = false
    for line in lines {
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "mode": goldens = parts[1] == "goldens"
      case "token": token = parts[1].filter(\.isHexDigit)
      case "old" where isFrameName(parts[1]): old.append(parts[1])
      case "new" where isFrameName(parts[1]): new.append(parts[1])
      default: continue
      }
    }
    func backup(_ name: String) -> String {
      path + "/" + AtomicFile.temporaryName(for: name, token: token, label: "old-")
    }
    let what = goldens ? "recording" : "render"
    let note: String
    if !token.isEmpty, FileKind.at(path + "/" + manifestName).isRegular {
      // The new manifest is in place: the new frames are whole; finish the clean-up.
      for name in old + [manifestName] { unlink(backup(name)) }
      note = "\(path): the last \(what) was stopped while it finished writing; its frames are complete"
    } else {
      let oldSet = Set(old)
      for name in new where !oldSet.contains(name) && FileKind.at(path + "/" + name).isRegular {
        unlink(path + "/" + name)
      }
      if !token.isEmpty {
        for name in old + [manifestName] where FileKind.at(backup(name)).isRegular {
          SystemCall.rename(backup(name), path + "/" + name)
        }
      }
      note = "\(path): the last \(what) was stopped while it replaced the frames here; put back the \(what) before it"
    }
    unlink(journalPath)
    return note
  }

  /// Removes the regular files whose names Segue's own temporary names could be
  /// (`AtomicFile.isTemporaryName`), never a user's `.segue-tmp-mine`; returns how many.
  static func removeLeftovers(_ path: String) -> Int {
    var removed = 0
    for name in leftovers(path) where FileKind.at(path + "/" + name).isRegular {
      if unlink(path + "/" + name) == 0 { removed += 1 }
    }
    return removed
  }

  /// The names in `path` that Segue's own temporary names could be.
  static func leftovers(_ path: String) -> [String] {
    Folder.names(in: path).filter(AtomicFile.isTemporaryName)
  }

  /// The frame files the manifest in `path` lists, and whether something that is not a manifest
  /// Segue wrote stands there (too large, not JSON, or without `scene`, `frameCount` and
  /// `frames`, as every manifest Segue writes has them).
  static func readManifest(_ path: String) -> (frames: [String], foreign: Bool) {
    let manifest = path + "/" + manifestName
    // Nothing there, or not a file (a link, a folder): the commit refuses to replace what is
    // not a regular file, saying what it is.
    guard FileKind.at(manifest).isRegular else { return ([], false) }
    guard let bytes = try? FileReader.read(manifest, limit: maxManifestBytes, what: "a manifest"),
      let json = try? JSONParser.parse(bytes), case .object(let members) = json,
      case .string = members.first(where: { $0.key == "scene" })?.value,
      case .number = members.first(where: { $0.key == "frameCount" })?.value,
      let frames = members.first(where: { $0.key == "frames" })?.value, case .array(let entries) = frames
    else { return ([], true) }
    var names: [String] = []
    for entry in entries {
      guard case .object(let fields) = entry, let file = fields.first(where: { $0.key == "file" })?.value,
        case .string(let name) = file, isFrameName(name)
      else { continue }
      names.append(name)
    }
    return (names, false)
  }
}

/// The names of the files in a frame folder.
public enum FrameFolderNames {
  /// The largest frame index a name may carry: far past any scene's (60 s at 240 fps is frame
  /// 14,400), and small enough that no arithmetic on it can overflow.
  public static let maxIndex = 99_999_999

  /// The index of the frame named `name`, when it is exactly the name `frame(_:)` gives an
  /// index of at most `maxIndex`; nil otherwise. File names are untrusted input.
  public static func index(of name: String) -> Int? {
    guard FrameFolder.isFrameName(name) else { return nil }
    let digits = name.utf8.dropFirst(6).dropLast(4)
    guard digits.count <= 8, let index = Int(String(decoding: digits, as: UTF8.self)), index <= maxIndex,
      frame(index) == name
    else { return nil }
    return index
  }

  /// The file name of frame `index`: `frame_0007.png` (at least four digits).
  public static func frame(_ index: Int) -> String {
    let digits = String(index)
    return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
  }
}
