import SegueGeometry
import SegueScene

extension MotionPlan {
  /// Whether `target` is drawn scaled to its frames: its `resize` is `transform` and an animation
  /// moves its frame (what the export's structure follows too). A frame that only `end` changes
  /// is never drawn between, so it is placed as any other.
  public func scalesToFrame(_ target: Target?, resize: ResizeMode) -> Bool {
    guard resize == .transform, let target else { return false }
    return (tracksByTarget[target] ?? []).contains {
      tracks[$0].values[.frame] != nil || tracks[$0].keyframes[.frame] != nil
    }
  }

  /// The bounds a target scaled to its frames (`"resize": "transform"`) keeps: the size of the
  /// frame it lives at in the app, where its transform is the identity. That is its frame at the
  /// end of the transition when it is still there (a presented or pushed screen at its final
  /// frame, as Kodeco's zoom sets the detail view's transform back to `.identity`), and its frame
  /// at the start when the transition removes it (a dismissed screen at the frame it was shown
  /// at, which the zoom shrinks away by a transform).
  public func transformBounds(of target: Target) -> Size {
    state(of: target, at: isShown(target, at: .end) ? .end : .start).frame.size
  }

  /// The scale that maps bounds of size `kept` onto a frame of size `frame`, as the zoom
  /// animators write it:
  ///
  ///     S = scale(frame.width ÷ kept.width, frame.height ÷ kept.height)
  ///
  /// Content kept at no width (or height) has nothing to scale: that axis keeps a factor of 1
  /// (it draws nothing across either way), never a division by zero.
  public static func scale(onto frame: Size, from kept: Size) -> Transform3D {
    .scale(kept.width > 0 ? frame.width / kept.width : 1, kept.height > 0 ? frame.height / kept.height : 1)
  }

  /// A target's transform with its frame scaled from the bounds it keeps: the state's own
  /// transform (about its anchor, placed at its frame) after the scale onto the frame. With the
  /// frame's size f, the kept size B and the anchor a,
  ///
  ///     S · translate(−a·B) = translate(−a·f) · S
  ///
  /// so the state's T = translate(origin + a·f + t) · R · s · translate(−a·f) times S is
  ///
  ///     translate(origin + a·f + t) · R · s · S · translate(−a·B)
  ///
  /// which is `CALayer` placing bounds B at `position` = origin + a·f with `transform` R · s · S:
  /// the view's transform is the frame's scale first, then what the scene animates (its scale,
  /// rotation, translation or steps), as `view.transform = scale.concatenating(own)` would be.
  public static func scaledTransform(_ state: TargetState, keeping kept: Size) -> Transform3D {
    state.transform * scale(onto: state.frame.size, from: kept)
  }
}
