/// The private helpers every generated animator carries: its `Timing`, one function that adds an
/// explicit Core Animation animation, and the geometry the scene's properties need. Written
/// once here so each animator reads the same, and kept short enough to review.
enum AnimatorHelpers {
  /// The helpers; `timing` adds `Timing` and `animate`, which an interactive scene's animator,
  /// whose timeline is keyframes, does without.
  /// `steps` adds `Step` and `steps(_:)`, for a scene that writes a transform as steps;
  /// `keyframes` the `animate` that adds a keyframe animation.
  /// `layout` the `layOut` that animates a view's subviews between two sizes of it.
  /// Of the geometry helpers, only those named in `calls` (what the class writes after `Self.`)
  /// are written, and those they call: an app's build type-checks none its animator does not use.
  static func write(
    into source: inout SwiftSource, timing: Bool, steps: Bool = false, keyframes: Bool = false, layout: Bool = false,
    calls: Set<Substring>
  ) {
    var pieces = timing ? [self.timing] : []
    if timing && keyframes { pieces.append(self.keyframes) }
    if timing && layout { pieces.append(self.layout) }
    var called = Set(geometry.map(\.name).filter { calls.contains(Substring($0)) })
    if steps { called.insert("radians") }
    for helper in geometry where called.contains(helper.name) { called.formUnion(helper.calls) }
    pieces += geometry.filter { called.contains($0.name) }.map(\.text)
    if steps { pieces.append(self.steps) }
    guard !pieces.isEmpty else { return }
    source.line(timing ? "// MARK: - Timing and geometry" : "// MARK: - Geometry")
    source.line()
    for line in pieces.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false) {
      source.line(String(line))
    }
  }

  /// A geometry helper: its name, the helpers its body calls, and its text.
  private struct Helper {
    var name: String
    var calls: [String] = []
    var text: String
  }

  private static let layout = """
    /// A view laid out while it resizes: where its own layout puts each of its subviews at its
    /// size `from` and at `to`, each animated between the two with `timing`, as
    /// `layoutIfNeeded()` in an animation block animates them. The view is left laid out at `to`.
    /// A subview is paired with itself by its identity, so a layout that adds or removes views
    /// between the two sizes moves no view to another's place; one only at `to` appears there.
    private static func layOut(_ view: UIView, from: CGSize, to: CGSize, _ timing: Timing, start: CFTimeInterval) {
      func places() -> [(layer: CALayer, size: CGSize, position: CGPoint)] {
        var found: [(layer: CALayer, size: CGSize, position: CGPoint)] = []
        var pending = Array(view.subviews.reversed())
        while let subview = pending.popLast() {
          found.append((subview.layer, subview.layer.bounds.size, subview.layer.position))
          pending += subview.subviews.reversed()
        }
        return found
      }
      let origin = view.bounds.origin
      view.bounds = CGRect(origin: origin, size: from)
      view.layoutIfNeeded()
      var starts: [ObjectIdentifier: (size: CGSize, position: CGPoint)] = [:]
      for place in places() { starts[ObjectIdentifier(place.layer)] = (place.size, place.position) }
      view.bounds = CGRect(origin: origin, size: to)
      view.layoutIfNeeded()
      for b in places() {
        guard let a = starts[ObjectIdentifier(b.layer)] else { continue }
        if a.size != b.size {
          animate(b.layer, "bounds.size", from: a.size, to: b.size, timing, start: start, first: true)
        }
        if a.position != b.position {
          animate(b.layer, "position", from: a.position, to: b.position, timing, start: start, first: true)
        }
      }
    }
    """

  private static let timing = """
    /// When one of the scene's animations runs and with which curve.
    private struct Timing {
      enum Curve {
        /// One of Core Animation's named curves.
        case named(CAMediaTimingFunctionName)
        /// A cubic Bézier by its control points.
        case bezier(Float, Float, Float, Float)
        /// A spring evaluated in seconds; the duration only cuts it.
        case spring(
          mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity: CGFloat, allowsOverdamping: Bool)
      }

      var delay: CFTimeInterval
      var duration: CFTimeInterval
      var curve: Curve
      /// UIKit's system spring shows its final value once its 0.5 s are over.
      var endsExactly = false
    }

    /// Animates `keyPath` of `layer` from `from` to `to` with `timing`, counted from `start`.
    ///
    /// Explicit and not additive, as the scene's timeline is: of the animations of one property,
    /// the one that started last governs. So each keeps its last value once it ends (a spring its
    /// value where its duration cuts it) only until `next`, when the property's next animation
    /// starts: one animation of a property is in effect at a time. The first of a property also
    /// shows its `from` before it starts, as UIKit fills a delayed animation backwards.
    private static func animate(
      _ layer: CALayer, _ keyPath: String, from: Any, to: Any, _ timing: Timing, start: CFTimeInterval, first: Bool,
      next: CFTimeInterval? = nil
    ) {
      let animation: CABasicAnimation
      switch timing.curve {
      case .named(let name):
        animation = CABasicAnimation(keyPath: keyPath)
        animation.timingFunction = CAMediaTimingFunction(name: name)
      case .bezier(let x1, let y1, let x2, let y2):
        animation = CABasicAnimation(keyPath: keyPath)
        animation.timingFunction = CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)
      case .spring(let mass, let stiffness, let damping, let initialVelocity, let allowsOverdamping):
        let spring = CASpringAnimation(keyPath: keyPath)
        spring.mass = mass
        spring.stiffness = stiffness
        spring.damping = damping
        spring.initialVelocity = initialVelocity
        if #available(iOS 17.0, *) { spring.allowsOverdamping = allowsOverdamping }
        animation = spring
      }
      animation.fromValue = from
      animation.toValue = to
      var ending: CABasicAnimation?
      if timing.endsExactly {
        // Once the spring's time is over, its final value instead (UIKit removes the spring there).
        let end = CABasicAnimation(keyPath: keyPath)
        end.fromValue = to
        end.toValue = to
        end.beginTime = timing.duration
        end.fillMode = .forwards
        end.isRemovedOnCompletion = false
        ending = end
      }
      schedule(animation, ending: ending, on: layer, timing, start: start, first: first, next: next)
    }

    /// Adds `animation` to `layer` at `start + timing.delay` for `timing.duration`, then `ending`
    /// when there is one: it shows its first value before it starts when it is the `first` of
    /// its property, and its last once it ends, until `next`.
    private static func schedule(
      _ animation: CAAnimation, ending: CAAnimation? = nil, on layer: CALayer, _ timing: Timing,
      start: CFTimeInterval, first: Bool, next: CFTimeInterval?
    ) {
      animation.duration = timing.duration
      animation.fillMode = first ? .both : .forwards
      animation.isRemovedOnCompletion = false
      var animations = [animation]
      var endsExactly = false
      if let ending {
        animation.fillMode = first ? .backwards : .removed
        animations.append(ending)
        endsExactly = true
      }
      // A group lasts until `next` (with an `ending` and no `next`, until the transition ends) and
      // holds the last value until then; an animation with neither is added alone.
      let end: CFTimeInterval
      let fill: CAMediaTimingFillMode
      if let next {
        end = next
        fill = first ? .backwards : .removed
      } else if endsExactly {
        end = Self.duration
        fill = first ? .both : .forwards
      } else {
        animation.beginTime = start + timing.delay
        layer.add(animation, forKey: nil)
        return
      }
      let group = CAAnimationGroup()
      group.animations = animations
      group.beginTime = start + timing.delay
      group.duration = max(end - timing.delay, 1e-9)
      group.fillMode = fill
      group.isRemovedOnCompletion = false
      layer.add(group, forKey: nil)
    }
    """

  private static let keyframes = """
    /// Animates `keyPath` of `layer` through `values` at `times` (fractions of its duration),
    /// joined as `mode` says, with `timing`'s curve over the whole: `UIView.animateKeyframes`'
    /// animation of one key path. It starts and holds as `animate(_:_:from:to:…)` does; an
    /// `additive` one adds its values to what the key path's other animations give.
    private static func animate(
      _ layer: CALayer, _ keyPath: String, values: [Any], times: [NSNumber], mode: CAAnimationCalculationMode,
      _ timing: Timing, start: CFTimeInterval, first: Bool, next: CFTimeInterval? = nil, additive: Bool = false
    ) {
      let animation = CAKeyframeAnimation(keyPath: keyPath)
      animation.isAdditive = additive
      animation.values = values
      animation.keyTimes = times
      animation.calculationMode = mode
      switch timing.curve {
      case .named(let name): animation.timingFunction = CAMediaTimingFunction(name: name)
      case .bezier(let x1, let y1, let x2, let y2):
        animation.timingFunction = CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)
      case .spring: break  // Keyframes run on a Bézier curve; a scene cannot give them a spring.
      }
      schedule(animation, on: layer, timing, start: start, first: first, next: next)
    }
    """

  private static let steps = """
    /// One step of a transform, as the scene writes it (degrees, points).
    private enum Step {
      case perspective(CGFloat)
      case rotateX(CGFloat)
      case rotateY(CGFloat)
      case rotateZ(CGFloat)
      case scale(CGFloat, CGFloat, CGFloat)
      case translate(CGFloat, CGFloat, CGFloat)
      case matrix(CATransform3D)
    }

    /// The steps as one transform, built as `t = CATransform3DRotate(t, …)` calls build one: each
    /// step acts on a point before the steps written ahead of it.
    private static func steps(_ steps: Step...) -> CATransform3D {
      var transform = CATransform3DIdentity
      for step in steps {
        var next = CATransform3DIdentity
        switch step {
        case .perspective(let distance): next.m34 = -1 / distance
        case .rotateX(let degrees): next = CATransform3DMakeRotation(radians(degrees), 1, 0, 0)
        case .rotateY(let degrees): next = CATransform3DMakeRotation(radians(degrees), 0, 1, 0)
        case .rotateZ(let degrees): next = CATransform3DMakeRotation(radians(degrees), 0, 0, 1)
        case .scale(let x, let y, let z): next = CATransform3DMakeScale(x, y, z)
        case .translate(let x, let y, let z): next = CATransform3DMakeTranslation(x, y, z)
        case .matrix(let matrix): next = matrix
        }
        transform = CATransform3DConcat(next, transform)
      }
      return transform
    }
    """

  /// In the order they are written.
  private static let geometry: [Helper] = [
    Helper(
      name: "place",
      text: """
        /// Puts `layer` at `frame` (its superlayer's points) turning about `anchor` (units of the
        /// frame): `position` is where the anchor lands.
        private static func place(_ layer: CALayer, frame: CGRect, anchor: CGPoint) {
          layer.anchorPoint = anchor
          layer.bounds = CGRect(origin: .zero, size: frame.size)
          layer.position = CGPoint(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
        }
        """),
    Helper(
      name: "transform", calls: ["radians"],
      text: """
        /// The scene's transform: scale, then turns about z, x and y, then the translation.
        private static func transform(
          translate: CGPoint = .zero, translateZ: CGFloat = 0, scale: CGPoint = CGPoint(x: 1, y: 1), rotation: CGFloat = 0,
          rotationX: CGFloat = 0, rotationY: CGFloat = 0
        ) -> CATransform3D {
          var transform = CATransform3DMakeScale(scale.x, scale.y, 1)
          transform = CATransform3DConcat(transform, CATransform3DMakeRotation(radians(rotation), 0, 0, 1))
          transform = CATransform3DConcat(transform, CATransform3DMakeRotation(radians(rotationX), 1, 0, 0))
          transform = CATransform3DConcat(transform, CATransform3DMakeRotation(radians(rotationY), 0, 1, 0))
          return CATransform3DConcat(transform, CATransform3DMakeTranslation(translate.x, translate.y, translateZ))
        }
        """),
    Helper(
      name: "perspective",
      text: """
        /// A `sublayerTransform` with m34 = −1 ÷ `distance` about `center` (the layer's points):
        /// Core Animation applies it about the layer's anchor point, so it is moved there.
        private static func perspective(_ distance: CGFloat, about center: CGPoint, of layer: CALayer) -> CATransform3D {
          let dx = center.x - layer.anchorPoint.x * layer.bounds.width
          let dy = center.y - layer.anchorPoint.y * layer.bounds.height
          var eye = CATransform3DIdentity
          eye.m34 = -1 / distance
          let toCenter = CATransform3DConcat(CATransform3DMakeTranslation(-dx, -dy, 0), eye)
          return CATransform3DConcat(toCenter, CATransform3DMakeTranslation(dx, dy, 0))
        }
        """),
    Helper(
      name: "radians",
      text: """
        private static func radians(_ degrees: CGFloat) -> CGFloat {
          degrees * .pi / 180
        }
        """),
    Helper(
      name: "length",
      text: """
        /// sqrt(x² + y²), as the scene computes it (a circle that covers the container).
        private static func length(_ x: CGFloat, _ y: CGFloat) -> CGFloat {
          (x * x + y * y).squareRoot()
        }
        """),
    Helper(
      name: "circle",
      text: """
        /// A circle as four curves, so two circles animate point by point.
        private static func circle(center: CGPoint, radius: CGFloat) -> CGPath {
          CGPath(
            ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
            transform: nil)
        }
        """),
    Helper(
      name: "path",
      text: """
        /// A path from its segments' kinds (M move, L line, Q quadratic and C cubic curve, Z close)
        /// and their points' coordinates in order, as Segue reads the scene's SVG path data.
        private static func path(_ commands: String, _ numbers: [CGFloat]) -> CGPath {
          let path = CGMutablePath()
          var index = 0
          func point() -> CGPoint {
            defer { index += 2 }
            return CGPoint(x: numbers[index], y: numbers[index + 1])
          }
          for command in commands {
            switch command {
            case "M": path.move(to: point())
            case "L": path.addLine(to: point())
            case "Q":
              let control = point()
              path.addQuadCurve(to: point(), control: control)
            case "C":
              let control1 = point()
              let control2 = point()
              path.addCurve(to: point(), control1: control1, control2: control2)
            default: path.closeSubpath()
            }
          }
          return path
        }
        """),
    Helper(
      name: "roundedRect",
      text: """
        /// A rounded rectangle as four lines and four curves whatever its radius (at most half its
        /// shorter side), so two animate point by point.
        private static func roundedRect(_ rect: CGRect, cornerRadius: CGFloat) -> CGPath {
          let r = min(cornerRadius, rect.width / 2, rect.height / 2)
          // The control points of a quarter circle: 0.5523 of the radius from each end.
          let k = r * 0.5522847498
          let path = CGMutablePath()
          path.move(to: CGPoint(x: rect.minX + r, y: rect.minY))
          path.addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
          path.addCurve(
            to: CGPoint(x: rect.maxX, y: rect.minY + r), control1: CGPoint(x: rect.maxX - r + k, y: rect.minY),
            control2: CGPoint(x: rect.maxX, y: rect.minY + r - k))
          path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
          path.addCurve(
            to: CGPoint(x: rect.maxX - r, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - r + k),
            control2: CGPoint(x: rect.maxX - r + k, y: rect.maxY))
          path.addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
          path.addCurve(
            to: CGPoint(x: rect.minX, y: rect.maxY - r), control1: CGPoint(x: rect.minX + r - k, y: rect.maxY),
            control2: CGPoint(x: rect.minX, y: rect.maxY - r + k))
          path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
          path.addCurve(
            to: CGPoint(x: rect.minX + r, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + r - k),
            control2: CGPoint(x: rect.minX + r - k, y: rect.minY))
          path.closeSubpath()
          return path
        }
        """),
  ]
}
