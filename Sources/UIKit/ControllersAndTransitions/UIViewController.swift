public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

/// Manages a view, its appearance callbacks, child controllers and modal presentation.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []

    public weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    public var modalPresentationStyle: UIModalPresentationStyle = .automatic
    public var definesPresentationContext = false
    public internal(set) var presentedViewController: UIViewController?
    public internal(set) weak var presentingViewController: UIViewController?
    /// Set while this controller is presented.
    public internal(set) var presentationController: UIPresentationController?
    public internal(set) var isBeingPresented = false
    public internal(set) var isBeingDismissed = false
    /// True while this controller is being added to a container (push, addChild) until it has appeared.
    public internal(set) var isMovingToParent = false
    /// True while this controller is being removed from a container (pop) until it has disappeared.
    public internal(set) var isMovingFromParent = false
    public var tabBarItem: UITabBarItem?
    /// The status bar's content colour while this controller decides it (see `statusBarStyleOwner`).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the status bar's time and icons are hidden while this controller decides the status bar.
    open var prefersStatusBarHidden: Bool { false }
    /// A child that decides the status bar's style instead (containers return their visible child).
    open var childForStatusBarStyle: UIViewController? { nil }
    /// Whether a non-full-screen presented controller decides the status bar's style (iOS's rule).
    open var modalPresentationCapturesStatusBarAppearance = false
    /// Shows the status bar's style (and the owner's) again: inside an animation block the content
    /// cross-fades between dark and light over the block's duration, outside one it switches at once. A
    /// style that changes without this call is shown at the end of the run-loop turn, without animation.
    open func setNeedsStatusBarAppearanceUpdate() { viewIfLoaded?.window?.updateStatusBarAppearance() }
    /// Also the navigation item's title while that still shows the old one (so a title set in an
    /// initializer or later reaches the bar).
    open var title: String? {
        get { storedTitle }
        set {
            willChangeObserved("title"); defer { didChangeObserved("title") }
            let oldValue = storedTitle
            storedTitle = newValue
            if let item = storedNavigationItem, item.title == oldValue { item.title = newValue }
        }
    }
    private var storedTitle: String?
    private var storedNavigationItem: UINavigationItem?
    /// What a navigation bar shows for this controller (created on first use, titled like the controller).
    open var navigationItem: UINavigationItem {
        if let item = storedNavigationItem { return item }
        let item = UINavigationItem(title: title)
        storedNavigationItem = item
        return item
    }

    /// The transition this controller takes part in now (as presenter, presented, pushed or popped).
    var activeTransition: TransitionContext?
    /// Key-value observers (KeyValueObserving+UIKit.swift), made when the first one registers.
    var keyValueObserversIfAny: KeyValueObservers?
    /// The size the controller would like its content to be (containers and presentation controllers may
    /// read it); observable.
    open var preferredContentSize: CGSize {
        get { storedPreferredContentSize }
        set {
            willChangeObserved("preferredContentSize"); defer { didChangeObserved("preferredContentSize") }
            storedPreferredContentSize = newValue
        }
    }
    private var storedPreferredContentSize: CGSize = .zero
    /// The coordinator of the transition this controller (or an ancestor) takes part in; nil between
    /// transitions.
    open var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        if let activeTransition, !activeTransition.isFinished { return activeTransition }
        return parent?.transitionCoordinator
    }

    /// The designated initializer, as on iOS: a subclass with stored properties calls
    /// `super.init(nibName: nil, bundle: nil)`. There are no nibs here; the names are kept and nothing is loaded.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }
    /// Storyboards and archives are not read on Linux: the coder is not consulted and the controller is the one
    /// `init(nibName: nil, bundle: nil)` makes. Required as on iOS, so a subclass that adds a designated
    /// initializer also declares it (usually `fatalError`), and that text compiles on both platforms.
    public required init?(coder: NSCoder) {
        super.init()
    }
    /// `UIViewController()`: inherited by every subclass that overrides both designated initializers or none.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The name given to `init(nibName:bundle:)`; nothing is loaded from it.
    open private(set) var nibName: String?
    /// The bundle given to `init(nibName:bundle:)`.
    open private(set) var nibBundle: Bundle?

    // MARK: View

    /// Loaded on first access: `loadView()`, then `viewDidLoad()`.
    public var view: UIView! {
        get { loadViewIfNeeded(); return loadedView }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
            newValue?.traitsMayHaveChanged()
        }
    }

    // MARK: Traits

    /// Light or dark for this controller, its view and its children (`.unspecified`: inherit).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { ownStyle }
        set { ownStyle = newValue; loadedView?.traitsMayHaveChanged() }
    }
    private var ownStyle: UIUserInterfaceStyle = .unspecified

    /// The controller's traits: its view's once loaded; before, its own override, its parent's or
    /// presenter's, or the screen's.
    open var traitCollection: UITraitCollection {
        if let loadedView { return loadedView.traitCollection }
        if ownStyle != .unspecified { return UITraitCollection(userInterfaceStyle: ownStyle, displayScale: UIScreen.main.scale) }
        return (parent ?? presentingViewController)?.traitCollection ?? UIScreen.main.traitCollection
    }
    /// Called (before the view's) when the controller's traits change, with them as the current ones.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    public var viewIfLoaded: UIView? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    open func loadView() { view = UIView(frame: UIScreen.main.bounds) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// Not called here (the screen's size never changes during a render); overridable, as UIContentContainer asks.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// The controller's turn in the constraint-update pass (instead of its view's `updateConstraints`);
    /// the default updates the view's. Call super last.
    open func updateViewConstraints() {
        guard let view = viewIfLoaded else { return }
        view.updateConstraints()
    }
    /// The least layout margins of the root view: 16 points at the sides of a compact-width screen,
    /// 20 on a wider one, none above and below.
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let side: CGFloat = UIScreen.main.bounds.width < 400 ? 16 : 20
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }
    open var viewRespectsSystemMinimumLayoutMargins = true
    open func viewLayoutMarginsDidChange() {}

    open override var next: UIResponder? { loadedView?.superview }

    // MARK: Containment

    /// Adds a child; calls its `willMove(toParent:)` (the container calls `didMove(toParent:)` when the
    /// child's view is in place), as UIKit does.
    open func addChild(_ childController: UIViewController) {
        guard childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }
    /// Removes this controller from its parent and calls `didMove(toParent: nil)` (the container calls
    /// `willMove(toParent: nil)` before), as UIKit does.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Safe area

    /// Insets added to the view's safe area (its view and the views inside see them), as on iOS.
    open var additionalSafeAreaInsets: UIEdgeInsets {
        get { storedAdditionalSafeAreaInsets }
        set {
            guard newValue != storedAdditionalSafeAreaInsets else { return }
            storedAdditionalSafeAreaInsets = newValue
            viewIfLoaded?.setNeedsLayout()
        }
    }
    private var storedAdditionalSafeAreaInsets = UIEdgeInsets.zero
    /// What a container adds to its child's safe area: the bars it draws over the child's view (the
    /// navigation bar, the tab bar). iOS does this inside the containers; the child's public
    /// `additionalSafeAreaInsets` stay its own.
    func safeAreaInsets(forChild child: UIViewController) -> UIEdgeInsets { .zero }
    /// Everything the controller adds to its view's safe area: its own additional insets and its container's.
    var extraSafeAreaInsets: UIEdgeInsets {
        let container = parent?.safeAreaInsets(forChild: self) ?? .zero
        return UIEdgeInsets(top: additionalSafeAreaInsets.top + container.top, left: additionalSafeAreaInsets.left + container.left,
                            bottom: additionalSafeAreaInsets.bottom + container.bottom, right: additionalSafeAreaInsets.right + container.right)
    }

    public var tabBarController: UITabBarController? {
        var current = parent
        while let c = current { if let tabs = c as? UITabBarController { return tabs }; current = c.parent }
        return nil
    }

    /// The nearest navigation controller up the containment tree.
    public var navigationController: UINavigationController? {
        var current = parent
        while let c = current { if let nav = c as? UINavigationController { return nav }; current = c.parent }
        return nil
    }

    // MARK: Appearance

    /// true (default): appearance callbacks this controller receives are forwarded to the children whose
    /// views are in its view.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    /// UIKit's appearance state: the callbacks fire only when it really changes, so an app's own
    /// `beginAppearanceTransition` / `endAppearanceTransition` on top of UIKit's calls repeats nothing.
    enum AppearanceState { case disappeared, appearing, appeared, disappearing }
    private(set) var appearanceState = AppearanceState.disappeared
    private var appearanceAnimated = false

    /// Sends `viewWillAppear` (or `viewWillDisappear`) now and the matching "did" call at
    /// `endAppearanceTransition()`, forwarding both to the children on screen. Asking for the state the
    /// controller is already in or going to (appearing while appearing or appeared, …) does nothing.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        forEachChildOnScreen { $0.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Sends the "did" call for the transition under way (`viewDidAppear` or `viewDidDisappear`); nothing
    /// when none is.
    open func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
        case .appeared, .disappeared:
            return
        }
        forEachChildOnScreen { $0.endAppearanceTransition() }
    }

    private func forEachChildOnScreen(_ body: (UIViewController) -> Void) {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded else { return }
        for child in children where child.viewIfLoaded?.isDescendant(of: view) == true { body(child) }
    }

    // MARK: Presentation

    /// Presents `viewControllerToPresent` modally from the controller that owns the presentation context
    /// (the root of this controller's containment tree, or the top of its presented chain).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        ModalTransition.present(viewControllerToPresent, from: self, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented, or this controller if it was presented.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            ModalTransition.dismiss(presented, animated: flag, completion: completion)
        } else if presentingViewController != nil {
            ModalTransition.dismiss(self, animated: flag, completion: completion)
        } else {
            completion?()
        }
    }
}

extension UIView {
    /// View controllers see their view's layout pass.
    func layoutViewAndController() {
        owningViewController?.viewWillLayoutSubviews()
        layoutSubviews()
        owningViewController?.viewDidLayoutSubviews()
    }
}
