import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueScene
import Testing

/// One scene's samples from the stand-in against the scene's own timeline.
struct ReplayComparison {
  let loaded: LoadedScene
  let samples: [[String: Any]]

  var plan: MotionPlan { loaded.plan }
  var name: String { loaded.scene.name }
  /// 1e-6 of the container's size: Core Animation's timing functions take Float control points.
  var tolerance: Double { 1e-6 * max(1, loaded.scene.size.width, loaded.scene.size.height) }

  /// Whether a point's coordinate `value` is `want`'s: within `tolerance`, or 1e-6 of `want`
  /// itself when that is larger. The Float timing's error in the progress (about 6e-8) moves a
  /// point by that much of the way it travels, which for a point carried thousands of points off
  /// the container (a zoom of 150 into a logo) is about its coordinate.
  func near(_ value: Double, _ want: Double) -> Bool {
    abs(value - want) <= max(tolerance, 1e-6 * abs(want))
  }

  /// Where the transition ends: its end, or its start when its interaction is cancelled.
  var final: Moment { loaded.scene.interaction?.release == .cancel ? .start : .end }

  func check() {
    checkHierarchy()
    let completed = samples.first { $0["completed"] != nil }?["completed"] as? [Bool]
    let finishes = final == .end
    #expect(completed == [finishes], "\(name): completeTransition calls \(completed ?? [])")
    let last = loaded.timeline.frameCount - 1
    var compared = 0
    for sample in samples {
      guard let frame = sample["frame"] as? Int, let node = sample["node"] as? String else { continue }
      let moment: Moment = frame < 0 ? final : loaded.timeline.frame(frame).moment
      guard frame < 0 || frame < last else { continue }
      guard let expected = expectation(for: node, at: moment, in: sample) else { continue }
      compare(sample, expected, "\(name) frame \(frame < 0 ? "after completion" : "\(frame)") \(node)")
      compared += 1
    }
    #expect(compared > 0, "\(name): nothing compared")
  }

  /// UIKit's ownership rules: a presenting view that a `.custom`, `.overFullScreen` or
  /// `.pageSheet` presentation keeps is never in the container, at any frame or after; every
  /// other screen ends in the container when the scene shows it at the end, and out of it
  /// when it does not.
  func checkHierarchy() {
    let transition = loaded.scene.transition
    let kept = transition.presentingRole.flatMap { transition.animatorOwns($0) ? nil : $0 }
    if let kept {
      for sample in samples where sample["node"] as? String == "screen.\(kept.rawValue)" {
        #expect(sample["superview"] as? String == "window", "\(name): the \(kept.rawValue) view moved: \(sample)")
      }
    }
    guard let hierarchy = samples.first(where: { $0["hierarchy"] != nil })?["hierarchy"] as? [String: String] else {
      Issue.record("\(name): no hierarchy after the completion")
      return
    }
    for role in ScreenRole.allCases {
      let expected = role == kept ? "window" : plan.isShown(.screen(role), at: final) ? "container" : "none"
      #expect(hierarchy[role.rawValue] == expected, "\(name): \(role.rawValue) ends in \(hierarchy), not \(expected)")
    }
  }

  /// What Segue draws for a node: its map's corners, size, opacity, corner radius, shadow, mask.
  struct Expected {
    var transform: Transform3D
    var size: Size
    var opacity: Double
    var cornerRadius: Double
    var shadow: Shadow?
    var mask: Mask?
    var checksMask = true
    /// The mask layer's points to the node's, and its opacity (`to.mask`).
    var maskTransform: Transform3D = .identity
    var maskOpacity = 1.0
    /// For a snapshot the animator makes: the screen and rectangle it shows.
    var piece: Overlay.Snapshot?
    /// Maps the points of the node's parent (its screen's or group's content, or the container)
    /// to the container's, as Segue draws them: with `transform`, where the node is on screen.
    /// Nil where that is not compared.
    var parent: Transform3D?
  }

