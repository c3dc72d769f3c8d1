import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// Whether an ellipse overlay is a circle a view draws with its corner radius, as
  /// BubbleTransition's bubble (`cornerRadius = frame.height / 2`): its frame is a square and no
  /// animation changes it (transforms scale and move it; the radius scales with them), so half its
  /// side, read from its bounds at run time, rounds it into the circle Segue draws.
  func isRoundedCircle(_ target: Target) -> Bool {
    // A square on every device, as formulas: numbers that are equal only on the scene's own
    // device (a width pinned to the container, a stated height) would round it there only.
    let frame: MeasuredRect
    if case .rect(let formula)? = plan.initialFormula(.frame, of: target) {
      frame = formula
    } else if case .rect(let numbers) = plan.initial(.frame, of: target) {
      frame = MeasuredRect(numbers)
    } else {
      return false
    }
    guard Self.sameOnEveryDevice(frame.width, frame.height),
      !tracks(of: target).contains(where: { $0.values[.frame] != nil || $0.values[.cornerRadius] != nil })
    else { return false }
    return true
  }

  /// The corner radius that makes an ellipse overlay's view its circle (`isRoundedCircle`).
  func writeCircleCorners(of node: ExportNode, _ source: inout SwiftSource) {
    guard case .overlay(let overlay) = node.kind, overlay.layer?.shape == .ellipse, let target = node.target,
      isRoundedCircle(target)
    else { return }
    source.line("\(node.layer).cornerRadius = \(node.layer).bounds.width / 2")
  }
}
