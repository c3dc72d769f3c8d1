import Foundation
import SegueTestSupport
import Testing

/// The generated animator as an app's code meets it, compiled against the UIKit stand-in: the
/// typed initializer the compiler checks, a view the app forgot, a layout that adds a view
/// between its two sizes, and the container's own perspective left alone by a flat scene.
@Suite(.serialized)
struct GeneratedAnimatorAppEndToEndTests {
  /// A card that lifts `from.card` and `from.title` (moved and faded: nothing in 3D).
  static let card = ##"""
    {"name": "card", "size": [390, 844], "scale": 1, "fps": 30,
     "from": {"background": "#FFFFFF", "layers": [
       {"id": "card", "rect": [20, 100, 350, 200], "color": "#FF3B30"},
       {"id": "title", "rect": [20, 320, 200, 30], "color": "#000000"}]},
     "to": {"background": "#000000"},
     "transition": {"type": "custom", "operation": "present", "duration": 0.5, "curve": "linear",
       "animations": [
         {"target": "from.card", "to": {"translate": [0, 100]}},
         {"target": "from.title", "to": {"opacity": 0}}]}}
    """##

  /// The lines that set the transition up on the stand-in: a container, the two screens (the
  /// card and title in `from`), a context.
  static let setUp = """
        StandInClock.reset(to: 0)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let from = UIViewController()
        from.view = UIView(frame: container.bounds)
        let to = UIViewController()
        to.view = UIView(frame: container.bounds)
        container.addSubview(from.view)
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 350, height: 200))
        let title = UIView(frame: CGRect(x: 20, y: 320, width: 200, height: 30))
        from.view.addSubview(card)
        from.view.addSubview(title)
        let context = StandInTransitionContext(containerView: container, from: from, to: to)
        context.setInitialFrame(from.view.frame, for: from)
        context.setFinalFrame(to.view.frame, for: to)
    """

  static func program(_ body: String) -> String {
    """
    import UIKit

    @main
    struct Main {
      @MainActor static func main() {
    \(setUp)
    \(body)
      }
    }
    """
  }

  /// `segue swift` of `scene`, written to `folder`.
  static func export(_ scene: String, in folder: String) throws -> String {
    let file = folder + "/scene.json"
    try scene.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try SegueProcess.run(["swift", file])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  /// The animator and its delegate take the views as labelled arguments, which the compiler
  /// checks: both run the transition; leaving one out does not compile.
  @Test func theTypedInitializerIsCheckedByTheCompiler() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let animator = try Self.export(Self.card, in: folder.path)
    #expect(animator.contains("public convenience init(fromCard: UIView, fromTitle: UIView) {"))
    let main = Self.program(
      """
          let animator = CardAnimator(fromCard: card, fromTitle: title)
          animator.animateTransition(using: context)
          StandInClock.advance(to: 0.25)
          print("card \\((card.isHidden, title.isHidden))")
          StandInClock.advance(to: 1)
          print("completed \\(context.completeTransitionCalls) shown \\((card.isHidden, title.isHidden))")
          let transitions = CardTransitioningDelegate(fromCard: card, fromTitle: title)
          let made = transitions.animationController(forPresented: to, presenting: from, source: from)
          print("delegate \\(made is CardAnimator)")
      """)
    let built = try StandInHarness.build(["Card.swift": animator, "Main.swift": main], in: folder.path)
    #expect(built.compiled.status == 0, "\(built.compiled.stderr)")
    // While the snapshots move, the app's views hide; at the end they show and UIKit is told once.
    #expect(
      built.ran?.stdout == "card (true, true)\ncompleted [true] shown (false, false)\ndelegate true\n",
      "\(built.ran?.stdout ?? "")\(built.ran?.stderr ?? "")")
    let missing = Self.program("    _ = CardAnimator(fromCard: card)")
    let refused = try StandInHarness.build(["Card.swift": animator, "Main.swift": missing], in: folder.path)
    #expect(refused.compiled.status != 0)
    #expect(
      refused.compiled.stderr.contains("missing argument for parameter 'fromTitle'"), "\(refused.compiled.stderr)")
  }

  /// A view `init(views:)` was not given is an assertion failure naming it: a debug build stops
  /// there; a release build goes on without it and completes.
  @Test func aMissingViewIsAnAssertionFailureThenTheTransitionGoesOn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let animator = try Self.export(Self.card, in: folder.path)
    let main = Self.program(
      """
          let animator = CardAnimator(views: ["from.card": card])
          animator.animateTransition(using: context)
          StandInClock.advance(to: 1)
          print("completed \\(context.completeTransitionCalls) card \\(card.isHidden) title \\(title.isHidden)")
      """)
    let debug = try StandInHarness.build(["Card.swift": animator, "Main.swift": main], in: folder.path)
    #expect(debug.compiled.status == 0, "\(debug.compiled.stderr)")
    #expect(debug.ran?.status != 0, "\(debug.ran?.stdout ?? "")")
    // The first helper to look for it (its frame, read before anything moves) stops there.
    #expect(
      debug.ran?.stderr.contains(#"Fatal error: CardAnimator: no view for "from.title" in init(views:)"#) == true,
      "\(debug.ran?.stderr ?? "")")
    let release = try StandInHarness.build(
      ["Card.swift": animator, "Main.swift": main], in: folder.path, optimized: true)
    #expect(release.compiled.status == 0, "\(release.compiled.stderr)")
    #expect(
      release.ran?.stdout == "completed [true] card false title false\n",
      "\(release.ran?.stdout ?? "")\(release.ran?.stderr ?? "")")
  }

  /// A screen laid out while it grows whose layout shows a banner only below 600 pt: at 400 pt
  /// its subviews are [banner, a, b], at 844 pt [a, b]. Paired by identity, `a` (y 0 to 50 at
  /// both sizes, position.y 25) does not move and `b` (60 pt at the bottom) goes from position.y
  /// 400 − 30 = 370 to 844 − 30 = 814: halfway along the linear curve, 592. Paired by order, `a`
  /// would come from the banner's place (65) and `b` from `a`'s (25).
  @Test func laidOutSubviewsArePairedByIdentity() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = ##"""
      {"name": "grows", "size": [390, 844], "scale": 1, "fps": 30,
       "from": {"background": "#FFFFFF"}, "to": {"background": "#000000", "resize": "layout"},
       "transition": {"type": "custom", "operation": "present", "duration": 1, "curve": "linear",
         "animations": [{"target": "to", "from": {"frame": [0, 444, 390, 400]}, "to": {"frame": [0, 0, 390, 844]}}]}}
      """##
    let animator = try Self.export(scene, in: folder.path)
    #expect(animator.contains("Self.layOut("))
    let main = """
      import UIKit

      /// Lays out `a` at the top and `b` at the bottom; below 600 pt, a banner above them.
      final class Screen: UIView {
        var a: UIView?
        var b: UIView?
        var banner: UIView?
        override func layoutSubviews() {
          let (w, h) = (bounds.width, bounds.height)
          if h < 600, banner == nil {
            let view = UIView()
            insertSubview(view, at: 0)
            banner = view
          } else if h >= 600, let view = banner {
            view.removeFromSuperview()
            banner = nil
          }
          banner?.frame = CGRect(x: 0, y: 50, width: w, height: 30)
          a?.frame = CGRect(x: 0, y: 0, width: w, height: 50)
          b?.frame = CGRect(x: 0, y: h - 60, width: w, height: 60)
        }
      }

      @main
      struct Main {
        @MainActor static func main() {
          StandInClock.reset(to: 0)
          let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
          let from = UIViewController()
          from.view = UIView(frame: container.bounds)
          container.addSubview(from.view)
          let to = UIViewController()
          let screen = Screen(frame: container.bounds)
          let (a, b) = (UIView(), UIView())
          screen.addSubview(a)
          screen.addSubview(b)
          (screen.a, screen.b) = (a, b)
          to.view = screen
          let context = StandInTransitionContext(containerView: container, from: from, to: to)
          context.setInitialFrame(from.view.frame, for: from)
          context.setFinalFrame(container.bounds, for: to)
          GrowsAnimator().animateTransition(using: context)
          StandInClock.advance(to: 0.5)
          func y(_ view: UIView) -> Double { Double((view.layer.presentation() ?? view.layer).position.y) }
          print("a \\(y(a)) b \\(y(b))")
        }
      }
      """
    let built = try StandInHarness.build(["Grows.swift": animator, "Main.swift": main], in: folder.path)
    #expect(built.compiled.status == 0, "\(built.compiled.stderr)")
    let numbers = (built.ran?.stdout ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap {
      Double($0)
    }
    #expect(
      numbers.count == 2 && abs(numbers[0] - 25) < 1e-6 && abs(numbers[1] - 592) < 1e-6,
      "\(built.ran?.stdout ?? "")\(built.ran?.stderr ?? "")")
  }

  /// A scene with nothing in 3D leaves the container's sublayerTransform as the app set it, during
  /// the transition and after; one that turns a screen about y sets its perspective, m34 = −1/500,
  /// and puts the identity back at the end.
  @Test func onlyA3DSceneSetsTheContainersPerspective() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let flat = try Self.export(Self.card, in: folder.path)
    #expect(!flat.contains("container.layer.sublayerTransform"))
    let turned = try Self.export(
      Self.card.replacingOccurrences(of: #""name": "card""#, with: #""name": "turn""#)
        .replacingOccurrences(
          of: #""to": {"opacity": 0}"#,
          with: #""to": {"opacity": 0}}, {"target": "to", "from": {"rotationY": 30}, "to": {"rotationY": 0}"#),
      in: folder.path)
    let main = Self.program(
      """
          var own = CATransform3DIdentity
          own.m34 = -1 / 800
          container.layer.sublayerTransform = own
          CardAnimator(fromCard: card, fromTitle: title).animateTransition(using: context)
          StandInClock.advance(to: 0.25)
          print(Double(container.layer.sublayerTransform.m34))
          StandInClock.advance(to: 1)
          print(Double(container.layer.sublayerTransform.m34))
          StandInClock.reset(to: 0)
          let other = StandInTransitionContext(containerView: container, from: from, to: to)
          other.setInitialFrame(from.view.frame, for: from)
          other.setFinalFrame(to.view.frame, for: to)
          TurnAnimator(fromCard: card, fromTitle: title).animateTransition(using: other)
          StandInClock.advance(to: 0.25)
          print(Double(container.layer.sublayerTransform.m34))
          StandInClock.advance(to: 1)
          print(Double(container.layer.sublayerTransform.m34))
      """)
    let built = try StandInHarness.build(
      ["Card.swift": flat, "Turn.swift": turned, "Main.swift": main], in: folder.path)
    #expect(built.compiled.status == 0, "\(built.compiled.stderr)")
    #expect(
      built.ran?.stdout == "\(-1 / 800.0)\n\(-1 / 800.0)\n\(-1 / 500.0)\n0.0\n",
      "\(built.ran?.stdout ?? "")\(built.ran?.stderr ?? "")")
  }
}
