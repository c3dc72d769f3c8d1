/// The frame convention (docs/timing.md): N = ceil(D·F − 1e-9) and frames 0…N,
/// frame i at t = min(i / F, D), so frame 0 is the start and frame N the exact end.
public struct FrameClock: Sendable, Hashable {
  /// Seconds from the first frame to the last.
  public let duration: Double
  /// Frames per second.
  public let fps: Int

  public init(duration: Double, fps: Int) {
    self.duration = duration
    self.fps = fps
  }

  /// N, the index of the last frame.
  public var lastFrame: Int { max(0, Int((duration * Double(fps) - 1e-9).rounded(.up))) }

  /// N + 1.
  public var frameCount: Int { lastFrame + 1 }

  /// The time frame `index` shows.
  public func time(ofFrame index: Int) -> Double {
    min(Double(index) / Double(fps), duration)
  }
}
