import SegueGeometry
import Testing

@testable import SegueScene

/// Numbers of a `translate`, a `frame`, a mask, a `scale`, an `anchor` and a screen's `size`
/// written as `{"of": ID, "times": k, "plus": c}` or `{"formula": "…"}`: what `segue expand`
/// writes for a preset's geometry of the container (issue 43, part 7). The numbers are worked
/// out by hand for a 390 × 844 container whose safe area is [47, 0, 34, 0].
struct SharesInValuesTests {
  static let width = Measure.input(.containerWidth)
  static let height = Measure.input(.containerHeight)

  static func scene(to: String = "{}", _ animation: String) throws(SceneErrors) -> Scene {
    let text =
      #"{"size": [390, 844], "safeArea": [47, 0, 34, 0], "from": {"layers": [{"id": "logo", "rect": [10, 20, 100, 40]}]}, "#
      + #""to": \#(to), "transition": {"type": "custom", "animations": [\#(animation)]}}"#
    return try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
  }

  static func errors(to: String = "{}", _ animation: String) -> [String] {
    do {
      _ = try scene(to: to, animation)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  // MARK: - Which measures a share writes

  @Test func aShareIsInputTimesKPlusC() {
    // W · 0.5 − 100: the zoom's centred tile.
    #expect((Self.width * 0.5 - .constant(100)).share! == (.containerWidth, 0.5, -100))
    // 0 − H = H · (−1); (0 − H) · 0.4 = H · (−0.4).
    #expect((-Self.height).share! == (.containerHeight, -1, 0))
    #expect(((-Self.height) * 0.4).share! == (.containerHeight, -0.4, 0))
    // W ÷ 4 = W · 0.25 exactly; W ÷ 3 is not W · (1 ÷ 3) to the last bit.
    #expect((Self.width / .constant(4)).share! == (.containerWidth, 0.25, 0))
    #expect((Self.width / .constant(3)).share == nil)
    // A rounding or a second input is no share.
    #expect(Measure.round(Self.width * 0.7).share == nil)
    #expect((Self.width - .input(.safeArea(.left))).share == nil)
  }

  // MARK: - The formula text

  @Test func aFormulaReadsWithThePrecedenceOfArithmetic() throws {
    // 2 + W · 3 is 2 + (W · 3): 1172 on a width of 390.
    let measure = try MeasureParser.parse("2 + container.width * 3")
    #expect(measure == .sum(.constant(2), .product(Self.width, .constant(3))))
    // −W: 0 − W.
    #expect(try MeasureParser.parse("-container.width") == .difference(.constant(0), Self.width))
    #expect(
      try MeasureParser.parse("max(0, container.height - (safeArea.top + 10))")
        == .max(.constant(0), Self.height - (.input(.safeArea(.top)) + .constant(10))))
    #expect(
      try MeasureParser.parse("1e-05 * to.frame.width") == .product(.constant(1e-05), .input(.screen(.to, .width))))
    #expect(try MeasureParser.parse("from.logo.x") == .input(.view("from.logo", .x)))
  }

  @Test func aMeasuresTextReadsBackAsItself() throws {
    let parallax = Self.width - Measure.round(Self.width * 7 / .constant(10))
    let measures: [Measure] = [
      -parallax, (Self.width - .constant(32)) / Self.width, .max(.constant(0), Self.height - .constant(57)),
      .length(Self.width * 0.5, Self.height * -0.25), .input(.safeArea(.top)) + .constant(10),
    ]
    for measure in measures { #expect(try MeasureParser.parse(measure.description) == measure, "\(measure)") }
  }

  @Test func aWrongFormulaSaysWhere() {
    func failure(_ text: String) -> String {
      do {
        _ = try MeasureParser.parse(text)
        return ""
      } catch {
        return "\(error.offset): \(error.message)"
      }
    }
    #expect(failure("container.widht + 1").hasPrefix("0: unknown name 'container.widht'"))
    #expect(failure("(container.width") == "16: expected ')'")
    #expect(failure("container.width 2") == "16: expected an operator (+, -, *, /) or the end")
    #expect(failure("round container.width").hasPrefix("6: expected '(' after round"))
    // Nesting and length are bounded, so no formula overflows the parser's stack: 32 levels of
    // parentheses read (the sum itself is the first level), 33 do not; 500 signs stop at
    // the 32nd; 1,001 characters are refused before reading.
    let deep = String(repeating: "(", count: 31) + "1" + String(repeating: ")", count: 31)
    #expect(failure(deep) == "")
    #expect(failure("(" + deep + ")") == "32: nested more than 32 deep")
    #expect(failure(String(repeating: "-", count: 500) + "1") == "32: nested more than 32 deep")
    #expect(
      failure(String(repeating: "1+", count: 500) + "1") == "1000: too long: a formula has at most 1000 characters")
    #expect(failure(String(repeating: "1+", count: 499) + "1") == "")
  }

