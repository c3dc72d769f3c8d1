import SegueTestSupport
import Testing

@testable import SegueSwiftExport

/// The names of the generated animator: unique by construction, never a keyword, a framework's
/// type or one of the writer's own names.
struct SwiftNamerTests {
  @Test func viewsAreUniqueAndEndInView() {
    var namer = SwiftNamer()
    let texts =
      SwiftKeywords.all + [
        "hidden", "timing0", "matchAFrom", "timeline", "position", "container", "start", "views", "view", "from",
        "to", "from.Controller", "fromController", "card-1", "card_1", "card1", "card1_2", "", "日本", "0day",
      ]
    var names: [String] = []
    for text in texts { names.append(namer.view(for: text, fallback: "overlay")) }
    #expect(Set(names).count == names.count)
    for name in names {
      #expect(name.hasSuffix("View"))
      #expect(!SwiftNamer.reserved.contains(name))
      #expect(name.unicodeScalars.first.map { ("a"..."z").contains($0) } == true, "\(name)")
      #expect(
        name.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        })
    }
    #expect(names[SwiftKeywords.all.count + 9] == "from_2View", "'from' is the writer's own fromView")
    #expect(names[SwiftKeywords.all.count + 19] == "overlay0dayView")
  }

  /// A derived name (a view's name and one suffix) is no view's name and no other derived name.
  @Test func derivedNamesAreDistinct() {
    var namer = SwiftNamer()
    let views = ["a", "a mask", "aViewMask", "end", "a end mask", "to", "from"].map {
      namer.view(for: $0, fallback: "overlay")
    }
    let derived = views.flatMap { view in SwiftNamer.suffixes.map { view + $0 } }
    #expect(Set(views + derived).count == views.count + derived.count)
  }

  @Test func typesNeverTakeAFrameworksName() {
    #expect(SwiftIdentifier.type("UIViewController") == "SceneUIViewController")
    #expect(SwiftIdentifier.type("UIViewProperty") == "SceneUIViewProperty")
    #expect(SwiftIdentifier.type("CALayer") == "SceneCALayer")
    #expect(SwiftIdentifier.type("NSObject") == "SceneNSObject")
    #expect(SwiftIdentifier.type("custom-today-card") == "CustomTodayCard")
    #expect(SwiftIdentifier.type("Cafe") == "Cafe")
    #expect(SwiftIdentifier.type("2up") == "Scene2up")
    #expect(SwiftIdentifier.type("日本") == "Scene")
  }
}
