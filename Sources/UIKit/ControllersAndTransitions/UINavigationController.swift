/// Vends a navigation controller's custom animators. Every method is optional (protocol extension
/// defaults); the interaction controller is asked only when an animation controller was returned.
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// Inert: renders are portrait; the answer is never asked for.
    func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask
    /// Inert: renders are portrait; the answer is never asked for.
    func navigationControllerPreferredInterfaceOrientationForPresentation(_ navigationController: UINavigationController) -> UIInterfaceOrientation
}
extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask { .all }
    public func navigationControllerPreferredInterfaceOrientationForPresentation(_ navigationController: UINavigationController) -> UIInterfaceOrientation { .portrait }
}

/// A stack of controllers under a navigation bar. The top controller's view fills the content view (under
/// the bar, as with UIKit's default extended layout); push and pop run as view-controller transitions in
/// that content view, with the delegate's animators or UIKit's parallax slide.
open class UINavigationController: UIViewController {
    public enum Operation: Int, Sendable { case none = 0, push, pop }

    public let navigationBar = UINavigationBar()
    open weak var delegate: UINavigationControllerDelegate?
    /// Setting it shows or hides the bar at once (`setNavigationBarHidden(_:animated:)` animates).
    open var isNavigationBarHidden: Bool {
        get { navigationBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var navigationBarHidden = false
    /// How long the bar slides when shown or hidden with animation (Apple's constant; its value, 0.2 s, is
    /// what it reads on iOS).
    public class var hideShowBarDuration: CGFloat { 0.2 }
    // MARK: Toolbar (UINavigationController+Toolbar.swift)

    /// Whether the toolbar is hidden (true by default); setting it shows or hides the toolbar at once.
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    var toolbarHidden = true
    /// Shows or hides the toolbar, sliding it over `hideShowBarDuration` when `animated`.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { changeToolbarHidden(hidden, animated: animated) }
    /// The bar along the bottom that shows the top controller's `toolbarItems`; it joins the view the first
    /// time it is shown, so a controller that never shows it draws exactly as before.
    public private(set) lazy var toolbar: UIToolbar! = UIToolbar()
    /// Whether the toolbar has joined the view.
    var toolbarInstalled = false

    /// Inert: there is no keyboard offscreen; stored.
    open var hidesBarsWhenKeyboardAppears = false
    /// Inert: renders are portrait, never vertically compact; stored.
    open var hidesBarsWhenVerticallyCompact = false

    private var stack: [UIViewController] = []
    /// A stack set during a push or pop, applied when it ends.
    private var pendingStack: [UIViewController]?
    /// The transition's container: holds the top controller's view.
    private let contentView = UIView()
    private var transition: TransitionContext?
    /// The edge-swipe pop's (or the zoom's swipe's) interaction controller, set only while it runs the pop
    /// (which uses it when the delegate supplies none).
    var interactivePop: UIViewControllerInteractiveTransitioning?
    /// The interaction controller of the edge-swipe pop while the finger is down.
    private var interactivePopDriver: UIPercentDrivenInteractiveTransition?
    /// The top controller's content scroll view the bar follows (UINavigationController+BarTracking.swift).
    var barTracking = NavigationBarTracking()
    /// The left-edge swipe that pops the top controller (a UIScreenEdgePanGestureRecognizer on the view).
    /// It drives UIKit's own pop; when the delegate returns a pop animator of its own it begins only if the
    /// delegate also returns an interaction controller (which the app then drives), otherwise it fails
    /// (as on iOS, a custom pop animator disables it).
    open private(set) var interactivePopGestureRecognizer: UIGestureRecognizer?
    /// The interactive pop gesture's delegate (held here: delegates are weak).
    private lazy var interactivePopGate = InteractivePopGate(navigationController: self)

    /// Designated, as on iOS (subclasses may override it).
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    /// See `UIViewController.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
    /// A custom bar class is not supported: the bar is always `UINavigationBar` (and there is no toolbar).
    public convenience init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        self.init(nibName: nil, bundle: nil)
    }

    // MARK: The stack

    /// During a push or pop, a new stack set here (or with `setViewControllers`) is returned at once and
    /// takes effect when the transition ends.
    open var viewControllers: [UIViewController] {
        get { pendingStack ?? stack }
        set { setViewControllers(newValue, animated: false) }
    }
    open var topViewController: UIViewController? { stack.last }
    /// The top controller decides (UIKit asks the navigation bar's style first; there is no bar style here).
    open override var childForStatusBarStyle: UIViewController? { topViewController }
    open override var childForStatusBarHidden: UIViewController? { topViewController }
    /// The top controller, or the controller it presents.
    open var visibleViewController: UIViewController? {
        var visible = topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }

    /// Replaces the stack. Not animated here (`animated` is ignored): the new top appears at once. During a
    /// push or pop (e.g. from a cancelled interactive pop's completion) the change waits until the
    /// transition has ended and then applies, as iOS accepts it then too.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        guard transition == nil else {
            pendingStack = viewControllers
            return
        }
        let oldTop = topViewController
        let onScreen = viewIfLoaded?.window != nil
        let newTop = viewControllers.last
        if onScreen, oldTop !== newTop {
            oldTop?.beginAppearanceTransition(false, animated: false)
            newTop?.beginAppearanceTransition(true, animated: false)
        }
        for old in stack where !viewControllers.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        for vc in viewControllers where vc.parent !== self {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        stack = viewControllers
        updateBarItems()
        showTop()
        if onScreen, oldTop !== newTop {
            oldTop?.endAppearanceTransition()
            newTop?.endAppearanceTransition()
        }
    }