  // MARK: - Decoding

  @Test func aTranslateTakesASharePlusPointsAndAFormula() throws {
    // x = 390 · 0.5 − 100 = 95; y = 47 + 10 = 57.
    let scene = try Self.scene(
      #"{"target": "to", "to": {"translate": [{"of": "container", "times": 0.5, "plus": -100}, {"formula": "safeArea.top + 10"}]}}"#
    )
    let to = FramesOfViewsTests.to(scene)
    #expect(to[.translate] == .point(Point(x: 95, y: 57)))
    #expect(
      to.formulas[.translate] == .point(Self.width * 0.5 - .constant(100), .input(.safeArea(.top)) + .constant(10)))
  }

  @Test func aFrameAMaskAScaleAndAnAnchorTakeShares() throws {
    // The panel's half: [0, 844 · 0.5, 390, 844 · 0.5] = [0, 422, 390, 422].
    let frame = FramesOfViewsTests.to(
      try Self.scene(
        #"{"target": "to", "to": {"frame": [0, {"of": "container", "times": 0.5}, {"of": "container", "times": 1}, {"of": "container", "times": 0.5}]}}"#
      ))
    #expect(frame[.frame] == .rect(Rect(x: 0, y: 422, width: 390, height: 422)))
    // A circle about the container's centre (195, 422) of radius 1; a 2 pt strip at x = 390.
    let circle = FramesOfViewsTests.to(
      try Self.scene(
        #"{"target": "to", "to": {"mask": {"circle": [{"of": "container", "times": 0.5}, {"of": "container", "times": 0.5}, 1]}}}"#
      ))
    #expect(circle[.mask] == .mask(.circle(center: Point(x: 195, y: 422), radius: 1)))
    let strip = FramesOfViewsTests.to(
      try Self.scene(
        #"{"target": "to", "to": {"mask": {"rect": [{"of": "container", "times": 1}, 0, 2, {"of": "container", "times": 1}], "cornerRadius": 0}}}"#
      ))
    #expect(strip[.mask] == .mask(.rect(Rect(x: 390, y: 0, width: 2, height: 844), cornerRadius: 0)))
    // The sheet's presenting view: scale (390 − 32) ÷ 390, anchor y 47 ÷ 844.
    let behind = FramesOfViewsTests.to(
      try Self.scene(
        #"{"target": "from", "to": {"scale": [{"formula": "(container.width - 32) / container.width"}, 1], "anchor": [0.5, {"formula": "safeArea.top / container.height"}]}}"#
      ))
    #expect(behind[.scale] == .point(Point(x: 358.0 / 390, y: 1)))
    #expect(behind[.anchor] == .point(Point(x: 0.5, y: 47.0 / 844)))
  }

  @Test func aScreensSizeTakesSharesOfTheContainer() throws {
    // [390 · 1, 844 · 0.5] = 390 × 422, and a sheet below the safe area: 844 − 57 = 787.
    let scene = try Self.scene(
      to: #"{"size": [{"of": "container", "times": 1}, {"formula": "container.height - (safeArea.top + 10)"}]}"#,
      #"{"target": "to", "to": {"opacity": 1}}"#)
    #expect(scene.to.size == Size(width: 390, height: 787))
    guard case .custom(let custom) = scene.transition.kind else {
      Issue.record("not custom")
      return
    }
    #expect(custom.screenSizes[.to]?.width == Self.width)
    #expect(custom.screenSizes[.to]?.height == Self.height - (.input(.safeArea(.top)) + .constant(10)))
  }

  @Test func aWrongShareOrFormulaIsAnErrorAtItsField() {
    #expect(
      Self.errors(to: #"{"size": [{"of": "from", "times": 1}, 100]}"#, #"{"target": "to", "to": {"opacity": 1}}"#)
        == [
          "s.json: at 'to.size.0.of': a screen's size is a share of the container's: {\"of\": \"container\", \"times\": k}"
        ])
    #expect(
      Self.errors(#"{"target": "to", "to": {"translate": [{"formula": "from.nope.x"}, 0]}}"#)
        == [
          "s.json: at 'transition.animations.0.to.translate.0.formula': 'from.nope.x' names no layer of the scene at "
            + "character 1 of the formula"
        ])
    // 390 · (−1) wide: a negative width on this container.
    #expect(
      Self.errors(#"{"target": "to", "to": {"frame": [0, 0, {"of": "container", "times": -1}, 10]}}"#)
        == [
          "s.json: at 'transition.animations.0.to.frame': on a container of 390 x 844 this is [0, 0, -390, 10]: a "
            + "negative width or height"
        ])
  }
}
