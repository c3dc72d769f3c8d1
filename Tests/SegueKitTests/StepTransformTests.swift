import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueScene
import Testing

/// Transforms written as steps (docs/custom-transitions.md, "Transforms as steps"): their order,
/// a perspective inside a layer's own transform, and Core Animation's interpolation of whole
/// matrices, each against numbers worked out by hand from the step matrices.
struct StepTransformTests {
  func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.m.joined(), b.m.joined()).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// The last step acts first: [translate 10, scale 2] takes (1, 0) to 2·1 + 10 = 12, and
  /// [scale 2, translate 10] takes it to 2·(1 + 10) = 22.
  @Test func theLastStepActsFirst() {
    let a = TransformStep.product([.translate(x: 10, y: 0, z: 0), .scale(x: 2, y: 2, z: 1)]).apply(1, 0)
    let b = TransformStep.product([.scale(x: 2, y: 2, z: 1), .translate(x: 10, y: 0, z: 0)]).apply(1, 0)
    #expect(a.x == 12 && a.w == 1)
    #expect(b.x == 22 && b.w == 1)
  }

  /// [perspective 500, rotateY 60] on (100, 0): turned, x = 100 cos 60° = 50 and
  /// z = −100 sin 60° = −86.6025; m34 = −1/500 gives w = 1 − z/500 = 1.173205, drawn at
  /// x/w = 42.61829.
  @Test func aPerspectiveStepDividesByDepth() {
    let p = TransformStep.product([.perspective(500), .rotateY(60)]).apply(100, 0)
    #expect(abs(p.x - 50) < 1e-12)
    #expect(abs(p.z + 86.602540378) < 1e-8)
    #expect(abs(p.w - 1.173205081) < 1e-8)
    #expect(abs(p.x / p.w - 42.618294806) < 1e-8)
  }

  /// IBAnimatable's cards tilt ([perspective 900, scale 0.95, rotateX 15]) on a 390 x 844 screen
  /// about its centre: its top-left corner (−195, −422) turns to y = −422 cos 15° = −407.6207,
  /// z = −422 sin 15° = −109.2216, scales to (−185.25, −387.2397), and with w = 1 + 109.2216/900
  /// = 1.1213574 lands at (195 − 165.2016, 422 − 345.3312) = (29.7984, 76.6688).
  @Test func aPerspectiveInsideTheScreensOwnTransform() throws {
    let loaded = try SceneFixture.scene(
      size: (390, 844),
      transition: """
        {"type": "custom", "operation": "push", "perspective": "none", "animations": [
          {"target": "to", "to": {"transform": [{"perspective": 900}, {"scale": 0.95}, {"rotateX": 15}]}}]}
        """)
    let list = loaded.plan.displayList(at: .end)
    let to = try #require(list.layers.last)
    let p = (list.projection * to.transform).apply(0, 0)
    #expect(abs(p.x / p.w - 29.798428926) < 1e-6)
    #expect(abs(p.y / p.w - 76.668821402) < 1e-6)
    // No perspective of the container's: its sublayer transform is the identity.
    #expect(close(list.projection, .identity))
  }

  /// Taken apart and put back together, a matrix is itself: a perspective, a turn, a shear and
  /// a mirror included.
  @Test func aMatrixTakenApartIsItselfAgain() throws {
    let matrices: [[TransformStep]] = [
      [.perspective(900), .scale(x: 0.95, y: 0.95, z: 1), .rotateX(15)],
      [.translate(x: 12, y: -40, z: 8), .rotateY(70), .rotateZ(-20), .scale(x: 1.5, y: 0.5, z: 2)],
      [.scale(x: -1, y: 1, z: 1), .rotateZ(30)],
      [.rotateZ(30), .scale(x: 2, y: 1, z: 1), .rotateZ(-60)],
    ]
    for steps in matrices {
      let matrix = TransformStep.product(steps)
      let parts = try #require(DecomposedTransform(matrix))
      #expect(close(parts.matrix, matrix, 1e-12), "\(steps)")
    }
  }

  /// Halfway between no turn and a half turn about y is a quarter turn about y (the matrices'
  /// entries would give a flat, zero-width layer); a quarter of 30° → 90° about z is 45°; scales,
  /// translations and the perspective go in a straight line.
  @Test func coreAnimationInterpolatesTheMatricesTakenApart() {
    func mid(_ a: [TransformStep], _ b: [TransformStep], _ t: Double) -> Transform3D {
      DecomposedTransform.interpolate(TransformStep.product(a), TransformStep.product(b), t)
    }
    #expect(close(mid([], [.rotateY(180)], 0.5), .rotationY(degrees: 90)))
    #expect(close(mid([.rotateZ(30)], [.rotateZ(90)], 0.25), .rotationZ(degrees: 45)))
    #expect(close(mid([.scale(x: 1, y: 1, z: 1)], [.scale(x: 3, y: 2, z: 1)], 0.5), .scale(2, 1.5)))
    #expect(
      close(
        mid([], [.translate(x: 100, y: 0, z: 0), .rotateZ(90)], 0.5),
        .translation(50, 0) * .rotationZ(degrees: 45)))
    // m34 from 0 to −1/900: halfway −1/1800.
    #expect(close(mid([], [.perspective(900)], 0.5), TransformStep.perspective(1800).matrix))
  }

  /// A transform as steps in a scene: drawn about the anchor, animated as above, and refused
  /// where it meets the transform's parts on one target.
  @Test func stepsInAScene() throws {
    let loaded = try SceneFixture.scene(
      size: (200, 100), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "animations": [
          {"target": "to", "from": {"transform": []}, "to": {"transform": [{"rotateZ": 90}]}}]}
        """)
    // At t = 0.5, a quarter turn of 45° about the screen's centre (100, 50).
    let state = loaded.plan.state(of: .screen(.to), at: .time(0.5))
    let expected = Transform3D.translation(100, 50) * .rotationZ(degrees: 45) * .translation(-100, -50)
    #expect(close(state.transform, expected))
    let errors = FuzzRegressionTests.decodeErrors(
      """
      {"size": [200, 100], "from": {}, "to": {}, "transition": {"type": "custom", "operation": "push",
       "animations": [{"target": "to", "to": {"transform": [{"rotateY": 10}], "scale": 2}},
                      {"target": "from", "to": {"transform": [{"rotateY": 10, "scale": 2}]}},
                      {"target": "from", "to": {"transform": [{"perspective": 0}]}},
                      {"target": "from", "to": {"transform": [{"scale": 2}, {"skew": 3}]}}]}}
      """)
    #expect(
      errors.contains(
        "s.json: at 'transition.animations.0': 'transform' and 'scale' both set the layer's transform: write "
          + "'scale' as a step of 'transform'"), "\(errors)")
    #expect(
      errors.contains {
        $0.hasPrefix("s.json: at 'transition.animations.1.to.transform.0': a step has exactly one key")
      }, "\(errors)")
    #expect(
      errors.contains { $0.hasPrefix("s.json: at 'transition.animations.3.to.transform.1.skew': unknown key 'skew'") },
      "\(errors)")
    #expect(
      errors.contains { $0.hasPrefix("s.json: at 'transition.animations.2.to.transform.0.perspective'") },
      "\(errors)")
  }
}
