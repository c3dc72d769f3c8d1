/// A page that plays scenes' frames with their timing plots: `segue preview`'s and the gallery's.
///
/// The page is one self-contained HTML file (its script and style inside it) beside the folders of
/// frames it names by relative paths, so it opens from the file system with no network. Its data
/// (every scene's frames, times and timing tracks, as `PlayerData` writes them) is either inside the
/// page, or, for a live page, in a script file beside it that the page loads again every half second.
public enum PlayerPage {
  /// Players stacked with their plots beside them (`preview`), or a grid of small players whose
  /// plots open on demand (`gallery`).
  public enum Layout: String, Sendable {
    case preview
    case gallery
  }

  /// Where the page's data is.
  public enum Data: Sendable {
    /// The JSON of `segueData(...)`, inside the page.
    case inline(String)
    /// A script file beside the page, `segueData({...});`, loaded and polled by the page.
    case script(String)
  }

  /// The page: a heading, an error banner, the players, the player's script and the data.
  public static func html(title: String, subtitle: String, layout: Layout, data: Data) -> String {
    let loading: String
    switch data {
    case .inline(let json): loading = "<script>" + dataScript(json) + "</script>"
    case .script(let file): loading = "<script src=\"\(escape(file))\"></script>"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>
      \(PlayerStyle.source)
      </style></head>
      <body class="segue-page" data-layout="\(layout.rawValue)">
      <header><h1>\(escape(title))</h1><p class="segue-subtitle">\(escape(subtitle))</p></header>
      <div id="segue-errors" hidden></div>
      <main id="segue-players"></main>
      <script>
      \(PlayerScript.source)
      </script>
      \(loading)
      </body></html>

      """
  }

  /// The contents of a data script: `segueData(JSON);`.
  public static func dataScript(_ json: String) -> String {
    "segueData(" + inScript(json) + ");\n"
  }

  /// JSON to put inside a `<script>`: every `<`, `>` and `&` (which JSON has only inside its
  /// strings) and U+2028 and U+2029 (line ends to JavaScript before ES2019) written as `\u003C`,
  /// `\u003E`, `\u0026`, `\u2028`, `\u2029`, which JSON reads as the same text. Scalar by scalar,
  /// not character by character: a `<` after a combining or prepended mark (U+0600 `<`) is one
  /// Character with it, and must be found all the same. No text of a scene can end the script.
  public static func inScript(_ json: String) -> String {
    var safe = ""
    safe.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": safe += "\\u003C"
      case ">": safe += "\\u003E"
      case "&": safe += "\\u0026"
      case "\u{2028}": safe += "\\u2028"
      case "\u{2029}": safe += "\\u2029"
      default: safe.unicodeScalars.append(scalar)
      }
    }
    return safe
  }

  /// The player's script and style, for a page that only draws timing plots (the golden report).
  public static var script: String { PlayerScript.source }
  public static var style: String { PlayerStyle.source }

  /// `text` safe in HTML and XML text and attribute values, scalar by scalar (a `<` followed by
  /// a combining mark is one Character, and still a `<`).
  public static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
