import SegueFiles
import SegueJSON
import SegueMotion
import SegueScene

/// `segue expand`: a scene file with its preset written out as the custom transition it is.
///
/// Everything but the transition is kept as the file gives it, key for key, except that a
/// screen the preset sizes (a panel, a sheet) gains the `size` it implies. Decoding the result
/// gives the same custom transition the renderer builds from the preset, so rendering it gives
/// the same frames, byte for byte.
public enum SceneExpansion {
  /// The expanded scene as JSON text (two-space indented, short values on one line).
  /// - Parameter destination: where the text will be written; relative image paths and a
  ///   relative `$schema` are rewritten to be read from its folder. Nil: the scene's own folder.
  public static func text(ofFile file: String, destination: String? = nil) throws(SceneErrors) -> String {
    var caveats: [String] = []
    return try text(ofFile: file, destination: destination, caveats: &caveats)
  }

  /// The same, with what would render differently from the preset in `caveats`.
  public static func text(
    ofFile file: String, destination: String? = nil, device: String? = nil, caveats: inout [String]
  ) throws(SceneErrors) -> String {
    let (bytes, baseName) = try LoadedScene.read(file)
    let folder = Folder.parent(of: file)
    let text = try text(of: bytes, file: file, defaultName: baseName, device: device, caveats: &caveats) { path in
      guard let destination else { return path }
      return RelativePath.rebase(path, from: folder, to: Folder.parent(of: destination))
    }
    return text
  }

  /// The expanded scene of a scene file's bytes; `file` names it in messages.
  /// - Parameter relocate: rewrites a relative path the scene gives (images, `$schema`).
  public static func text(
    of bytes: [UInt8], file: String, defaultName: String, relocate: (String) -> String = { $0 }
  ) throws(SceneErrors) -> String {
    var caveats: [String] = []
    return try text(of: bytes, file: file, defaultName: defaultName, caveats: &caveats, relocate: relocate)
  }

  /// The same, with what would render differently from the preset in `caveats`.
  public static func text(
    of bytes: [UInt8], file: String, defaultName: String, device: String? = nil, caveats: inout [String],
    relocate: (String) -> String = { $0 }
  ) throws(SceneErrors) -> String {
    let document = try SceneDocument.parse(bytes, file: file, defaultName: defaultName)
    let run: SceneRun
    switch document.runs(device: device, variant: nil) {
    case .success(let runs): run = runs[0]
    case .failure(let error): throw SceneErrors(error)
    }
    // The variants are kept; the written-out preset is in the points of one container.
    let scene = try document.scene(SceneRun(device: run.device), scale: nil)
    // What only planning finds (a timeline past the limit, a spring that cannot be fitted) makes
    // the scene as invalid for `expand` as for `validate` and `render`.
    let loaded = try LoadedScene(scene: scene, file: file)
    caveats = SceneExpansion.caveats(loaded)
    // The decoder has parsed these bytes already, so this cannot fail.
    guard case .object(let members)? = try? JSONParser.parse(bytes) else {
      throw SceneErrors(SceneError(file: file, path: "", message: "expected a scene object"))
    }
    var kept = members
    // What the preset reads from the container is written in its terms (shares of its size,
    // formulas of it and its safe area), so one expanded scene runs on every device the original
    // lists; were anything left that no relative form writes, it would keep one device's
    // numbers, and the scene would be written for that device alone.
    let unwritten = SceneExpansion.unwritten(PresetTransitions.expand(scene))
    if let device = run.device, !unwritten.isEmpty {
      if document.devices.count > 1 {
        caveats.append(
          "\(file): no relative form writes \(unwritten.joined(separator: ", ")) (a formula names a layer only by an "
            + "id of letters, digits and '_'), so the preset is written out in the points of \(device.name) "
            + "(\(JSONValue.format(device.size.width)) x "
            + "\(JSONValue.format(device.size.height))); the expanded scene runs on that device only")
      }
      kept.removeAll { $0.key == "devices" }
      let index = kept.firstIndex { ["fps", "background", "from"].contains($0.key) } ?? kept.endIndex
      kept.insert(("size", .array([.number(scene.size.width), .number(scene.size.height)])), at: index)
      if !kept.contains(where: { $0.key == "scale" }) { kept.insert(("scale", .number(scene.scale)), at: index + 1) }
    }
    return relocated(expanded(kept, scene: scene), relocate).text() + "\n"
  }