  func expectation(for node: String, at moment: Moment, in sample: [String: Any]) -> Expected? {
    let hidden = sample["hidden"] as? Bool ?? false
    let attached = sample["attached"] as? Bool ?? true
    if node.hasPrefix("segue.match.") {
      let id = String(node.dropFirst("segue.match.".count))
      guard moment != .end, moment != .start, let morph = plan.morphs.first(where: { $0.id == id }),
        let layer = plan.morphLayer(morph, at: moment)
      else { return nil }
      return Expected(
        transform: layer.transform, size: layer.bounds, opacity: layer.opacity,
        cornerRadius: layer.cornerRadii.values.first { $0 != 0 } ?? 0, shadow: nil, mask: nil, parent: top)
    }
    if node.hasPrefix("segue.layout.") {
      // A pinned layer of a screen laid out while it resizes: where its pins put it at the screen's
      // size at this moment, in the screen's points.
      let parts = node.split(separator: ".")
      guard parts.count == 4, let role = ScreenRole(rawValue: String(parts[2])), let index = Int(parts[3]),
        moment != .end, moment != .start
      else { return nil }
      let size = plan.state(of: .screen(role), at: moment).frame.size
      let layers = Layer.laidOut(plan.scene.screen(role).layers, in: size)
      guard layers.indices.contains(index) else { return nil }
      let rect = layers[index].rect
      return Expected(
        transform: .translation(rect.x, rect.y), size: rect.size, opacity: 1, cornerRadius: 0, shadow: nil, mask: nil,
        checksMask: false, parent: parentMap(role, path: [index], at: moment))
    }
    let target: Target
    var depth = 0.0
    // Where the node is in its screen (nil: in the container).
    var place: (role: ScreenRole, path: [Int])?
    switch node {
    case "screen.from", "segue.from": target = .screen(.from)
    case "screen.to", "segue.to": target = .screen(.to)
    default:
      let name = String(node.dropFirst("segue.".count))
      if let role = ScreenRole.allCases.first(where: { name.hasPrefix($0.rawValue + ".") }),
        let path = plan.layerPath(role, id: String(name.dropFirst(role.rawValue.count + 1))),
        let layer = plan.scene.screen(role).layer(at: path), let id = layer.id
      {
        target = .layer(role, id: id)
        depth = layer.zPosition
        place = (role, path)
      } else if plan.custom.overlay(name) != nil {
        target = .overlay(name)
      } else if let role = ScreenRole.allCases.first(where: { name.hasPrefix($0.rawValue + ".") }),
        case let path = name.dropFirst(role.rawValue.count + 1).split(separator: ".").compactMap({ Int($0) }),
        let layer = plan.scene.screen(role).layer(at: path), !plan.isCarrier(role, path: path),
        let named = plan.target(of: layer, at: path, in: role)
      {
        // A sublayer without an id that a cascade moves.
        target = named
        depth = layer.zPosition
        place = (role, path)
      } else if let role = ScreenRole.allCases.first(where: { name.hasPrefix($0.rawValue + ".") }),
        case let path = name.dropFirst(role.rawValue.count + 1).split(separator: ".").compactMap({ Int($0) }),
        plan.isCarrier(role, path: path), let layer = plan.scene.screen(role).layer(at: path)
      {
        // A carrier: an empty view at its group's rectangle, with the group's opacity and corners.
        if sample["hidden"] as? Bool == true || sample["attached"] as? Bool == false { return nil }
        guard moment != .end, moment != .start else { return nil }
        let state = MotionPlan.TargetState(unanimated: layer)
        return Expected(
          transform: Transform3D.translation(0, 0, layer.zPosition) * state.transform, size: state.frame.size,
          opacity: state.opacity, cornerRadius: state.cornerRadii.values.first { $0 != 0 } ?? 0, shadow: nil,
          mask: nil, parent: parentMap(role, path: path, at: moment))
      } else {
        return nil
      }
    }
    // A real screen hidden behind its snapshot, or views gone after completion, show nothing.
    if hidden || !attached { return nil }
    let ended = moment == .end || moment == .start
    if ended, !node.hasPrefix("screen.") { return nil }
    if ended, !plan.isShown(target, at: moment) { return nil }
    let state = plan.state(of: target, at: moment)
    // Scaled to its frame, it keeps its bounds B and its transform maps them onto the frame.
    let kept = keepsBounds(target) ? plan.transformBounds(of: target) : nil
    var expected = Expected(
      transform: Transform3D.translation(0, 0, depth)
        * (kept.map { MotionPlan.scaledTransform(state, keeping: $0) } ?? state.transform),
      size: kept ?? state.frame.size,
      opacity: state.opacity, cornerRadius: state.cornerRadii.values.first { $0 != 0 } ?? 0, shadow: state.shadow,
      mask: state.mask, checksMask: !ended)
    if case .overlay(let name) = target { expected.piece = plan.custom.overlay(name)?.snapshot }
    // A circle Segue draws as the ellipse of a square is the square rounded by half its side,
    // as the app's view draws it (`cornerRadius = bounds.width / 2`).
    if case .overlay(let name) = target, plan.custom.overlay(name)?.layer?.shape == .ellipse,
      state.frame.width == state.frame.height
    {
      expected.cornerRadius = state.frame.width / 2
    }
    if !ended {
      if let place {
        expected.parent = parentMap(place.role, path: place.path, at: moment)
      } else if case .overlay(let name) = target, let role = plan.custom.overlay(name)?.over {
        expected.parent = parentMap(role, path: [0], at: moment)
      } else {
        expected.parent = top
      }
    }
    if let maskLayer = plan.maskLayer(of: target, at: moment) {
      expected.maskTransform = maskLayer.transform
      expected.maskOpacity = maskLayer.opacity
    }
    return expected
  }

