import Testing

@testable import SegueKit

/// Rewriting a GIF's image delays block by block.
struct GIFTimingTests {
  /// A 1 x 1 GIF: a 2-colour global table, a comment, the NETSCAPE loop block, an image with a
  /// graphic control extension (delay 5) and one without, which has a local colour table.
  static let header: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
  static let comment: [UInt8] = [0x21, 0xFE, 3] + Array("abc".utf8) + [0]
  static let loop: [UInt8] = [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
  static let control: [UInt8] = [0x21, 0xF9, 4, 0x04, 5, 0, 0, 0]
  static let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0]
  static let localImage: [UInt8] =
    [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80] + [0, 0, 0, 255, 0, 0] + [2, 2, 0x44, 0x01, 0]
  static let gif = header + comment + loop + control + image + localImage + [0x3B]

  @Test func setsEachImagesDelayAndAddsAMissingControlBlock() throws {
    let timed = try #require(GIFTiming.setting(Self.gif, centiseconds: [7, 300]))
    let expected =
      Self.header + Self.comment + Self.loop + [0x21, 0xF9, 4, 0x04, 7, 0, 0, 0] + Self.image
      + [0x21, 0xF9, 4, 0, 0x2C, 0x01, 0, 0] + Self.localImage + [0x3B]
    #expect(timed == expected)
    // Setting the same delays again changes nothing.
    #expect(GIFTiming.setting(timed, centiseconds: [7, 300]) == timed)
  }

  @Test func aGIF87aBecomesGIF89a() throws {
    let old = Array("GIF87a".utf8) + Self.gif.dropFirst(6)
    let timed = try #require(GIFTiming.setting(old, centiseconds: [1, 2]))
    #expect(Array(timed.prefix(6)) == Array("GIF89a".utf8))
  }

  @Test func refusesWhatIsNotAGIFOfThatManyImages() {
    #expect(GIFTiming.setting(Self.gif, centiseconds: [7]) == nil)
    #expect(GIFTiming.setting(Self.gif, centiseconds: [7, 8, 9]) == nil)
    #expect(GIFTiming.setting(Array(Self.gif.dropLast()), centiseconds: [7, 300]) == nil)  // no trailer
    #expect(GIFTiming.setting(Array(Self.gif.prefix(40)), centiseconds: [7, 300]) == nil)  // cut short
    #expect(GIFTiming.setting(Array("GIF89a but nothing more".utf8), centiseconds: [1]) == nil)
    #expect(GIFTiming.setting([137, 80, 78, 71] + Self.gif.dropFirst(4), centiseconds: [7, 300]) == nil)
    #expect(GIFTiming.setting([], centiseconds: []) == nil)
  }
}
