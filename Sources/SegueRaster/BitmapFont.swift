/// A tiny built-in pixel font, 7 pixels tall, for labels Segue draws itself (a contact sheet's
/// frame numbers and times): Segue has no font library, and a label drawn from whole pixels
/// at a whole-number scale stays crisp at any size.
///
/// It covers digits, `#`, `.`, `:`, `-`, `%`, `/`, `s`, `x` and space. Glyphs are
/// proportional (a period is 2 pixels wide, a digit 5) with one blank pixel between glyphs.
public enum BitmapFont {
  /// Rows of a glyph, top first; `#` is ink.
  public struct Glyph: Sendable {
    public let rows: [String]
    /// Pixels across, at scale 1.
    public var width: Int { rows.first?.count ?? 0 }

    /// Whether the pixel at column `x`, row `y` (scale 1) is ink.
    public func isInk(x: Int, y: Int) -> Bool {
      let row = rows[y]
      return row[row.index(row.startIndex, offsetBy: x)] == "#"
    }
  }

  /// Glyph height in pixels at scale 1.
  public static let height = 7
  /// Blank pixels between two glyphs at scale 1.
  public static let spacing = 1

  /// The glyph of `character`; a character the font lacks is drawn as a space.
  public static func glyph(_ character: Character) -> Glyph {
    glyphs[character] ?? glyphs[" "]!
  }

  /// The width of `text` in pixels at `scale`.
  public static func width(of text: String, scale: Int = 1) -> Int {
    guard !text.isEmpty else { return 0 }
    let pixels = text.reduce(0) { $0 + glyph($1).width } + (text.count - 1) * spacing
    return pixels * scale
  }

  static let glyphs: [Character: Glyph] = {
    let table: [Character: [String]] = [
      "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
      "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
      "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
      "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
      "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
      "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
      "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
      "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
      "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
      "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
      "#": [".#.#.", ".#.#.", "#####", ".#.#.", "#####", ".#.#.", ".#.#."],
      ".": ["..", "..", "..", "..", "..", "##", "##"],
      ":": ["..", "##", "##", "..", "##", "##", ".."],
      "-": ["....", "....", "....", "####", "....", "....", "...."],
      "%": ["##...", "##..#", "...#.", "..#..", ".#...", "#..##", "...##"],
      "/": ["....#", "....#", "...#.", "..#..", ".#...", "#....", "#...."],
      "s": [".....", ".....", ".####", "#....", ".###.", "....#", "####."],
      "x": [".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
      " ": ["...", "...", "...", "...", "...", "...", "..."],
    ]
    return table.mapValues { Glyph(rows: $0) }
  }()
}
