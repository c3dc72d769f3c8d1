/// The labelled arguments of the typed initializer an animator and its delegate offer beside
/// `init(views:)`: one `UIView` for each key the scene hands in, so the compiler checks that the
/// app passes every view, where a dictionary's missing key shows only when the transition runs.
enum ViewArguments {
  /// Each key (`from.card`) with its label: its words in lowerCamelCase (`fromCard`), then a
  /// number for a second key of the same words (`from.card-1`, `from.card_1`: `fromCard1`,
  /// `fromCard1_2`). Every key starts with `from.` or `to.`, so a label starts with a letter and
  /// is no keyword; `view` where it has no ASCII letter or digit at all.
  static func labels(for keys: [String]) -> [(label: String, key: String)] {
    var taken = Set<String>()
    var labels: [(label: String, key: String)] = []
    for key in keys {
      var stem = SwiftIdentifier.lowerCamel(key)
      if stem.isEmpty || stem.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true { stem = "view" + stem }
      var label = stem
      var number = 2
      while taken.contains(label) {
        label = stem + "_\(number)"
        number += 1
      }
      taken.insert(label)
      labels.append((label, key))
    }
    return labels
  }

  /// `public convenience init(fromCard: UIView, …)`, which hands `init(views:)` the views keyed
  /// as the scene names them, written at `source`'s depth.
  static func writeInitializer(keys: [String], _ source: inout SwiftSource) {
    // Each key once: a dictionary literal with a key twice traps.
    var seen = Set<String>()
    let labels = labels(for: keys.filter { seen.insert($0).inserted })
    guard !labels.isEmpty else { return }
    source.comment(
      "The same views, one argument each, so the compiler checks that every view is handed in: "
        + labels.map { "`\($0.label)` is `\"\($0.key)\"`" }.joined(separator: ", ") + ".", doc: true)
    let parameters = labels.map { "\($0.label): UIView" }
    let opening = "public convenience init(" + parameters.joined(separator: ", ") + ") {"
    // One line when it fits; else a parameter a line, as swift-format leaves a declaration.
    let fits = String(repeating: "  ", count: source.depth).count + opening.count <= SwiftSource.width
    let lines =
      fits
      ? [opening]
      : ["public convenience init("]
        + parameters.indices.map { index in
          "  " + parameters[index] + (index == parameters.count - 1 ? "" : ",")
        } + [") {"]
    for line in lines.dropLast() { source.line(line) }
    source.block(lines[lines.count - 1]) { source in
      source.line(
        "self.init(views: ["
          + labels.map { "\(SwiftLiteral.string($0.key)): \($0.label)" }.joined(separator: ", ") + "])")
    }
  }
}
