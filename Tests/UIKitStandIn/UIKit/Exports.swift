// UIKit stand-in for Linux: re-exports Foundation, which already defines CGFloat, CGPoint,
// CGSize and CGRect. Everything else a custom-transition animator needs is declared in this
// module with the iOS 17 SDK spelling. See ../README.md for the simulation semantics.
@_exported import Foundation

/// Time in seconds, as Core Animation spells it.
public typealias CFTimeInterval = Double
