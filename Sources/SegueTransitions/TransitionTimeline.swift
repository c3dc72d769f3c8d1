import SegueScene
import SegueTiming

/// Maps frame indices to time and progress, for a plain or an interactive transition.
///
/// Plain: the type's curve over its duration with the frame convention of `FrameClock`.
/// Interactive (CATALOG.md §4): while the finger scrubs, p is the scrubbed fraction (linear);
/// at release (time t_r, fraction f) the transition finishes over T_c = (1 − f)·D / speed with
/// p = f + (1 − f)·c, or cancels over T_c = f·D / speed with p = f·(1 − c), c being the
/// completion curve over T_c. The last frame is the exact end (finish) or start (cancel) state.
public struct TransitionTimeline: Sendable {
  /// What one frame shows.
  public enum State: Sendable, Equatable {
    /// The animation at eased progress p.
    case animating(Double)
    /// Exactly the state before the transition (a cancelled interaction's last frame).
    case start
    /// Exactly the state after `completeTransition`.
    case end
  }

  public struct Frame: Sendable, Equatable {
    public let index: Int
    /// Seconds from the start of the timeline.
    public let time: Double
    /// Progress of the transition: 0 at the start state, 1 at the end state.
    public let progress: Double
    public let state: State
  }

  public let clock: FrameClock
  private let easing: Easing
  private let interaction: Interaction?
  private let releaseTime: Double
  private let releaseFraction: Double
  private let completion: Easing?
  /// Seconds the completion (finish or cancel after release) runs, when there is one.
  public let completionDuration: Double?

  /// - Parameters:
  ///   - duration: the transition's duration in seconds (before any forcing by the curve).
  public init(duration: Double, curve: TimingCurve, fps: Int, interaction: Interaction? = nil) {
    let easing = curve.resolved(duration: duration)
    self.easing = easing
    self.interaction = interaction
    guard let interaction, let release = interaction.scrub.last else {
      releaseTime = 0
      releaseFraction = 0
      completion = nil
      completionDuration = nil
      clock = FrameClock(duration: easing.duration, fps: fps)
      return
    }
    releaseTime = release.time
    releaseFraction = release.fraction
    let share = interaction.release == .finish ? 1 - release.fraction : release.fraction
    let completionTime = share * easing.duration / interaction.completionSpeed
    completionDuration = completionTime > 0 ? completionTime : nil
    if completionTime > 0 {
      let completion = interaction.completionCurve.resolved(duration: completionTime)
      self.completion = completion
      clock = FrameClock(duration: release.time + completion.duration, fps: fps)
    } else {
      completion = nil
      clock = FrameClock(duration: release.time, fps: fps)
    }
  }

  public var frameCount: Int { clock.frameCount }

  /// The time, progress and state of frame `index` (0…N).
  public func frame(_ index: Int) -> Frame {
    let time = clock.time(ofFrame: index)
    let isLast = index >= clock.lastFrame
    guard let interaction else {
      if isLast { return Frame(index: index, time: time, progress: 1, state: .end) }
      let p = easing.progress(at: time)
      return Frame(index: index, time: time, progress: p, state: .animating(p))
    }
    if isLast {
      return interaction.release == .finish
        ? Frame(index: index, time: time, progress: 1, state: .end)
        : Frame(index: index, time: time, progress: 0, state: .start)
    }
    let p: Double
    if time < releaseTime {
      p = scrubbedFraction(at: time, keyframes: interaction.scrub)
    } else if let completion {
      let c = completion.progress(at: time - releaseTime)
      p = interaction.release == .finish ? releaseFraction + (1 - releaseFraction) * c : releaseFraction * (1 - c)
    } else {
      p = releaseFraction
    }
    return Frame(index: index, time: time, progress: p, state: .animating(p))
  }

  /// The finger's fraction at `time`: linear between keyframes, held before the first.
  func scrubbedFraction(at time: Double, keyframes: [(time: Double, fraction: Double)]) -> Double {
    guard let first = keyframes.first else { return 0 }
    if time <= first.time { return first.fraction }
    for index in 1..<max(1, keyframes.count) {
      let a = keyframes[index - 1]
      let b = keyframes[index]
      if time <= b.time {
        let span = b.time - a.time
        return span > 0 ? a.fraction + (b.fraction - a.fraction) * (time - a.time) / span : b.fraction
      }
    }
    return keyframes[keyframes.count - 1].fraction
  }
}
