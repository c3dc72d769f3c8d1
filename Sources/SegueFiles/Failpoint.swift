import SegueSync

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Points where a test can make the process die or wait, to check what a kill at that moment
/// leaves behind. Off unless `SEGUE_FAILPOINT` is set (tests only):
///
///     SEGUE_FAILPOINT="commit.renamed@3=kill"     SIGKILL itself at the third hit
///     SEGUE_FAILPOINT="frames.written@2=sigint"    send itself SIGINT at the second hit
///     SEGUE_FAILPOINT="folder.locked=sleep:2"      wait 2 s at the first hit
///     SEGUE_FAILPOINT="commit.manifest-write=fail" make that write fail as a full disk would
public enum Failpoint {
  private struct Plan {
    let name: String
    let hit: Int
    let action: String
  }

  private static let plan: Plan? = {
    guard let text = getenv("SEGUE_FAILPOINT").map({ String(cString: $0) }), !text.isEmpty,
      let equals = text.firstIndex(of: "=")
    else { return nil }
    let target = text[..<equals]
    let action = String(text[text.index(after: equals)...])
    let parts = target.split(separator: "@")
    return Plan(name: String(parts[0]), hit: parts.count > 1 ? Int(parts[1]) ?? 1 : 1, action: action)
  }()

  private static let hits = Guarded<[String: Int]>([:])

  /// Marks that the process reached `name`; true when the test asks this step to fail.
  @discardableResult
  public static func reach(_ name: String) -> Bool {
    guard let plan, plan.name == name else { return false }
    let count = hits.withLock { hits in
      hits[name, default: 0] += 1
      return hits[name, default: 0]
    }
    guard count == plan.hit else { return false }
    if plan.action == "fail" { return true }
    if plan.action == "kill" {
      kill(getpid(), SIGKILL)
    } else if plan.action == "sigint" || plan.action == "sigterm" {
      kill(getpid(), plan.action == "sigint" ? SIGINT : SIGTERM)
      awaitSignal()
    } else if plan.action.hasPrefix("sleep:"), let seconds = Double(plan.action.dropFirst(6)) {
      usleep(UInt32(seconds * 1_000_000))
    }
    return false
  }

  /// Waits (at most 5 s) until the signal this process sent itself has been handled: outside a
  /// commit the handler ends the process; during one it records the exit for the commit's end.
  private static func awaitSignal() {
    var waited = 0
    while waited < 5000 && !TemporaryFiles.shared.exitIsPending {
      usleep(1000)
      waited += 1
    }
  }
}
