import Foundation
import Testing

/// A sheet (and every other transition that presents and dismisses) presented and then
/// dismissed, as an app does: the two animators `segue swift` writes are played one after the
/// other in the UIKit stand-in, on the same views and container, the dismiss starting from what
/// the present left (the presenting view still scaled, the dim still up). Whatever the
/// presentation style, the presenting view ends exactly as it was before the present, and the
/// dim the present leaves is the one the dismiss fades out and removes.
@Suite(.serialized)
struct GeneratedAnimatorSequenceEndToEndTests {
  /// The styles the presets and the custom transitions support (custom-transitions.md,
  /// Presentation styles); UIKit keeps the presenting view in the window for all but fullScreen.
  static let styles = ["fullScreen", "pageSheet", "overFullScreen", "custom"]

  /// The transitions that present and dismiss (`segue list`): the presets, and `deck`, a custom
  /// pair that shrinks and rounds the presenting view behind a dim and gives it back.
  static let transitions = ["sheet", "fade", "slide", "zoom", "panel", "circle", "spread", "boom", "flip", "deck"]

  /// An iPhone 15 Pro's container: 393 x 852, its safe area 59 from the top.
  static func scene(_ transition: String, _ operation: String, _ style: String) -> String {
    ##"{"name": "\##(transition)-\##(style)-\##(operation)", "size": [393, 852], "safeArea": [59, 0, 34, 0], "##
      + ##""from": {"background": "#FFFFFF"}, "to": {"background": "#F2F2F7"}, "##
      + ##""transition": {"type": "\##(transition == "deck" ? "custom" : transition)", "operation": "\##(operation)", "##
      + ##""presentation": "\##(style)"\##(transition == "deck" ? deck(operation) : "")}}"##
  }

  /// The custom pair's fields: the present shrinks the presenting screen (`from`) to 0.92 with
  /// corners of 12 under a dim of 0.3 while `to` slides up from below the container; the dismiss
  /// slides `from` down and grows the presenting screen (`to`) back from there to 1 and 0.
  static func deck(_ operation: String) -> String {
    let (behind, front) = operation == "present" ? ("from", "to") : ("to", "from")
    let small = ##"{"scale": 0.92, "cornerRadius": 12}"##
    let whole = ##"{"scale": 1, "cornerRadius": 0}"##
    let below = ##"{"frame": {"of": "container", "shift": [0, 1]}}"##
    let up = ##"{"frame": {"of": "container"}}"##
    return ##", "duration": 0.4, "stack": ["\##(behind)", "dim", "\##(front)"], "##
      + ##""overlays": {"dim": {"color": "#000000", "opacity": \##(operation == "present" ? 0 : 0.3)}}, "animations": ["##
      + ##"{"target": "\##(behind)", "from": \##(operation == "present" ? whole : small), "##
      + ##""to": \##(operation == "present" ? small : whole)}, "##
      + ##"{"target": "dim", "to": {"opacity": \##(operation == "present" ? 0.3 : 0)}}, "##
      + ##"{"target": "\##(front)", "from": \##(operation == "present" ? below : up), "##
      + ##""to": \##(operation == "present" ? up : below)}]"##
  }

  /// Writes each transition's present and dismiss in each style, plays each pair in sequence
  /// and returns what the driver printed, by transition and style (`sheet-pageSheet`) and moment
  /// (`before`, `present`, `dismiss`), and the scene files.
  func played(in folder: TemporaryFolder, transitions: [String] = transitions) throws -> (
    states: [String: [String: [String: Any]]], files: [String]
  ) {
    var sources: [String: String] = [:]
    var plays: [String] = []
    var files: [String] = []
    for transition in transitions {
      for style in Self.styles {
        var types: [String] = []
        for operation in ["present", "dismiss"] {
          let file = folder.path + "/\(transition)-\(style)-\(operation).json"
          try Self.scene(transition, operation, style).write(toFile: file, atomically: true, encoding: .utf8)
          files.append(file)
          let result = try SegueProcess.run(["swift", file])
          #expect(result.status == 0, "\(result.stderr)")
          sources["\(transition)-\(style)-\(operation).swift"] = result.stdout
          types.append(GeneratedAnimatorEndToEndTests.typeName(in: result.stdout))
        }
        plays.append(
          Self.play(
            plays.count, label: "\(transition)-\(style)", style: style, sheet: transition == "sheet",
            present: types[0], dismiss: types[1]))
      }
    }
    sources["Driver.swift"] = Self.driver(plays)
    guard let output = try StandInHarness.run(sources, in: folder.path) else { return ([:], files) }
    var states: [String: [String: [String: Any]]] = [:]
    for line in output.split(separator: "\n") {
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let label = object["style"] as? String, let moment = object["moment"] as? String
      else { continue }
      states[label, default: [:]][moment] = object
    }
    return (states, files)
  }

