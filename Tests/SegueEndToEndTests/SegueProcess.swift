import Foundation
import SeguePNG
import SegueRaster
import Testing

/// Runs the built `segue` binary (the release build `make test` names in SEGUE_BIN, else the
/// package's own build) and captures its exit code, stdout and stderr.
struct SegueProcess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
    /// The signal that ended the process, when one did (then `status` is its number).
    var signal: Int32? = nil
  }

  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["SEGUE_BIN"], !path.isEmpty { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // Without SEGUE_BIN (`swift test` run by hand), the most recently built binary.
    let candidates = ["release", "debug"].map { root.appendingPathComponent(".build/\($0)/segue").path }
      .filter { FileManager.default.isExecutableFile(atPath: $0) }
    func modified(_ path: String) -> Date {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
    return candidates.max { modified($0) < modified($1) } ?? "segue"
  }()

  /// Runs segue; `environment` sets (or, with nil, removes) variables. `CI` is removed unless
  /// given, so tests see the same behaviour inside and outside CI.
  static func run(
    _ arguments: [String], in directory: String? = nil, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    try start(arguments, in: directory, environment: environment).wait(sourceLocation: sourceLocation)
  }

  /// A started segue, to wait for later.
  ///
  /// Started with posix_spawn, not Foundation's `Process`: on Linux, Swift 6.3.1's
  /// `Process.run()` reads past a buffer while it lists /proc/self/fd and crashes the test
  /// process now and then (swift-corelibs-foundation pull request 5472, merged after 6.3.1).
  struct Running {
    let pid: pid_t
    /// Our ends of the child's standard output and error.
    let out: Int32
    let err: Int32
    let arguments: [String]

    /// Waits for segue to end, killing it (and failing the test) past `ProcessDeadline`.
    func wait(sourceLocation: SourceLocation = #_sourceLocation) -> Result {
      // Reaped only after `finish`, so the deadline never kills a reused process id.
      let deadline = ProcessDeadline(pid: pid) { [pid] in kill(pid, 0) == 0 }
      // Both pipes are drained at once: a child that fills one while the other is read blocks.
      let errorBytes = UncheckedBox([UInt8]())
      let done = DispatchSemaphore(value: 0)
      let errors = err
      DispatchQueue.global().async {
        errorBytes.value = SegueProcess.readAll(errors)
        done.signal()
      }
      let outBytes = SegueProcess.readAll(out)
      done.wait()
      close(out)
      close(err)
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
      deadline.finish("segue " + arguments.joined(separator: " "), sourceLocation: sourceLocation)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      // The wait status: the low 7 bits are the signal that ended it (0: it exited), the next
      // byte its exit code.
      let signal = status & 0x7F
      return Result(
        status: signal == 0 ? (status >> 8) & 0xFF : signal, stdout: String(decoding: outBytes, as: UTF8.self),
        stderr: String(decoding: errorBytes.value, as: UTF8.self), signal: signal == 0 ? nil : signal)
    }
  }

  /// Everything `descriptor` yields until its end.
  static func readAll(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count == 0 || errno != EINTR {
        return bytes
      }
    }
  }

  /// A pipe whose ends close on exec, so no other child started meanwhile inherits them.
  static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard Foundation.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Starts segue without waiting for it: standard input from /dev/null, output and errors into
  /// pipes, nothing else of this process's descriptors.
  static func start(
    _ arguments: [String], in directory: String? = nil, environment: [String: String?] = [:],
    program: String = binary
  ) throws -> Running {
    var variables = ProcessInfo.processInfo.environment
    variables["CI"] = nil
    for (key, value) in environment { variables[key] = value }
    let out = try pipe()
    let err = try pipe()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out.write, 1)
    posix_spawn_file_actions_adddup2(&actions, err.write, 2)
    if let directory { _ = SpawnCalls.addChdir?(&actions, directory) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    #if canImport(Darwin)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
    #else
      _ = SpawnCalls.addCloseFrom?(&actions, 3)
    #endif
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    close(out.write)
    close(err.write)
    guard code == 0 else {
      close(out.read)
      close(err.read)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    return Running(pid: pid, out: out.read, err: err.read, arguments: arguments)
  }

  /// Runs segue with its output thrown away and returns its exit status and its peak resident
  /// memory in KiB (from wait4's rusage, for this child alone). As `start`, without `CI` in its
  /// environment, so a check under CI records goldens as it does elsewhere.
  static func peakMemory(_ arguments: [String]) -> (status: Int32, kilobytes: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var variables = ProcessInfo.processInfo.environment
    variables["CI"] = nil
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { return (-1, 0) }
    // Waited for without reaping first, so the deadline never kills a reused process id.
    let deadline = ProcessDeadline(pid: pid) { [pid] in kill(pid, 0) == 0 }
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    deadline.finish("segue " + arguments.joined(separator: " "))
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return ((status >> 8) & 0xFF, kibibytes(usage.ru_maxrss))
  }

  /// This test process's own peak resident memory in KiB.
  ///
  /// On Linux a child that posix_spawn starts (a vfork-style clone sharing this process's
  /// memory until its exec) reports at least this figure as its own peak, since the kernel
  /// carries the old address space's high-water mark over the exec. A child's figure no higher
  /// than this one therefore says nothing about the child.
  static func ownPeakMemory() -> Int {
    var usage = rusage()
    getrusage(0, &usage)  // RUSAGE_SELF, 0 everywhere (an enum case in Glibc, a macro in Darwin)
    return kibibytes(usage.ru_maxrss)
  }

  /// ru_maxrss in KiB: Linux counts KiB, Darwin bytes.
  private static func kibibytes(_ maxrss: Int) -> Int {
    #if canImport(Darwin)
      maxrss / 1024
    #else
      maxrss
    #endif
  }
}

/// A fresh temporary folder, removed by `remove()` (kept when SEGUE_KEEP_TEMP is set, to look at
/// what a failing test wrote: scenes, generated Swift, frames).
struct TemporaryFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []).sorted()
  }

  func remove() {
    if ProcessInfo.processInfo.environment["SEGUE_KEEP_TEMP"] == nil {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}

/// The PNG file at `path`, decoded.
func decodePNGFile(_ path: String) throws -> Pixmap {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
  }
  return try PNGDecoder.decode([UInt8](data), path: path)
}

/// A value handed from one thread to another once, after a semaphore orders the two.
final class UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