    /// Pushes `viewController` (the delegate's animator, or the system slide when it returns nil).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        checkUsage(!stack.contains { $0 === viewController },
                     "UINavigationController.pushViewController: \(type(of: viewController)) is already on the stack; pushing the same controller twice is not supported")
        guard transition == nil else {
            ModalTransition.warn("pushViewController(\(type(of: viewController))) while a transition is in progress; ignored.")
            return
        }
        let from = topViewController
        addChild(viewController)
        viewController.isMovingToParent = true
        stack.append(viewController)
        guard let from, viewIfLoaded?.window != nil else {
            updateBarItems()
            showTop()
            viewController.didMove(toParent: self)
            viewController.isMovingToParent = false
            return
        }
        runTransition(.push, from: from, to: viewController, animated: animated)
    }

    /// Pops the top controller; nil when only the root is left or a transition is in progress.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, transition == nil else { return nil }
        let from = stack.removeLast()
        let to = stack.last!
        from.willMove(toParent: nil)
        from.isMovingFromParent = true
        guard viewIfLoaded?.window != nil else {
            updateBarItems()
            from.viewIfLoaded?.removeFromSuperview()
            from.removeFromParent()
            from.isMovingFromParent = false
            showTop()
            return from
        }
        runTransition(.pop, from: from, to: to, animated: animated)
        return from
    }

    /// Pops down to the root without animating the ones in between (the last one animates).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1, transition == nil else { return nil }
        let removed = Array(stack[1..<(stack.count - 1)])
        for vc in removed {
            vc.willMove(toParent: nil)
            vc.viewIfLoaded?.removeFromSuperview()
            vc.removeFromParent()
        }
        stack.removeSubrange(1..<(stack.count - 1))
        return removed + [popViewController(animated: animated)].compactMap { $0 }
    }

    /// Shows or hides the bar. Animated, it slides up off the top of the screen (or down into place) over
    /// `hideShowBarDuration` while the top controller's view lays out for its new safe area in the same
    /// animation.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBarHidden else { return }
        navigationBarHidden = hidden
        guard isViewLoaded else { navigationBar.isHidden = hidden; return }
        let top = topViewController?.viewIfLoaded
        guard animated, view.window != nil else {
            navigationBar.isHidden = hidden
            navigationBar.frame = navigationBarFrame
            top?.setNeedsLayout()
            view.setNeedsLayout()
            return
        }
        if !hidden {
            navigationBar.frame = hiddenNavigationBarFrame
            navigationBar.isHidden = false
        }
        UIView.animate(withDuration: Double(Self.hideShowBarDuration), delay: 0, options: [.curveEaseInOut], animations: {
            self.navigationBar.frame = self.navigationBarFrame
            top?.setNeedsLayout()
            top?.layoutIfNeeded()
        }, completion: { _ in
            if self.navigationBarHidden { self.navigationBar.isHidden = true }
        })
    }

    /// Where the bar is: under the status area, or just above the screen while hidden.
    private var navigationBarFrame: CGRect { navigationBarHidden ? hiddenNavigationBarFrame : shownNavigationBarFrame }
    private var shownNavigationBarFrame: CGRect {
        CGRect(x: 0, y: view.safeAreaInsets.top, width: view.bounds.width, height: navigationBar.preferredHeight)
    }
    private var hiddenNavigationBarFrame: CGRect {
        CGRect(x: 0, y: -navigationBar.preferredHeight, width: view.bounds.width, height: navigationBar.preferredHeight)
    }

    // MARK: Views

    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .systemBackground
        contentView.frame = root.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(contentView)
        root.addSubview(navigationBar)
        navigationBar.backAction = { [unowned self] in self.popViewController(animated: true) }
        let edgePan = UIScreenEdgePanGestureRecognizer { [unowned self] (pan: UIScreenEdgePanGestureRecognizer) in
            self.handleInteractivePop(pan)
        }
        edgePan.edges = .left
        edgePan.delegate = interactivePopGate
        root.addGestureRecognizer(edgePan)
        interactivePopGestureRecognizer = edgePan
        view = root
    }

    private func handleInteractivePop(_ pan: UIScreenEdgePanGestureRecognizer) {
        let width = max(view.bounds.width, 1)
        switch pan.state {
        case .began:
            interactivePopDriver = beginInteractivePop()
        case .changed:
            interactivePopDriver?.update(pan.translation(in: view).x / width)
        case .ended:
            if let driver = interactivePopDriver { endInteractivePop(driver, velocity: pan.velocity(in: view).x) }
            interactivePopDriver = nil
        case .cancelled, .failed:
            interactivePopDriver?.cancel()
            interactivePopDriver = nil
        default:
            break
        }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showTop()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        contentView.frame = view.bounds
        if transition == nil { trackContentScrollView() }
        navigationBar.frame = navigationBarFrame
        layoutToolbar()
        if transition == nil { topViewController?.view.frame = contentView.bounds }
    }

    /// The navigation bar covers the top of each child's view: its safe area starts below the bar (44 pt,
    /// 96 pt for a controller whose item shows a large title), as on iOS. Nothing while the bar is hidden.
    /// A controller being popped is off the stack but still a child until the pop ends: it keeps the inset
    /// it had on top, so a screen laid out from its safe area slides out as it was (and comes back as it
    /// was when an interactive pop is cancelled).
    override func safeAreaInsets(forChild child: UIViewController) -> UIEdgeInsets {
        let bottom = toolbarInset   // the toolbar's row, 0 while it is hidden
        guard !isNavigationBarHidden else { return UIEdgeInsets(top: 0, left: 0, bottom: bottom, right: 0) }
        let below: ArraySlice<UIViewController>
        if let index = stack.firstIndex(where: { $0 === child }) {
            below = stack[..<index]
        } else if child.parent === self {
            below = stack[...]
        } else {
            return .zero
        }
        var large = navigationBar.prefersLargeTitles
        if large {
            for item in ([child] + below.reversed()).map(\.navigationItem) where item.largeTitleDisplayMode != .automatic {
                large = item.largeTitleDisplayMode == .always
                break
            }
        }
        // The tracked controller's large-title row follows its scroll view (44…96 pt in all).
        let row = barTracking.controller === child ? barTracking.largeTitleInset : NavigationBarMetrics.largeTitleRowHeight
        // A search controller's row under the title rows (the tracked controller's follows its scroll view).
        let search = child.navigationItem.searchController == nil ? 0
            : barTracking.controller === child ? barTracking.searchInset : SearchFieldMetrics.navigationRowHeight
        // An active search hiding the title rows leaves the search row alone.
        if navigationBar.titleRowsHiddenForSearch && child === topViewController && search > 0 {
            return UIEdgeInsets(top: search, left: 0, bottom: bottom, right: 0)
        }
        return UIEdgeInsets(top: NavigationBarMetrics.rowHeight + (large ? row : 0) + search, left: 0, bottom: bottom, right: 0)
    }

    /// The bar shows the stack's items.
    private func updateBarItems() { navigationBar.items = stack.map(\.navigationItem) }

    /// Only the top controller's view is in the content view between transitions.
    private func showTop() {
        guard isViewLoaded else { return }
        for vc in stack where vc !== topViewController { vc.viewIfLoaded?.removeFromSuperview() }
        if let top = topViewController {
            if top.view.superview !== contentView { contentView.addSubview(top.view) }
            top.view.frame = contentView.bounds
        }
        showToolbarItems(of: topViewController, animated: false)
        view.setNeedsLayout()
    }

    // MARK: Transitions

    private func runTransition(_ operation: Operation, from: UIViewController, to: UIViewController, animated: Bool) {
        delegate?.navigationController(self, willShow: to, animated: animated)
        showToolbarItems(of: to, animated: animated)
        let custom = animated ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
        let interaction: UIViewControllerInteractiveTransitioning? = custom.map {
            delegate?.navigationController(self, interactionControllerFor: $0)
        } ?? (operation == .pop ? interactivePop : nil)
        let zoom: UIViewControllerAnimatedTransitioning? = ZoomTransitionAnimator.navigation(operation, from: from, to: to)
        let animator: UIViewControllerAnimatedTransitioning? = animated ? (custom ?? zoom ?? NavigationParallaxAnimator(operation: operation)) : nil
        let container = contentView
        let fromView = from.view!, toView = to.view!
        let bounds = container.bounds
        if operation == .push { toView.frame = bounds }
        let moving = operation == .push ? to : from
        var context: TransitionContext!
        context = TransitionContext(
            label: "\(operation == .push ? "push" : "pop") \(type(of: moving))", container: container, animated: animated,
            style: .none, from: from, to: to, fromView: { fromView }, toView: { toView },
            frames: [ObjectIdentifier(from): { (bounds, .zero) }, ObjectIdentifier(to): { (.zero, bounds) }],
            animator: animator, interactionController: interaction
        ) { [unowned self] completed in
            animator?.animationEnded(completed)
            // A cancelled transition's stack is back before the coordinator's completions run, so a
            // completion that reads or extends `viewControllers` sees the stack on screen.
            if !completed { if operation == .push { self.stack.removeLast() } else { self.stack.append(from) } }
            context.runAlongsideCompletions()
            from.activeTransition = nil
            to.activeTransition = nil
            self.activeTransition = nil
            self.transition = nil
            if completed {
                fromView.removeFromSuperview()
                if toView.superview !== container { container.addSubview(toView) }
                toView.frame = bounds
                from.endAppearanceTransition()
                to.endAppearanceTransition()
                if operation == .push {
                    to.didMove(toParent: self)
                    to.isMovingToParent = false
                } else {
                    from.removeFromParent()
                    from.isMovingFromParent = false
                }
                self.delegate?.navigationController(self, didShow: to, animated: animated)
            } else {
                // Cancelled (interactive): the stack and the appearance go back.
                toView.removeFromSuperview()
                if fromView.superview !== container { container.addSubview(fromView) }
                to.beginAppearanceTransition(false, animated: animated)
                from.beginAppearanceTransition(true, animated: animated)
                if operation == .push {
                    to.willMove(toParent: nil)
                    to.removeFromParent()
                    to.isMovingToParent = false
                }
                self.updateBarItems()
                to.endAppearanceTransition()
                from.endAppearanceTransition()
                if operation == .pop {
                    from.didMove(toParent: self)
                    from.isMovingFromParent = false
                }
            }
            if let pending = self.pendingStack {
                self.pendingStack = nil
                self.setViewControllers(pending, animated: false)
            }
        }
        transition = context
        // The bar's own transition runs alongside (and so follows an interactive pop and its cancel).
        navigationBar.transition(to: stack.map(\.navigationItem), operation: operation, coordinator: context)
        activeTransition = context
        from.activeTransition = context
        to.activeTransition = context
        from.beginAppearanceTransition(false, animated: animated)
        to.beginAppearanceTransition(true, animated: animated)
        context.start {
            if toView.superview !== container { container.addSubview(toView) }
            toView.frame = bounds
            context.completeTransition(true)
        }
    }

    // MARK: Interactive pop

    /// Whether there is something to pop now: a controller above the root, and no push or pop under way.
    var canBeginInteractivePop: Bool { stack.count > 1 && transition == nil }

    /// Whether the edge swipe may begin: something to pop, and the pop would be one the swipe can drive.
    /// A delegate that returns its own pop animator without an interaction controller turns the swipe
    /// off, as on iOS, so the swipe fails and its touches stay with other recognizers. Decided by
    /// asking the delegate what the pop itself will ask (`animationControllerFor: .pop` for the top two
    /// controllers, then `interactionControllerFor:`), so those two are asked once more per swipe.
    var systemSwipeCanPop: Bool {
        guard canBeginInteractivePop else { return false }
        // A zoomed controller's own swipe (which starts at the left edge too) dismisses it with the zoom.
        if stack.last?.preferredTransition?.isZoom == true { return false }
        guard let delegate else { return true }
        let from = stack[stack.count - 1], to = stack[stack.count - 2]
        guard let custom = delegate.navigationController(self, animationControllerFor: .pop, from: from, to: to) else {
            return true
        }
        return delegate.navigationController(self, interactionControllerFor: custom) != nil
    }

    /// Starts the edge-swipe pop (the interactive pop gesture's `.began`) and returns its driver: nil when
    /// there is nothing to pop or the pop does not use the driver (the delegate returned a pop animator).
    @discardableResult
    func beginInteractivePop() -> UIPercentDrivenInteractiveTransition? {
        guard canBeginInteractivePop else { return nil }
        let driver = UIPercentDrivenInteractiveTransition()
        interactivePop = driver
        popViewController(animated: true)
        interactivePop = nil
        guard let context = transition, context.interactionController === driver else { return nil }
        return driver
    }

    /// Ends the edge-swipe pop: a fling (at least one screen width per second) decides, otherwise more
    /// than half way finishes (Flutter's public emulation; UIKit's thresholds are private).
    func endInteractivePop(_ driver: UIPercentDrivenInteractiveTransition, velocity: CGFloat) {
        let width = max(view.bounds.width, 1)
        if velocity >= width { driver.finish() }
        else if velocity <= -width { driver.cancel() }
        else if driver.percentComplete > 0.5 { driver.finish() }
        else { driver.cancel() }
    }
}