  /// Every transition in every style: the presenting view ends as it was, no dim is left, both
  /// animators complete; the sheet's present leaves the screen behind as iOS does.
  @Test func presentThenDismissLeavesThePresentingViewAsItWas() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (states, files) = try played(in: folder)
    let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    for label in Self.transitions.flatMap({ transition in Self.styles.map { "\(transition)-\($0)" } }) {
      guard let before = states[label]?["before"], let present = states[label]?["present"],
        let dismiss = states[label]?["dismiss"]
      else {
        Issue.record("\(label): the driver printed \(states[label] ?? [:])")
        continue
      }
      #expect(before["frame"] as? [Double] == [0, 0, 393, 852], "\(label): \(before)")
      #expect(before["transform"] as? [Double] == identity, "\(label): \(before)")
      // The dismiss puts it back exactly: frame, transform, corners, clipping, opacity, mask and
      // place, and takes any dim away.
      for field in [
        "frame", "bounds", "transform", "cornerRadius", "masksToBounds", "clipsToBounds", "opacity", "hidden", "mask",
        "superview",
      ] {
        #expect(
          (dismiss[field] as? NSObject) == (before[field] as? NSObject),
          "\(label): \(field) is \(dismiss[field] ?? "nil") after the dismiss, \(before[field] ?? "nil") before")
      }
      #expect(dismiss["dim"] as? [Double] == [], "\(label): a dim is left after the dismiss: \(dismiss)")
      #expect(present["completed"] as? [Bool] == [true] && dismiss["completed"] as? [Bool] == [true], "\(label)")
      // The custom pair's present leaves the screen behind at 0.92 about its centre, with
      // corners of 12: (393 − 0.92 · 393) ÷ 2 = 15.72 in from the left.
      if label.hasPrefix("deck-") {
        let frame = present["frame"] as? [Double] ?? []
        #expect(frame.count == 4 && abs(frame[0] - 15.72) < 1e-6 && abs(frame[2] - 361.56) < 1e-6, "\(label)")
        #expect(present["cornerRadius"] as? Double == 12, "\(label): \(present)")
      }
      guard label.hasPrefix("sheet-") else { continue }
      // The present leaves the screen behind shrunk to (393 − 32) ÷ 393 about the safe area's
      // top, its corners rounded, and the dim up at 0.25 over it.
      let scale = 361.0 / 393
      let frame = present["frame"] as? [Double] ?? []
      #expect(frame.count == 4 && abs(frame[2] - 361) < 1e-9 && abs(frame[3] - 852 * scale) < 1e-9, "\(label)")
      #expect(present["cornerRadius"] as? Double == 10, "\(label): \(present)")
      #expect(present["dim"] as? [Double] == [0.25], "\(label): the present's dim: \(present)")
    }
    // And the sheet's and the custom pair's animators on their own move as Segue draws them,
    // frame by frame (the presets' are, in scenes/ and in random scenes of every style).
    try GeneratedAnimatorEndToEndTests().play(
      files.filter { $0.contains("/sheet-") || $0.contains("/deck-") })
  }

  @Test func theSheetIsWhereThePresentationControllerPutsIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (states, _) = try played(in: folder, transitions: ["sheet"])
    // The page sheet's context gives it 10 below the safe area's 59: [0, 69, 393, 783], at the
    // end of the present and the start of the dismiss; a presentation controller that puts it
    // at 120 (a custom detent) is followed too.
    #expect(states["sheet-pageSheet"]?["present"]?["sheet"] as? [Double] == [0, 69, 393, 783])
    #expect(states["sheet-pageSheet"]?["moved"]?["sheet"] as? [Double] == [0, 120, 393, 732])
    #expect(states["sheet-pageSheet"]?["movedDismissStart"]?["sheet"] as? [Double] == [0, 120, 393, 732])
  }

  /// The program: each style's play, and the helper that prints a view's state.
  static func driver(_ plays: [String]) -> String {
    """
    import UIKit

    @main
    struct Driver {
      @MainActor static func main() {
    \(plays.indices.map { "    play\($0)()" }.joined(separator: "\n"))
      }

      /// The presenting view's state, the presented view's frame and the dims in the container.
      @MainActor static func state(
        _ style: String, _ moment: String, _ view: UIView, sheet: UIView, container: UIView, completed: [Bool]
      ) {
        let t = view.layer.transform
        let transform = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        let f = view.frame
        let b = view.bounds
        let s = (sheet.layer.presentation() ?? sheet.layer).frame
        let dims = container.subviews.filter { $0.accessibilityIdentifier == "segue.dim" }.map { Double($0.layer.opacity) }
        let place = view.superview === container ? "container" : view.superview === container.superview ? "window" : "none"
        let fields: [String] = [
          "\\"style\\": \\"\\(style)\\"", "\\"moment\\": \\"\\(moment)\\"",
          "\\"frame\\": \\([f.minX, f.minY, f.width, f.height].map { Double($0) })",
          "\\"bounds\\": \\([b.minX, b.minY, b.width, b.height].map { Double($0) })",
          "\\"transform\\": \\(transform.map { Double($0) })",
          "\\"cornerRadius\\": \\(Double(view.layer.cornerRadius))",
          "\\"masksToBounds\\": \\(view.layer.masksToBounds)", "\\"clipsToBounds\\": \\(view.clipsToBounds)",
          "\\"opacity\\": \\(Double(view.layer.opacity))", "\\"hidden\\": \\(view.isHidden)",
          "\\"mask\\": \\(view.layer.mask != nil)",
          "\\"superview\\": \\"\\(place)\\"", "\\"dim\\": \\(dims)",
          "\\"sheet\\": \\([s.minX, s.minY, s.width, s.height].map { Double($0) })", "\\"completed\\": \\(completed)",
        ]
        print("{" + fields.joined(separator: ", ") + "}")
      }
    \(plays.joined(separator: "\n"))
    }

    """
  }

  /// One style's present then dismiss on the same views, its states printed as `label`; for the
  /// sheet's page sheet, also a present whose context puts the sheet at 120, and the dismiss of it.
  static func play(_ index: Int, label: String, style: String, sheet: Bool, present: String, dismiss: String)
    -> String
  {
    let kept = style != "fullScreen"
    let sheetFrame =
      style == "pageSheet" ? "StandInTransitionContext.pageSheetFrame(in: container)" : "container.bounds"
    var text = """
        @MainActor static func play\(index)() {
          StandInClock.reset(to: 0)
          let window = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
          let container = UIView(frame: window.bounds)
          container.standInSafeAreaInsets = UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
          let presenting = UIViewController()
          presenting.view = UIView(frame: window.bounds)
          let presented = UIViewController()
          presented.view = UIView(frame: window.bounds)
          \(kept ? "window" : "container").addSubview(presenting.view)
          window.addSubview(container)
          state("\(label)", "before", presenting.view, sheet: presented.view, container: container, completed: [])
          let present = StandInTransitionContext(containerView: container, from: presenting, to: presented)
          present.setInitialFrame(presenting.view.frame, for: presenting)
          present.setFinalFrame(\(sheetFrame), for: presented)
          \(kept ? "present.withheldViewKey = .from" : "")
          \(present)().animateTransition(using: present)
          StandInClock.advance(to: 2)
          state(
            "\(label)", "present", presenting.view, sheet: presented.view, container: container,
            completed: present.completeTransitionCalls)
          let dismiss = StandInTransitionContext(containerView: container, from: presented, to: presenting)
          dismiss.setInitialFrame(\(sheetFrame), for: presented)
          dismiss.setFinalFrame(container.bounds, for: presenting)
          \(kept ? "dismiss.withheldViewKey = .to" : "")
          \(dismiss)().animateTransition(using: dismiss)
          StandInClock.advance(to: 4)
          state(
            "\(label)", "dismiss", presenting.view, sheet: presented.view, container: container,
            completed: dismiss.completeTransitionCalls)

      """
    if style == "pageSheet" && sheet {
      text += """
            // A presentation controller that puts the sheet at 120.
            let moved = StandInTransitionContext(containerView: container, from: presenting, to: presented)
            moved.setInitialFrame(presenting.view.frame, for: presenting)
            moved.setFinalFrame(CGRect(x: 0, y: 120, width: 393, height: 732), for: presented)
            moved.withheldViewKey = .from
            \(present)().animateTransition(using: moved)
            StandInClock.advance(to: 6)
            state("\(label)", "moved", presenting.view, sheet: presented.view, container: container, completed: [])
            let back = StandInTransitionContext(containerView: container, from: presented, to: presenting)
            back.setInitialFrame(CGRect(x: 0, y: 120, width: 393, height: 732), for: presented)
            back.withheldViewKey = .to
            \(dismiss)().animateTransition(using: back)
            // As the dismiss starts: where its context says the sheet is.
            state(
              "\(label)", "movedDismissStart", presenting.view, sheet: presented.view, container: container,
              completed: [])
            StandInClock.advance(to: 8)

        """
    }
    return text + "  }\n"
  }
}
