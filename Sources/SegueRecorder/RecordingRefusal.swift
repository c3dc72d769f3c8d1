#if canImport(UIKit)
  import Foundation

  /// Something the animator does that a scene cannot hold, named by the layer it happens on (as
  /// the recorded scene names it: `to`, `from.avatar`, `overlay-1`) and the key path.
  public struct RecordingRefusal: Equatable, Sendable, CustomStringConvertible {
    /// The scene's name for the layer (its target).
    public let layer: String
    /// The Core Animation key path, or what else the refusal is about (`contents`, `superlayer`).
    public let keyPath: String
    /// Why a scene cannot hold it, and what to do instead.
    public let reason: String

    public var description: String { "\(layer) \(keyPath): \(reason)" }
  }

  /// Why `TransitionRecorder.record` gave no recording.
  public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the animator does that a scene cannot hold (with `strict: false` the recorder leaves
    /// these out and records the rest).
    case refused([RecordingRefusal])
    /// `completeTransition` was not called within the time limit.
    case neverCompleted(after: Double)

    public var description: String {
      switch self {
      case .refused(let refusals):
        return "the recording cannot hold what the animator does:\n"
          + refusals.map { "  \($0)" }.joined(separator: "\n")
          + "\n(record with strict: false to leave these out and keep the rest)"
      case .neverCompleted(let seconds):
        return "the animator did not call completeTransition within \(SceneValue.format(seconds)) s of its start"
      }
    }
  }
#endif
