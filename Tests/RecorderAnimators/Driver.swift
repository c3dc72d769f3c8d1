import UIKit

// Records each hand-written animator with TransitionRecorder into the folder given as the first
// argument, then plays it again on its own (a StandInTransitionContext, the same screens) and
// prints, at every 60th of a second until completeTransition, each named view's corners on
// screen and its opacity as a line of JSON: what the animator does, for the test to compare with
// the recorded scene's frames.

/// A case: its animator, its operation and its screens.
struct RecorderCase {
  let name: String
  let operation: TransitionRecorder.Operation
  let style: UIModalPresentationStyle
  let make: @MainActor () -> any UIViewControllerAnimatedTransitioning
  /// Whether the recorder must refuse it (strict), and what strict: false leaves out.
  var refused = false
}

@main
struct Driver {
  /// The container of the pass being run: 390 × 844 first, then a small and a large one, as the
  /// same animator runs on every device.
  nonisolated(unsafe) static var size = CGSize(width: 390, height: 844)
  static let sizes = [
    CGSize(width: 390, height: 844), CGSize(width: 375, height: 667), CGSize(width: 820, height: 1180),
  ]

  @MainActor static func main() {
    let folder = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
    for container in sizes {
      size = container
      let primary = container == sizes[0]
      run(
        cases(suffix: primary ? "" : "@\(Int(container.width))x\(Int(container.height))"), primary: primary,
        folder: folder)
    }
    size = sizes[0]
    assertions(folder)
  }

  /// The animators, named with `suffix` (the container's size, after the first).
  @MainActor static func cases(suffix: String) -> [RecorderCase] {
    let all: [RecorderCase] = [
      RecorderCase(name: "chained-sheet", operation: .present, style: .fullScreen, make: { ChainedSheetAnimator() }),
      RecorderCase(name: "keyframe-zoom", operation: .pop, style: .fullScreen, make: { KeyframeZoomAnimator() }),
      RecorderCase(name: "property-push", operation: .push, style: .fullScreen, make: { PropertyAnimatorPush() }),
      RecorderCase(
        name: "layer-animations", operation: .present, style: .fullScreen, make: { LayerAnimationsAnimator() }),
      RecorderCase(name: "flip", operation: .push, style: .fullScreen, make: { FlipAnimator() }),
      RecorderCase(name: "moved-thumbnail", operation: .push, style: .fullScreen, make: { MovedThumbnailAnimator() }),
      RecorderCase(name: "wrapped-card", operation: .present, style: .fullScreen, make: { WrappedCardAnimator() }),
      RecorderCase(name: "scaled-mask", operation: .present, style: .fullScreen, make: { ScaledMaskAnimator() }),
      RecorderCase(
        name: "circle-reveal", operation: .present, style: .fullScreen,
        make: { CircleRevealAnimator(tap: CGPoint(x: size.width - 70, y: size.height - 84)) }),
      RecorderCase(
        name: "bubble-present", operation: .present, style: .custom,
        make: { BubbleStyleAnimator(presenting: true, start: CGPoint(x: size.width - 44, y: 64)) }),
      RecorderCase(
        name: "bubble-dismiss", operation: .dismiss, style: .custom,
        make: { BubbleStyleAnimator(presenting: false, start: CGPoint(x: size.width - 44, y: 64)) }),
      RecorderCase(name: "deck-present", operation: .present, style: .custom, make: { DeckStyleAnimator() }),
      RecorderCase(name: "snapshot-zoom", operation: .push, style: .fullScreen, make: { SnapshotZoomAnimator() }),
      RecorderCase(
        name: "custom-property", operation: .push, style: .fullScreen, make: { CustomPropertyAnimator() }, refused: true
      ),
    ]
    return all.map { item in
      var named = RecorderCase(name: item.name + suffix, operation: item.operation, style: item.style, make: item.make)
      named.refused = item.refused
      return named
    }
  }

  /// Records each case (the refused one only in the first pass) and plays it again.
  @MainActor static func run(_ cases: [RecorderCase], primary: Bool, folder: URL) {
    for item in cases where primary || !item.refused {
      StandInClock.reset(to: 1000)
      let (from, to) = screens()
      do {
        let recording = try TransitionRecorder.record(
          item.make(), operation: item.operation, from: from, to: to, container: size,
          presentationStyle: item.style, name: item.name, advance: { StandInClock.advance(by: $0) })
        try recording.write(to: folder)
        print("{\"case\": \"\(item.name)\", \"recorded\": true, \"notes\": \(recording.notes.count)}")
      } catch let error as RecordingError {
        print("{\"case\": \"\(item.name)\", \"refused\": \(json(error.description))}")
        // The rest, without what it refused.
        StandInClock.reset(to: 1000)
        let (from, to) = screens()
        if let recording = try? TransitionRecorder.record(
          item.make(), operation: item.operation, from: from, to: to, container: size,
          presentationStyle: item.style, name: item.name, strict: false, advance: { StandInClock.advance(by: $0) })
        {
          _ = try? recording.write(to: folder)
          print(
            "{\"case\": \"\(item.name)\", \"leftOut\": \(json(recording.leftOut.map(\.description).joined(separator: "\n")))}"
          )
        }
        continue
      } catch {
        print("{\"case\": \"\(item.name)\", \"failed\": \(json("\(error)"))}")
        continue
      }
      play(item)
    }
  }

