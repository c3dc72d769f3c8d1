/// The one source of the generated animator's variable names, unique by construction.
///
/// A view named after the scene's text (an overlay, a layer id, a matched id) is the text's words
/// in lowerCamelCase and then `View` (`dim` → `dimView`, `from.card` → `fromCardView`). None of
/// the writer's own names ends in `View` but `fromView` and `toView`, which are reserved, and no
/// name ending in `View` is a Swift keyword, a type, or a member the generated code reaches
/// without `self.` (`views`, `timeline`, `hidden`, a closure's `position`). Names derived from a
/// view's (`…Mask`, `…EndMask`, `…From`, `…To`, `…Timing`, `…Content`, `…ContentSize`) end otherwise, so they are distinct
/// from every scene name and, being a distinct view's name plus one suffix, from each other.
/// Two texts with the same words (`card-1`, `card_1`) are told apart by a number before `View`.
struct SwiftNamer {
  /// What derived names add to a view's name; a view's name never ends in one of these.
  static let suffixes = ["Mask", "EndMask", "From", "To", "Timing", "Content", "ContentSize"]

  /// The writer's own names that end in `View`.
  static let reserved: Set<String> = ["fromView", "toView"]

  private(set) var taken = SwiftNamer.reserved

  /// A new variable for the view the scene calls `text`; `fallback` when its text has no ASCII
  /// letter or digit (`"ダイアログ"` → `overlayView`).
  mutating func view(for text: String, fallback: String) -> String {
    var stem = SwiftIdentifier.lowerCamel(text)
    if stem.isEmpty { stem = fallback }
    if let first = stem.unicodeScalars.first, ("0"..."9").contains(first) { stem = fallback + stem }
    var name = stem + "View"
    var number = 2
    while taken.contains(name) {
      name = stem + "_\(number)View"
      number += 1
    }
    taken.insert(name)
    return name
  }

  /// A name of the writer's own (a screen's, a group's): its pattern is the writer's, so it is
  /// only checked, never changed.
  mutating func own(_ name: String) -> String {
    assert(!name.hasSuffix("View") && !taken.contains(name), "the writer named two views '\(name)'")
    taken.insert(name)
    return name
  }
}
