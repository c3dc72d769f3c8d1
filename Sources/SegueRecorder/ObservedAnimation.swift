#if canImport(UIKit)
  import UIKit

  /// A Core Animation animation the recorder saw on a layer (under a key, as UIKit and most code
  /// add them): the object, when it was first seen, when it begins on the transition's clock, and
  /// the layer's model values then (the values a missing `fromValue` or `toValue`, and an
  /// additive animation, are relative to).
  struct ObservedAnimation {
    let key: String
    let animation: CAAnimation
    let firstSample: Int
    /// Seconds from the start of the transition to the animation's begin time.
    let begin: Double
    let model: CALayer
    let modelAtStart: LayerValues
  }
#endif
