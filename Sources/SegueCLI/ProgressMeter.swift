import FoundationEssentials
import SegueGolden
import SegueRender

/// Throttled "frames done / total, frames per second" progress for a terminal.
final class ProgressMeter: @unchecked Sendable {
  private let console: Console
  private let label: String
  private let start = Date()
  private let lock = Lock()
  private var lastDraw = Date.distantPast

  init(console: Console, label: String) {
    self.console = console
    self.label = label
  }

  func update(done: Int, total: Int) {
    lock.lock()
    let now = Date()
    let due = now.timeIntervalSince(lastDraw) >= 0.1 || done == total
    if due { lastDraw = now }
    lock.unlock()
    guard due else { return }
    let seconds = max(1e-6, now.timeIntervalSince(start))
    let rate = Double(done) / seconds
    console.progress("\(label) [\(done)/\(total)] frames, \(DecimalText.fixed(rate, 1)) fps")
  }

  func finish() { console.endProgress() }
}
