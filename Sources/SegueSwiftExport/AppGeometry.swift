import SegueGeometry
import SegueScene

/// The running app's geometry as the generated animator reads it: each `GeometryInput` as Swift
/// (`container.bounds.width`, `toFrame.minX`, `fromCardViewFrame.height`), and the formulas built
/// on them printed as expressions. It records every input it prints, so the animator declares the
/// locals it reads and no others.
///
/// The locals: `fromFrame` and `toFrame`, the screens' frames from the context
/// (`initialFrame(for:)`, `finalFrame(for:)`, or the container's bounds where UIKit gives none);
/// `<view>Frame`, a handed view's frame converted into the container; `<view>Radius`, its layer's
/// corner radius. A view's stem is its node's name, so the locals of one view sit together.
final class AppGeometry {
  /// Each handed view's key and the stem of its locals (`from.card` → `fromCardView`).
  var stems: [String: String] = [:]
  /// What was printed, in first-use order.
  private(set) var screens: [ScreenRole] = []
  private(set) var frames: [String] = []
  private(set) var radii: [String] = []
  /// `frames` and `radii` as sets, to ask whether a key is there in constant time: a scene of
  /// 10,000 layers prints 10,000 of them.
  private var printedFrames: Set<String> = []
  private var printedRadii: Set<String> = []

  /// Every input a formula reads.
  static func inputs(of formula: PropertyFormula?) -> [GeometryInput] {
    formula?.measures.flatMap(\.inputs) ?? []
  }

  // MARK: - Inputs

  func text(_ input: GeometryInput) -> String {
    func component(_ part: GeometryInput.RectComponent) -> String {
      switch part {
      case .x: return "minX"
      case .y: return "minY"
      case .width: return "width"
      case .height: return "height"
      }
    }
    switch input {
    case .containerWidth: return "container.bounds.width"
    case .containerHeight: return "container.bounds.height"
    case .safeArea(let edge): return "container.safeAreaInsets.\(edge.rawValue)"
    case .screen(let role, let part): return screenFrame(role) + "." + component(part)
    case .view(let key, let part): return viewFrame(key) + "." + component(part)
    case .viewCornerRadius(let key):
      if printedRadii.insert(key).inserted { radii.append(key) }
      return stem(key) + "Radius"
    }
  }

  func screenFrame(_ role: ScreenRole) -> String {
    if !screens.contains(role) { screens.append(role) }
    return "\(role.rawValue)Frame"
  }

  func viewFrame(_ key: String) -> String {
    if printedFrames.insert(key).inserted { frames.append(key) }
    return stem(key) + "Frame"
  }

  func stem(_ key: String) -> String { stems[key] ?? "unnamedView" }

  // MARK: - Expressions

  /// A measure as a Swift expression of CGFloat, in the order `Measure.value` computes it:
  /// a left operand is bracketed only below its operator's precedence, a right one also at it.
  func swift(_ measure: Measure) -> String { swift(measure, above: 0) }

  /// A measure as the left operand of `*` or `/`: a sum or a difference in brackets
  /// (`(a - b) / c`, never `a - b / c`).
  func factor(_ measure: Measure) -> String { swift(measure, above: 2) }

  private func swift(_ measure: Measure, above minimum: Int) -> String {
    func bracket(_ text: String, _ precedence: Int) -> String {
      precedence < minimum ? "(\(text))" : text
    }
    if let sheet {
      // The page sheet's top and height are where the presentation controller puts the sheet.
      if measure == sheet.top { return screenFrame(sheet.role) + ".minY" }
      if measure == sheet.height { return screenFrame(sheet.role) + ".height" }
    }
    if let middle = middle(of: measure) { return middle }
    switch measure {
    case .constant(let value):
      let text = SwiftLiteral.number(value)
      return value < 0 && minimum > 0 ? "(\(text))" : text
    case .input(let input): return text(input)
    case .sum(let a, let b): return bracket(swift(a, above: 1) + " + " + swift(b, above: 2), 1)
    case .difference(let a, let b): return bracket(swift(a, above: 1) + " - " + swift(b, above: 2), 1)
    case .product(let a, let b): return bracket(swift(a, above: 2) + " * " + swift(b, above: 3), 2)
    case .quotient(let a, let b): return bracket(swift(a, above: 2) + " / " + swift(b, above: 3), 2)
    case .maximum(let a, let b): return "max(\(swift(a)), \(swift(b)))"
    case .norm(let a, let b): return "Self.length(\(swift(a)), \(swift(b)))"
    case .rounded(let a): return swift(a, above: 3) + ".rounded()"
    }
  }

