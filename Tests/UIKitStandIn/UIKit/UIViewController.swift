/// How a view controller is presented modally.
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case blurOverFullScreen = 8
  case none = -1
  case automatic = -2
}

/// A minimal view controller: a lazily created view and the transition-related properties.
@MainActor
open class UIViewController: NSObject {
  private var storedView: UIView?
  open var title: String?
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
  weak var standInNavigationController: UINavigationController?
  open var navigationController: UINavigationController? {
    standInNavigationController ?? parent as? UINavigationController
  }
  open private(set) weak var parent: UIViewController?
  open private(set) var children: [UIViewController] = []
  open var presentedViewController: UIViewController?
  open weak var presentingViewController: UIViewController?
  open var preferredContentSize: CGSize = .zero

  public override init() { super.init() }
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

  open var view: UIView! {
    get {
      if storedView == nil {
        loadView()
        viewDidLoad()
      }
      return storedView
    }
    set { storedView = newValue }
  }
  open var viewIfLoaded: UIView? { storedView }
  open var isViewLoaded: Bool { storedView != nil }
  open func loadView() { storedView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }
  open func viewDidLoad() {}
  open func loadViewIfNeeded() { _ = view }

  open func addChild(_ childController: UIViewController) {
    childController.removeFromParent()
    children.append(childController)
    childController.parent = self
  }
  open func removeFromParent() {
    parent?.children.removeAll { $0 === self }
    parent = nil
  }
  open func didMove(toParent parent: UIViewController?) {}
  open func willMove(toParent parent: UIViewController?) {}
  open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {}
  open func endAppearanceTransition() {}
}

/// A minimal navigation controller: a stack and a delegate (no bars, no built-in transition).
@MainActor
open class UINavigationController: UIViewController {
  /// The kind of navigation transition.
  public enum Operation: Int, Sendable {
    case none = 0
    case push = 1
    case pop = 2
  }
  open weak var delegate: (any UINavigationControllerDelegate)?
  open var viewControllers: [UIViewController] = [] {
    didSet { for vc in viewControllers { vc.standInNavigationController = self } }
  }
  open var topViewController: UIViewController? { viewControllers.last }

  public init(rootViewController: UIViewController) {
    super.init()
    viewControllers = [rootViewController]
    rootViewController.standInNavigationController = self
  }
  public override init() { super.init() }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    viewController.standInNavigationController = self
    viewControllers.append(viewController)
  }
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1 else { return nil }
    return viewControllers.removeLast()
  }
}
