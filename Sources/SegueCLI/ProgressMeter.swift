import SegueJSON
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Throttled "frames done / total, frames per second" progress for a terminal.
final class ProgressMeter: Sendable {
  private let console: Console
  private let label: String
  private let unit: String
  private let start = Date()
  private let lastDraw = Guarded(Date.distantPast)

  init(console: Console, label: String, unit: String = "frames") {
    self.console = console
    self.label = label
    self.unit = unit
  }

  func update(done: Int, total: Int) {
    let now = Date()
    let due = lastDraw.withLock { last -> Bool in
      guard now.timeIntervalSince(last) >= 0.1 || done == total else { return false }
      last = now
      return true
    }
    guard due else { return }
    let seconds = max(1e-6, now.timeIntervalSince(start))
    let rate = Double(done) / seconds
    let perSecond = unit == "frames" ? "fps" : "\(unit)/s"
    console.progress("\(label) [\(done)/\(total)] \(unit), \(DecimalText.fixed(rate, 1)) \(perSecond)")
  }

  func finish() { console.endProgress() }
}