  /// Where the written-out form renders differently from the preset: a seed preset's interaction
  /// whose progress overshoots past 0…1 (a custom transition clamps each animation), or a
  /// cancelled one whose screens start with a mask or corners (the preset ends without them).
  /// Each is a sentence naming the file.
  static func caveats(_ loaded: LoadedScene) -> [String] {
    let rules = loaded.plan.custom.presetRules
    guard let interaction = loaded.scene.interaction else { return [] }
    var caveats: [String] = []
    if rules.progressOvershoots {
      let past = (0..<loaded.timeline.frameCount).filter { index in
        guard case .scrub(let p) = loaded.timeline.frame(index).moment else { return false }
        return p < 0 || p > 1
      }
      if let first = past.first {
        caveats.append(
          "\(loaded.file): the completion curve carries the preset's progress past 0…1 in \(past.count) "
            + "frame\(past.count == 1 ? "" : "s") (from frame \(first)), which the written-out form clamps")
      }
    }
    if interaction.release == .cancel, loaded.plan.presetRulesChangeTheStart {
      caveats.append(
        "\(loaded.file): the cancelled preset ends on its exact start state (no mask, square corners); the "
          + "written-out form ends with the masks and corners its animations start with")
    }
    return caveats
  }

  /// `scene` with `relocate` applied to its `$schema` (unless a URL) and every screen's and
  /// layer's `image`.
  static func relocated(_ scene: JSONValue, _ relocate: (String) -> String) -> JSONValue {
    func mapped(_ value: JSONValue, _ transform: (String, JSONValue) -> JSONValue) -> JSONValue {
      guard case .object(let members) = value else { return value }
      return .object(members.map { ($0.key, transform($0.key, $0.value)) })
    }
    func image(_ key: String, _ value: JSONValue) -> JSONValue {
      guard key == "image", case .string(let path) = value else { return value }
      return .string(relocate(path))
    }
    func screen(_ value: JSONValue) -> JSONValue {
      mapped(value) { key, member in
        guard key == "layers", case .array(let layers) = member else { return image(key, member) }
        return .array(layers.map { mapped($0, image) })
      }
    }
    return mapped(scene) { key, member in
      switch key {
      case "$schema":
        guard case .string(let path) = member, !path.contains("://") else { return member }
        return .string(relocate(path))
      case "from", "to": return screen(member)
      default: return member
      }
    }
  }

  /// What a written-out transition reads from the running app that `SceneEncoder` can only
  /// write as numbers: each `target.property` (`to.mask`, `to.size`), once, in the order of the
  /// animations. Empty: the expanded scene runs on every device.
  public static func unwritten(_ scene: Scene) -> [String] {
    guard case .custom(let custom) = scene.transition.kind else { return [] }
    var found: [String] = []
    func visit(_ state: PropertyState, _ target: Target) {
      for (property, formula) in state.formulas.sorted(by: { $0.key < $1.key }) where !formula.isConstant {
        if state.references[property] != nil || state.written[property] != nil { continue }
        let written =
          state.covers[property] != nil
          ? coverCentreIsWritten(formula) : SceneEncoder.formula(formula, of: property) != nil
        let name = "\(target).\(property.rawValue)"
        if !written, !found.contains(name) { found.append(name) }
      }
    }
    for role in ScreenRole.allCases {
      guard let (width, height) = custom.screenSizes[role] else { continue }
      if SceneEncoder.length(width, horizontal: true) == nil || SceneEncoder.length(height, horizontal: false) == nil {
        found.append("\(role.rawValue).size")
      }
    }
    for animation in custom.animations {
      visit(animation.from, animation.target)
      visit(animation.to, animation.target)
      for keyframe in animation.keyframes ?? [] { visit(keyframe.to, animation.target) }
    }
    for (target, action) in custom.end {
      if case .state(let state) = action { visit(state, target) }
    }
    return found
  }

  /// Whether a covering circle's centre is numbers or shares of the container.
  static func coverCentreIsWritten(_ formula: PropertyFormula) -> Bool {
    guard case .circleMask(let x, let y, _) = formula else { return false }
    return SceneEncoder.length(x, horizontal: true) != nil && SceneEncoder.length(y, horizontal: false) != nil
  }

  /// `members` (a scene file's top level) with the transition of `scene` written out.
  static func expanded(_ members: [(key: String, value: JSONValue)], scene: Scene) -> JSONValue {
    let expanded = PresetTransitions.expand(scene)
    return .object(
      members.map { member in
        switch member.key {
        case "transition":
          return (member.key, SceneEncoder.transition(expanded.transition))
        case "from", "to":
          // What the preset sets on a screen: a panel's or sheet's size, the cube's faces
          // that hide while they face away.
          guard let role = ScreenRole(rawValue: member.key), case .object(var screen) = member.value else {
            return member
          }
          if let size = expanded.screen(role).size, scene.screen(role).size == nil {
            // As shares of the container where the preset computes it from the container.
            var written: JSONValue = .array([.number(size.width), .number(size.height)])
            if case .custom(let custom) = expanded.transition.kind, let (width, height) = custom.screenSizes[role],
              let w = SceneEncoder.length(width, horizontal: true),
              let h = SceneEncoder.length(height, horizontal: false)
            {
              written = .array([w, h])
            }
            screen.insert(("size", written), at: 0)
          }
          if !expanded.screen(role).doubleSided, scene.screen(role).doubleSided {
            screen.removeAll { $0.key == "doubleSided" }
            screen.append(("doubleSided", .bool(false)))
          }
          return (member.key, .object(screen))
        default:
          return member
        }
      })
  }
}
