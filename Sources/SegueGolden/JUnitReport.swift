import SegueJSON

/// junit.xml of a check: a test suite per scene, a test case per frame, with times.
///
/// One test case per frame (not per scene with a failure per frame) because CI systems show
/// only the first failure of a test case: a scene with 18 failing frames would show one.
/// A changed frame count is a test case of its own ("frame count"); an invalid scene or an
/// unreadable golden is an error (the check could not run), a difference a failure.
public enum JUnitReport {
  public static func xml(_ report: CheckReport) -> String {
    let cases = report.scenes.map(testCases)
    let tests = cases.reduce(0) { $0 + $1.count }
    let failures = cases.reduce(0) { $0 + $1.filter { $0.kind == "failure" }.count }
    let errors = cases.reduce(0) { $0 + $1.filter { $0.kind == "error" }.count }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"segue check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
    xml += " time=\"\(time(report.seconds))\">\n"
    for (scene, cases) in zip(report.scenes, cases) {
      let name = escape(scene.name)
      let file = escape(scene.file)
      xml += "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\""
      xml += " failures=\"\(cases.filter { $0.kind == "failure" }.count)\""
      xml +=
        " errors=\"\(cases.filter { $0.kind == "error" }.count)\" time=\"\(time(scene.seconds))\" file=\"\(file)\">\n"
      for test in cases {
        xml += "    <testcase classname=\"\(name)\" name=\"\(escape(test.name))\" file=\"\(file)\""
        xml += " time=\"\(time(test.seconds))\""
        if let kind = test.kind {
          let message = escape(test.message)
          xml += ">\n      <\(kind) message=\"\(message)\" type=\"\(test.type)\">\(message)</\(kind)>\n"
          xml += "    </testcase>\n"
        } else {
          xml += "/>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// One test case: `kind` is "failure", "error" or nil (passed); `message` names the scene.
  struct TestCase {
    let name: String
    let seconds: Double
    let kind: String?
    let type: String
    let message: String
  }

  /// A scene's test cases: a broken scene's one error, else its frames and any frame count.
  static func testCases(_ scene: CheckReport.Scene) -> [TestCase] {
    if let error = scene.error {
      return [
        TestCase(
          name: "scene", seconds: scene.seconds, kind: "error", type: "invalid", message: "\(scene.name): \(error)")
      ]
    }
    var cases = scene.frames.map { frame in
      let kind: String? =
        switch frame.status {
        case .pass: nil
        case .invalid: "error"
        case .fail, .size, .missing: "failure"
        }
      return TestCase(
        name: frame.file, seconds: frame.seconds, kind: kind, type: frame.status.rawValue,
        message: "\(scene.name)/\(frame.file): \(frame.message)")
    }
    if let change = scene.frameCountChange {
      cases.append(
        TestCase(
          name: "frame count", seconds: 0, kind: "failure", type: "frame-count",
          message: "\(scene.name): \(change.message)"))
    }
    return cases
  }

  /// Seconds with three decimals, as JUnit readers expect.
  static func time(_ seconds: Double) -> String { DecimalText.fixed(max(0, seconds), 3) }

  /// `text` as XML 1.0 text or attribute value: the five markup characters as entities; tab,
  /// newline and carriage return as character references (an attribute keeps them only so); and
  /// every character XML 1.0 forbids (the other C0 controls, U+FFFE, U+FFFF) written as the text
  /// `\u{1B}`, so an error message carrying an escape sequence leaves the file valid XML.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": result += "&#9;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result += ReportWriter.escape(String(scalar))
      }
    }
    return result
  }
}
