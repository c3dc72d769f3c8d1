import Testing

@testable import SegueSwiftExport

/// `segue swift`'s errors name the field at fault and each file by its own scene.
struct ExportMessageTests {
  /// A scene whose `from.card` scales through `keyframes` (no `to` of its own).
  static func keyframed(_ keyframes: String, from: String = "") -> String {
    ##"{"name": "kf", "size": [100, 100], "from": {"layers": [{"id": "card", "rect": [10, 10, 20, 20]}]}, "to": {}, "##
      + ##""transition": {"type": "custom", "duration": 0.5, "animations": [{"target": "from.card", "## + from
      + ##""keyframes": [\##(keyframes)]}]}}"##
  }

  static let lost =
    "the scale of 'from.card' goes below 0: Core Animation's transform.scale key paths lose the sign; mirror with "
    + "rotationY 180, or give it values and a curve that stay above 0"

  /// The keyframe that reaches a negative scale is named, never a `to` the animation does not
  /// have; a negative scale between positive ones (which the first and last values alone miss)
  /// is refused too.
  @Test func aNegativeScaleInKeyframesNamesItsKeyframe() {
    let last = Self.keyframed(
      ##"{"duration": 0.5, "to": {"scale": 0.5}}, {"start": 0.5, "duration": 0.25, "to": {"scale": 0.8}}, "##
        + ##"{"start": 0.75, "to": {"scale": -2}}"##)
    #expect(
      ExportedScene.errors([("s.json", last)]) == [
        "s.json: at 'transition.animations.0.keyframes.2.to.scale': \(Self.lost)"
      ])
    let middle = Self.keyframed(
      ##"{"duration": 0.5, "to": {"scale": 0.5}}, {"start": 0.5, "duration": 0.25, "to": {"scale": [1, -1]}}, "##
        + ##"{"start": 0.75, "to": {"scale": 1}}"##)
    #expect(
      ExportedScene.errors([("s.json", middle)]) == [
        "s.json: at 'transition.animations.0.keyframes.1.to.scale': \(Self.lost)"
      ])
    // Cubic keyframes through 3, 0.1, 0.1 (key times 0, 0.5, 1): Catmull–Rom enters 0.1 with the
    // tangent (0.1 − 3) ÷ 2 = −1.45 and leaves it toward 0.1 with tangent 0, so the second segment
    // is 0.1 − 1.45·u(1 − u)², which at u = 1/3 is 0.1 − 1.45·4/27 = −0.115: below 0 in the second
    // keyframe, whose own value is 0.1.
    let dip = Self.keyframed(
      ##"{"duration": 0.5, "to": {"scale": 0.1}}, {"start": 0.5, "duration": 0.5, "to": {"scale": 0.1}}"##,
      from: ##""from": {"scale": 3}, "calculation": "cubic", "##)
    #expect(
      ExportedScene.errors([("s.json", dip)]) == [
        "s.json: at 'transition.animations.0.keyframes.1.to.scale': \(Self.lost)"
      ])
    let fine = Self.keyframed(
      ##"{"duration": 0.5, "to": {"scale": 0.5}}, {"start": 0.5, "to": {"scale": 1}}"##)
    #expect(ExportedScene.errors([("s.json", fine)]).isEmpty)
  }

  /// `card-a` and `Card-A` make one class, `CardAAnimator`: the second file is refused, and the
  /// message gives each file its own scene's name.
  @Test func twoScenesOfOneClassNameAreNamedEachByItsOwn() {
    func scene(_ name: String, _ operation: String) -> String {
      ##"{"name": "\##(name)", "size": [100, 100], "from": {}, "to": {}, "transition": {"type": "fade", "##
        + ##""operation": "\##(operation)"}}"##
    }
    #expect(
      ExportedScene.errors([("a.json", scene("card-a", "present")), ("b.json", scene("Card-A", "dismiss"))]) == [
        "b.json: at 'name': 'Card-A' makes the class CardAAnimator, and a.json is named 'card-a', which makes it "
          + "too: one file cannot hold two CardAAnimator classes"
      ])
    #expect(
      ExportedScene.errors([("a.json", scene("card", "present")), ("b.json", scene("card", "dismiss"))]) == [
        "b.json: at 'name': 'card' makes the class CardAnimator, and a.json is also named 'card', which makes it "
          + "too: one file cannot hold two CardAnimator classes"
      ])
  }
}
