import SegueGeometry
import Testing

@testable import SegueRaster

/// The built-in pixel font: glyph widths, and whole-pixel blocks drawn where the glyphs have ink.
struct BitmapFontTests {
  let ink = RGBA8.white.premultiplied
  let paper = RGBA8.black.premultiplied

  @Test func widthsAddGlyphsAndOnePixelGaps() {
    // '#' 5, '1' 5, '2' 5, ' ' 3, '0' 5, '.' 2, '2' 5, '0' 5, '0' 5, ' ' 3, 's' 5 = 48, and 10 gaps.
    #expect(BitmapFont.width(of: "#12 0.200 s") == 58)
    #expect(BitmapFont.width(of: "#12 0.200 s", scale: 2) == 116)
    #expect(BitmapFont.width(of: "") == 0)
    // A character the font lacks takes a space's 3 pixels.
    #expect(BitmapFont.width(of: "?") == 3)
    #expect(BitmapFont.glyph("?").rows == BitmapFont.glyph(" ").rows)
  }

  @Test func everyGlyphIsSevenRowsOfOneWidth() {
    for (character, glyph) in BitmapFont.glyphs {
      #expect(glyph.rows.count == BitmapFont.height, "\(character)")
      #expect(Set(glyph.rows.map(\.count)).count == 1, "\(character)")
    }
  }

  @Test func drawsScaledBlocksWhereTheGlyphHasInk() throws {
    var pixmap = try #require(Pixmap(width: 40, height: 20, fill: paper))
    pixmap.drawText("#1", x: 3, y: 4, scale: 2, color: ink)
    // '#' row 0 is ".#.#.": columns 1 and 3 are ink, as 2 x 2 blocks from (3, 4).
    #expect(pixmap[5, 4] == ink && pixmap[6, 5] == ink && pixmap[9, 4] == ink && pixmap[10, 5] == ink)
    #expect(pixmap[3, 4] == paper && pixmap[4, 5] == paper && pixmap[7, 4] == paper && pixmap[11, 4] == paper)
    // Row 2 is "#####": x 3...12 at y 8 and 9.
    #expect((3...12).allSatisfy { pixmap[$0, 8] == ink && pixmap[$0, 9] == ink })
    #expect(pixmap[13, 8] == paper && pixmap[2, 8] == paper)
    // '1' starts 6 font pixels (12 px) later, at x 15: row 0 "..#.." is x 19-20; row 6 ".###." is x 17-22.
    #expect(pixmap[19, 4] == ink && pixmap[20, 5] == ink && pixmap[18, 4] == paper && pixmap[21, 4] == paper)
    #expect(pixmap[17, 16] == ink && pixmap[22, 17] == ink && pixmap[16, 16] == paper && pixmap[23, 16] == paper)
    // Nothing below the 7 rows (y 4…17) or past the text's 22 px.
    #expect((0..<40).allSatisfy { pixmap[$0, 18] == paper && pixmap[$0, 3] == paper })
    #expect((0..<20).allSatisfy { pixmap[25, $0] == paper })
  }

  @Test func clipsAtTheEdges() throws {
    var pixmap = try #require(Pixmap(width: 6, height: 6, fill: paper))
    pixmap.drawText("88", x: -3, y: -2, scale: 1, color: ink)
    pixmap.drawText("8", x: 4, y: 4, scale: 3, color: ink)
    // '8' row 2 "#...#" drawn from x = -3, y = -2: its last column lands on (1, 0).
    #expect(pixmap[1, 0] == ink && pixmap[0, 0] == paper)
    // The second '8' starts at x 3; its row 3 ".###." covers x 4…6 at y 1.
    #expect(pixmap[4, 1] == ink && pixmap[5, 1] == ink)
    // The scaled '8' at (4, 4): its top-left font pixel (x 4…6, y 4…6) is blank, and its first
    // ink, font pixel (1, 0), starts at x 7, off the pixmap; row 5 had no ink before.
    #expect(pixmap[4, 5] == paper && pixmap[5, 5] == paper)
  }

  @Test func inkIsLaidOverWhatIsThere() throws {
    var pixmap = try #require(Pixmap(width: 8, height: 8, fill: paper))
    pixmap.drawText("-", x: 0, y: 0, scale: 1, color: RGBA8(r: 255, g: 255, b: 255, a: 128).premultiplied)
    // Half-transparent white over black: 128 + 0.
    #expect(pixmap[0, 3] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
    #expect(pixmap[0, 2] == paper)
  }
}