  /// The container's points as Segue draws them: under its perspective about its centre (none:
  /// the identity), which leaves every point of the plane z = 0 where it is.
  var top: Transform3D {
    let size = plan.scene.size
    guard plan.custom.perspective.isFinite else { return .identity }
    return .perspective(
      distance: plan.custom.perspective, center: Point(x: size.width / 2, y: size.height / 2))
  }

  /// Maps the content points of the parent of the layer at `path` in `role`'s screen (the screen,
  /// or the group around it) to the container's, as Segue's compositor places it: each layer's
  /// content map is its transform times its stretch, bounds ÷ content size (so a layer at y in a
  /// screen of height H whose frame is h tall is at y·h ÷ H), then its sublayerTransform, a
  /// perspective about its content's centre; what is inside a layer that is not a 3D group is
  /// flattened into its plane.
  func parentMap(_ role: ScreenRole, path: [Int], at moment: Moment) -> Transform3D {
    func perspective(_ distance: Double?, _ size: Size) -> Transform3D {
      guard let distance else { return .identity }
      return .perspective(distance: distance, center: Point(x: size.width / 2, y: size.height / 2))
    }
    func stretch(_ bounds: Size, _ content: Size) -> Transform3D {
      .scale(
        content.width > 0 ? bounds.width / content.width : 1, content.height > 0 ? bounds.height / content.height : 1)
    }
    let screen = plan.scene.screen(role)
    let state = plan.state(of: .screen(role), at: moment)
    var size = screen.resize == .layout ? state.frame.size : plan.screenSizes[role] ?? plan.scene.size
    var screenMap = state.transform * stretch(state.frame.size, size)
    if keepsBounds(.screen(role)) {
      // Its content is in the points of the bounds it keeps, scaled onto its frame.
      size = plan.transformBounds(of: .screen(role))
      screenMap = MotionPlan.scaledTransform(state, keeping: size)
    }
    var map = Transform3D(flattening: (top * screenMap).planar) * perspective(screen.perspective, size)
    for depth in stride(from: 1, to: path.count, by: 1) {
      let prefix = Array(path.prefix(depth))
      guard let layer = screen.layer(at: prefix) else { break }
      let own =
        plan.target(of: layer, at: prefix, in: role).map { plan.state(of: $0, at: moment) }
        ?? MotionPlan.TargetState(unanimated: layer)
      let carrier = plan.isCarrier(role, path: prefix)
      let content = layer.resize == .layout && !carrier ? own.frame.size : layer.rect.size
      // Scaled to its frame: its content (laid out at the bounds it keeps in place, or a snapshot
      // at its own size, stretched to them) under the scale onto the frame.
      let kept = plan.target(of: layer, at: prefix, in: role).flatMap { keepsBounds($0) ? $0 : nil }
      let placed =
        kept.map { target -> Transform3D in
          let bounds = plan.transformBounds(of: target)
          let inPlace = plan.inPlacePaths[role]?.contains(prefix) == true
          return MotionPlan.scaledTransform(own, keeping: bounds) * stretch(bounds, inPlace ? bounds : content)
        } ?? own.transform * stretch(own.frame.size, content)
      let inner = map * Transform3D.translation(0, 0, layer.zPosition) * placed
      let sublayers = perspective(layer.perspective, layer.rect.size)
      map = layer.preserves3D ? inner * sublayers : Transform3D(flattening: inner.planar) * sublayers
    }
    return map
  }

