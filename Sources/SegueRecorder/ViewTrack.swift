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
