/// The app's transitions: every scene in this folder becomes its UIKit animator at build time
/// (the SegueAnimators plugin runs `segue swift` on it), so `card-push.json` is
/// `CardPushAnimator` and `CardPushNavigationDelegate` without any generated file in the
/// repository.
public enum Transitions {}
