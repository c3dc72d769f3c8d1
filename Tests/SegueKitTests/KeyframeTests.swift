import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueScene
import Testing

/// Keyframe animations (docs/custom-transitions.md, "Keyframes"): the key times UIKit builds
/// from relative starts and durations, and each calculation mode against values worked out by
/// hand.
struct KeyframeTests {
  func number(_ value: PropertyValue) -> Double {
    if case .number(let number) = value { return number }
    return .nan
  }

  func keyframe(_ start: Double, _ duration: Double, _ rotation: Double) -> Keyframe {
    Keyframe(start: start, duration: duration, to: PropertyState([.rotation: .number(rotation)]))
  }

  /// IBAnimatable's cards: keyframes over 0.35…0.7 and 0.75…1 from 0 make key times
  /// [0, 0.35, 0.7, 0.75, 1] with values [0, 0, a, a, b]: held until a keyframe starts, reached
  /// at its end.
  @Test func uiKitsKeyTimes() {
    let frames = KeyframeValues(
      .rotation, initial: (.number(0), nil), keyframes: [keyframe(0.75, 0.25, 20), keyframe(0.35, 0.35, 10)],
      calculation: .linear)
    #expect(frames.times == [0, 0.35, 0.7, 0.75, 1])
    #expect(frames.values.map(number) == [0, 0, 10, 10, 20])
    // Linear: halfway through 0.35…0.7 is halfway from 0 to 10.
    #expect(abs(number(frames.value(at: 0.525)) - 5) < 1e-12)
    #expect(number(frames.value(at: 0.72)) == 10)
  }

  /// Discrete: each value from its key time until the next; paced: key times by distance,
  /// 0 → 10 → 40 travels 10 of 40 by its second value, so t₁ = 0.25.
  @Test func discreteAndPaced() {
    let list = [keyframe(0, 0.5, 10), keyframe(0.5, 0.5, 40)]
    let discrete = KeyframeValues(.rotation, initial: (.number(0), nil), keyframes: list, calculation: .discrete)
    #expect(number(discrete.value(at: 0.49)) == 0)
    #expect(number(discrete.value(at: 0.5)) == 10)
    #expect(number(discrete.value(at: 1)) == 40)
    let paced = KeyframeValues(.rotation, initial: (.number(0), nil), keyframes: list, calculation: .paced)
    #expect(paced.times == [0, 0.25, 1])
    // One speed: at f = 0.625 the value is 0.625 of the way, 25.
    #expect(abs(number(paced.value(at: 0.625)) - 25) < 1e-12)
  }

  /// Cubic: values [0, 10, 0] at [0, 0.5, 1]; at f = 0.25, segment 0 with u = 0.5 and points
  /// (0, 0, 10, 0) (the first repeated): w₂ = (−3/8 + 1 + 1/2)/2 = 0.5625, so 10·0.5625 = 5.625,
  /// above the straight line's 5. At f = 0.5 the spline passes through 10.
  @Test func cubicIsCatmullRomThroughTheValues() {
    let list = [keyframe(0, 0.5, 10), keyframe(0.5, 0.5, 0)]
    let cubic = KeyframeValues(.rotation, initial: (.number(0), nil), keyframes: list, calculation: .cubic)
    #expect(abs(number(cubic.value(at: 0.25)) - 5.625) < 1e-12)
    #expect(number(cubic.value(at: 0.5)) == 10)
    // Cubic paced: [0, 10, 0] travels 10 and 10, so its key times are [0, 0.5, 1] too.
    let pacedCubic = KeyframeValues(.rotation, initial: (.number(0), nil), keyframes: list, calculation: .cubicPaced)
    #expect(pacedCubic.times == [0, 0.5, 1])
    #expect(abs(number(pacedCubic.value(at: 0.25)) - 5.625) < 1e-12)
  }

