import SegueScene
import SegueTiming

/// Frame indices to moments, for a plain or an interactive transition (docs/timing.md).
///
/// Plain: frame i at t = min(i / fps, D) over the plan's duration D; the last frame is the end
/// state. Interactive: while the finger scrubs, the whole timeline is at the scrubbed fraction p
/// (linear); at release (time t_r, fraction f) it finishes over T_c = (1 − f)·D / speed with
/// p = f + (1 − f)·c, or cancels over T_c = f·D / speed with p = f·(1 − c), c being the
/// completion curve over T_c. The last frame is the end state (finish) or the start (cancel).
public struct MotionTimeline: Sendable {
  /// What one frame shows.
  public struct Frame: Sendable, Equatable {
    public let index: Int
    /// Seconds from the start of the timeline.
    public let time: Double
    /// The transition's own curve at this time (what its animations that inherit it show), or
    /// an interactive transition's progress: 0 at the start state, 1 at the end state.
    public let progress: Double
    public let moment: Moment
  }

  public let clock: FrameClock
  private let plan: MotionPlan
  private let interaction: Interaction?
  private let completion: Easing?
  /// Seconds the completion (finish or cancel after release) runs, when there is one.
  public let completionDuration: Double?

  public init(plan: MotionPlan, fps: Int, interaction: Interaction?) {
    self.plan = plan
    self.interaction = interaction
    guard let interaction, let release = interaction.scrub.last else {
      completion = nil
      completionDuration = nil
      clock = FrameClock(duration: plan.duration, fps: fps)
      return
    }
    let share = interaction.release == .finish ? 1 - release.fraction : release.fraction
    let completionTime = share * plan.duration / interaction.completionSpeed
    if completionTime > 0 {
      let completion = interaction.completionCurve.resolved(duration: completionTime)
      self.completion = completion
      completionDuration = completionTime
      clock = FrameClock(duration: release.time + completion.duration, fps: fps)
    } else {
      completion = nil
      completionDuration = nil
      clock = FrameClock(duration: release.time, fps: fps)
    }
  }

  public var frameCount: Int { clock.frameCount }

  /// The time, progress and moment of frame `index` (0…N).
  public func frame(_ index: Int) -> Frame {
    let time = clock.time(ofFrame: index)
    let isLast = index >= clock.lastFrame
    guard let interaction, let release = interaction.scrub.last else {
      if isLast { return Frame(index: index, time: time, progress: 1, moment: .end) }
      return Frame(index: index, time: time, progress: plan.mainEasing.progress(at: time), moment: .time(time))
    }
    if isLast {
      return interaction.release == .finish
        ? Frame(index: index, time: time, progress: 1, moment: .end)
        : Frame(index: index, time: time, progress: 0, moment: .start)
    }
    let p = progress(at: time, interaction: interaction, release: release)
    return Frame(index: index, time: time, progress: p, moment: .scrub(p))
  }

  /// What the timeline shows `time` seconds in, between its frames too (the last frame's end
  /// state aside): the time itself, or an interactive transition's progress then.
  public func moment(at time: Double) -> Moment {
    guard let interaction, let release = interaction.scrub.last else { return .time(time) }
    return .scrub(progress(at: time, interaction: interaction, release: release))
  }

  /// An interactive transition's progress at `time`: scrubbed, then finishing or cancelling.
  private func progress(at time: Double, interaction: Interaction, release: (time: Double, fraction: Double)) -> Double
  {
    if time < release.time { return MotionTimeline.scrubbed(at: time, keyframes: interaction.scrub) }
    guard let completion else { return release.fraction }
    let c = completion.progress(at: time - release.time)
    return interaction.release == .finish ? release.fraction + (1 - release.fraction) * c : release.fraction * (1 - c)
  }

  /// The finger's fraction at `time`: linear between keyframes, held before the first.
  static func scrubbed(at time: Double, keyframes: [(time: Double, fraction: Double)]) -> Double {
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
