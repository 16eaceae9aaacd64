/// How UIKit's own modal animation moves (a custom animator ignores it).
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}

/// How the status bar shows or hides.
public enum UIStatusBarAnimation: Int, Sendable {
    case none = 0, fade, slide
}

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
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    public var definesPresentationContext = false
    public internal(set) var presentedViewController: UIViewController?
    public internal(set) weak var presentingViewController: UIViewController?
    /// The controller managing this one's presentation: while presented, the one in use; before, one
    /// made for `modalPresentationStyle` (as UIKit makes it on first access), so a delegate set on it
    /// (`presentationController?.delegate = self`) is kept by the presentation. nil for `.custom` before
    /// the transitioning delegate is asked.
    /// The popover's presentation controller when `modalPresentationStyle` is `.popover` (made on first
    /// access, as `presentationController` is, so its delegate and source can be set before presenting).
    public var popoverPresentationController: UIPopoverPresentationController? {
        modalPresentationStyle == .popover ? presentationController as? UIPopoverPresentationController : nil
    }
    public internal(set) var presentationController: UIPresentationController? {
        get {
            if let currentPresentationController { return currentPresentationController }
            let style = effectiveModalPresentationStyle
            guard style != .custom else { return nil }
            if let pendingPresentationController, pendingPresentationController.requestedStyle == style {
                return pendingPresentationController
            }
            let made = UIPresentationController.systemController(for: style, presenting: self, presenter: nil)
            made.delegate = pendingPresentationController?.delegate
            pendingPresentationController = made
            return made
        }
        set {
            currentPresentationController = newValue
            pendingPresentationController = nil
        }
    }
    /// The presentation controller of the presentation under way or on screen.
    var currentPresentationController: UIPresentationController?
    /// Made by the getter before a presentation; the presentation takes it over.
    var pendingPresentationController: UIPresentationController?
    /// The presentation controller of the presentation on screen (iOS 16's name for the popover or sheet
    /// controller in use); nil while not presented.
    open var activePresentationController: UIPresentationController? { currentPresentationController }
    /// true: the user cannot dismiss the presentation (a sheet pulled down springs back and the
    /// presentation controller's delegate hears `presentationControllerDidAttemptToDismiss`); `dismiss`
    /// from code still works. A child's value counts for its container, as on iOS.
    open var isModalInPresentation = false
    /// UIKit's own modal animation when the transitioning delegate gives none: cover vertical, cross-dissolve,
    /// a 3D horizontal flip or a partial curl (ModalStyleAnimators.swift; the curl is a flat fold).
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// iOS 18's transition for showing this controller (pushed or presented): the zoom, or one of the modal
    /// styles (UIViewController+Transition.swift). nil: the navigation controller's slide, or
    /// `modalTransitionStyle`.
    open var preferredTransition: UIViewController.Transition?
    /// Inert: current-context presentations cover the whole window here, so there is no context whose
    /// transition style could be used; stored.
    open var providesPresentationContextTransitionStyle = false
    /// Inert: there is no focus engine offscreen; stored.
    open var restoresFocusAfterTransition = true
    /// Inert: there is no keyboard offscreen; answers UIKit's default (true for form sheets).
    open var disablesAutomaticKeyboardDismissal: Bool { modalPresentationStyle == .formSheet }
    public internal(set) var isBeingPresented = false
    public internal(set) var isBeingDismissed = false
    /// True while this controller is being added to a container (push, addChild) until it has appeared.
    public internal(set) var isMovingToParent = false
    /// True while this controller is being removed from a container (pop) until it has disappeared.
    public internal(set) var isMovingFromParent = false
    /// The item a tab bar shows for this controller: made on first use with the controller's title.
    public var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set { storedTabBarItem = newValue }
    }
    private var storedTabBarItem: UITabBarItem?
    /// The status bar's content colour while this controller decides it (see `statusBarStyleOwner`).
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the status bar's time and icons are hidden while this controller decides the status bar.
    open var prefersStatusBarHidden: Bool { false }
    /// A child that decides the status bar's style instead (containers return their visible child).
    open var childForStatusBarStyle: UIViewController? { nil }
    /// A child that decides whether the status bar is hidden instead (containers return their visible child).
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Whether a non-full-screen presented controller decides the status bar's style (iOS's rule).
    open var modalPresentationCapturesStatusBarAppearance = false
    /// Inert: the status bar shows or hides at once here (its style cross-fades; see
    /// `setNeedsStatusBarAppearanceUpdate()`); answers UIKit's default.
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
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
            if let item = storedTabBarItem, item.title == oldValue { item.title = newValue }
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

    /// The controller's traits. The style is its view's once loaded (before: its own override, the one a
    /// parent or presentation controller sets for it, its parent's or presenter's, or the screen's); the
    /// other traits are the parent's or presenter's (at the top the screen's: a portrait phone, compact
    /// width and regular height) with `setOverrideTraitCollection(_:forChild:)` and the presentation
    /// controller's `overrideTraitCollection` laid over them.
    open var traitCollection: UITraitCollection {
        let above = parent ?? presentingViewController
        var traits = above?.traitCollection ?? UIScreen.main.traitCollection
        for override in [parent?.childTraitOverrides[ObjectIdentifier(self)], currentPresentationController?.overrideTraitCollection] {
            if let override { traits = UITraitCollection(traitsFrom: [traits, override]) }
        }
        if isPresentedElevated { traits = traits.replacing(userInterfaceLevel: .elevated) }
        let style: UIUserInterfaceStyle
        if let loadedView { style = loadedView.traitCollection.userInterfaceStyle }
        else if effectiveOverrideStyle != .unspecified { style = effectiveOverrideStyle }
        else { style = traits.userInterfaceStyle }
        return traits.replacing(userInterfaceStyle: style)
    }
    /// Presented as a sheet or popover: iOS gives such a controller (and its views) the elevated level.
    var isPresentedElevated: Bool {
        guard presentingViewController != nil, let style = currentPresentationController?.presentationStyle else { return false }
        return style == .pageSheet || style == .formSheet || style == .popover
    }
    /// Called (before the view's) when the controller's traits change, with them as the current ones.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The style this controller's view takes: its own override, else one its parent set for it
    /// (`setOverrideTraitCollection(_:forChild:)`), else its presentation controller's override.
    var effectiveOverrideStyle: UIUserInterfaceStyle {
        if ownStyle != .unspecified { return ownStyle }
        if let style = parent?.childTraitOverrides[ObjectIdentifier(self)]?.userInterfaceStyle, style != .unspecified { return style }
        if let style = currentPresentationController?.overrideTraitCollection?.userInterfaceStyle, style != .unspecified { return style }
        return .unspecified
    }

    /// Traits laid over a child's (the child's `traitCollection` combines them; a specified user interface
    /// style reaches its views too). nil removes the override. The child hears
    /// `traitCollectionDidChange(_:)` when its traits change.
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        guard childViewController.parent === self else { return }
        let befores = childViewController.subtreeTraits()
        childTraitOverrides[ObjectIdentifier(childViewController)] = collection
        Self.reportTraitChanges(befores)
    }
    /// The traits set with `setOverrideTraitCollection(_:forChild:)` for that child, or nil.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childTraitOverrides[ObjectIdentifier(childViewController)]
    }
    private var childTraitOverrides: [ObjectIdentifier: UITraitCollection] = [:]

    /// This controller's traits and those of every controller below it, before an override changes.
    func subtreeTraits() -> [(UIViewController, UITraitCollection)] {
        [(self, traitCollection)] + children.flatMap { $0.subtreeTraits() }
    }
    /// After an override changed: the views re-resolve their style (which tells their controllers of a
    /// style change); other trait changes are told here, parents first, with the new traits current.
    static func reportTraitChanges(_ befores: [(UIViewController, UITraitCollection)]) {
        for (controller, before) in befores {
            controller.viewIfLoaded?.traitsMayHaveChanged()
            let after = controller.traitCollection
            guard after != before, after.userInterfaceStyle == before.userInterfaceStyle || controller.viewIfLoaded == nil else { continue }
            after.withCurrent { controller.traitCollectionDidChange(before) }
        }
    }
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
    /// Called once each time the view appears, after `viewWillAppear(_:)`, once the view is in the window
    /// with its traits and safe area known: right after `viewWillAppear` when it is already there,
    /// otherwise when it enters the window (a transition adding it to the container), and at the latest
    /// just before `viewDidAppear(_:)`.
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    /// Called when the view's safe area insets differ from the last time they were looked at: when the
    /// view enters a window, and before each layout pass of the view (bars, `additionalSafeAreaInsets`).
    open func viewSafeAreaInsetsDidChange() {}

    // MARK: Content container

    /// The size this controller would like its container to give it. Setting a new value tells the
    /// parent (`preferredContentSizeDidChange(forChildContentContainer:)`), or the presentation controller
    /// while presented. Observable.
    open var preferredContentSize: CGSize {
        get { storedPreferredContentSize }
        set {
            guard newValue != storedPreferredContentSize else { return }
            willChangeObserved("preferredContentSize"); defer { didChangeObserved("preferredContentSize") }
            storedPreferredContentSize = newValue
            if let parent { parent.preferredContentSizeDidChange(forChildContentContainer: self) }
            else { currentPresentationController?.preferredContentSizeDidChange(forChildContentContainer: self) }
        }
    }
    private var storedPreferredContentSize = CGSize.zero
    /// Called when a child's `preferredContentSize` changes; the default does nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}
    /// Inert: Auto Layout's fitting sizes are not observed for changes; never called.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer) {}
    /// The size a child gets inside this controller: the parent's size (UIKit's default).
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }
    /// Inert: a render's screen never changes size (no rotation, no split view); never called.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    /// Inert: the environment's traits (size classes) never change during a render; never called.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {}

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
    /// Called when the view's layout margins differ from the last time they were looked at (entering a
    /// window, before each layout pass of the view).
    open func viewLayoutMarginsDidChange() {}
    /// Inert: views always extend under the bars here (UIKit's default, `.all`); stored.
    open var edgesForExtendedLayout: UIRectEdge = .all
    /// Inert: the bars drawn here are translucent, so the value changes nothing; stored.
    open var extendedLayoutIncludesOpaqueBars = false

    /// Sets the scroll view a bar at `edge` tracks (the navigation bar's large title and scroll-edge
    /// appearance for `.top`); nil falls back to the one found in the view
    /// (UIViewController+ContentScrollView.swift).
    open func setContentScrollView(_ scrollView: UIScrollView?, for edge: NSDirectionalRectEdge) {
        setContentScrollViews(scrollView, for: edge)
    }
    /// The same scroll view for every edge.
    open func setContentScrollView(_ scrollView: UIScrollView?) { setContentScrollView(scrollView, for: .all) }
    /// The scroll view the bar at `edge` tracks: the one set for it, else the root view if it is a scroll
    /// view, else the first one down the views' backmost subviews.
    open func contentScrollView(for edge: NSDirectionalRectEdge) -> UIScrollView? { foundContentScrollView(for: edge) }
    /// What `setContentScrollView(_:for:)` set, by edge (held weakly, as UIKit does).
    var explicitContentScrollViews: [UInt: WeakScrollView] = [:]

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

    /// Swaps one child's view for another's: `toViewController`'s view joins `fromViewController`'s
    /// superview above it, `animations` run with the options (a transition option such as
    /// `.transitionCrossDissolve` animates the container's rendering, as `UIView.transition(with:…)`),
    /// and at the end `fromViewController`'s view leaves. With automatic forwarding, the two get their
    /// appearance callbacks around it. Both must be children of this controller (a programmer error
    /// otherwise, as UIKit raises); the containment calls stay the caller's, as in UIKit.
    open func transition(from fromViewController: UIViewController, to toViewController: UIViewController,
                         duration: TimeInterval, options: UIView.AnimationOptions = [],
                         animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard fromViewController.parent === self, toViewController.parent === self else {
            fatalError("Children view controllers \(fromViewController) and \(toViewController) must have a common parent view controller when calling transition(from:to:duration:options:animations:completion:)")
        }
        let fromView = fromViewController.view!, toView = toViewController.view!
        guard let container = fromView.superview else {
            fatalError("transition(from:to:…): the view of \(type(of: fromViewController)) is in no superview; add it to the container's view first")
        }
        let animated = duration > 0
        let forwards = shouldAutomaticallyForwardAppearanceMethods && appearanceState != .disappeared
        if forwards {
            fromViewController.beginAppearanceTransition(false, animated: animated)
            toViewController.beginAppearanceTransition(true, animated: animated)
        }
        let finish: (Bool) -> Void = { finished in
            fromView.removeFromSuperview()
            if forwards {
                fromViewController.endAppearanceTransition()
                toViewController.endAppearanceTransition()
            }
            completion?(finished)
        }
        if options.viewTransition != 0 {
            UIView.transition(with: container, duration: duration, options: options, animations: {
                container.insertSubview(toView, aboveSubview: fromView)
                animations?()
            }, completion: finish)
        } else {
            container.insertSubview(toView, aboveSubview: fromView)
            if animated, let animations {
                UIView.animate(withDuration: duration, delay: 0, options: options, animations: animations, completion: finish)
            } else {
                animations?()
                _ = Timeline.current.schedule(at: CACurrentMediaTime()) { finish(true) }
            }
        }
    }

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
    /// Set by an appearance that has not had its `viewIsAppearing(_:)` yet.
    private var owesIsAppearing = false
    /// The view's safe area insets and layout margins at the last layout pass (for their callbacks).
    private var lastSafeAreaInsets = UIEdgeInsets.zero
    private var lastLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// Before the view's layout pass: the safe-area and margin callbacks when those changed, and
    /// `viewIsAppearing(_:)` when the view appears in a window.
    func viewWillBeLaidOut(_ view: UIView) {
        reportGeometryChanges(of: view)
        callIsAppearingIfInWindow()
    }
    /// When the view enters (or leaves) a window: the same, so an appearing view hears them before
    /// the transition moves it, as on iOS.
    func viewDidChangeWindow(_ view: UIView) {
        guard view.window != nil else { return }
        reportGeometryChanges(of: view)
        callIsAppearingIfInWindow()
    }
    private func reportGeometryChanges(of view: UIView) {
        let insets = view.safeAreaInsets
        if insets != lastSafeAreaInsets {
            lastSafeAreaInsets = insets
            viewSafeAreaInsetsDidChange()
        }
        let margins = view.layoutMargins
        if margins != lastLayoutMargins {
            lastLayoutMargins = margins
            viewLayoutMarginsDidChange()
        }
    }
    private func callIsAppearingIfInWindow() {
        guard owesIsAppearing, loadedView?.window != nil else { return }
        owesIsAppearing = false
        viewIsAppearing(appearanceAnimated)
    }

    /// Sends `viewWillAppear` (or `viewWillDisappear`) now and the matching "did" call at
    /// `endAppearanceTransition()`, forwarding both to the children on screen. Asking for the state the
    /// controller is already in or going to (appearing while appearing or appeared, …) does nothing.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
            owesIsAppearing = true
            callIsAppearingIfInWindow()
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            owesIsAppearing = false
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
            if owesIsAppearing {
                owesIsAppearing = false
                viewIsAppearing(appearanceAnimated)
            }
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

    /// Shows a controller in the way its context does: pushed by the enclosing navigation controller,
    /// otherwise presented modally (UIKit's `targetViewController(forAction:sender:)` walk, ending the same).
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigationController { navigationController.pushViewController(vc, animated: true) }
        else { present(vc, animated: true) }
    }
    /// Shows a controller as a detail: with no split view controller (a compact phone) that is `show(_:sender:)`.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        show(vc, sender: sender)
    }

    // MARK: Editing

    /// Whether the controller shows editable content; setting it calls `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    private var editing = false
    /// Enters or leaves editing; subclasses override it (calling super) to update their views. The
    /// `editButtonItem` follows: "Edit" (plain) or "Done" (bold).
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        guard let item = storedEditButtonItem else { return }
        item.title = editing ? "Done" : "Edit"
        item.style = editing ? .done : .plain
    }
    /// A bar button item that toggles editing (`setEditing(!isEditing, animated: true)`), titled for the state.
    public var editButtonItem: UIBarButtonItem {
        if let storedEditButtonItem { return storedEditButtonItem }
        let item = UIBarButtonItem(title: isEditing ? "Done" : "Edit", style: isEditing ? .done : .plain)
        item.primaryAction = UIAction(title: "") { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        }
        storedEditButtonItem = item
        return item
    }
    private var storedEditButtonItem: UIBarButtonItem?

    // MARK: Bars

    /// Stored; a navigation controller does not hide the tab bar for it on push yet
    /// (docs/UIKIT-COMPATIBILITY.md).
    open var hidesBottomBarWhenPushed = false
    /// The items the navigation controller's toolbar shows while this controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        get { storedToolbarItems }
        set { setToolbarItems(newValue, animated: false) }
    }
    private var storedToolbarItems: [UIBarButtonItem]?
    /// Sets the items, fading them in on the toolbar when `animated` and this controller is on top.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        storedToolbarItems = toolbarItems
        navigationController?.toolbarItemsChanged(of: self, animated: animated)
    }

    // MARK: System gestures, home indicator, pointer, orientation

    /// Inert: there are no system edge gestures offscreen; answers UIKit's default (none).
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    /// Inert: there are no system edge gestures offscreen.
    open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }
    /// Inert: there are no system edge gestures offscreen.
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() {}
    /// Inert: the device chrome draws the home indicator throughout (iOS hides it only after seconds
    /// without touches); answers UIKit's default.
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// Inert: the home indicator is always drawn.
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Inert: the home indicator is always drawn.
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// Inert: there is no pointer offscreen.
    open var prefersPointerLocked: Bool { false }
    /// Inert: there is no pointer offscreen.
    open var childViewControllerForPointerLock: UIViewController? { nil }
    /// Inert: there is no pointer offscreen.
    open func setNeedsUpdateOfPrefersPointerLocked() {}
    /// Inert: renders are portrait; answers UIKit's default.
    open var shouldAutorotate: Bool { true }
    /// Inert: renders are portrait; answers an iPhone's default.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// Inert: renders are portrait.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// Inert: renders are portrait.
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {}

    // MARK: State restoration

    /// Inert: apps are not suspended and relaunched offscreen, so nothing is restored; stored.
    open var restorationIdentifier: String?
    /// Inert: nothing is restored offscreen; never called.
    open func encodeRestorableState(with coder: NSCoder) {}
    /// Inert: nothing is restored offscreen; never called.
    open func decodeRestorableState(with coder: NSCoder) {}
    /// Inert: nothing is restored offscreen; never called.
    open func applicationFinishedRestoringState() {}
}

extension UIView {
    /// View controllers see their view's layout pass.
    func layoutViewAndController() {
        owningViewController?.viewWillBeLaidOut(self)
        owningViewController?.viewWillLayoutSubviews()
        layoutSubviews()
        owningViewController?.viewDidLayoutSubviews()
    }
}

/// Every requirement is in the class body (overridable on Linux).
extension UIViewController: UIContentContainer {}