  /// `x + width · 0.5` of one frame is that frame's `midX` (and likewise `midY`).
  private func middle(of measure: Measure) -> String? {
    // The bounds start at 0: width · 0.5 is the middle.
    if case .product(.input(let length), .constant(0.5)) = measure {
      if length == .containerWidth { return "container.bounds.midX" }
      if length == .containerHeight { return "container.bounds.midY" }
    }
    guard case .sum(.input(let origin), .product(.input(let length), .constant(0.5))) = measure else { return nil }
    switch (origin, length) {
    case (.view(let a, .x), .view(let b, .width)) where a == b: return viewFrame(a) + ".midX"
    case (.view(let a, .y), .view(let b, .height)) where a == b: return viewFrame(a) + ".midY"
    case (.screen(let a, .x), .screen(let b, .width)) where a == b: return screenFrame(a) + ".midX"
    case (.screen(let a, .y), .screen(let b, .height)) where a == b: return screenFrame(a) + ".midY"
    default: return nil
    }
  }

  /// A rectangle: a local when it is one frame as read, else `CGRect(…)`.
  func rect(_ rect: MeasuredRect) -> String {
    if case .input(.view(let key, .x)) = rect.x, rect == .view(key) { return viewFrame(key) }
    if case .input(.screen(let role, .x)) = rect.x, rect == .screen(role) { return screenFrame(role) }
    if rect == .container { return "container.bounds" }
    if rect == .safeArea { return "container.safeAreaLayoutGuide.layoutFrame" }
    return
      "CGRect(x: \(swift(rect.x)), y: \(swift(rect.y)), width: \(swift(rect.width)), height: \(swift(rect.height)))"
  }

  func point(_ x: Measure, _ y: Measure) -> String { "CGPoint(x: \(swift(x)), y: \(swift(y)))" }

  func size(_ width: Measure, _ height: Measure) -> String {
    "CGSize(width: \(swift(width)), height: \(swift(height)))"
  }

  // MARK: - Declarations

  /// Forgets every input whose local `source` never reads outside comments: an expression can be
  /// printed and then not written (a morph's corner radius that does not change is no animation),
  /// and a local declared and never read is a compiler warning in the app's build.
  func keepOnlyInputsRead(by source: SwiftSource) {
    let words = source.names().identifiers
    func read(_ local: String) -> Bool { words.contains(Substring(local)) }
    screens.removeAll { !read("\($0.rawValue)Frame") }
    frames.removeAll { !read(stem($0) + "Frame") }
    radii.removeAll { !read(stem($0) + "Radius") }
    printedFrames = Set(frames)
    printedRadii = Set(radii)
  }

  /// A page sheet's screen and the formulas of its top and height as the scene draws them
  /// (10 pt below the safe area's top, the container's height less that): the animator reads
  /// both from the sheet's frame in the context, since UIKit's presentation controller decides
  /// it (`finalFrame(for:)` presenting, `initialFrame(for:)` dismissing).
  var sheet: (role: ScreenRole, top: Measure, height: Measure)?

  /// Screens whose views stay where they are (the presenting view a `.custom` presentation keeps):
  /// their frame is the view's own.
  var inPlace: Set<ScreenRole> = []

  /// The screens' frames the animator read: before anything is placed.
  func declareScreens(_ source: inout SwiftSource) {
    guard !screens.isEmpty else { return }
    source.comment(
      "The screens' frames as UIKit gives them (the container's bounds where it gives none)"
        + (screens.contains(where: inPlace.contains) ? "; a view kept in place, where it is." : "."))
    for role in screens {
      if inPlace.contains(role) {
        // Its frame under no transform: a present may have left it scaled, and `frame` is then
        // the scaled one; its bounds about its anchor are what the app laid out.
        let view = "\(role.rawValue)View"
        source.line("let \(role.rawValue)Frame = CGRect(")
        source.line("  x: \(view).layer.position.x - \(view).layer.anchorPoint.x * \(view).bounds.width,")
        source.line("  y: \(view).layer.position.y - \(view).layer.anchorPoint.y * \(view).bounds.height,")
        source.line("  width: \(view).bounds.width, height: \(view).bounds.height)")
        continue
      }
      let (controller, call) = role == .from ? ("fromController", "initialFrame") : ("toController", "finalFrame")
      source.line(
        "let \(role.rawValue)Frame = Self.screenFrame(\(controller).map(transitionContext.\(call)(for:)), in: container)"
      )
    }
  }

  /// The handed views' frames and corners the animator read: where the app laid them out.
  func declareViews(_ source: inout SwiftSource) {
    guard !frames.isEmpty || !radii.isEmpty else { return }
    source.comment("Where the app laid out its views, in the container's coordinates, before anything moves.")
    for key in frames {
      source.line("let \(stem(key))Frame = frame(of: \(SwiftLiteral.string(key)), in: container)")
    }
    for key in radii {
      source.line("let \(stem(key))Radius = cornerRadius(of: \(SwiftLiteral.string(key)))")
    }
  }
}
