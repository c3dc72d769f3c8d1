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
  struct Running {
    let process: Process
    let out: Pipe
    let err: Pipe
    let arguments: [String]

    /// Waits for segue to end, killing it (and failing the test) past `ProcessDeadline`.
    func wait(sourceLocation: SourceLocation = #_sourceLocation) -> Result {
      let deadline = ProcessDeadline(process)
      defer {
        deadline.finish("segue " + arguments.joined(separator: " "), sourceLocation: sourceLocation)
      }
      // Both pipes are drained at once: a child that fills one while the other is read blocks.
      let errorData = UncheckedBox(Data())
      let done = DispatchSemaphore(value: 0)
      let errors = err.fileHandleForReading
      DispatchQueue.global().async {
        errorData.value = errors.readDataToEndOfFile()
        done.signal()
      }
      let outData = out.fileHandleForReading.readDataToEndOfFile()
      done.wait()
      let errData = errorData.value
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self),
        signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
  }

  /// Starts segue without waiting for it.
  static func start(_ arguments: [String], in directory: String? = nil, environment: [String: String?] = [:]) throws
    -> Running
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["CI"] = nil
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return Running(process: process, out: out, err: err, arguments: arguments)
  }

  /// Runs segue with its output thrown away and returns its exit status and its peak resident
  /// memory in KiB (from wait4's rusage, for this child alone).
  static func peakMemory(_ arguments: [String]) -> (status: Int32, kilobytes: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee  // Darwin declares no `environ` for programs
    #else
      let environment = environ
    #endif
    guard posix_spawn(&pid, binary, &actions, nil, argv, environment) == 0 else { return (-1, 0) }
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

/// A fresh temporary folder, removed by `remove()`.
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
    try? FileManager.default.removeItem(atPath: path)
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
