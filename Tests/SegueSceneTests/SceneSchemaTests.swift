import Foundation
import SegueJSON
import Testing

@testable import SegueScene

/// `segue schema` against the decoder: the same keys everywhere, and the copy in docs/ that
/// the scenes name up to date.
struct SceneSchemaTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  let document = SceneSchema.document

  func member(_ value: JSONValue?, _ path: String...) -> JSONValue? {
    var current = value
    for key in path {
      guard case .object(let members)? = current else { return nil }
      current = members.first { $0.key == key }?.value
    }
    return current
  }

  func keys(_ value: JSONValue?) -> [String] {
    guard case .object(let members)? = value else { return [] }
    return members.map(\.key)
  }

  @Test func theSchemaNamesExactlyTheKeysTheDecoderTakes() throws {
    #expect(Set(keys(member(document, "properties"))) == Set(SceneDecoder.topKeys))
    #expect(Set(keys(member(document, "$defs", "screen", "properties"))) == Set(SceneDecoder.screenKeys))
    #expect(Set(keys(member(document, "$defs", "layer", "properties"))) == Set(SceneDecoder.layerKeys))
    #expect(Set(keys(member(document, "$defs", "animation", "properties"))) == Set(SceneDecoder.animationKeys))
    #expect(Set(keys(member(document, "$defs", "overlay", "properties"))) == Set(SceneDecoder.overlayKeys))
    #expect(keys(member(document, "$defs", "state", "properties")) == AnimatableProperty.allCases.map(\.rawValue))
    guard case .array(let cases)? = member(document, "properties", "transition", "allOf") else {
      Issue.record("the transition has no per-type cases")
      return
    }
    var types: [String: Set<String>] = [:]
    for item in cases {
      guard case .string(let name)? = member(item, "if", "properties", "type", "const") else { continue }
      types[name] = Set(keys(member(item, "then", "properties")))
    }
    let common = Set(SceneDecoder.commonTransitionKeys)
    for type in PresetCatalog.all {
      #expect(types[type.name] == common.union(type.parameters.map(\.name)), "\(type.name)")
    }
    #expect(types["custom"] == common.union(SceneDecoder.customTransitionKeys))
    #expect(types.count == PresetCatalog.all.count + 1)
  }

  @Test func theCopyInDocsIsWhatSegueSchemaPrints() throws {
    let file = Self.root.appendingPathComponent("docs/scene.schema.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text == document.text() + "\n", "run: .build/release/segue schema > docs/scene.schema.json")
  }

  @Test func everyExampleSceneNamesTheSchema() throws {
    let folder = Self.root.appendingPathComponent("scenes")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(!files.isEmpty)
    for file in files {
      let value = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent(file))))
      guard case .object(let members) = value else {
        Issue.record("\(file) is not an object")
        continue
      }
      #expect(
        members.first?.key == "$schema" && members.first?.value == .string("../docs/scene.schema.json"), "\(file)")
    }
  }
}
