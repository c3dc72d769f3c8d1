import Testing

@testable import SegueSwiftExport

/// What the generated animator says, line by line, for what an app meets first: the container's
/// perspective, a view it forgot, the typed initializer, and a layout's subviews.
struct AnimatorSourceTests {
  /// A custom scene named `name` that lifts `from.card` and `from.title` and runs `animations`.
  static func scene(_ name: String = "card", animations: String, screens: String? = nil) -> String {
    let layers =
      screens
      ?? ##""from": {"layers": [{"id": "card", "rect": [20, 100, 350, 200]}, {"id": "title", "rect": [20, 320, 200, 30]}]}, "to": {}"##
    return
      ##"{"name": "\##(name)", "size": [390, 844], \##(layers), "transition": {"type": "custom", "animations": [\##(animations)]}}"##
  }

  static func source(_ json: String) -> String {
    switch ExportedScene.source(json) {
    case .success(let text): return text
    case .failure(let failure):
      Issue.record("does not export: \(failure.messages)")
      return ""
    }
  }

  /// `text` with every run of white space one space: what a line's wrapping does not change.
  static func flat(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  static let setsPerspective =
    "container.layer.sublayerTransform = Self.perspective( 500, about: CGPoint(x: container.bounds.midX, "
    + "y: container.bounds.midY), of: container.layer)"

  /// A perspective changes no point of the plane z = 0, so a flat scene leaves the container's
  /// sublayerTransform alone (and does not reset it at the end); a turn about y, a translation in
  /// z, steps that tilt, or a layer's zPosition set it.
  @Test func onlyDepthSetsTheContainersPerspective() {
    let flat = [
      ##"{"target": "from.card", "to": {"translate": [0, 100], "scale": 0.5, "rotation": 30, "opacity": 0}}"##,
      ##"{"target": "to", "from": {"transform": [{"rotateZ": 20}, {"scale": 0.8}, {"translate": [10, 20]}]}, "to": {"transform": []}}"##,
      ##"{"target": "from.card", "keyframes": [{"to": {"frame": [0, 0, 100, 100]}}]}"##,
    ]
    for animation in flat {
      let source = Self.source(Self.scene(animations: animation))
      #expect(!source.contains("sublayerTransform"), "\(animation)")
    }
    let deep = [
      ##"{"target": "from.card", "to": {"rotationY": 30}}"##,
      ##"{"target": "to", "to": {"translateZ": -40}}"##,
      ##"{"target": "to", "from": {"transform": [{"perspective": 900}, {"rotateX": 15}]}, "to": {"transform": []}}"##,
      ##"{"target": "from.card", "keyframes": [{"duration": 0.5, "to": {"rotationX": 10}}, {"start": 0.5, "to": {"rotationX": 0}}]}"##,
    ]
    for animation in deep {
      let source = Self.source(Self.scene(animations: animation))
      #expect(Self.flat(source).contains(Self.setsPerspective), "\(animation)")
      #expect(source.contains("container.layer.sublayerTransform = CATransform3DIdentity"), "\(animation)")
    }
    let stacked = Self.scene(
      animations: ##"{"target": "from.card", "to": {"opacity": 0}}"##,
      screens:
        ##""from": {"layers": [{"id": "card", "rect": [20, 100, 350, 200], "zPosition": 10}]}, "to": {}"##)
    #expect(Self.flat(Self.source(stacked)).contains(Self.setsPerspective))
  }

  /// A view the app did not hand in is an assertion failure naming it, never a `print`: the
  /// helpers then go on without it.
  @Test func aMissingViewIsAnAssertionFailure() {
    let source = Self.source(Self.scene(animations: ##"{"target": "from.card", "to": {"opacity": 0}}"##))
    #expect(!source.contains("print("))
    #expect(
      Self.flat(source).contains(
        ##"assertionFailure( "\(Self.self): no view for \(which)\"\(key)\" in init(views:); it is left out of the "##
          + ##"transition") return UIView()"##))
  }

  /// Beside `init(views:)`, an initializer with one labelled `UIView` a key, in the scene's
  /// order; the delegate has it too, for every view of its animators.
  @Test func theViewsAreLabelledArguments() {
    let source = Self.source(
      Self.scene(
        animations: ##"{"target": "from.card", "to": {"opacity": 0}}, {"target": "from.title", "to": {"opacity": 0}}"##)
    )
    let initializer = """
          public convenience init(fromCard: UIView, fromTitle: UIView) {
            self.init(views: ["from.card": fromCard, "from.title": fromTitle])
          }
      """
    // The animator's, and the delegate's.
    #expect(source.ranges(of: initializer).count == 2, "\(source)")
    #expect(source.contains("public init(views: [String: UIView]) {"))
  }

  /// Labels are the keys' words in lowerCamelCase, numbered when two keys share them; a key
  /// without ASCII letters or digits is a `view`.
  @Test func labelsAreTheKeysWords() {
    let labels = ViewArguments.labels(for: ["from.card-1", "from.card_1", "to.header", "to.ダイアログ", "to.1"])
    #expect(labels.map(\.label) == ["fromCard1", "fromCard1_2", "toHeader", "to", "to1"])
  }

  /// A long list of views breaks a parameter a line, as swift-format leaves a declaration.
  @Test func aLongInitializerBreaksItsParameters() {
    var source = SwiftSource(depth: 2)
    let keys = (0..<8).map { "from.someLongLayerName\($0)" }
    ViewArguments.writeInitializer(keys: keys, &source)
    let start = source.lines.firstIndex { $0.hasSuffix("public convenience init(") }
    #expect(start != nil)
    if let start {
      #expect(source.lines[start + 1] == "      fromSomeLongLayerName0: UIView,")
      #expect(source.lines[start + 8] == "      fromSomeLongLayerName7: UIView")
      #expect(source.lines[start + 9] == "    ) {")
    }
    #expect(source.lines.allSatisfy { $0.count <= SwiftSource.width })
  }

  /// A view laid out while it resizes pairs each subview's two places by the subview itself,
  /// not by the order of two lists.
  @Test func laidOutSubviewsArePairedByIdentity() {
    let source = Self.source(
      Self.scene(
        animations: ##"{"target": "to", "from": {"frame": [0, 444, 390, 400]}, "to": {"frame": [0, 0, 390, 844]}}"##,
        screens: ##""from": {}, "to": {"resize": "layout"}"##))
    #expect(Self.flat(source).contains("Self.layOut( toScreen, from: CGSize(width: 390, height: 400)"))
    #expect(!source.contains("zip("))
    #expect(source.contains("guard let a = starts[ObjectIdentifier(b.layer)] else { continue }"))
  }
}

/// An overlay's image keeps its content mode in the app: Core Animation's `contentsGravity`
/// stretches it (`resize`) or aspect-fills it, as the scene draws it; and a `to` screen moved as
/// a snapshot has its real view put in the snapshot's place in the stack, so that the view shown
/// when the snapshot goes is above what the stack puts under it.
struct ImageAndSnapshotExportTests {
  static func scene(contentMode: String?) -> String {
    let mode = contentMode.map { #", "contentMode": "\#($0)""# } ?? ""
    return """
      {"size": [390, 844], "from": {"background": "#FFFFFF"}, "to": {"background": "#000000"},
       "transition": {"type": "custom", "duration": 0.3, "stack": ["from", "to", "badge"],
         "overlays": {"badge": {"rect": [10, 10, 100, 50], "image": "art/badge.png"\(mode)}},
         "animations": [{"target": "to", "from": {"frame": [95, 272, 200, 200]}},
                        {"target": "badge", "to": {"opacity": 0}}]}}
      """
  }

  @Test func anImageKeepsItsContentMode() throws {
    let stretched = try ExportedScene.source(Self.scene(contentMode: "scaleToFill")).get()
    #expect(stretched.contains("badgeView.layer.contentsGravity = .resize\n"))
    let filled = try ExportedScene.source(Self.scene(contentMode: nil)).get()
    #expect(filled.contains("badgeView.layer.contentsGravity = .resizeAspectFill\n"))
  }

  /// A lifted card whose corners the animator rounds (and squares as it grows) is snapshotted
  /// with the app's view's corners square, so the picture is not rounded a second time; a
  /// square one as it is.
  @Test func aRoundedLiftIsSnapshottedSquare() throws {
    let scene = """
      {"size": [390, 844], "from": {"layers": [
         {"id": "card", "rect": [20, 100, 350, 400], "color": "#0A84FF", "cornerRadius": 20},
         {"id": "chip", "rect": [20, 600, 100, 40], "color": "#FF9500"}]}, "to": {},
       "transition": {"type": "custom", "duration": 0.4, "animations": [
         {"target": "from.card", "to": {"frame": [0, 0, 390, 844], "cornerRadius": 0}},
         {"target": "from.chip", "to": {"opacity": 0}}]}}
      """
    let source = try ExportedScene.source(scene).get()
    #expect(source.contains(#"lift("from.card", afterScreenUpdates: false, squareCorners: true, hidden: &hidden)"#))
    #expect(source.contains(#"lift("from.chip", afterScreenUpdates: false, hidden: &hidden)"#))
    #expect(source.contains("if squareCorners { view.layer.cornerRadius = 0 }"))
  }

  @Test func theRealToViewTakesItsSnapshotsPlace() throws {
    let source = try ExportedScene.source(Self.scene(contentMode: nil)).get()
    let lines = source.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }
    let added = try #require(lines.firstIndex(of: "container.addSubview(toScreen)"))
    let inserted = try #require(lines.firstIndex(of: "container.insertSubview(toView, belowSubview: toScreen)"))
    #expect(added < inserted)
  }
}

/// Overlays at the completion: a dismiss leaves one the scene still shows at its end (UIKit takes
/// the container away), a push removes it, and a dismiss removes one faded out.
struct OverlayCompletionExportTests {
  static func scene(_ operation: String, endOpacity: Double) -> String {
    """
    {"size": [390, 844], "from": {"background": "#FFFFFF"}, "to": {"background": "#000000"},
     "transition": {"type": "custom", "operation": "\(operation)", "duration": 0.3,
       "overlays": {"tint": {"color": "#FF0000", "opacity": 0.5}},
       "animations": [{"target": "tint", "to": {"opacity": \(endOpacity)}}]}}
    """
  }

  func removesTint(_ json: String) throws -> Bool {
    try ExportedScene.source(json).get().contains("tintView.removeFromSuperview()")
  }

  @Test func aDismissLeavesAShownOverlayForUIKitToTakeAway() throws {
    #expect(try !removesTint(Self.scene("dismiss", endOpacity: 0.4)))
    #expect(try removesTint(Self.scene("dismiss", endOpacity: 0)))
    #expect(try removesTint(Self.scene("push", endOpacity: 0.4)))
  }
}
