import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// Whether a `mask` is a circle whose radius is `{"cover": …}`. Such a mask is read with the
  /// scene's geometry (`decodeCoverMask`); every other mask is numbers (`decodeValue`).
  static func isCoverMask(_ field: SceneField) -> Bool {
    guard case .object(let pairs) = field.value, let circle = pairs.first(where: { $0.key == "circle" })?.value,
      case .array(let items) = circle, items.count == 3, case .object = items[2]
    else { return false }
    return true
  }

  /// `{"circle": [cx, cy, {"cover": "container"}]}`: a circle about (cx, cy) in the target's own
  /// points whose radius reaches the farthest corner of a frame (`{"cover": …}` names it as
  /// `{"of": …}` does: `container`, `from`, `to`, a layer `to.ID`), read at run time as
  /// BubbleTransition sizes its bubble. The frame is taken into the target's own points, where
  /// it starts. The formula is nil when the scene has no geometry to read it in (no container).
  static func decodeCoverMask(_ field: SceneField, target: Target, targets: TargetResolver) throws(SceneError)
    -> (subject: ViewReference.Subject, formula: PropertyFormula?)
  {
    let members = try field.members(
      allowed: ["circle", "rect", "cornerRadius", "path"], what: AnimatableProperty.mask.summary)
    guard let circle = members["circle"] else { throw field.expected(AnimatableProperty.mask.summary) }
    if let extra = members["rect"] ?? members["cornerRadius"] ?? members["path"] {
      throw extra.error("a circle mask is {\"circle\": [cx, cy, r]} alone")
    }
    let items = try circle.elements(what: "[cx, cy, r] in points, r not negative", limit: 3)
    let cx = try decodeCentreCoordinate(items[0], horizontal: true, targets: targets)
    let cy = try decodeCentreCoordinate(items[1], horizontal: false, targets: targets)
    let subject = try decodeCover(items[2], targets: targets)
    guard let geometry = targets.geometry else { return (subject, nil) }
    let overlayRect = targets.overlays.first { $0.name == target.overlayName }?.rect
    let radius = geometry.coverRadius(of: subject, center: (cx, cy), in: target, overlayRect: overlayRect)
    return (subject, .circleMask(x: cx, y: cy, radius: radius))
  }

  /// A circle's centre coordinate: points, a share of a frame's width (cx) or height (cy)
  /// `{"of": ID, "times": k, "plus": c}`, or a `{"formula": …}`, as `translate` takes them.
  static func decodeCentreCoordinate(_ item: SceneField, horizontal: Bool, targets: TargetResolver)
    throws(SceneError) -> Measure
  {
    let limit = SceneLimits.maxCoordinate
    if case .object(let pairs) = item.value, pairs.contains(where: { $0.key == "formula" }) {
      return try decodeFormula(item, targets: targets)
    }
    if case .object = item.value {
      return try decodeShare(item, horizontal: horizontal, targets: targets, where: "a centre")
    }
    let what = "a centre coordinate in points within ±\(JSONValue.format(limit)), or {\"of\": ID, \"times\": k}"
    return .constant(try item.number(in: -limit...limit, what))
  }

  /// `{"cover": "container"}`: the frame a circle's radius covers.
  static func decodeCover(_ field: SceneField, targets: TargetResolver) throws(SceneError) -> ViewReference.Subject {
    let what = "a radius that covers a frame {\"cover\": \"container\", \"from\", \"to\" or \"to.ID\"}"
    let members = try field.members(allowed: ["cover"], what: what)
    guard let cover = members["cover"] else { throw field.error("missing key 'cover': \(what)") }
    let name = try cover.string("a frame: 'container', 'from', 'to' or a layer 'from.ID' / 'to.ID'")
    if name == "container" { return .container }
    // A word that names no screen and no overlay is a frame misspelt, not a target.
    if !name.contains("."), ScreenRole(rawValue: name) == nil, !targets.overlayNames.contains(name) {
      let frames = ["container"] + ScreenRole.allCases.map(\.rawValue)
      var message = "unknown frame '\(name)'"
      if let guess = SceneField.closest(to: name, in: frames) { message += " (did you mean '\(guess)'?)" }
      throw cover.error(message + "; a circle covers 'container', 'from', 'to' or a layer 'from.ID' / 'to.ID'")
    }
    switch try targets.resolve(cover) {
    case .screen(let role): return .screen(role)
    case .layer(let role, let id): return .layer(role, id: id)
    case .overlay(let name):
      throw cover.error(
        "'\(name)' is an overlay the animator makes, not a view of the app: name a layer, a screen or 'container'")
    case .mask(let host):
      throw cover.error(
        "'\(host).mask' is a mask layer the animator makes, not a view of the app: name a layer, a screen or "
          + "'container'")
    }
  }
}
