import SegueMotion
import SegueTiming

/// An animation's timing as the generated code writes it: a `Timing` value of the animator,
/// which becomes a `CABasicAnimation` with a `CAMediaTimingFunction` or a `CASpringAnimation`,
/// with a comment naming what the scene wrote.
struct ExportTiming {
  /// The Swift expression, `Timing(delay: 0.1, duration: 0.4, curve: .named(.easeInEaseOut))`.
  let expression: String
  /// What the scene gave, for the comment above it.
  let summary: String

  init(delay: Double, duration: Double, curve: TimingCurve, easing: Easing) {
    let number = SwiftLiteral.number
    var parts = ["delay: \(number(delay))", "duration: \(number(duration))"]
    switch easing.kind {
    case .bezier(let bezier):
      parts.append("curve: " + ExportTiming.bezier(bezier))
    case .spring(let spring):
      parts.append(
        "curve: .spring(mass: \(number(spring.mass)), stiffness: \(number(spring.stiffness)), "
          + "damping: \(number(spring.damping)), initialVelocity: \(number(spring.initialVelocity)), "
          + "allowsOverdamping: \(spring.allowsOverdamping))")
    }
    if easing.endsExactly { parts.append("endsExactly: true") }
    expression = "Timing(" + parts.joined(separator: ", ") + ")"
    var summary = ExportTiming.summary(curve, duration: duration)
    if let spring = curve.settlingSpring, spring.settlingDuration == duration {
      summary += "; it runs until it settles, \(number((duration * 1000).rounded() / 1000)) s"
    }
    if delay > 0 { summary += "; it starts after \(number(delay)) s" }
    self.summary = summary
  }

  /// A named Core Animation curve by its name, any other Bézier by its control points.
  static func bezier(_ bezier: UnitBezier) -> String {
    let names: [(UnitBezier, String)] = [
      (.linear, "linear"), (.easeIn, "easeIn"), (.easeOut, "easeOut"), (.easeInEaseOut, "easeInEaseOut"),
      (.default, "default"),
    ]
    if let name = names.first(where: { $0.0 == bezier })?.1 { return ".named(.\(name))" }
    let number = SwiftLiteral.number
    return ".bezier(\(number(bezier.p1x)), \(number(bezier.p1y)), \(number(bezier.p2x)), \(number(bezier.p2y)))"
  }

  /// The scene's curve in words, with where a spring's parameters come from.
  static func summary(_ curve: TimingCurve, duration: Double) -> String {
    let number = SwiftLiteral.number
    switch curve {
    case .bezier:
      return "\(curve)"
    case .uiKitSpring(let damping, let velocity):
      return "UIKit's spring of damping ratio \(number(damping)) and velocity \(number(velocity)) over "
        + "\(number(duration)) s (UIView.animate(withDuration:…usingSpringWithDamping:)): its stiffness and "
        + "damping as UIKit fits them"
    case .responseSpring(let response, let ratio):
      return "spring of response \(number(response)) s and damping ratio \(number(ratio)): mass 1, stiffness "
        + "(2π ÷ response)², damping 4π·ratio ÷ response"
    case .bounceSpring(let springDuration, let bounce, _):
      return "spring of duration \(number(springDuration)) s and bounce \(number(bounce)) "
        + "(UISpringTimingParameters(duration:bounce:)): mass 1, stiffness (2π ÷ duration)², damping from the bounce"
    case .physicalSpring:
      return "\(curve)"
    case .systemSpring:
      return "UIKit's system spring (mass 3, stiffness 1000, damping 500), forced to 0.5 s and ending exactly"
    }
  }
}
