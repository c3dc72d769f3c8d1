import Foundation
import Testing

/// A circle mask that covers the container (`{"cover": "container"}`), its animator written from
/// the scene at 390 x 844 and played in the UIKit stand-in in containers of 375 x 667 and
/// 430 x 932: at every frame its mask path is the circle Segue draws for a scene of that size.
@Suite(.serialized)
struct GeneratedAnimatorCoverEndToEndTests {
  @Test func theCoveringCircleFollowsTheContainer() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A reveal of `to` from a tap at (40, 100), and a bubble overlay grown from the button at
    // (300, 600) over `from`, as BubbleTransition grows its bubble. At 375 x 667 the reveal ends
    // at sqrt(335² + 567²) = 658.6, at 430 x 932 at sqrt(390² + 832²) = 918.9; the bubble at
    // sqrt(300² + 600²) = 670.8 on both (its far corner is the top-left).
    let texts = [
      ##"""
      {"name": "reveal", "size": [390, 844], "from": {"background": "#FFFFFF"}, "to": {"background": "#FF9500"},
       "transition": {"type": "custom", "duration": 0.4, "animations": [
         {"target": "to", "from": {"mask": {"circle": [40, 100, 1]}},
          "to": {"mask": {"circle": [40, 100, {"cover": "container"}]}}}]}}
      """##,
      ##"""
      {"name": "bubble", "size": [390, 844], "from": {"background": "#FFFFFF"}, "to": {"background": "#FFFFFF"},
       "transition": {"type": "custom", "duration": 0.4, "stack": ["from", "bubble", "to"],
         "overlays": {"bubble": {"color": "#007AFF"}}, "animations": [
         {"target": "bubble", "from": {"mask": {"circle": [300, 600, 0]}},
          "to": {"mask": {"circle": [300, 600, {"cover": "container"}]}}},
         {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 1}, "delay": 0.2, "duration": 0.2}]}}
      """##,
      // BubbleTransition's own way: the bubble is a view, a square of side 2R about the tap with
      // half of it as its corner radius, scaled from 0.001 to 1 (R as above, 670.8 on both).
      ##"""
      {"name": "bubble-view", "size": [390, 844], "from": {"background": "#FFFFFF"}, "to": {"background": "#FFFFFF"},
       "transition": {"type": "custom", "duration": 0.4, "stack": ["from", "bubble", "to"],
         "overlays": {"bubble": {"color": "#007AFF", "rect": {"circle": [300, 600, {"cover": "container"}]}}},
         "animations": [
         {"target": "bubble", "from": {"scale": 0.001}, "to": {"scale": 1}},
         {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 1}, "delay": 0.2, "duration": 0.2}]}}
      """##,
    ]
    var pairs: [(animator: String, geometry: String)] = []
    for (index, text) in texts.enumerated() {
      for (size, container) in [(375.0, 667.0), (430, 932)].enumerated() {
        let name = "cover-\(index)-\(size)"
        let (animator, geometry) = try GeneratedAnimatorEndToEndTests.moved(
          text, name: name, container: container, layout: 0)
        let animatorFile = folder.path + "/\(name).json"
        let geometryFile = folder.path + "/\(name)-app.json"
        try animator.write(toFile: animatorFile, atomically: true, encoding: .utf8)
        try geometry.write(toFile: geometryFile, atomically: true, encoding: .utf8)
        pairs.append((animatorFile, geometryFile))
      }
    }
    try GeneratedAnimatorEndToEndTests().play(pairs)
  }
}
