import SegueScene
import FoundationEssentials
import SegueGolden
import SegueRender
import SegueJSON

/// Throttled "frames done / total, frames per second" progress for a terminal.
final class ProgressMeter: @unchecked Sendable {
  private let console: Console
  private let label: String
  private let unit: String
  private let start = Date()
  private let lock = Lock()
  private var lastDraw = Date.distantPast

  init(console: Console, label: String, unit: String = "frames") {
    self.console = console
    self.label = label
    self.unit = unit
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
    let perSecond = unit == "frames" ? "fps" : "\(unit)/s"
    console.progress("\(label) [\(done)/\(total)] \(unit), \(DecimalText.fixed(rate, 1)) \(perSecond)")
  }

  func finish() { console.endProgress() }
}
