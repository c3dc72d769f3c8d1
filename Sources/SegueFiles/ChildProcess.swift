#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a helper program (ffmpeg) that Segue feeds through its standard input while collecting
/// its standard output and errors in the same loop, so neither side can block the other on a
/// full pipe.
///
/// The child is registered with `TemporaryFiles`: a SIGINT or SIGTERM that ends Segue kills it
/// and reaps it before the temporary files are removed, so it cannot write one back.
public enum ChildProcess {
  /// `send` flags for the child's standard input: on Linux MSG_NOSIGNAL, so a child that stops
  /// reading makes the write fail with EPIPE instead of raising SIGPIPE (Darwin sets
  /// SO_NOSIGPIPE on the socket instead).
  #if os(Linux)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
  #else
    static let sendFlags: Int32 = 0
    static let streamSocket = SOCK_STREAM
  #endif

  /// How a run ended.
  public struct Result: Sendable, Equatable {
    /// The exit code, or 128 + the signal that ended the child.
    public let status: Int32
    /// Standard output, when it was kept.
    public let output: [UInt8]
    /// The end of standard error (at most `errorLimit` bytes).
    public let errors: [UInt8]

    /// The last non-empty line of standard error: what a failed tool says went wrong.
    public var lastErrorLine: String? {
      String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters() }.last { !$0.isEmpty }
    }
  }

  /// How much of standard error a run keeps (its end).
  public static let errorLimit = 64 * 1024

  /// The executable called `name` in one of `searchPath`'s folders (PATH by default), first
  /// match wins; nil when there is none. Empty entries (the current folder) are skipped, so a
  /// file in whatever folder Segue runs in is never run by surprise.
  public static func locate(_ name: String, searchPath: String? = nil) -> String? {
    guard let path = searchPath ?? getenv("PATH").map({ String(cString: $0) }) else { return nil }
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = String(folder.hasSuffix("/") ? folder + name : folder + "/" + name)
      if FileKind.following(candidate).isRegular, access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Runs `executable` with `arguments`: writes each chunk `input` returns to its standard
  /// input until `input` returns nil, then closes it; keeps its standard output when
  /// `keepOutput` (else it goes to /dev/null). When `input` throws, the child is killed and the
  /// error is thrown; when the child stops reading early, the rest of the input is dropped and
  /// its exit status tells why.
  public static func run(
    _ executable: String, _ arguments: [String], keepOutput: Bool,
    input: () throws(WriteError) -> [UInt8]?
  ) throws(WriteError) -> Result {
    // Segue's ends of the child's standard input, output and errors; -1 once closed.
    let (pid, feedEnd, outputEnd, errorEnd) = try spawn(executable, arguments, keepOutput: keepOutput)
    var feed = feedEnd
    var outputs = outputEnd
    var errorsIn = errorEnd
    defer { for descriptor in [feed, outputs, errorsIn] where descriptor >= 0 { close(descriptor) } }
    _ = fcntl(feed, F_SETFL, fcntl(feed, F_GETFL) | O_NONBLOCK)

    var output: [UInt8] = []
    var errors: [UInt8] = []
    var failure: WriteError?
    var pending: [UInt8] = []
    var offset = 0
    while feed >= 0 || outputs >= 0 || errorsIn >= 0 {
      // Takes the next chunk once the last one is written.
      while feed >= 0, offset == pending.count {
        do throws(WriteError) {
          if let next = try input() {
            pending = next
            offset = 0
          } else {
            close(feed)
            feed = -1
          }
        } catch {
          failure = error
          kill(pid, SIGKILL)
          close(feed)
          feed = -1
        }
      }
      // After a failure nothing more is wanted from the child (and a process it started could
      // hold its output open long after it was killed).
      if failure != nil { break }
      var watched: [pollfd] = []
      if feed >= 0 { watched.append(pollfd(fd: feed, events: Int16(POLLOUT), revents: 0)) }
      for descriptor in [outputs, errorsIn] where descriptor >= 0 {
        watched.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
      }
      if poll(&watched, nfds_t(watched.count), -1) < 0 {
        if errno == EINTR { continue }
        failure = failure ?? WriteError(path: executable, action: "run", reason: SystemError.current)
        kill(pid, SIGKILL)
        break
      }
      for entry in watched where entry.revents != 0 {
        if entry.fd == feed {
          let written = pending.withUnsafeBytes { raw in
            send(entry.fd, raw.baseAddress! + offset, raw.count - offset, ChildProcess.sendFlags)
          }
          if written > 0 {
            offset += written
          } else if written < 0, errno == EAGAIN || errno == EINTR {
            continue
          } else {
            // The child no longer reads (it failed or finished early): its status says why.
            close(feed)
            feed = -1
          }
        } else if entry.fd == outputs {
          if !drain(entry.fd, into: &output, limit: nil) {
            close(outputs)
            outputs = -1
          }
        } else if entry.fd == errorsIn {
          if !drain(entry.fd, into: &errors, limit: errorLimit) {
            close(errorsIn)
            errorsIn = -1
          }
        }
      }
    }
    let status = wait(for: pid)
    if let failure { throw failure }
    return Result(status: status, output: output, errors: errors)
  }

  /// Reads what `descriptor` has into `buffer` (keeping only the last `limit` bytes); false at
  /// end of file or on an error.
  private static func drain(_ descriptor: Int32, into buffer: inout [UInt8], limit: Int?) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    if count < 0 { return errno == EINTR || errno == EAGAIN }
    guard count > 0 else { return false }
    buffer += chunk[0..<count]
    if let limit, buffer.count > limit { buffer.removeFirst(buffer.count - limit) }
    return true
  }

  /// Starts the child with pipes for its standard input, errors and (when `keepOutput`)
  /// output, /dev/null otherwise, and SIGPIPE, SIGINT, SIGTERM and SIGHUP back at their
  /// defaults (Segue ignores them itself) with no signal blocked. Returns the child and Segue's
  /// ends of the pipes (-1 for an output not kept).
  ///
  /// The pipes are made and marked close-on-exec under the same lock as the spawn, so a helper
  /// started at the same time on another thread never inherits them (it would hold a pipe
  /// open and keep the other child from seeing the end of its input).
  private static func spawn(_ executable: String, _ arguments: [String], keepOutput: Bool)
    throws(WriteError) -> (pid: pid_t, input: Int32, output: Int32, errors: Int32)
  {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }

    // [child's end, Segue's end] of stdin; [Segue's, child's] of stdout and stderr.
    var descriptors = [Int32](repeating: -1, count: 6)
    var code: Int32 = 0
    let pid = TemporaryFiles.shared.startChild { () -> pid_t in
      for stream in 0..<3 where stream != 1 || keepOutput {
        var pair: [Int32] = [-1, -1]
        // Standard input is a socket pair, not a pipe, so writes can say MSG_NOSIGNAL: a child
        // that stops reading makes a write fail with EPIPE instead of killing Segue.
        let made = stream == 0 ? socketpair(AF_UNIX, ChildProcess.streamSocket, 0, &pair) : pipe(&pair)
        guard made == 0 else {
          code = errno
          return -1
        }
        #if !os(Linux)
          // Darwin has no MSG_NOSIGNAL; the socket itself is told not to raise SIGPIPE.
          if stream == 0 {
            var one: Int32 = 1
            _ = setsockopt(pair[1], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
          }
        #endif
        for descriptor in pair { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        descriptors[stream * 2] = pair[0]
        descriptors[stream * 2 + 1] = pair[1]
      }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, descriptors[0], 0)
      if keepOutput {
        posix_spawn_file_actions_adddup2(&actions, descriptors[3], 1)
      } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      }
      posix_spawn_file_actions_adddup2(&actions, descriptors[5], 2)
      var pid: pid_t = 0
      code = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
      return code == 0 ? pid : -1
    }
    // The child's ends are its own now (or, on failure, nobody's): closing ours lets end of
    // file through when the child exits.
    for child in [descriptors[0], descriptors[3], descriptors[5]] where child >= 0 { close(child) }
    guard pid > 0 else {
      for ours in [descriptors[1], descriptors[2], descriptors[4]] where ours >= 0 { close(ours) }
      throw WriteError(path: executable, action: "run", reason: SystemError.describe(code))
    }
    return (pid, descriptors[1], descriptors[2], descriptors[4])
  }

  /// Waits for the child to end and returns its status. It is forgotten by `TemporaryFiles`
  /// before it is reaped, so a signal never kills a reused process id.
  private static func wait(for pid: pid_t) -> Int32 {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    TemporaryFiles.shared.forgetChild(pid)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    var text = self
    while text.first?.isWhitespace == true { text = text.dropFirst() }
    while text.last?.isWhitespace == true { text = text.dropLast() }
    return String(text)
  }
}