/// Lets the interactive pop gesture begin only when there is something to pop, no transition runs and the
/// delegate has not taken the pop over with an animator of its own, so a swipe that cannot pop
/// interactively fails and leaves its touches to other recognizers, as on iOS.
private final class InteractivePopGate: NSObject, UIGestureRecognizerDelegate {
    unowned let navigationController: UINavigationController
    init(navigationController: UINavigationController) { self.navigationController = navigationController; super.init() }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        navigationController.systemSwipeCanPop
    }
}

/// UIKit's push and pop when the delegate returns no animator (`_UINavigationParallaxTransition`,
/// whose duration and curve are private): the incoming view slides in from x = W while the covered one moves to
/// −(W − round(0.7·W)) under a light dimming, 0.5 s on the system spring (mass 3, stiffness 1000,
/// damping 500, clamped to critical); linear while interactive, so the views follow the finger. A 9 pt
/// shadow rides along the leading edge of the view on top, fading in on push and out on pop.
final class NavigationParallaxAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.5
    /// The dimming over the covered view at its darkest.
    static let dimming = UIColor(white: 0, alpha: 0.1)
    /// The edge shadow: 9 pt wide, black 0.3 at the top view's edge fading to clear away from it.
    static let edgeShadowWidth: CGFloat = 9
    static let edgeShadowAlpha: CGFloat = 0.3
    let operation: UINavigationController.Operation
    init(operation: UINavigationController.Operation) { self.operation = operation }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(true); return
        }
        let bounds = container.bounds
        let width = bounds.width
        let covered = -(width - (0.7 * width).rounded())
        let dim = UIView(frame: bounds)
        dim.backgroundColor = Self.dimming
        dim.isUserInteractionEnabled = false
        // The shadow is a sibling just left of the top view, moved by the same animation, so it follows
        // that view exactly without adding anything to the app's views.
        let shadow = EdgeShadowView(alpha: Self.edgeShadowAlpha)
        let shadowFrame = CGRect(x: -Self.edgeShadowWidth, y: 0, width: Self.edgeShadowWidth, height: bounds.height)
        let push = operation == .push
        if push {
            container.addSubview(dim)
            container.addSubview(shadow)
            container.addSubview(toView)
            dim.alpha = 0
            shadow.alpha = 0
            toView.frame = bounds.offsetBy(dx: width, dy: 0)
            shadow.frame = shadowFrame.offsetBy(dx: width, dy: 0)
        } else {
            container.insertSubview(toView, belowSubview: fromView)
            container.insertSubview(dim, aboveSubview: toView)
            container.insertSubview(shadow, belowSubview: fromView)
            dim.alpha = 1
            toView.frame = bounds.offsetBy(dx: covered, dy: 0)
            shadow.frame = shadowFrame
        }
        let timing: UIViewAnimationContext.Timing = context.isInteractive
            ? .cubic(CAMediaTimingFunction(name: .linear))
            : .spring(SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0))
        UIViewAnimationContext(duration: Self.duration, delay: 0, options: [], timing: timing).run({
            if push {
                fromView.frame = bounds.offsetBy(dx: covered, dy: 0)
                toView.frame = bounds
                dim.alpha = 1
                shadow.frame = shadowFrame
                shadow.alpha = 1
            } else {
                fromView.frame = bounds.offsetBy(dx: width, dy: 0)
                toView.frame = bounds
                dim.alpha = 0
                shadow.frame = shadowFrame.offsetBy(dx: width, dy: 0)
                shadow.alpha = 0
            }
        }, completion: { _ in
            dim.removeFromSuperview()
            shadow.removeFromSuperview()
            let completed = !context.transitionWasCancelled
            // The view that leaves the screen is taken out of the hierarchy with its place restored.
            if completed { fromView.frame = bounds } else { toView.frame = bounds }
            context.completeTransition(completed)
        })
    }
}

/// The parallax transition's edge shadow: a horizontal gradient from clear (left) to black at `alpha`
/// (right, against the top view's leading edge). Takes no touches.
final class EdgeShadowView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }

    required init?(coder: NSCoder) { misuse("EdgeShadowView is UIKit's own and is not made from an archive") }
    init(alpha: CGFloat) {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        let gradient = layer as! CAGradientLayer
        gradient.colors = [UIColor(white: 0, alpha: 0).cgColor, UIColor(white: 0, alpha: alpha).cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
    }
}