  /// An overlay's opacity ceiling (the largest the scene gives it) counts its keyframes: a dim
  /// that rises to 0.5 and falls back to 0 through keyframes is 0.5 halfway, not held at 0.
  @Test func overlayOpacityThroughKeyframes() throws {
    let loaded = try SceneFixture.scene(
      size: (200, 100), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear",
         "overlays": {"dim": {"color": "#000000", "opacity": 0}},
         "animations": [{"target": "dim", "keyframes": [
            {"start": 0, "duration": 0.5, "to": {"opacity": 0.5}}, {"start": 0.5, "to": {"opacity": 0}}]}]}
        """)
    #expect(abs(loaded.plan.state(of: .overlay("dim"), at: .time(0.5)).opacity - 0.5) < 1e-12)
    #expect(abs(loaded.plan.state(of: .overlay("dim"), at: .time(0.25)).opacity - 0.25) < 1e-12)
    #expect(loaded.plan.state(of: .overlay("dim"), at: .time(1)).opacity == 0)
  }

  /// In a scene, the animation's curve runs over the whole: with `linear` over 1 s, the
  /// rotation at 0.25 s is the cubic's 5.625; the end is the last keyframe's value.
  @Test func keyframesInAScene() throws {
    let loaded = try SceneFixture.scene(
      size: (200, 100), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "animations": [
          {"target": "to", "calculation": "cubic", "keyframes": [
            {"start": 0, "duration": 0.5, "to": {"rotation": 10}}, {"start": 0.5, "to": {"rotation": 0}}]}]}
        """)
    #expect(abs(loaded.plan.state(of: .screen(.to), at: .time(0.25)).rotation - 5.625) < 1e-9)
    #expect(loaded.plan.state(of: .screen(.to), at: .end).rotation == 0)
    let errors = FuzzRegressionTests.decodeErrors(
      """
      {"size": [200, 100], "from": {}, "to": {}, "transition": {"type": "custom", "operation": "push",
       "animations": [{"target": "to", "to": {"opacity": 1}, "keyframes": [{"to": {"opacity": 0}}]},
                      {"target": "to", "to": {"opacity": 1}, "calculation": "cubic"},
                      {"target": "to", "keyframes": [{"start": 0.6, "duration": 0.6, "to": {"opacity": 0}}]},
                      {"target": "to", "keyframes": [{"start": 0.5, "duration": 0.5, "to": {"scale": 2}},
                                                     {"start": 0, "duration": 0.6, "to": {"scale": 3, "rotation": 5}},
                                                     {"start": 0.2, "duration": 0.2, "to": {"rotation": 9}}]}]}}
      """)
    #expect(
      errors.contains(
        "s.json: at 'transition.animations.0.to': an animation with 'keyframes' takes its values from them: move "
          + "'to' into the last keyframe"), "\(errors)")
    #expect(
      errors.contains(
        "s.json: at 'transition.animations.1.calculation': 'calculation' joins keyframes: this animation has no "
          + "'keyframes'"), "\(errors)")
    #expect(
      errors.contains(
        "s.json: at 'transition.animations.2.keyframes.0.duration': a keyframe ends by the end of its animation: "
          + "start 0.6 + duration 0.6 is past 1"), "\(errors)")
    // Keyframes of one property follow one another (rotation's, 0…0.6 then 0.2…0.4, overlap too).
    #expect(
      errors.contains(
        "s.json: at 'transition.animations.3.keyframes.0.start': keyframes 1 and 0 both set 'scale' from 0.5 to "
          + "0.6: the keyframes of one property follow one another"), "\(errors)")
    #expect(
      errors.contains(
        "s.json: at 'transition.animations.3.keyframes.2.start': keyframes 1 and 2 both set 'rotation' from 0.2 to "
          + "0.4: the keyframes of one property follow one another"), "\(errors)")
    #expect(throws: SceneErrors.self) {
      try SceneFixture.scene(
        transition: """
          {"type": "custom", "operation": "push", "curve": "systemSpring", "animations": [
            {"target": "to", "keyframes": [{"to": {"opacity": 0.5}}]}]}
          """)
    }
  }
}
