import Foundation
import SeguePages
import SegueTestSupport
import Testing

/// The pages' escaping: no text of a scene ends a script or opens a tag, whatever character of
/// whatever Unicode category comes before it.
struct PlayerPageTests {
  static let attack = "</script><img src=x onerror=alert(1)><!--<script>"

  /// The page's own `</script>` closers, counted on a page whose data holds nothing to escape.
  static func closers(_ page: String) -> Int {
    page.lowercased().components(separatedBy: "</script").count - 1
  }

  @Test(arguments: UnicodeSamples.everyCategory + ["\u{0600}", "\u{0301}", "\u{200D}", "\u{FE0F}"])
  func noTextEndsTheDataScript(_ scalar: Unicode.Scalar) throws {
    var text = String(scalar)
    text += Self.attack + "\u{2028}\u{2029}&amp;"
    let json = "{\"id\":" + Self.quoted(text) + "}"
    let plain = PlayerPage.html(title: "t", subtitle: "s", layout: .preview, data: .inline("{\"id\":\"x\"}"))
    let page = PlayerPage.html(title: "t", subtitle: "s", layout: .preview, data: .inline(json))
    #expect(Self.closers(page) == Self.closers(plain), "U+\(String(scalar.value, radix: 16))")
    #expect(!page.contains("<img src=x"))
    #expect(!page.contains("<!--"))
    let script = PlayerPage.inScript(json)
    #expect(!script.unicodeScalars.contains { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
    // The escaped JSON reads back as the same text.
    let decoded = try JSONSerialization.jsonObject(with: Data(script.utf8)) as? [String: String]
    #expect(decoded?["id"] == text)
  }

  @Test(arguments: UnicodeSamples.everyCategory + ["\u{0600}", "\u{0301}"])
  func noTextOpensATag(_ scalar: Unicode.Scalar) {
    let text = String(scalar) + "<img src=x onerror=alert(1)>\"'&"
    let page = PlayerPage.html(title: text, subtitle: text, layout: .gallery, data: .script(text + ".js"))
    #expect(!page.contains("<img"), "U+\(String(scalar.value, radix: 16))")
    #expect(PlayerPage.escape(text).unicodeScalars.allSatisfy { !"<>\"'".unicodeScalars.contains($0) })
  }

  /// A JSON string literal, written here apart from Segue's own writer.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
