#if canImport(UIKit)
  import UIKit

  /// One view the recorder follows through the transition: where it came from and what it
  /// showed at every sample.
  @MainActor
  final class ViewTrack {
    enum Origin: Equatable {
      /// A screen's own view: the from or to controller's.
      case screen(ScreenRole)
      /// A view inside a screen before the animator ran, at this path of child indices.
      case content(ScreenRole, path: [Int])
      /// A view the animator made (or a snapshot it took), first seen at `firstSample`.
      case added
    }

    let view: UIView
    let origin: Origin
    let firstSample: Int
    /// Its tree when first seen.
    let content: ContentNode
    /// Its superview when first seen.
    let originalParent: ObjectIdentifier?
    /// What Core Animation drew at each sample (nil: not in the window then); what the app set.
    var shown: [LayerValues?] = []
    var model: [LayerValues?] = []
    /// Its superview at each sample.
    var parents: [ObjectIdentifier?] = []
    /// The identity of its layer's `contents` at each sample.
    var contents: [ObjectIdentifier?] = []
    /// The animations seen on its layer, in the order they were first seen.
    var observed: [ObservedAnimation] = []
    /// Where it is drawn in the container's points when its superview is a view of the app's
    /// (a wrapper the animator made) rather than the container: its bounds' map, Core Animation's
    /// own (each layer about its anchor at its position, each superlayer's sublayerTransform,
    /// flattened into each plane); nil where its superview is the container or the window.
    var composed: [[Double]?] = []

    /// A track of the same view as `track` for the samples `keep` picks (nil at the others):
    /// the view the animator moves out of its screen, as the overlay it is while away.
    init(splitting track: ViewTrack, origin: Origin, keep: (Int) -> Bool) {
      view = track.view
      self.origin = origin
      firstSample = track.shown.indices.first(where: keep) ?? track.firstSample
      content = track.content
      originalParent = track.originalParent
      shown = track.shown.indices.map { keep($0) ? track.shown[$0] : nil }
      model = track.model.indices.map { keep($0) ? track.model[$0] : nil }
      parents = track.parents.indices.map { keep($0) ? track.parents[$0] : nil }
      contents = track.contents
      composed = track.composed.indices.map { keep($0) ? track.composed[$0] : nil }
    }

    init(view: UIView, origin: Origin, firstSample: Int, content: ContentNode) {
      self.view = view
      self.origin = origin
      self.firstSample = firstSample
      self.content = content
      originalParent = view.superview.map(ObjectIdentifier.init)
    }
  }

  /// The two screens of a transition.
  enum ScreenRole: String, CaseIterable {
    case from, to
  }
#endif