  /// `assertTransition` against the chained sheet's recording: the same animator matches it; one
  /// whose slide lasts 0.4 s does not, and the message says where; a scene not there yet is
  /// recorded.
  @MainActor static func assertions(_ folder: URL) {
    func attempt(_ label: String, slide: TimeInterval, scene: String) {
      StandInClock.reset(to: 1000)
      let (from, to) = screens()
      do {
        try assertTransition(
          try TransitionRecorder.record(
            ChainedSheetAnimator(slide: slide), operation: .present, from: from, to: to, container: size,
            name: "chained-sheet", advance: { StandInClock.advance(by: $0) }),
          matches: folder.appendingPathComponent(scene).path)
        print("{\"case\": \"\(label)\", \"asserted\": true}")
      } catch {
        print("{\"case\": \"\(label)\", \"asserted\": false, \"message\": \(json("\(error)"))}")
      }
    }
    attempt("assert-same", slide: 0.35, scene: "chained-sheet.json")
    attempt("assert-changed", slide: 0.4, scene: "chained-sheet.json")
    attempt("assert-new", slide: 0.35, scene: "new-sheet.json")
    oddNames(folder)
  }

  /// A name and an identifier with what must not reach a scene or a file name: a path, control,
  /// separator and direction characters, U+0600, `*/`, `</script>`, 200 more characters. The
  /// moved thumbnail makes the identifier both a layer's id and an overlay's name.
  @MainActor static func oddNames(_ folder: URL) {
    StandInClock.reset(to: 1000)
    let (from, to) = screens()
    let odd = "a.b/c\\d\r\u{2028}\u{0085}\u{202E}\u{0600}*/</script>"
    let row = from.view.subviews.first { $0.accessibilityIdentifier == "row1" }
    row?.subviews.first?.accessibilityIdentifier = "thumb" + odd
    do {
      let recording = try TransitionRecorder.record(
        MovedThumbnailAnimator(), operation: .push, from: from, to: to, container: size,
        name: "../odd" + odd + String(repeating: "n", count: 200), advance: { StandInClock.advance(by: $0) })
      let file = try recording.write(to: folder)
      print("{\"case\": \"odd-names\", \"file\": \(json(file.path)), \"name\": \(json(recording.name))}")
    } catch {
      print("{\"case\": \"odd-names\", \"failed\": \(json("\(error)"))}")
    }
  }

