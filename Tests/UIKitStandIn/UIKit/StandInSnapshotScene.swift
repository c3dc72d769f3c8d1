/// What a snapshot shows, written as a Segue scene: the stand-in has no render server, so
/// `drawHierarchy(in:afterScreenUpdates:)` of a snapshot has Segue draw the snapshotted view's
/// layers (not SDK API). Taken when the snapshot is, as UIKit takes its picture then: each view
/// a layer with its frame, colour, corners, border, opacity, clip and gradient, its hidden
/// descendants left out. Transforms and masks of views inside are not written.
enum StandInSnapshotScene {
  /// The layer of `view` at the origin, and its subviews' in it, as scene JSON.
  @MainActor
  static func layers(of view: UIView, hidden: [UIView], showing rect: CGRect? = nil) -> String {
    let skipped = Set(hidden.map(ObjectIdentifier.init))
    // The view's own alpha and transform are how its superview composites it, not part of its
    // picture (the snapshot view gets its own).
    guard let rect else {
      return describe(view, frame: CGRect(origin: .zero, size: view.bounds.size), skipped: skipped, root: true)
    }
    // A resizable snapshot shows `rect` of the view: the view moved by its origin, clipped.
    let moved = describe(
      view, frame: CGRect(origin: CGPoint(x: -rect.minX, y: -rect.minY), size: view.bounds.size), skipped: skipped,
      root: true)
    return "{\"rect\": [0, 0, \(rect.width), \(rect.height)], \"clips\": true, \"layers\": [\(moved)]}"
  }

  @MainActor
  private static func describe(
    _ view: UIView, frame: CGRect, skipped: Set<ObjectIdentifier>, root: Bool = false
  ) -> String {
    let layer = view.layer
    var pairs = ["\"rect\": [\(frame.minX), \(frame.minY), \(frame.width), \(frame.height)]"]
    if let color = layer.backgroundColor, color.alpha > 0 { pairs.append("\"color\": \"\(hex(color))\"") }
    if let gradient = layer as? CAGradientLayer, let colors = gradient.colors, !colors.isEmpty {
      var parts = [
        "\"type\": \"\(gradient.type.rawValue)\"",
        "\"colors\": [\(colors.compactMap { ($0 as? CGColor).map { "\"\(hex($0))\"" } }.joined(separator: ", "))]",
        "\"startPoint\": [\(gradient.startPoint.x), \(gradient.startPoint.y)]",
        "\"endPoint\": [\(gradient.endPoint.x), \(gradient.endPoint.y)]",
      ]
      if let locations = gradient.locations, !locations.isEmpty {
        parts.append("\"locations\": [\(locations.map { "\($0.doubleValue)" }.joined(separator: ", "))]")
      }
      pairs.append("\"gradient\": {\(parts.joined(separator: ", "))}")
    }
    if layer.cornerRadius > 0 {
      let r = layer.cornerRadius
      let mask = layer.maskedCorners
      let corners: [CACornerMask] = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMaxXMaxYCorner, .layerMinXMaxYCorner,
      ]
      let radii = corners.map { mask.contains($0) ? r : 0 }
      pairs.append(
        radii.allSatisfy { $0 == r }
          ? "\"cornerRadius\": \(r)" : "\"cornerRadius\": [\(radii.map { "\($0)" }.joined(separator: ", "))]")
      if layer.cornerCurve == .continuous { pairs.append("\"cornerCurve\": \"continuous\"") }
    }
    if layer.borderWidth > 0, let color = layer.borderColor {
      pairs.append("\"border\": {\"width\": \(layer.borderWidth), \"color\": \"\(hex(color))\"}")
    }
    if layer.opacity < 1 && !root { pairs.append("\"opacity\": \(layer.opacity)") }
    if layer.masksToBounds { pairs.append("\"clips\": true") }
    let children = view.subviews.filter { !$0.isHidden && !skipped.contains(ObjectIdentifier($0)) }
    if !children.isEmpty {
      let inner = children.map { describe($0, frame: $0.frame, skipped: skipped) }
      pairs.append("\"layers\": [\(inner.joined(separator: ", "))]")
    }
    return "{\(pairs.joined(separator: ", "))}"
  }

  /// `#RRGGBBAA` of a colour's components.
  static func hex(_ color: CGColor) -> String {
    color.rgba.map { String(format: "%02X", Int((min(1, max(0, $0)) * 255).rounded())) }.joined().prefixed
  }

  /// The picture of `layers` (scene JSON of one layer tree, taken at `taken` points) stretched
  /// over a transparent screen of `size` points at `scale`: Segue's frame 0 (SEGUE_BIN names the binary), as PNG data; nil when
  /// Segue is not there or fails.
  static func picture(_ layers: String, taken: CGSize, size: CGSize, scale: CGFloat) -> Data? {
    guard let binary = ProcessInfo.processInfo.environment["SEGUE_BIN"], !binary.isEmpty,
      size.width > 0, size.height > 0, taken.width > 0, taken.height > 0
    else { return nil }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standin-snapshot-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // The screen at the size the snapshot was taken, stretched to the size drawn (a screen's
    // content stretches with its frame, as a snapshot view's picture does).
    let scene = """
      {"size": [\(size.width), \(size.height)], "background": "#00000000", "fps": 60,
       "from": {"size": [\(taken.width), \(taken.height)], "layers": [\(layers)]}, "to": {},
       "transition": {"type": "custom", "duration": 0.1, "stack": ["from"],
         "animations": [{"target": "from", "from": {"frame": [0, 0, \(size.width), \(size.height)]}}]}}
      """
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("snapshot.json")
      try scene.write(to: file, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = [
        "render", file.path, "--frames", "0", "--scale", "\(scale)", "-o", folder.appendingPathComponent("out").path,
        "--quiet",
      ]
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      return try Data(contentsOf: folder.appendingPathComponent("out/frame_0000.png"))
    } catch {
      return nil
    }
  }
}

extension String {
  fileprivate var prefixed: String { "#" + self }
}
