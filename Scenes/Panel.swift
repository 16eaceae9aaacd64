// From Dodo Pizza's two Habr articles on the half-screen panel, "Всплывай! Транзишены в iOS" (part 1,
// habr.com/ru/company/dodopizzaio/blog/463527) with the hooks part 2 ("Не всплывай! Прерываемые транзишены
// в iOS", habr.com/ru/company/dodopizzaio/blog/465073) adds to the same classes:
// the parent keeps PanelTransition strongly (transitioningDelegate is weak); PanelTransition vends the
// DimmPresentationController, PresentAnimation / DismissAnimation and, from part 2, its TransitionDriver
// (InteractivePanel.swift) as the interaction controller. The article's side variants (a quick menu from
// the right, an information banner from the top) are the same classes with another `PanelEdge`.
// Mechanical edits: no NSObject base (no Objective-C runtime needed), and each animator keeps its
// UIViewPropertyAnimator for the transition (see PresentAnimation).
import UIKit
import Stage

/// Which screen edge the panel lives at. The article builds `.bottom` and shows the other two as
/// pictures; their sizes are ours.
enum PanelEdge {
    case bottom, right, top
}

// MARK: - Transitioning delegate

final class PanelTransition: UIViewControllerTransitioningDelegate {
    let edge: PanelEdge
    private let driver = TransitionDriver()

    /// Part 2: the driver gets the edge pan that presents `presented` from `presenting` (bottom panels only:
    /// the driver pans vertically).
    init(presented: UIViewController, presenting: UIViewController, edge: PanelEdge = .bottom) {
        self.edge = edge
        if edge == .bottom {
            driver.linkPresentationGesture(to: presented, presentingController: presenting)
        }
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        if edge == .bottom { driver.link(to: presented) }
        let presentationController = DimmPresentationController(presentedViewController: presented,
                                                                presenting: presenting ?? source)
        presentationController.edge = edge
        presentationController.driver = driver
        return presentationController
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        PresentAnimation(edge: edge)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DismissAnimation(edge: edge)
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        edge == .bottom ? driver : nil
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        edge == .bottom ? driver : nil
    }
}

// MARK: - Presentation controllers

/// Frames the panel and lays it out on every container layout (so it follows rotation on iOS).
class PresentationController: UIPresentationController {
    var edge: PanelEdge = .bottom
    /// Part 2: the direction of the driver's next gesture flips when a transition has completed.
    var driver: TransitionDriver?

    override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView!.bounds
        switch edge {
        case .bottom:
            // The article: the bottom half of the screen.
            let halfHeight = bounds.height / 2
            return CGRect(x: 0, y: halfHeight, width: bounds.width, height: halfHeight)
        case .right:
            // A quick menu: 70 % of the width, full height.
            let width = (bounds.width * 0.7).rounded()
            return CGRect(x: bounds.width - width, y: 0, width: width, height: bounds.height)
        case .top:
            // An information banner: the status bar's safe area plus 120 pt.
            return CGRect(x: 0, y: 0, width: bounds.width, height: containerView!.safeAreaInsets.top + 120)
        }
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        containerView?.addSubview(presentedView!)
    }

    override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if completed { driver?.direction = .dismiss }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed { driver?.direction = .present }
    }
}

/// Only the dimming: a black view at 0.3 alpha under the panel, faded in and out alongside the transition.
final class DimmPresentationController: PresentationController {
    private(set) lazy var dimmView: UIView = {
        let view = UIView()
        view.backgroundColor = UIColor(white: 0, alpha: 0.3)
        view.alpha = 0
        return view
    }()

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        containerView?.insertSubview(dimmView, at: 0)
        performAlongsideTransitionIfPossible { [unowned self] in
            self.dimmView.alpha = 1
        }
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        // A cancelled presentation takes its dimming with it.
        if !completed {
            self.dimmView.removeFromSuperview()
        }
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        performAlongsideTransitionIfPossible { [unowned self] in
            self.dimmView.alpha = 0
        }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        // Only a completed dismissal removes it: a cancelled one leaves the panel on screen.
        if completed {
            self.dimmView.removeFromSuperview()
        }
    }

    override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        dimmView.frame = containerView!.frame
    }

    private func performAlongsideTransitionIfPossible(_ block: @escaping () -> Void) {
        guard let coordinator = self.presentedViewController.transitionCoordinator else {
            block()
            return
        }
        coordinator.animate(alongsideTransition: { (_) in
            block()
        }, completion: nil)
    }
}

