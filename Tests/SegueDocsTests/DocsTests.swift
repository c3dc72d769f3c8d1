import Foundation
import Testing

/// The documentation holds together: every relative link of README.md and docs/*.md reaches a
/// file (and a heading, when it names one), every page is linked from the README, the pictures
/// stay small, and nothing in the repository points at the team's internal design notes.
struct DocsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// README.md and every page of docs/, as paths relative to the repository.
  static var pages: [String] {
    let docs = ((try? FileManager.default.contentsOfDirectory(atPath: root.path + "/docs")) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
  }

  static func text(_ relative: String) throws -> String {
    try String(contentsOfFile: root.path + "/" + relative, encoding: .utf8)
  }

  /// The text without fenced code blocks and inline code, where brackets are not links.
  static func prose(_ markdown: String) -> String {
    var lines: [String] = []
    var fenced = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        fenced.toggle()
        continue
      }
      if !fenced { lines.append(String(line)) }
    }
    return lines.joined(separator: "\n").replacing(/`[^`\n]*`/, with: "")
  }

  /// The targets of `[text](target)` and `![alt](target)`.
  static func links(_ markdown: String) -> [String] {
    prose(markdown).matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/).map { String($0.output.1) }
  }

  /// GitHub's anchors for the headings of a page: lower case, punctuation dropped, spaces as
  /// hyphens, repeats numbered.
  static func anchors(_ markdown: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var result = Set<String>()
    for line in prose(markdown).split(separator: "\n") where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let slug = String(
        title.lowercased().unicodeScalars.filter {
          CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }.map { $0 == " " ? "-" : Character($0) })
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      result.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return result
  }

  @Test func everyRelativeLinkResolves() throws {
    #expect(Self.pages.count >= 7)
    for page in Self.pages {
      let markdown = try Self.text(page)
      let folder = (page as NSString).deletingLastPathComponent
      for link in Self.links(markdown) where !link.contains("://") && !link.hasPrefix("mailto:") {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0]
        let target = path.isEmpty ? page : URL(fileURLWithPath: folder.isEmpty ? path : folder + "/" + path).path
        let file = target.hasPrefix("/") ? target : Self.root.path + "/" + target
        let relative = file.replacingOccurrences(of: Self.root.path + "/", with: "")
        #expect(FileManager.default.fileExists(atPath: file), "\(page): '\(link)' points at nothing")
        guard parts.count == 2, relative.hasSuffix(".md"), FileManager.default.fileExists(atPath: file) else {
          continue
        }
        #expect(
          Self.anchors(try Self.text(relative)).contains(parts[1]),
          "\(page): '\(link)' names no heading of \(relative)")
      }
    }
  }

  /// The README's counts of example scenes and of the frame folders `make demo` fills (one per
  /// run: devices times variants and the scene as written) are those of `scenes/`.
  @Test func theReadmeCountsTheExampleScenesAndTheirRuns() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.path + "/scenes")
      .filter { $0.hasSuffix(".json") }
    var runs = 0
    for file in files {
      let data = try Data(contentsOf: Self.root.appendingPathComponent("scenes/" + file))
      let scene = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let devices = (scene["devices"] as? [Any])?.count ?? 1
      let variants = (scene["variants"] as? [Any])?.count ?? 0
      runs += devices * (variants + 1)
    }
    let readme = try Self.text("README.md").replacing("\n", with: " ")
    #expect(readme.contains("renders the \(files.count) scenes of `scenes/`"), "\(files.count) scenes")
    #expect(readme.contains("\(runs) frame folders in all"), "\(runs) runs")
  }

  @Test func everyPageIsLinkedFromTheReadme() throws {
    let linked = Set(Self.links(try Self.text("README.md")))
    for page in Self.pages where page != "README.md" {
      #expect(linked.contains(page), "README.md does not link \(page)")
    }
  }

  /// Users never see the team's design notes: no file of the repository (README, docs, Sources,
  /// Tests, scenes, the Makefile) names them or their folder. Build output and binary files aside.
  @Test func nothingPointsAtTheInternalDesignNotes() throws {
    // Spelt in pieces, so this file does not name them itself.
    let shared = "shared"
    let forbidden = ["../" + shared, "/work/" + shared, "CATALOG.md", "TIMING.md", "GOLDEN.md", "GOLDEN-ANCHORS"]
    let skipped: Set<String> = [".build", ".git", ".swiftpm", "out"]
    let this = URL(fileURLWithPath: #filePath).path
    var checked: [String: Bool] = ["README.md": false, "Sources": false, "docs": false, "Tests": false]
    let enumerator = FileManager.default.enumerator(atPath: Self.root.path)
    while let path = enumerator?.nextObject() as? String {
      let first = String(path.split(separator: "/").first ?? "")
      if skipped.contains(first) {
        enumerator?.skipDescendants()
        continue
      }
      let file = Self.root.path + "/" + path
      guard file != this, !path.hasSuffix(".png"), let data = FileManager.default.contents(atPath: file),
        let text = String(data: data, encoding: .utf8)
      else { continue }
      checked[first] = true
      for word in forbidden {
        #expect(!text.contains(word), "\(path) mentions \(word)")
      }
    }
    #expect(checked.values.allSatisfy { $0 }, "\(checked)")
  }

  /// docs/library.md shows the consumer package's files as they are, so its example is
  /// the one `make consumer` builds and runs.
  @Test func theLibraryExampleIsTheConsumerPackage() throws {
    let page = try Self.text("docs/library.md")
    for file in ["Tests/Consumer/Package.swift", "Tests/Consumer/Tests/ConsumerTests/TransitionTests.swift"] {
      #expect(page.contains("```swift\n" + (try Self.text(file)) + "```"), "\(file) is not shown as it is")
    }
  }

  @Test func thePicturesStaySmall() throws {
    let folder = Self.root.path + "/docs/images"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
    let bytes = try names.reduce(0) { total, name in
      total + ((try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
    }
    #expect(!names.isEmpty)
    #expect(bytes < 3_000_000, "docs/images holds \(bytes) bytes of PNG")
    // Every picture is shown somewhere.
    let shown = try Self.pages.map { try Self.text($0) }.joined()
    for name in names {
      #expect(shown.contains("images/" + name), "docs/images/\(name) is not shown on any page")
    }
  }
}
