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
      type: "custom", operation: operation, duration: duration, curve: curve, kind: .custom(custom))
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

  static func transition(
    _ preset: Preset, operation: TransitionOperation, duration: Double?, curve: TimingCurve, scene: inout Scene
  ) -> CustomTransition {
    let width = scene.size.width
    let height = scene.size.height
    let bounds = Rect(size: scene.size)
    let forward = operation.isForward
    let moving: Target = forward ? .screen(.to) : .screen(.from)
    switch preset {
    case .zoom(let sourceFrame):
      let tile = sourceFrame ?? Rect(x: bounds.midX - 100, y: bounds.midY - 100, width: 200, height: 200)
      let small: [AnimatableProperty: PropertyValue] = [.frame: .rect(tile), .opacity: .number(0)]
      let full: [AnimatableProperty: PropertyValue] = [.frame: .rect(bounds), .opacity: .number(1)]
      return CustomTransition(
        animations: [forward ? animation(moving, from: small, to: full) : animation(moving, from: full, to: small)])

    case .stories(let scale, let radius):
      let corner: [AnimatableProperty: PropertyValue] = [.cornerRadius: .radii(CornerRadii(radius))]
      let aside = PropertyValue.point(Point(x: width, y: 0))
      let home = PropertyValue.point(Point(x: 0, y: 0))
      let small = PropertyValue.point(Point(x: scale, y: scale))
      let whole = PropertyValue.point(Point(x: 1, y: 1))
      if operation == .push {
        return CustomTransition(
          stack: ["from", "to"],
          animations: [
            animation(.screen(.from), from: corner.merging([.scale: whole]) { $1 }, to: [.scale: small]),
            animation(.screen(.to), from: corner.merging([.translate: aside]) { $1 }, to: [.translate: home]),
          ],
          end: [(.screen(.from), .removed), (.screen(.to), .state(state([.cornerRadius: .radii(.zero)])))])
      }
      return CustomTransition(
        stack: ["to", "from"],
        animations: [
          animation(.screen(.to), from: corner.merging([.scale: small]) { $1 }, to: [.scale: whole]),
          animation(.screen(.from), from: corner.merging([.translate: home]) { $1 }, to: [.translate: aside]),
        ],
        end: [(.screen(.to), .state(state([.cornerRadius: .radii(.zero)])))])

    case .slide(let edge):
      let offset: Point
      switch edge {
      case .bottom: offset = Point(x: 0, y: height)
      case .top: offset = Point(x: 0, y: -height)
      case .left: offset = Point(x: -width, y: 0)
      case .right: offset = Point(x: width, y: 0)
      }
      let out: [AnimatableProperty: PropertyValue] = [.translate: .point(offset)]
      let home: [AnimatableProperty: PropertyValue] = [.translate: .point(Point(x: 0, y: 0))]
      return CustomTransition(
        animations: [forward ? animation(moving, from: out, to: home) : animation(moving, from: home, to: out)])

    case .panel(let edge, let size, let dim):
      let panel: Rect
      let offscreen: Rect
      switch edge {
      case .bottom, .left:
        panel = Rect(x: 0, y: height * (1 - size), width: width, height: height * size)
        offscreen = Rect(x: 0, y: height, width: width, height: height * size)
      case .top:
        panel = Rect(x: 0, y: 0, width: width, height: height * size)
        offscreen = Rect(x: 0, y: -height * size, width: width, height: height * size)
      case .right:
        panel = Rect(x: width * (1 - size), y: 0, width: width * size, height: height)
        offscreen = Rect(x: width, y: 0, width: width * size, height: height)
      }
      let role: ScreenRole = forward ? .to : .from
      if role == .to { scene.to.size = panel.size } else { scene.from.size = panel.size }
      let shown: [AnimatableProperty: PropertyValue] = [.frame: .rect(panel)]
      let hidden: [AnimatableProperty: PropertyValue] = [.frame: .rect(offscreen)]
      return CustomTransition(
        stack: forward ? ["from", "dim", "to"] : ["to", "dim", "from"],
        overlays: [Overlay(name: "dim", color: .black, opacity: forward ? 0 : dim)],
        animations: [
          animation(.overlay("dim"), to: [.opacity: .number(forward ? dim : 0)]),
          forward ? animation(moving, from: hidden, to: shown) : animation(moving, from: shown, to: hidden),
        ])

    case .circle(let origin, let startRadius, let endRadius):
      let center = origin ?? Point(x: bounds.midX, y: bounds.midY)
      let far = endRadius ?? farthestCornerDistance(from: center, in: bounds)
      let small: [AnimatableProperty: PropertyValue] = [.mask: .mask(.circle(center: center, radius: startRadius))]
      let large: [AnimatableProperty: PropertyValue] = [.mask: .mask(.circle(center: center, radius: far))]
      if forward {
        return CustomTransition(
          animations: [animation(moving, from: small, to: large)],
          end: [(moving, .state(PropertyState(resets: [.mask])))])
      }
      return CustomTransition(animations: [animation(moving, from: large, to: small)])

    case .spread(let edge):
      // The seed's strip starts just outside the container on the right and bottom edges.
      let strip = 2.0
      let start: Rect
      switch edge {
      case .right: start = Rect(x: width, y: 0, width: strip, height: height)
      case .left: start = Rect(x: 0, y: 0, width: strip, height: height)
      case .top: start = Rect(x: 0, y: 0, width: width, height: strip)
      case .bottom: start = Rect(x: 0, y: height, width: width, height: strip)
      }
      // Every operation runs the same reveal of `to` over `from`.
      return CustomTransition(
        stack: ["from", "to"],
        animations: [
          animation(
            .screen(.to), from: [.mask: .mask(.rect(start, cornerRadius: 0))],
            to: [.mask: .mask(.rect(bounds, cornerRadius: 0))])
        ],
        end: [(.screen(.to), .state(PropertyState(resets: [.mask])))])

    case .boom:
      let scale = { (value: Double) -> [AnimatableProperty: PropertyValue] in
        [.scale: .point(Point(x: value, y: value))]
      }
      return CustomTransition(
        animations: [
          forward
            ? animation(moving, from: scale(0.1), to: scale(1)) : animation(moving, from: scale(1), to: scale(0.01))
        ])

    case .fade:
      let clear: [AnimatableProperty: PropertyValue] = [.opacity: .number(0)]
      let solid: [AnimatableProperty: PropertyValue] = [.opacity: .number(1)]
      return CustomTransition(
        animations: [forward ? animation(moving, from: clear, to: solid) : animation(moving, from: solid, to: clear)])

    case .push:
      // UIKit's parallax: the screen underneath moves W − round(0.7 W), under a black dim of
      // alpha 0.1 that moves with it. 0.7 W is taken as 7 W / 10, exact for a whole W, so a
      // width such as 45 rounds its 31.5 up as the decimal does (0.7 × 45 in doubles is 31.4999…).
      let parallax = width - (7 * width / 10).rounded()
      let under: ScreenRole = operation == .push ? .from : .to
      let home = PropertyValue.point(Point(x: 0, y: 0))
      let behind = PropertyValue.point(Point(x: -parallax, y: 0))
      let aside = PropertyValue.point(Point(x: width, y: 0))
      let dim = Overlay(name: "dim", color: .black, opacity: operation == .push ? 0 : 0.1, over: under)
      if operation == .push {
        return CustomTransition(
          overlays: [dim],
          animations: [
            animation(.screen(.from), from: [.translate: home], to: [.translate: behind]),
            animation(.overlay("dim"), to: [.opacity: .number(0.1)]),
            animation(.screen(.to), from: [.translate: aside], to: [.translate: home]),
          ],
          end: [(.screen(.from), .removed)])
      }
      return CustomTransition(
        overlays: [dim],
        animations: [
          animation(.screen(.to), from: [.translate: behind], to: [.translate: home]),
          animation(.overlay("dim"), to: [.opacity: .number(0)]),
          animation(.screen(.from), from: [.translate: home], to: [.translate: aside]),
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
      var first = animation(.screen(.from), from: [.rotationY: .number(0)], to: [.rotationY: .number(away)])
      first.duration = half
      var second = animation(.screen(.to), from: [.rotationY: .number(-away)], to: [.rotationY: .number(0)])
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
      let home = PropertyValue.point(Point(x: 0, y: 0))
      if operation == .push {
        return CustomTransition(
          stack: ["from", "to"],
          animations: [
            animation(
              .screen(.from), from: [.anchor: right, .rotationY: .number(0), .translate: home],
              to: [.rotationY: .number(-90), .translate: .point(Point(x: -width, y: 0))]),
            animation(
              .screen(.to), from: [.anchor: left, .rotationY: .number(90), .translate: .point(Point(x: width, y: 0))],
              to: [.rotationY: .number(0), .translate: home]),
          ])
      }
      return CustomTransition(
        stack: ["to", "from"],
        animations: [
          animation(
            .screen(.from), from: [.anchor: left, .rotationY: .number(0), .translate: home],
            to: [.rotationY: .number(90), .translate: .point(Point(x: width, y: 0))]),
          animation(
            .screen(.to), from: [.anchor: right, .rotationY: .number(-90), .translate: .point(Point(x: -width, y: 0))],
            to: [.rotationY: .number(0), .translate: home]),
        ])

    case .sheet(let top, let inset, let dim):
      let sheetSize = Size(width: width, height: max(0, height - top))
      let sheetCorners = PropertyValue.radii(CornerRadii(topLeft: 10, topRight: 10, bottomRight: 0, bottomLeft: 0))
      let anchor = PropertyValue.point(Point(x: 0.5, y: (top - 10) / height))
      let shrunk = width > 0 ? (width - 2 * inset) / width : 1
      let small = PropertyValue.point(Point(x: shrunk, y: shrunk))
      let whole = PropertyValue.point(Point(x: 1, y: 1))
      let down = PropertyValue.point(Point(x: 0, y: height))
      let up = PropertyValue.point(Point(x: 0, y: top))
      if forward {
        scene.to.size = sheetSize
        return CustomTransition(
          stack: ["from", "dim", "to"],
          overlays: [Overlay(name: "dim", color: .black, opacity: 0)],
          animations: [
            animation(.screen(.to), from: [.cornerRadius: sheetCorners, .translate: down], to: [.translate: up]),
            animation(.overlay("dim"), to: [.opacity: .number(dim)]),
            animation(
              .screen(.from), from: [.anchor: anchor, .scale: whole, .cornerRadius: .radii(.zero)],
              to: [.scale: small, .cornerRadius: .radii(CornerRadii(10))]),
          ])
      }
      scene.from.size = sheetSize
      return CustomTransition(
        stack: ["to", "dim", "from"],
        overlays: [Overlay(name: "dim", color: .black, opacity: dim)],
        animations: [
          animation(.screen(.from), from: [.cornerRadius: sheetCorners, .translate: up], to: [.translate: down]),
          animation(.overlay("dim"), to: [.opacity: .number(0)]),
          animation(
            .screen(.to), from: [.anchor: anchor, .scale: small, .cornerRadius: .radii(CornerRadii(10))],
            to: [.scale: whole, .cornerRadius: .radii(.zero)]),
        ])
    }
  }

  /// max over the four corners of the distance to `point`: sqrt(max(x, W − x)² + max(y, H − y)²).
  public static func farthestCornerDistance(from point: Point, in bounds: Rect) -> Double {
    let dx = max(point.x - bounds.minX, bounds.maxX - point.x)
    let dy = max(point.y - bounds.minY, bounds.maxY - point.y)
    return (dx * dx + dy * dy).squareRoot()
  }
}