  /// A list screen and a detail screen, each with named views, as an app's would be.
  @MainActor static func screens() -> (UIViewController, UIViewController) {
    let from = UIViewController()
    from.view.frame = CGRect(origin: .zero, size: size)
    from.view.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    for row in 0..<4 {
      let cell = UIView(frame: CGRect(x: 16, y: 120 + CGFloat(row) * 96, width: size.width - 32, height: 80))
      cell.backgroundColor = .white
      cell.layer.cornerRadius = 12
      cell.accessibilityIdentifier = "row\(row)"
      let thumb = UIView(frame: CGRect(x: 12, y: 12, width: 56, height: 56))
      thumb.backgroundColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
      thumb.layer.cornerRadius = 8
      thumb.accessibilityIdentifier = "thumb\(row)"
      cell.addSubview(thumb)
      from.view.addSubview(cell)
    }
    let to = UIViewController()
    to.view.frame = CGRect(origin: .zero, size: size)
    to.view.backgroundColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
    let header = UIView(frame: CGRect(x: 0, y: 0, width: size.width, height: 300))
    header.backgroundColor = UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1)
    to.view.addSubview(header)
    let badge = UIView(frame: CGRect(x: size.width / 2 - 40, y: 400, width: 80, height: 80))
    badge.backgroundColor = .white
    badge.layer.cornerRadius = 40
    badge.accessibilityIdentifier = "badge"
    to.view.addSubview(badge)
    return (from, to)
  }

  /// Plays the case's animator again, where UIKit would have its views, and prints what it
  /// draws at each 60th of a second.
  @MainActor static func play(_ item: RecorderCase) {
    StandInClock.reset(to: 1000)
    let (from, to) = screens()
    let window = UIView(frame: CGRect(origin: .zero, size: size))
    let container = UIView(frame: window.bounds)
    window.addSubview(container)
    switch item.operation {
    case .push, .pop, .dismiss: container.addSubview(from.view)
    case .present: window.insertSubview(from.view, belowSubview: container)
    }
    // The presenting screen stays in the window, under the container, unless it is full screen.
    if item.operation == .dismiss && item.style != .fullScreen {
      window.insertSubview(to.view, belowSubview: container)
    }
    let context = StandInTransitionContext(containerView: container, from: from, to: to)
    context.presentationStyle = item.style
    context.setInitialFrame(from.view.frame, for: from)
    context.setFinalFrame(to.view.frame, for: to)
    item.make().animateTransition(using: context)
    StandInClock.advance(by: 0)
    var frame = 0
    while context.completeTransitionCalls.isEmpty, frame < 600 {
      sample(
        item.name, frame: frame, window: window, container: container, screens: [("from", from.view), ("to", to.view)])
      frame += 1
      StandInClock.advance(to: 1000 + Double(frame) / 60)
    }
    print("{\"case\": \"\(item.name)\", \"frames\": \(frame), \"completed\": \(StandInClock.now - 1000)}")
  }

  /// Every view in the window: its node name as the recorded scene names it (screens
  /// `screen.ROLE`, the others `segue.` and their scene name), its bounds' corners in the window
  /// as (x, y, w), and its opacity.
  @MainActor static func sample(
    _ name: String, frame: Int, window: UIView, container: UIView, screens: [(String, UIView)]
  ) {
    var pending: [UIView] = window.subviews.flatMap { $0 === container ? container.subviews : [$0] }
    while let view = pending.popLast() {
      pending += view.subviews
      var node: String?
      if let screen = screens.first(where: { $0.1 === view }) {
        node = "screen." + screen.0
      } else if let id = view.accessibilityIdentifier {
        let role = screens.first { view.isDescendant(of: $0.1) }?.0
        node = "segue." + (role.map { $0 + "." } ?? "") + id
      }
      guard let node else { continue }
      let layer = view.layer.presentation() ?? view.layer
      let corners = absolute(view, window: window, container: container)
      let opacity = view.isHidden ? 0 : Double(layer.opacity)
      // A mask's ellipse (the stand-in keeps a path's shapes): its rect in the view's points.
      var mask = "null"
      var mapped = "null"
      if let shape = view.layer.mask as? CAShapeLayer,
        case .ellipse(let rect, _)? = (shape.presentation() ?? shape).path?.standInSingleShape
      {
        mask = "\([rect.minX, rect.minY, rect.width, rect.height].map { Double($0) })"
        // Where its layer's own transform puts it in the view: its corners through the mask
        // layer's map (about its anchor, at its position), as a box.
        let layer = shape.presentation() ?? shape
        let size = layer.bounds.size
        var m = CATransform3DMakeTranslation(
          -layer.anchorPoint.x * size.width - layer.bounds.minX, -layer.anchorPoint.y * size.height - layer.bounds.minY,
          0)
        m = CATransform3DConcat(m, layer.transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(layer.position.x, layer.position.y, 0))
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
          .map {
            (x, y) in (Double(x * m.m11 + y * m.m21 + m.m41), Double(x * m.m12 + y * m.m22 + m.m42))
          }
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        mapped = "\([xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!])"
      }
      print(
        "{\"case\": \"\(name)\", \"frame\": \(frame), \"node\": \"\(node)\", \"absolute\": \(corners), "
          + "\"opacity\": \(opacity), \"mask\": \(mask), \"maskMapped\": \(mapped)}")
    }
  }

  /// The corners of a view's bounds in the window's points, each as (x, y, w): each layer's own
  /// map (its bounds about its anchor, its transform, at its position), then its superlayer's
  /// sublayerTransform about the superlayer's centre, flattened into each plane up to the window.
  @MainActor static func absolute(_ view: UIView, window: UIView, container: UIView) -> [Double] {
    func shown(_ layer: CALayer) -> CALayer { layer.presentation() ?? layer }
    func own(_ layer: CALayer) -> CATransform3D {
      let size = layer.bounds.size
      var m = CATransform3DMakeTranslation(-layer.anchorPoint.x * size.width, -layer.anchorPoint.y * size.height, 0)
      m = CATransform3DConcat(m, layer.transform)
      return CATransform3DConcat(m, CATransform3DMakeTranslation(layer.position.x, layer.position.y, layer.zPosition))
    }
    func flat(_ m: CATransform3D) -> CATransform3D {
      var m = m
      m.m13 = 0
      m.m23 = 0
      m.m33 = 1
      m.m43 = 0
      return m
    }
    var map = own(shown(view.layer))
    var current: UIView = view
    while let parent = current.superview, parent !== window {
      let layer = shown(parent.layer)
      let size = layer.bounds.size
      let centre = CATransform3DMakeTranslation(size.width / 2, size.height / 2, 0)
      let back = CATransform3DMakeTranslation(-size.width / 2, -size.height / 2, 0)
      let sublayer = CATransform3DConcat(CATransform3DConcat(back, layer.sublayerTransform), centre)
      map = flat(CATransform3DConcat(map, sublayer))
      map = CATransform3DConcat(map, own(layer))
      current = parent
    }
    let size = shown(view.layer).bounds.size
    var out: [Double] = []
    for (x, y) in [
      (0.0, 0.0), (Double(size.width), 0.0), (0.0, Double(size.height)), (Double(size.width), Double(size.height)),
    ] {
      let px = x * Double(map.m11) + y * Double(map.m21) + Double(map.m41)
      let py = x * Double(map.m12) + y * Double(map.m22) + Double(map.m42)
      let pw = x * Double(map.m14) + y * Double(map.m24) + Double(map.m44)
      out += [px, py, pw]
    }
    return out
  }

  static func json(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}
