import SegueGeometry
import SegueScene
import SegueTiming

/// Every preset as the custom transition it is (docs/transitions.md): fixed animations of the
/// two screens and, for some, a dimming overlay. Rendering a preset and rendering what this
/// writes out are the same thing; `segue expand` prints it.
public enum PresetTransitions {
  /// `scene` with a preset transition written out as `"type": "custom"`: the animations, the
  /// stacking, `end`, and the screen sizes a panel or sheet implies. A custom scene is returned
  /// as it is.
  public static func expand(_ scene: Scene) -> Scene {
    guard case .preset(let preset) = scene.transition.kind, let type = PresetCatalog.named(scene.transition.type)
    else { return scene }
    let operation = scene.transition.operation
    let defaults = type.defaults(operation)
    let curve = scene.transition.curve ?? defaults.curve
    // A settling spring with no duration runs to its settling time: the animations inherit no
    // duration then, and the plan resolves it.
    let duration: Double? = scene.transition.duration ?? (curve.settlingSpring == nil ? defaults.duration : nil)
    var expanded = scene
    var custom = transition(preset, operation: operation, duration: duration, curve: curve, scene: &expanded)
    custom.presetRules = rules(preset)
    expanded.transition = Transition(
      type: "custom", operation: operation, duration: duration, curve: curve, kind: .custom(custom),
      presentation: scene.transition.presentation)
    return expanded
  }

  /// The seeds' presets are drawn from formulas in p, and end an interaction on the exact start
  /// or end state; UIKit's flip and sheet and the stories cube are custom transitions as written.
  static func rules(_ preset: Preset) -> CustomTransition.PresetRules {
    switch preset {
    case .flip, .cube, .sheet:
      return .init()
    case .zoom, .stories, .slide, .panel, .circle, .spread, .boom, .fade, .push:
      // A cancel ends on the exact start state: the masks (circle, spread) and corners
      // (stories) the seeds put on their screens only while they move are gone.
      // Spread reveals `to` over `from` for every operation: before it starts, `to` is not seen.
      let temporary: [AnimatableProperty] = [.mask, .cornerRadius]
      var hides: Set<Target> = []
      if case .spread = preset { hides = [.screen(.to)] }
      return .init(
        progressOvershoots: true, cancelResets: [.screen(.from): temporary, .screen(.to): temporary],
        cancelHides: hides)
    }
  }

  /// Shorthand for a state.
  static func state(_ values: [AnimatableProperty: PropertyValue]) -> PropertyState { PropertyState(values) }

  static func animation(
    _ target: Target, from: [AnimatableProperty: PropertyValue] = [:], to: [AnimatableProperty: PropertyValue] = [:]
  ) -> Animation {
    Animation(target: target, from: state(from), to: state(to), path: "transition")
  }

  /// The container's width and height as the running app has them. Computed, not stored: a
  /// stored global `Measure` keeps its box behind a tagged pointer, which LeakSanitizer cannot
  /// follow and reports as a leak at exit.
  static var containerWidth: Measure { .input(.containerWidth) }
  static var containerHeight: Measure { .input(.containerHeight) }

