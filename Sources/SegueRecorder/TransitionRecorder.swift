#if canImport(UIKit)
  import UIKit

  /// Records an animator the app ships as a Segue scene: runs it in a container of the given
  /// size with a transition context of its own, lets time pass through `advance`, and reads every
  /// view's layer (what Core Animation draws, and what the app set) at 60 samples a second until
  /// the animator calls `completeTransition`.
  ///
  ///     let recording = try TransitionRecorder.record(
  ///         MyAnimator(), operation: .push, from: list, to: detail,
  ///         container: CGSize(width: 390, height: 844))
  ///     try recording.write(to: scenesFolder)   // MyAnimator.json and its pictures
  @MainActor
  public enum TransitionRecorder {
    /// What the transition does, as UIKit names it.
    public enum Operation: String, Sendable, CaseIterable {
      case present, dismiss, push, pop
    }

    /// Samples a second: the scene's frame rate, so each of its frames is a sample.
    public static let framesPerSecond = 60

    /// Runs `animator` from `from` to `to` and records what it draws.
    ///
    /// The controllers arrive with their views loaded and in no superview, the from view at its
    /// start frame and the to view at the frame UIKit gives as `finalFrame(for:)`. The recorder
    /// puts them where UIKit does for `operation` and `presentationStyle` (ignored for push and
    /// pop): the view that is not presented stays in the window under the container, where the
    /// context gives no view for it.
    ///
    /// - Parameters:
    ///   - name: the scene's name, and its file's (control and format characters dropped, `.`,
    ///     `/` and `\` made `-`, at most 128 bytes); by default the animator's type name.
    ///   - strict: refuse, naming the layer and key path, what a scene cannot hold (the default);
    ///     with `false`, leave it out and list it in `leftOut`.
    ///   - timeLimit: seconds of the transition to wait for `completeTransition`.
    ///   - advance: lets that many seconds pass; the default runs the main run loop. A test off
    ///     iOS passes its own clock.
    /// - Throws: `RecordingError`.
    public static func record(
      _ animator: any UIViewControllerAnimatedTransitioning,
      operation: Operation,
      from: UIViewController,
      to: UIViewController,
      container size: CGSize,
      presentationStyle: UIModalPresentationStyle = .fullScreen,
      name: String? = nil,
      strict: Bool = true,
      timeLimit: TimeInterval = 30,
      advance: (TimeInterval) -> Void = { RunLoop.main.run(until: Date(timeIntervalSinceNow: $0)) }
    ) throws -> TransitionRecording {
      let bounds = CGRect(origin: .zero, size: size)
      let window = UIView(frame: bounds)
      window.backgroundColor = .black
      let container = UIView(frame: bounds)
      window.addSubview(container)
      let fromView = from.view!
      let toView = to.view!
      let fromFrame = fromView.frame
      let toFrame = toView.frame
      // Where UIKit has the views when the animator starts, and which of them the context gives.
      let presenting: UIView?
      switch operation {
      case .push, .pop:
        container.addSubview(fromView)
        presenting = nil
      case .present:
        window.insertSubview(fromView, belowSubview: container)
        presenting = presentationStyle == .fullScreen ? nil : fromView
      case .dismiss:
        container.addSubview(fromView)
        if presentationStyle != .fullScreen { window.insertSubview(toView, belowSubview: container) }
        presenting = presentationStyle == .fullScreen ? nil : toView
      }
      let context = RecordingContext(
        container: container, from: from, to: to, fromView: presenting === fromView ? nil : fromView,
        toView: presenting === toView ? nil : toView, fromFrame: fromFrame, toFrame: toFrame,
        presentationStyle: presentationStyle)
      let start = CACurrentMediaTime()
      let session = RecordingSession(
        window: window, container: container, screens: [.from: fromView, .to: toView], start: start)

      animator.animateTransition(using: context)
      // The first commit, then a sample every 60th of a second, on the grid from the start.
      advance(0)
      session.sample(at: 0)
      let step = 1 / Double(framesPerSecond)
      var index = 0
      while context.completion == nil {
        index += 1
        let target = Double(index) * step
        guard target <= timeLimit else {
          cleanUp(window: window, views: [fromView, toView])
          throw RecordingError.neverCompleted(after: timeLimit)
        }
        advance(max(0, target - (CACurrentMediaTime() - start)))
        session.sample(at: Double(index) * step)
      }
      let completion = (context.completion?.time ?? start) - start
      animator.animationEnded(context.completion?.didComplete ?? true)

      // The scene's name is its file's: made safe as one.
      let sceneName = name.flatMap(SceneBuilder.sanitized) ?? self.sceneName(animator)
      var builder = SceneBuilder(
        session: session, operation: operation, presentation: presentation(presentationStyle),
        name: sceneName, size: size, completion: completion, scale: 3)
      let output: SceneBuilder.Output
      do {
        output = try builder.build(strict: strict)
      } catch {
        cleanUp(window: window, views: [fromView, toView])
        throw error
      }
      cleanUp(window: window, views: [fromView, toView])
      return TransitionRecording(
        name: sceneName, scene: output.scene,
        pictures: Dictionary(output.pictures.map { ($0.path, $0.png) }, uniquingKeysWith: { first, _ in first }),
        leftOut: output.leftOut, notes: output.notes)
    }

    /// The controllers' views leave the recorder's window, as they came.
    private static func cleanUp(window: UIView, views: [UIView]) {
      for view in views where view.isDescendant(of: window) { view.removeFromSuperview() }
      window.removeFromSuperview()
    }

    /// The animator's type name, a scene name as it is.
    static func sceneName(_ animator: any UIViewControllerAnimatedTransitioning) -> String {
      SceneBuilder.sanitized(String(describing: type(of: animator))) ?? "recording"
    }

    /// The scene's `presentation` for a style: the four it knows, and the nearest of them for
    /// the rest (`automatic` is a page sheet since iOS 13).
    static func presentation(_ style: UIModalPresentationStyle) -> String {
      switch style {
      case .custom, .popover: return "custom"
      case .overFullScreen, .overCurrentContext: return "overFullScreen"
      case .pageSheet, .formSheet, .automatic: return "pageSheet"
      default: return "fullScreen"
      }
    }
  }
#endif
