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
    // Segue's ends of the child's standard input, output and errors and of the watcher's pipe;
    // -1 once closed.
    let (pid, feedEnd, outputEnd, errorEnd, lifelineEnd) = try spawn(executable, arguments, keepOutput: keepOutput)
    var feed = feedEnd
    var outputs = outputEnd
    var errorsIn = errorEnd
    var lifeline = lifelineEnd
    defer {
      for descriptor in [feed, outputs, errorsIn, lifeline] where descriptor >= 0 { SystemCall.close(descriptor) }
    }
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
          kill(-pid, SIGKILL)
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
        kill(-pid, SIGKILL)
        break
      }
      // A descriptor closed behind this loop's back (a bug elsewhere in the process) is dropped,
      // never closed again: its number may already be another file's.
      if let lost = watched.first(where: { $0.revents & Int16(POLLNVAL) != 0 }) {
        if lost.fd == feed { feed = -1 } else if lost.fd == outputs { outputs = -1 } else { errorsIn = -1 }
        failure = WriteError(path: executable, action: "run", reason: "descriptor \(lost.fd) was closed under it")
        kill(-pid, SIGKILL)
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
    let status = wait(for: pid, lifeline: &lifeline)
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

  /// The shell that starts every child (see `watcher`).
  static let shell = "/bin/sh"

  /// The script `shell` runs before it becomes the child: a watcher in the background blocks
  /// reading descriptor 3, the read end of a pipe whose only write end Segue holds, then kills
  /// the child's whole process group; the shell then replaces itself with the child (same
  /// process id, same status), which never sees descriptor 3.
  ///
  /// The pipe reaches end of file when Segue closes its end, which the kernel does for it
  /// however it ends, SIGKILL included; so a helper never outlives Segue (an ffmpeg left behind
  /// would finish its file beside the target and leave it there). Linux's parent-death signal
  /// (PR_SET_PDEATHSIG) would need code between fork and exec, which posix_spawn cannot run,
  /// and Darwin has no such signal; a pipe works on both. Segue closes its end only once the
  /// child has exited, so the watcher never cuts a finished run short; the group it kills is
  /// still held by the watcher itself, so its number cannot have been reused.
  static let watcher =
    "{ read -r line <&3; kill -KILL 0; } </dev/null >/dev/null 2>&1 & exec \"$@\" 3<&-"

  /// The lowest descriptor number Segue's ends and the child's ends may have in this process:
  /// the file actions move the child's ends onto 0 to 3, so none of them may already be one of
  /// those numbers (as it would be when Segue was started with a standard stream closed).
  static let lowestDescriptor: Int32 = 4

  /// Makes a socket pair (`socket`) or a pipe whose ends are close-on-exec from the start.
  ///
  /// On Linux the flag comes with the descriptors (SOCK_CLOEXEC, pipe2), so a program started
  /// meanwhile on another thread by code that does not take `TemporaryFiles`' lock (Foundation's
  /// `Process`, say) cannot inherit them; Darwin has no such flags, but its spawns (Segue's and
  /// Foundation's) close every descriptor not handed over (POSIX_SPAWN_CLOEXEC_DEFAULT). Ends
  /// numbered below `lowestDescriptor` are moved up. Returns nil with `errno` on a failure.
  private static func makePair(socket: Bool) -> [Int32]? {
    var pair: [Int32] = [-1, -1]
    #if canImport(Glibc)
      let made: Int32
      if socket {
        made = socketpair(AF_UNIX, ChildProcess.streamSocket | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
      } else if let pipe2 = GNUCalls.pipe2 {
        made = pipe2(&pair, O_CLOEXEC)
      } else {
        made = pipe(&pair)
        for descriptor in pair where made == 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      }
      guard made == 0 else { return nil }
    #else
      guard (socket ? socketpair(AF_UNIX, ChildProcess.streamSocket, 0, &pair) : pipe(&pair)) == 0 else {
        return nil
      }
      for descriptor in pair { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      if socket {
        // Darwin has no MSG_NOSIGNAL; the socket itself is told not to raise SIGPIPE.
        var one: Int32 = 1
        _ = setsockopt(pair[1], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
      }
    #endif
    for index in 0..<2 where pair[index] < lowestDescriptor {
      let moved = fcntl(pair[index], F_DUPFD_CLOEXEC, lowestDescriptor)
      let code = errno
      SystemCall.close(pair[index])
      pair[index] = moved
      guard moved >= 0 else {
        SystemCall.close(pair[1 - index])
        errno = code
        return nil
      }
    }
    return pair
  }

  /// The descriptors of a child being started: for each of standard input, output, errors and
  /// the watcher's pipe, the child's end and Segue's; -1 where there is none.
  private struct Ends {
    var child: [Int32] = [-1, -1, -1, -1]
    var ours: [Int32] = [-1, -1, -1, -1]

    /// Closes the child's ends (after the spawn they belong to the child).
    mutating func closeChildEnds() {
      for index in child.indices where child[index] >= 0 {
        SystemCall.close(child[index])
        child[index] = -1
      }
    }

    /// Closes Segue's ends (when the child could not start).
    mutating func closeOurs() {
      for index in ours.indices where ours[index] >= 0 {
        SystemCall.close(ours[index])
        ours[index] = -1
      }
    }
  }

  /// Starts the child through `shell` and `watcher`, with a socket pair for its standard input,
  /// pipes for its errors and (when `keepOutput`) its output, /dev/null otherwise, in a process
  /// group of its own (so one kill reaches the watcher too), with SIGPIPE, SIGINT, SIGTERM and
  /// SIGHUP back at their defaults (Segue ignores them itself) and no signal blocked. Returns
  /// the child and Segue's ends: input, output (-1 when not kept), errors and the watcher's pipe.
  ///
  /// The child gets only its three standard streams (and the shell the watcher's pipe): every
  /// other descriptor is closed in it (close-from on glibc, close-on-exec by default on Darwin,
  /// and Segue's own descriptors are close-on-exec anyway). The descriptors are made and the
  /// child started under `TemporaryFiles`' lock, so two of Segue's children started at once
  /// never see each other's ends.
  private static func spawn(_ executable: String, _ arguments: [String], keepOutput: Bool)
    throws(WriteError) -> (pid: pid_t, input: Int32, output: Int32, errors: Int32, lifeline: Int32)
  {
    // The shell would only say that it cannot run the program; this says why, as posix_spawn did.
    guard access(executable, X_OK) == 0 else {
      throw WriteError(path: executable, action: "run", reason: SystemError.current)
    }
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
    posix_spawnattr_setpgroup(&attributes, 0)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    // A program named without a slash is a path from the current folder, as for posix_spawn.
    let program = executable.contains("/") ? executable : "./" + executable
    let argv = ([shell, "-c", watcher, "segue-child", program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }

    var ends = Ends()
    var code: Int32 = 0
    let pid = TemporaryFiles.shared.startChild { () -> pid_t in
      for stream in 0..<4 where stream != 1 || keepOutput {
        // Standard input is a socket pair, not a pipe, so writes can say MSG_NOSIGNAL: a child
        // that stops reading makes a write fail with EPIPE instead of killing Segue.
        guard let pair = makePair(socket: stream == 0) else {
          code = errno
          return -1
        }
        // Standard input and the watcher's pipe are read by the child, the others written.
        let childReads = stream == 0 || stream == 3
        ends.child[stream] = childReads ? pair[0] : pair[1]
        ends.ours[stream] = childReads ? pair[1] : pair[0]
      }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, ends.child[0], 0)
      if keepOutput {
        posix_spawn_file_actions_adddup2(&actions, ends.child[1], 1)
      } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      }
      posix_spawn_file_actions_adddup2(&actions, ends.child[2], 2)
      posix_spawn_file_actions_adddup2(&actions, ends.child[3], 3)
      #if canImport(Glibc)
        // After the dup2s, which need the ends it closes.
        _ = GNUCalls.addCloseFrom?(&actions, 4)
      #endif
      var pid: pid_t = 0
      code = posix_spawn(&pid, shell, &actions, &attributes, argv, environ)
      return code == 0 ? pid : -1
    }
    // The child's ends are its own now (or, on failure, nobody's): closing ours lets end of
    // file through when the child exits.
    ends.closeChildEnds()
    guard pid > 0 else {
      ends.closeOurs()
      throw WriteError(path: executable, action: "run", reason: SystemError.describe(code))
    }
    return (pid, ends.ours[0], ends.ours[1], ends.ours[2], ends.ours[3])
  }

  /// Waits for the child to end and returns its status. Only then is the watcher's pipe
  /// (`lifeline`) closed, which ends the watcher. The child is forgotten by `TemporaryFiles`
  /// before it is reaped, so a signal never kills a reused process id.
  private static func wait(for pid: pid_t, lifeline: inout Int32) -> Int32 {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    SystemCall.close(lifeline)
    lifeline = -1
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
