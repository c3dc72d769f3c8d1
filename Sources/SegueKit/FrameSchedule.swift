/// Which rendered frames a constant-rate output (a video, a GIF) shows, tick by tick.
///
/// A tick is `step` frames of the scene long. Tick j shows the latest selected frame at or
/// before frame first + j · step, so a `--frames` selection with gaps keeps its real timing
/// (a frame stays up until the next selected one), and the last selected frame always gets a
/// tick of its own: the end state is never dropped by a step that does not divide the length.
public struct FrameSchedule: Sendable, Equatable {
  /// A frame and the ticks it stays up for.
  public struct Entry: Sendable, Equatable {
    public let frame: Int
    public let ticks: Int

    public init(frame: Int, ticks: Int) {
      self.frame = frame
      self.ticks = ticks
    }
  }

  /// Consecutive ticks showing the same frame are one entry.
  public let entries: [Entry]

  /// The schedule of `frames` (sorted, not empty) at one tick every `step` frames.
  public init(frames: [Int], step: Int = 1) {
    var entries: [Entry] = []
    guard let first = frames.first, let last = frames.last else {
      self.entries = []
      return
    }
    let step = max(1, step)
    var next = 0
    func show(_ frame: Int) {
      if let previous = entries.last, previous.frame == frame {
        entries[entries.count - 1] = Entry(frame: frame, ticks: previous.ticks + 1)
      } else {
        entries.append(Entry(frame: frame, ticks: 1))
      }
    }
    var source = first
    while source <= last {
      while next + 1 < frames.count, frames[next + 1] <= source { next += 1 }
      show(frames[next])
      source += step
    }
    if entries.last?.frame != last { show(last) }
    self.entries = entries
  }

  /// Every tick's frame, in order: what a constant-rate encoder is fed.
  public var ticks: [Int] { entries.flatMap { Array(repeating: $0.frame, count: $0.ticks) } }

  /// The ticks in all.
  public var tickCount: Int { entries.reduce(0) { $0 + $1.ticks } }
}
