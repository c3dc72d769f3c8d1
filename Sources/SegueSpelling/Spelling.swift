/// "Did you mean …?": the nearest of some names to a misspelt one, or our name for another
/// framework's (`alpha` → `opacity`), for every message that names an unknown key, option,
/// command, type or id.
public enum Spelling {
  /// The candidate nearest to `word` by edit distance, ignoring case, when it is within
  /// max(2, ⌊length / 3⌋) edits (close enough to be a typo, not another word); ties go to the
  /// earlier candidate.
  /// Names from UIKit, Core Animation and CSS for what Segue calls otherwise, so `alpha`
  /// suggests `opacity` though no typo turns one into the other. Each maps to the names it may
  /// mean; the first that is a candidate is suggested.
  static let otherNames: [String: [String]] = [
    "alpha": ["opacity"], "rotatey": ["rotationY"], "rotatex": ["rotationX"], "rotatez": ["rotation"],
    "rotate": ["rotation"], "transform.rotation.y": ["rotationY"], "transform.rotation.x": ["rotationX"],
    "transform.rotation.z": ["rotation"], "transform.scale": ["scale"], "translation": ["translate"],
    "backgroundcolor": ["background", "color"], "frame": ["rect"], "bounds": ["rect"],
    "maskstobounds": ["clips"], "clipstobounds": ["clips"], "isdoublesided": ["doubleSided"],
    "backface-visibility": ["doubleSided"], "zindex": ["zPosition"], "shadowopacity": ["shadow"],
    "shadowradius": ["shadow"], "shadowoffset": ["shadow"], "cornercurve": ["cornerCurve"],
  ]

  public static func closest(to word: String, in candidates: [String]) -> String? {
    if let meant = otherNames[word.lowercased()], let name = meant.first(where: candidates.contains) {
      return name
    }
    let lower = Array(word.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = self.distance(lower, Array(candidate.lowercased()))
      if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, word.count / 3) else { return nil }
    return best.name
  }

  /// Levenshtein distance: the fewest insertions, deletions and substitutions from a to b,
  /// one row of the table at a time:
  ///
  ///     row'[j + 1] = min(row[j + 1] + 1, row'[j] + 1, row[j] + (a[i] == b[j] ? 0 : 1))
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    var row = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var previous = row[0]
      row[0] = i + 1
      for (j, cb) in b.enumerated() {
        let saved = row[j + 1]
        row[j + 1] = min(row[j + 1] + 1, row[j] + 1, previous + (ca == cb ? 0 : 1))
        previous = saved
      }
    }
    return row[b.count]
  }
}