// MARK: - Animators

extension CGRect {
    /// This frame moved just past `edge`, off screen: where the panel starts and ends.
    fileprivate func offscreen(beyond edge: PanelEdge) -> CGRect {
        switch edge {
        case .bottom: return offsetBy(dx: 0, dy: height)   // the article's
        case .right: return offsetBy(dx: width, dy: 0)
        case .top: return offsetBy(dx: 0, dy: -height)
        }
    }
}

/// Slides the panel in from its edge: 0.3 s, ease-out. The same animator is the interruptible animator,
/// so the driver can catch, scrub and reverse the presentation.
/// Edit: the article builds a new UIViewPropertyAnimator on every call; UIKit requires
/// `interruptibleAnimator(using:)` to return the same one for the whole transition, so it is kept until
/// `animationEnded(_:)`.
final class PresentAnimation: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval = 0.3
    let edge: PanelEdge
    private var animator: UIViewImplicitlyAnimating?

    init(edge: PanelEdge = .bottom) { self.edge = edge }

    private func animator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        // The presentation controller has put the view in the container; this only moves it.
        let to = transitionContext.view(forKey: .to)!
        let finalFrame = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
        to.frame = finalFrame.offscreen(beyond: edge)
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeOut) {
            to.frame = finalFrame
        }
        animator.addCompletion { (position) in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let animator = self.animator(using: transitionContext)
        animator.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        return self.animator(using: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

/// Slides the panel back out past its edge: 0.3 s, ease-out; interruptible like PresentAnimation (same edit).
final class DismissAnimation: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval = 0.3
    let edge: PanelEdge
    private var animator: UIViewImplicitlyAnimating?

    init(edge: PanelEdge = .bottom) { self.edge = edge }

    private func animator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let from = transitionContext.view(forKey: .from)!
        let initialFrame = transitionContext.initialFrame(for: transitionContext.viewController(forKey: .from)!)
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeOut) {
            from.frame = initialFrame.offscreen(beyond: self.edge)
        }
        animator.addCompletion { (position) in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let animator = self.animator(using: transitionContext)
        animator.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        return self.animator(using: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

// MARK: - Scenes

/// What every panel scene shares: the parent screen and its panel controllers. Each scene adds its name,
/// summary and script (what the finger does).
public class PanelScene {
    private(set) var parent: ParentViewController!
    /// The panel is already up when the clip starts (the parent presents it without animation on appear).
    class var startsWithPanelShown: Bool { false }
    public required init() {}
    public func makeRootViewController() -> UIViewController {
        parent = ParentViewController(showsPanelOnAppear: Self.startsWithPanelShown)
        return parent
    }
}

/// Tap "open": the panel slides up into the bottom half (0.3 s ease-out) over a dimming that fades in.
public final class PanelPresentScene: PanelScene, Scene {
    public static let name = "panel-present"
    public static let summary = "Half-screen panel slides up (UIViewPropertyAnimator 0.3 s ease-out) over a 0.3-black dimming"
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.parent.openButton }
        return script
    }
}

/// The panel is shown; tap its close button: it slides back down (0.3 s ease-out), the dimming fades out
/// and is removed.
public final class PanelDismissScene: PanelScene, Scene {
    public static let name = "panel-dismiss"
    public static let summary = "Half-screen panel closes: 0.3 s ease-out back down, dimming fades and is removed"
    override class var startsWithPanelShown: Bool { true }
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.parent.child.closeButton }
        return script
    }
}

/// The article's side variant: a quick menu (70 % of the width) slides in from the right edge and, after a
/// moment, out again.
public final class PanelMenuRightScene: PanelScene, Scene {
    public static let name = "panel-menu-right"
    public static let summary = "Quick menu (70 % width) slides in from the right edge and back, same animators, dimming alongside"
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.parent.menuButton }
        script.waitUntilIdle()
        script.wait(0.4)
        script.tap { [unowned self] in self.parent.menu.closeButton }
        return script
    }
}

/// The article's side variant: an information banner (safe area + 120 pt) slides down from the top and,
/// after a moment, back up.
public final class PanelBannerTopScene: PanelScene, Scene {
    public static let name = "panel-banner-top"
    public static let summary = "Information banner (safe area + 120 pt) slides down from the top and back, dimming alongside"
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.parent.bannerButton }
        script.waitUntilIdle()
        script.wait(0.4)
        script.tap { [unowned self] in self.parent.banner.closeButton }
        return script
    }
}