  static func transition(
    _ preset: Preset, operation: TransitionOperation, duration: Double?, curve: TimingCurve, scene: inout Scene
  ) -> CustomTransition {
    // The preset's geometry is written over the container as the running app has it, and
    // evaluated for the scene's device: a value is its formula and its number together.
    let geometry = SceneGeometry(container: scene.size, safeArea: scene.safeArea, from: scene.from, to: scene.to)
    let inputs = geometry.inputs
    func value(_ formula: PropertyFormula) -> PropertyValue { formula.value(inputs) }
    /// A state whose geometric values are formulas.
    func measured(
      _ formulas: [AnimatableProperty: PropertyFormula], _ values: [AnimatableProperty: PropertyValue] = [:]
    )
      -> PropertyState
    {
      var state = PropertyState(values)
      for (property, formula) in formulas { state.set(property, formula, inputs) }
      return state
    }
    func animation(
      _ target: Target, from: PropertyState = PropertyState(), to: PropertyState = PropertyState()
    ) -> Animation {
      Animation(target: target, from: from, to: to, path: "transition")
    }
    let width = containerWidth
    let height = containerHeight
    let bounds = MeasuredRect.container
    let zero = Measure.constant(0)
    let forward = operation.isForward
    let moving: Target = forward ? .screen(.to) : .screen(.from)
    switch preset {
    case .zoom(let sourceFrame):
      // The tile: x = midX − 100 with midX = width / 2.
      let tile =
        sourceFrame.map(MeasuredRect.init)
        ?? MeasuredRect(
          x: width * 0.5 - .constant(100), y: height * 0.5 - .constant(100), width: .constant(200),
          height: .constant(200))
      let small = measured([.frame: .rect(tile)], [.opacity: .number(0)])
      let full = measured([.frame: .rect(bounds)], [.opacity: .number(1)])
      return CustomTransition(
        animations: [forward ? animation(moving, from: small, to: full) : animation(moving, from: full, to: small)])

    case .stories(let scale, let radius):
      let corner: [AnimatableProperty: PropertyValue] = [.cornerRadius: .radii(CornerRadii(radius))]
      let aside = PropertyFormula.point(width, zero)
      let home = PropertyFormula.point(zero, zero)
      let small = PropertyValue.point(Point(x: scale, y: scale))
      let whole = PropertyValue.point(Point(x: 1, y: 1))
      if operation == .push {
        return CustomTransition(
          stack: ["from", "to"],
          animations: [
            animation(.screen(.from), from: state(corner.merging([.scale: whole]) { $1 }), to: state([.scale: small])),
            animation(.screen(.to), from: measured([.translate: aside], corner), to: measured([.translate: home])),
          ],
          end: [(.screen(.from), .removed), (.screen(.to), .state(state([.cornerRadius: .radii(.zero)])))])
      }
      return CustomTransition(
        stack: ["to", "from"],
        animations: [
          animation(.screen(.to), from: state(corner.merging([.scale: small]) { $1 }), to: state([.scale: whole])),
          animation(.screen(.from), from: measured([.translate: home], corner), to: measured([.translate: aside])),
        ],
        end: [(.screen(.to), .state(state([.cornerRadius: .radii(.zero)])))])

    case .slide(let edge):
      let offset: PropertyFormula
      switch edge {
      case .bottom: offset = .point(zero, height)
      case .top: offset = .point(zero, -height)
      case .left: offset = .point(-width, zero)
      case .right: offset = .point(width, zero)
      }
      let out = measured([.translate: offset])
      let home = measured([.translate: .point(zero, zero)])
      return CustomTransition(
        animations: [forward ? animation(moving, from: out, to: home) : animation(moving, from: home, to: out)])

    case .panel(let edge, let size, let dim):
      let panel: MeasuredRect
      let offscreen: MeasuredRect
      let share = Measure.constant(size)
      switch edge {
      case .bottom, .left:
        panel = MeasuredRect(x: zero, y: height * .constant(1 - size), width: width, height: height * share)
        offscreen = MeasuredRect(x: zero, y: height, width: width, height: height * share)
      case .top:
        panel = MeasuredRect(x: zero, y: zero, width: width, height: height * share)
        offscreen = MeasuredRect(x: zero, y: -height * share, width: width, height: height * share)
      case .right:
        panel = MeasuredRect(x: width * .constant(1 - size), y: zero, width: width * share, height: height)
        offscreen = MeasuredRect(x: width, y: zero, width: width * share, height: height)
      }
      let role: ScreenRole = forward ? .to : .from
      let panelSize = panel.value(inputs)
      if role == .to { scene.to.size = panelSize.size } else { scene.from.size = panelSize.size }
      let shown = measured([.frame: .rect(panel)])
      let hidden = measured([.frame: .rect(offscreen)])
      var custom = CustomTransition(
        stack: forward ? ["from", "dim", "to"] : ["to", "dim", "from"],
        overlays: [Overlay(name: "dim", color: .black, opacity: forward ? 0 : dim)],
        animations: [
          animation(.overlay("dim"), to: state([.opacity: .number(forward ? dim : 0)])),
          forward ? animation(moving, from: hidden, to: shown) : animation(moving, from: shown, to: hidden),
        ])
      custom.screenSizes[role] = (panel.width, panel.height)
      return custom

    case .circle(let origin, let startRadius, let endRadius):
      // The centre in the masked screen's own points: a point as given, or a layer's centre
      // wherever it is laid out (its frame in the container, less the screen's origin).
      let center: (x: Measure, y: Measure)
      switch origin {
      case .point(let point)?: center = (.constant(point.x), .constant(point.y))
      case .view(let role, let id)?:
        let view = MeasuredRect.view(SceneGeometry.key(role, id))
        let screen = geometry.screenRect(moving.screen ?? .to) ?? .screen(moving.screen ?? .to)
        center = (view.x + view.width * 0.5 - screen.x, view.y + view.height * 0.5 - screen.y)
      case nil: center = (width * 0.5, height * 0.5)
      }
      // Without an end radius the last circle covers the container: the scene's
      // `{"cover": "container"}`, the one rule the decoder and the export use too.
      let far = endRadius.map(Measure.constant) ?? MeasuredRect.container.coverRadius(from: center)
      let small = measured([.mask: .circleMask(x: center.x, y: center.y, radius: .constant(startRadius))])
      var large = measured([.mask: .circleMask(x: center.x, y: center.y, radius: far)])
      if endRadius == nil { large.covers[.mask] = .container }
      if forward {
        return CustomTransition(
          animations: [animation(moving, from: small, to: large)],
          end: [(moving, .state(PropertyState(resets: [.mask])))])
      }
      return CustomTransition(animations: [animation(moving, from: large, to: small)])

    case .spread(let edge):
      // The seed's strip starts just outside the container on the right and bottom edges.
      let strip = Measure.constant(2)
      let start: MeasuredRect
      switch edge {
      case .right: start = MeasuredRect(x: width, y: zero, width: strip, height: height)
      case .left: start = MeasuredRect(x: zero, y: zero, width: strip, height: height)
      case .top: start = MeasuredRect(x: zero, y: zero, width: width, height: strip)
      case .bottom: start = MeasuredRect(x: zero, y: height, width: width, height: strip)
      }
      // Every operation runs the same reveal of `to` over `from`.
      return CustomTransition(
        stack: ["from", "to"],
        animations: [
          animation(
            .screen(.to), from: measured([.mask: .rectMask(start, cornerRadius: zero)]),
            to: measured([.mask: .rectMask(bounds, cornerRadius: zero)]))
        ],
        end: [(.screen(.to), .state(PropertyState(resets: [.mask])))])

    case .boom:
      let scale = { (value: Double) -> PropertyState in state([.scale: .point(Point(x: value, y: value))]) }
      return CustomTransition(
        animations: [
          forward
            ? animation(moving, from: scale(0.1), to: scale(1)) : animation(moving, from: scale(1), to: scale(0.01))
        ])

    case .fade:
      let clear = state([.opacity: .number(0)])
      let solid = state([.opacity: .number(1)])
      return CustomTransition(
        animations: [forward ? animation(moving, from: clear, to: solid) : animation(moving, from: solid, to: clear)])

    case .push:
      // UIKit's parallax: the screen underneath moves W − round(0.7 W), under a black dim of
      // alpha 0.1 that moves with it. 0.7 W is taken as 7 W / 10, exact for a whole W, so a
      // width such as 45 rounds its 31.5 up as the decimal does (0.7 × 45 in doubles is 31.4999…).
      let parallax = width - Measure.round(width * 7 / .constant(10))
      let under: ScreenRole = operation == .push ? .from : .to
      let home = PropertyFormula.point(zero, zero)
      let behind = PropertyFormula.point(-parallax, zero)
      let aside = PropertyFormula.point(width, zero)
      let dim = Overlay(name: "dim", color: .black, opacity: operation == .push ? 0 : 0.1, over: under)
      if operation == .push {
        return CustomTransition(
          overlays: [dim],
          animations: [
            animation(.screen(.from), from: measured([.translate: home]), to: measured([.translate: behind])),
            animation(.overlay("dim"), to: state([.opacity: .number(0.1)])),
            animation(.screen(.to), from: measured([.translate: aside]), to: measured([.translate: home])),
          ],
          end: [(.screen(.from), .removed)])
      }
      return CustomTransition(
        overlays: [dim],
        animations: [
          animation(.screen(.to), from: measured([.translate: behind]), to: measured([.translate: home])),
          animation(.overlay("dim"), to: state([.opacity: .number(0)])),
          animation(.screen(.from), from: measured([.translate: home]), to: measured([.translate: aside])),
        ])

    case .flip(let direction):
      // Each screen is a face of a card seen only from the front, as a flip's views are: its
      // halves stop edge-on, and a written-out flip turned further shows no mirrored back.
      scene.from.doubleSided = false
      scene.to.doubleSided = false
      let sign = direction == .left ? 1.0 : -1.0
      let total = curve.duration(
        requested: duration, fallback: PresetCatalog.named("flip")?.defaults(operation).duration ?? 0.6)
      let half = total / 2
      let away = (forward ? 90 : -90) * sign
      var first = animation(
        .screen(.from), from: state([.rotationY: .number(0)]), to: state([.rotationY: .number(away)]))
      first.duration = half
      var second = animation(
        .screen(.to), from: state([.rotationY: .number(-away)]), to: state([.rotationY: .number(0)]))
      second.delay = half
      second.duration = half
      return CustomTransition(stack: forward ? ["from", "to"] : ["to", "from"], animations: [first, second])

    case .cube:
      // Each face is seen only while it faces the eye: at the start the incoming face is turned
      // a quarter away, its back toward the viewer, and draws nothing (`isDoubleSided = false`).
      scene.from.doubleSided = false
      scene.to.doubleSided = false
      let left = PropertyValue.point(Point(x: 0, y: 0.5))
      let right = PropertyValue.point(Point(x: 1, y: 0.5))
      let home = PropertyFormula.point(zero, zero)
      let (ahead, behind) = (PropertyFormula.point(width, zero), PropertyFormula.point(-width, zero))
      if operation == .push {
        return CustomTransition(
          stack: ["from", "to"],
          animations: [
            animation(
              .screen(.from), from: measured([.translate: home], [.anchor: right, .rotationY: .number(0)]),
              to: measured([.translate: behind], [.rotationY: .number(-90)])),
            animation(
              .screen(.to), from: measured([.translate: ahead], [.anchor: left, .rotationY: .number(90)]),
              to: measured([.translate: home], [.rotationY: .number(0)])),
          ])
      }
      return CustomTransition(
        stack: ["to", "from"],
        animations: [
          animation(
            .screen(.from), from: measured([.translate: home], [.anchor: left, .rotationY: .number(0)]),
            to: measured([.translate: ahead], [.rotationY: .number(90)])),
          animation(
            .screen(.to), from: measured([.translate: behind], [.anchor: right, .rotationY: .number(-90)]),
            to: measured([.translate: home], [.rotationY: .number(0)])),
        ])

    case .sheet(let stated, let inset, let dim):
      // The sheet is the container less its top (never negative), its top corners rounded; the
      // screen under it shrinks by `inset` on each side about a point 10 pt above the sheet.
      // UIKit puts a page sheet's top 10 pt below the safe area's: read at run time, unless the
      // scene states a top.
      let top = stated.map(Measure.constant) ?? .input(.safeArea(.top)) + .constant(10)
      let sheetHeight = Measure.max(zero, height - top)
      let sheetCorners = PropertyValue.radii(CornerRadii(topLeft: 10, topRight: 10, bottomRight: 0, bottomLeft: 0))
      // The screen behind shrinks about the safe area's top (10 pt above the sheet's), which the
      // animator reads from the container: the sheet's top it reads from the sheet's frame.
      let pivot = stated.map { Measure.constant($0 - 10) } ?? .input(.safeArea(.top))
      let anchor = PropertyFormula.point(.constant(0.5), pivot / height)
      let shrunk = (width - .constant(2 * inset)) / width
      let small = PropertyFormula.point(shrunk, shrunk)
      let whole = PropertyValue.point(Point(x: 1, y: 1))
      let down = PropertyFormula.point(zero, height)
      let up = PropertyFormula.point(zero, top)
      let role: ScreenRole = forward ? .to : .from
      let sheetSize = Size(width: scene.size.width, height: sheetHeight.value(inputs))
      if role == .to { scene.to.size = sheetSize } else { scene.from.size = sheetSize }
      var custom: CustomTransition
      if forward {
        custom = CustomTransition(
          stack: ["from", "dim", "to"],
          overlays: [Overlay(name: "dim", color: .black, opacity: 0)],
          animations: [
            animation(
              .screen(.to), from: measured([.translate: down], [.cornerRadius: sheetCorners]),
              to: measured([.translate: up])),
            animation(.overlay("dim"), to: state([.opacity: .number(dim)])),
            animation(
              .screen(.from), from: measured([.anchor: anchor], [.scale: whole, .cornerRadius: .radii(.zero)]),
              to: measured([.scale: small], [.cornerRadius: .radii(CornerRadii(10))])),
          ])
      } else {
        custom = CustomTransition(
          stack: ["to", "dim", "from"],
          overlays: [Overlay(name: "dim", color: .black, opacity: dim)],
          animations: [
            animation(
              .screen(.from), from: measured([.translate: up], [.cornerRadius: sheetCorners]),
              to: measured([.translate: down])),
            animation(.overlay("dim"), to: state([.opacity: .number(0)])),
            animation(
              .screen(.to), from: measured([.anchor: anchor, .scale: small], [.cornerRadius: .radii(CornerRadii(10))]),
              to: measured([:], [.scale: whole, .cornerRadius: .radii(.zero)])),
          ])
      }
      custom.screenSizes[role] = (width, sheetHeight)
      return custom
    }
  }
}
