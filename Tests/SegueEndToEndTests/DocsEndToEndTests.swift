import Foundation
import Testing

/// The documentation against the built binary: every scene it shows validates (and, when it
/// names a scene of scenes/, is that file), and every command and option `segue --help` lists has
/// its row in the option table of its section of docs/commands.md.
struct DocsEndToEndTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  static var pages: [String] {
    let docs = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
  }

  /// The ```json blocks of a page.
  static func jsonBlocks(_ markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```json" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Whether `text` names `option` as a whole word (`--frames`, not the start of `--frames-x`).
  static func mentions(_ text: Substring, _ option: String) -> Bool {
    var rest = text[...]
    while let found = rest.range(of: option) {
      let next = rest[found.upperBound...].first
      if next.map({ !($0.isLetter || $0 == "-") }) ?? true { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }

  @Test func everySceneTheDocsShowValidates() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var scenes = 0
    for page in Self.pages {
      let markdown = try String(contentsOfFile: Self.root + "/" + page, encoding: .utf8)
      for (index, block) in Self.jsonBlocks(markdown).enumerated() {
        // Fragments ("transition": {...}) are not documents; a block that opens an object is one.
        guard block.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") else { continue }
        let parsed = try? JSONSerialization.jsonObject(with: Data(block.utf8))
        #expect(parsed != nil, "\(page), json block \(index + 1) is not valid JSON")
        guard let object = parsed as? [String: Any], object["transition"] != nil, object["from"] != nil else {
          continue
        }
        scenes += 1
        let name = object["name"] as? String ?? "block"
        let file = try folder.write("\(scenes)/\(name).json", block)
        let result = try SegueProcess.run(["validate", file])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(page): scene '\(name)': \(result.stderr)")
        // A scene that has the name of one in scenes/ is that scene, shown whole.
        let original = Self.root + "/scenes/\(name).json"
        if let data = FileManager.default.contents(atPath: original) {
          var expected = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
          var shown = object
          expected["$schema"] = nil
          shown["$schema"] = nil
          #expect(
            NSDictionary(dictionary: expected).isEqual(to: shown), "\(page): scene '\(name)' differs from \(original)")
        }
      }
    }
    #expect(scenes >= 3)
  }

  /// Each type's section of docs/transitions.md shows its pictured scene's preset as `segue
  /// expand` writes it (the default perspective left out).
  @Test func theExpandedPresetsShownAreWhatExpandPrints() throws {
    let page = try String(contentsOfFile: Self.root + "/docs/transitions.md", encoding: .utf8)
    var shown = 0
    for section in page.components(separatedBy: "\n## ").dropFirst() {
      guard let scene = section.firstMatch(of: /\(images\/([a-z-]+)\.png\)/).map({ String($0.output.1) }),
        let block = Self.jsonBlocks(section).first(where: { $0.hasPrefix("\"transition\"") })
      else { continue }
      shown += 1
      let documented = try JSONSerialization.jsonObject(with: Data(("{" + block + "}").utf8)) as? [String: Any]
      let expand = try SegueProcess.run(["expand", Self.root + "/scenes/\(scene).json"])
      #expect(expand.status == 0)
      let printed = try JSONSerialization.jsonObject(with: Data(expand.stdout.utf8)) as? [String: Any]
      var expected = printed?["transition"] as? [String: Any] ?? [:]
      expected["perspective"] = nil
      let actual = documented?["transition"] as? [String: Any] ?? [:]
      #expect(
        NSDictionary(dictionary: expected).isEqual(to: actual),
        "docs/transitions.md: \(scene) is not what expand prints")
    }
    #expect(shown == 12)
  }

  @Test func everyCommandAndOptionIsDocumented() throws {
    let page = try String(contentsOfFile: Self.root + "/docs/commands.md", encoding: .utf8)
    let overview = try SegueProcess.run(["--help"])
    #expect(overview.status == 0)
    let commands = overview.stdout.split(separator: "\n").drop { !$0.hasPrefix("COMMANDS:") }.dropFirst()
      .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(commands.count >= 8)
    for command in commands {
      guard let start = page.range(of: "\n## \(command)\n") else {
        Issue.record("docs/commands.md has no section '## \(command)'")
        continue
      }
      let rest = page[start.upperBound...]
      let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
      // The section's option table: rows that start with an option in code.
      let table = section.split(separator: "\n").filter { $0.hasPrefix("| `-") }.joined(separator: "\n")
      let help = try SegueProcess.run([command, "--help"])
      #expect(help.status == 0)
      let options = help.stdout.split(separator: "\n").drop { !$0.hasPrefix("OPTIONS:") }.dropFirst()
        .compactMap { line in line.firstMatch(of: /--[a-z][a-z-]*/).map { String($0.output) } }
      #expect(!options.isEmpty, "segue \(command) --help lists no options")
      for option in options {
        #expect(Self.mentions(table[...], option), "docs/commands.md: 'segue \(command) \(option)' is not documented")
      }
    }
  }
}
