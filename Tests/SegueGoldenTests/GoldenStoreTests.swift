import Foundation
import Testing

@testable import SegueGolden

/// The reader of goldens and of the files `compare` is given, on every truncation of a real
/// 8-bit and 16-bit PNG (the fuzz target's seeds): always a `LoadError` naming the file.
struct GoldenStoreTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/Corpus/png")

  @Test(arguments: ["rgb8.png", "rgba16.png"])
  func everyTruncationIsALoadError(name: String) throws {
    let file = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
    #expect(try GoldenStore.decode(file, path: name).width > 0)
    for length in 0..<file.count {
      #expect(throws: GoldenStore.LoadError.self, "\(length) bytes") {
        try GoldenStore.decode(Array(file.prefix(length)), path: name)
      }
    }
    // Signature, IHDR's length, type, width and height: no bit depth to read.
    do {
      _ = try GoldenStore.decode(Array(file.prefix(24)), path: name)
    } catch {
      #expect(error.description == "\(name): corrupt PNG: file is truncated")
    }
  }
}
