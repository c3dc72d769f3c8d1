import SegueSpelling
import Testing

/// One rule for every "did you mean": nearest by edit distance, ignoring case, within
/// max(2, ⌊length / 3⌋) edits.
struct SpellingTests {
  @Test func distanceCountsTheFewestEdits() {
    func distance(_ a: String, _ b: String) -> Int { Spelling.distance(Array(a), Array(b)) }
    #expect(distance("kitten", "sitting") == 3)  // k→s, e→i, +g
    #expect(distance("", "abc") == 3 && distance("abc", "") == 3 && distance("abc", "abc") == 0)
    #expect(distance("durration", "duration") == 1)
  }

  @Test func closestIsWithinATypoOfTheWord() {
    #expect(Spelling.closest(to: "durration", in: ["delay", "duration", "curve"]) == "duration")
    #expect(Spelling.closest(to: "Opacity", in: ["frame", "opacity"]) == "opacity")
    #expect(Spelling.closest(to: "rendr", in: ["render", "batch"]) == "render")
    // "xyz" is 3 edits from "list", beyond max(2, 1): no guess.
    #expect(Spelling.closest(to: "xyz", in: ["list", "render"]) == nil)
    // "prspctv" is 4 edits from "perspective", beyond max(2, ⌊7 / 3⌋) = 2.
    #expect(Spelling.closest(to: "prspctv", in: ["perspective"]) == nil)
    #expect(Spelling.closest(to: "--fpss", in: ["--fps", "--frames"]) == "--fps")
  }

  /// Other frameworks' names are not typos of ours, yet mean them.
  @Test func otherFrameworksNamesSuggestOurs() {
    let properties = ["frame", "translate", "scale", "rotation", "rotationX", "rotationY", "opacity", "color"]
    #expect(Spelling.distance(Array("alpha"), Array("opacity")) > 2)
    #expect(Spelling.closest(to: "alpha", in: properties) == "opacity")
    #expect(Spelling.closest(to: "rotateY", in: properties) == "rotationY")
    #expect(Spelling.closest(to: "RotateX", in: properties) == "rotationX")
    #expect(Spelling.closest(to: "backgroundColor", in: ["background", "image", "layers"]) == "background")
    #expect(Spelling.closest(to: "backgroundColor", in: ["rect", "color", "image"]) == "color")
    // A name meant for something the candidates lack suggests nothing of its own accord.
    #expect(Spelling.closest(to: "alpha", in: ["rect", "shape"]) == nil)
  }
}
