import Testing

@testable import SegueScene

/// Groups in the decoder: ids unique at any depth, nested ids as targets, a bound on nesting.
struct LayerGroupDecodingTests {
  @Test func idsAreUniqueAtAnyDepthAndNestedIdsAreTargets() {
    let errors = CustomValidationTests.errors(
      CustomValidationTests.scene(
        transition: ##"{"type": "custom", "animations": [{"target": "from.inner", "to": {"opacity": 0}}]}"##,
        from:
          ##"{"layers": [{"id": "a", "rect": [0, 0, 10, 10], "layers": [{"id": "inner", "rect": [0, 0, 5, 5]}, {"id": "a", "rect": [0, 0, 1, 1]}]}]}"##
      ))
    #expect(
      errors == [
        "s.json: at 'from.layers.0.layers.1.id': id 'a' is also the id of from.layers.0; ids are unique in a screen, at any depth"
      ])
    let unknown = CustomValidationTests.errors(
      CustomValidationTests.scene(
        transition: ##"{"type": "custom", "animations": [{"target": "from.innr", "to": {"opacity": 0}}]}"##,
        from: ##"{"layers": [{"id": "a", "rect": [0, 0, 10, 10], "layers": [{"id": "inner", "rect": [0, 0, 5, 5]}]}]}"##
      ))
    #expect(unknown.first?.contains("did you mean 'from.inner'?") == true, "\(unknown)")
  }

  @Test func groupsNestAtMostTwentyFourDeep() {
    var layer = ##"{"rect": [0, 0, 1, 1]}"##
    for _ in 0..<25 { layer = ##"{"rect": [0, 0, 1, 1], "layers": ["## + layer + "]}" }
    let errors = CustomValidationTests.errors(
      CustomValidationTests.scene(transition: ##"{"type": "fade"}"##, from: ##"{"layers": ["## + layer + "]}"))
    #expect(errors.count == 1 && errors[0].contains("layers nest at most 24 deep"), "\(errors)")
  }

  @Test func clipsIsTrueOrFalse() {
    let errors = CustomValidationTests.errors(
      CustomValidationTests.scene(
        transition: ##"{"type": "fade"}"##, from: ##"{"layers": [{"rect": [0, 0, 1, 1], "clips": "yes"}]}"##))
    #expect(errors == [#"s.json: at 'from.layers.0.clips': expected true or false, got "yes""#])
  }
}