  /// Whether Segue draws `target` scaled to its frame (`"resize": "transform"` on a screen or
  /// layer whose frame an animation moves): kept at its bounds, under a scale onto its frame.
  func keepsBounds(_ target: Target) -> Bool {
    let resize: ResizeMode?
    switch target {
    case .screen(let role): resize = plan.scene.screen(role).resize
    case .layer(let role, let id):
      resize = plan.layerPath(role, id: id).flatMap { plan.scene.screen(role).layer(at: $0) }?.resize
    default: resize = nil
    }
    return resize.map { plan.scalesToFrame(target, resize: $0) } ?? false
  }

  /// The node's corners in the container's points against Segue's: what a parent that moves,
  /// turns or stretches does to what is inside it.
  func compareOnScreen(_ sample: [String: Any], _ expected: Expected, _ label: String) {
    guard let parent = expected.parent, let corners = sample["absolute"] as? [Double] else { return }
    let full = parent * expected.transform
    var want: [Double] = []
    for (x, y) in [
      (0.0, 0.0), (expected.size.width, 0), (0, expected.size.height), (expected.size.width, expected.size.height),
    ] {
      let p = full.apply(x, y)
      want += [p.x, p.y, p.w]
    }
    // Up to one factor, as `compare` fits it: a matrix taken apart and put back moves no point.
    let ws = stride(from: 2, to: min(corners.count, want.count), by: 3).map { (corners[$0], want[$0]) }
    let squares = ws.reduce(0) { $0 + $1.1 * $1.1 }
    let factor = squares > 0 ? ws.reduce(0) { $0 + $1.0 * $1.1 } / squares : 1
    let close = corners.count == 12 && zip(corners, want).allSatisfy { near($0, factor * $1) }
    #expect(close, "\(label): on screen at \(corners) against \(want)")
  }

