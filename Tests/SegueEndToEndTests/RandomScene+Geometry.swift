import SegueTestSupport

/// The geometry an app decides (issue 43, parts 1, 3 and 4), in random custom scenes: layers
/// pinned to the screen or its safe area, snapshot and overlay rects and mask-layer frames as
/// numbers, pins (a `times` of a view among them) or frames of views (`of`, `shift`, `inset`),
/// frames of views and of the safe area as animations' ends, and circle masks that grow to cover
/// a frame. Each form is one case of a switch, so a form still to come (`"resize": "transform"`
/// beside a frame) is one more case.
extension RandomScene {
  /// A number of `range`, to three decimals, as JSON.
  static func number(_ range: ClosedRange<Double>, _ random: inout SplitMix64) -> String {
    "\((Double.random(in: range, using: &random) * 1000).rounded() / 1000)"
  }

  /// The views a frame, a `times` or a cover may name in a scene with the layers `layers`
  /// (`from.f0`, …): the container, its safe area (not for a cover), the screens and their layers.
  static func views(_ layers: [String], safeArea: Bool = true) -> [String] {
    ["container"] + (safeArea ? ["safeArea"] : []) + ["from", "to"] + layers
  }

  /// A layer's rect pinned to its screen, or to the screen's safe area one time in two: two pins
  /// an axis, none of them `times` (a layer is laid out before the app runs). Sides and centres
  /// stay within 60 points and sizes within 40…200, so no container of 375 x 667 or more, nor a
  /// safe area of 93 points down, leaves a negative size.
  static func layerPins(_ random: inout SplitMix64) -> String {
    var fields = Bool.random(using: &random) ? ["\"in\": \"safeArea\""] : []
    for (low, high, center, size) in [("left", "right", "centerX", "width"), ("top", "bottom", "centerY", "height")] {
      let side = number(0...60, &random)
      let length = number(40...200, &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: fields += ["\"\(low)\": \(side)", "\"\(size)\": \(length)"]
      case 1: fields += ["\"\(high)\": \(side)", "\"\(size)\": \(length)"]
      case 2: fields += ["\"\(low)\": \(side)", "\"\(high)\": \(number(0...60, &random))"]
      default: fields += ["\"\(center)\": \(number(-60...60, &random))", "\"\(size)\": \(length)"]
      }
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// A rect the app decides (a snapshot's or an overlay's `rect`, a mask layer's `frame`): numbers,
  /// pins or a frame of one of `views`. `side` bounds the pins' sides and centres: two of them
  /// must leave the parent a positive size (60 in a container, 8 over a layer of 34 points).
  static func appRect(_ views: [String], side: Double, _ random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      return "[\(number(0...200, &random)), \(number(0...600, &random)), \(number(20...390, &random)), "
        + "\(number(20...400, &random))]"
    case 1: return pins(views, side: side, &random)
    default: return frameOf(views, &random)
    }
  }

  /// Two pins an axis; a size one time in three `{"of": ID, "times": k}`, k times that view's
  /// width (across) or height (down), read at run time.
  static func pins(_ views: [String], side: Double, _ random: inout SplitMix64) -> String {
    var fields: [String] = []
    for (low, high, center, size) in [("left", "right", "centerX", "width"), ("top", "bottom", "centerY", "height")] {
      let length =
        Int.random(in: 0..<3, using: &random) == 0
        ? "{\"of\": \"\(views.randomElement(using: &random) ?? "container")\", \"times\": \(number(0.1...1, &random))}"
        : number(10...200, &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: fields += ["\"\(low)\": \(number(0...side, &random))", "\"\(size)\": \(length)"]
      case 1: fields += ["\"\(high)\": \(number(0...side, &random))", "\"\(size)\": \(length)"]
      case 2: fields += ["\"\(low)\": \(number(0...side, &random))", "\"\(high)\": \(number(0...side, &random))"]
      default: fields += ["\"\(center)\": \(number(-side...side, &random))", "\"\(size)\": \(length)"]
      }
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// `{"of": ID}`, one time in two shifted by shares of its size (or, per axis one time in three,
  /// by a `times` of another view), one time in two inset by up to 8 points a side (a layer is 34
  /// points or more in every layout).
  static func frameOf(_ views: [String], _ random: inout SplitMix64) -> String {
    var fields = ["\"of\": \"\(views.randomElement(using: &random) ?? "container")\""]
    if Bool.random(using: &random) {
      let shift = (0..<2).map { _ in
        Int.random(in: 0..<3, using: &random) == 0
          ? "{\"of\": \"\(views.randomElement(using: &random) ?? "container")\", \"times\": \(number(-1...1, &random))}"
          : number(-1...1, &random)
      }
      fields.append("\"shift\": [\(shift.joined(separator: ", "))]")
    }
    if Bool.random(using: &random) {
      fields.append("\"inset\": [\((0..<4).map { _ in number(0...8, &random) }.joined(separator: ", "))]")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// Where an animation's `frame` ends: numbers, or a frame of a view (the safe area's among
  /// them). `"resize": "transform"` beside it would be one more case here.
  static func frameTo(_ views: [String], _ random: inout SplitMix64) -> String {
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      return "\"frame\": [\(number(-50...200, &random)), \(number(-50...600, &random)), \(number(50...390, &random)), "
        + "\(number(50...844, &random))]"
    case 1: return "\"frame\": {\"of\": \"safeArea\"\(Bool.random(using: &random) ? ", \"shift\": [0, 1]" : "")}"
    default: return "\"frame\": \(frameOf(views, &random))"
    }
  }

  /// The animations that mask `host` (a screen, a layer or a snapshot of `size`): a rounded rect
  /// whose mask layer starts at a rect the app decides and grows or moves, or a circle from a
  /// point of the host that grows to cover a frame (`{"cover": ID}`, read at run time). Both on
  /// curves that do not overshoot below their start (a radius below 0 draws nothing in Segue).
  static func maskAnimations(
    _ host: String, size: (Double, Double), _ views: [String], _ random: inout SplitMix64
  ) -> [String] {
    let calm = ["\"easeInOut\"", "\"linear\"", "\"easeOut\"", "\"systemSpring\""]
    let curve = calm.randomElement(using: &random) ?? "\"linear\""
    if Bool.random(using: &random) {
      let mask =
        "{\"rect\": [0, 0, \(number(20...100, &random)), \(number(20...100, &random))], "
        + "\"cornerRadius\": \(number(0...10, &random))}"
      let move =
        Bool.random(using: &random)
        ? "\"scale\": \(number(0.5...4, &random))"
        : "\"translate\": [\(number(-40...40, &random)), \(number(-40...40, &random))]"
      return [
        "{\"target\": \"\(host)\", \"from\": {\"mask\": \(mask)}, \"to\": {\"opacity\": 1}}",
        "{\"target\": \"\(host).mask\", \"from\": {\"frame\": \(appRect(views, side: 8, &random))}, "
          + "\"to\": {\(move)}, \"curve\": \(curve)}",
      ]
    }
    let center = "\(number(0...size.0, &random)), \(number(0...size.1, &random))"
    let cover = views.filter { $0 != "safeArea" }.randomElement(using: &random) ?? "container"
    return [
      "{\"target\": \"\(host)\", \"from\": {\"mask\": {\"circle\": [\(center), \(number(0...10, &random))]}}, "
        + "\"to\": {\"mask\": {\"circle\": [\(center), {\"cover\": \"\(cover)\"}]}}, \"curve\": \(curve)}"
    ]
  }
}