  func compare(_ sample: [String: Any], _ expected: Expected, _ label: String) {
    compareOnScreen(sample, expected, label)
    let corners = sample["corners"] as? [Double] ?? []
    let size = sample["size"] as? [Double] ?? []
    let points = [
      (0.0, 0.0), (expected.size.width, 0), (0, expected.size.height), (expected.size.width, expected.size.height),
    ]
    var want: [Double] = []
    for (x, y) in points {
      let p = expected.transform.apply(x, y)
      want += [p.x, p.y, p.z, p.w]
    }
    let tolerance = self.tolerance
    // Up to one factor for all four corners: a matrix Core Animation has taken apart and put
    // back together (an interpolated `transform`) comes back scaled to m44 = 1, which moves no
    // point. The factor is the least-squares fit of the w's; any other difference remains.
    let ws = stride(from: 3, to: min(corners.count, want.count), by: 4).map { (corners[$0], want[$0]) }
    let squares = ws.reduce(0) { $0 + $1.1 * $1.1 }
    let factor = squares > 0 ? ws.reduce(0) { $0 + $1.0 * $1.1 } / squares : 1
    let close = corners.count == 16 && zip(corners, want).allSatisfy { near($0, factor * $1) }
    #expect(close, "\(label): corners \(corners) against \(want)")
    #expect(
      size.count == 2 && abs(size[0] - expected.size.width) <= tolerance
        && abs(size[1] - expected.size.height) <= tolerance, "\(label): size \(size) against \(expected.size)")
    // Core Animation clamps a layer's opacity to 0…1 when it draws it, as Segue does.
    let opacity = min(1, max(0, sample["opacity"] as? Double ?? -1))
    #expect(abs(opacity - expected.opacity) <= 1e-6, "\(label): opacity \(opacity) against \(expected.opacity)")
    let radius = sample["cornerRadius"] as? Double ?? -1
    #expect(
      abs(radius - expected.cornerRadius) <= tolerance,
      "\(label): corner radius \(radius) against \(expected.cornerRadius)")
    // Drawn, a shadow's opacity is held to 0…1 and its radius to 0 or more, by both.
    var shadow = sample["shadow"] as? [Double] ?? []
    if shadow.count == 4 { (shadow[0], shadow[1]) = (min(1, max(0, shadow[0])), max(0, shadow[1])) }
    let shadowOpacity = expected.shadow?.opacity ?? 0
    #expect(
      shadow.count == 4 && abs(shadow[0] - shadowOpacity) <= 1e-6, "\(label): shadow \(shadow) against \(shadowOpacity)"
    )
    if let expectedShadow = expected.shadow, shadowOpacity > 0, shadow.count == 4 {
      let want = [expectedShadow.radius, expectedShadow.offset.x, expectedShadow.offset.y]
      #expect(
        zip(shadow.dropFirst(), want).allSatisfy { abs($0 - $1) <= tolerance }, "\(label): shadow \(shadow)")
    }
    // A piece of a screen shows that screen's rectangle ("from x y w h"): a rect the app
    // decides is computed at run time, in another order than Segue's, so to the tolerance.
    if let snapshot = expected.piece {
      let want = [snapshot.rect.x, snapshot.rect.y, snapshot.rect.width, snapshot.rect.height]
      let words = (sample["piece"] as? String ?? "").split(separator: " ")
      let values = words.dropFirst().compactMap { Double($0) }
      #expect(
        words.first.map(String.init) == snapshot.of.rawValue && values.count == 4
          && zip(values, want).allSatisfy { abs($0 - $1) <= tolerance },
        "\(label): a snapshot of \(sample["piece"] ?? "nothing") against \(snapshot.of.rawValue) \(want)")
    }
    guard expected.checksMask else { return }
    let mask = sample["mask"] as? String
    if expected.mask != nil {
      // The mask layer: where it maps four points of its own, and its opacity.
      let map = sample["maskMap"] as? [Double] ?? []
      var want: [Double] = []
      for (x, y) in [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)] {
        let p = expected.maskTransform.apply(x, y)
        want += [p.x / p.w, p.y / p.w]
      }
      #expect(
        map.count == 8 && zip(map, want).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1) / 1000) },
        "\(label): mask layer maps \(map) against \(want)")
      let opacity = min(1, max(0, sample["maskOpacity"] as? Double ?? -1))
      #expect(
        abs(opacity - expected.maskOpacity) <= 1e-6, "\(label): mask opacity \(opacity) against \(expected.maskOpacity)"
      )
    }
    switch expected.mask {
    case .path(let path)?:
      let points = sample["maskPoints"] as? [Double] ?? []
      let want = path.segments.flatMap(\.points).flatMap { [$0.x, $0.y] }
      #expect(
        points.count == want.count && zip(points, want).allSatisfy { abs($0 - $1) <= tolerance },
        "\(label): mask path \(points) against \(want)")
    case nil:
      #expect(mask == nil, "\(label): a mask \(mask ?? "") where the scene has none")
    case .circle(let center, let radius)?:
      let values = Self.numbers(mask, "circle")
      let want = [center.x, center.y, abs(radius)]
      #expect(
        values.count == 3 && zip(values, want).allSatisfy { abs($0 - $1) <= tolerance },
        "\(label): mask \(mask ?? "none") against circle \(want)")
    case .rect(let rect, let radius)?:
      let values = Self.numbers(mask, "rect")
      let r = min(abs(radius), rect.standardized.width / 2, rect.standardized.height / 2)
      let standard = rect.standardized
      let want = [standard.x, standard.y, standard.width, standard.height, r]
      #expect(
        values.count == 5 && zip(values, want).allSatisfy { abs($0 - $1) <= tolerance },
        "\(label): mask \(mask ?? "none") against rect \(want)")
    }
  }

  static func numbers(_ text: String?, _ kind: String) -> [Double] {
    guard let text, text.hasPrefix(kind + " ") else { return [] }
    return text.dropFirst(kind.count + 1).split(separator: " ").compactMap { Double($0) }
  }
}
