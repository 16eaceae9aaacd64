import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

// Ordered callback logs for each kind of transition, compared as text with UIKit's order (the View
// Controller Programming Guide for modal transitions; UINavigationController's documented delegate rules
// for push and pop).

/// A presentation controller that logs its callbacks and the coordinator's, and puts the presented view
/// in the bottom half.
final class LoggedPresentationController: UIPresentationController {
    let log: CallLog
    init(presented: UIViewController, presenting: UIViewController?, log: CallLog) {
        self.log = log
        super.init(presentedViewController: presented, presenting: presenting)
    }
    override var frameOfPresentedViewInContainerView: CGRect {
        let b = containerView!.bounds
        return CGRect(x: 0, y: b.height / 2, width: b.width, height: b.height / 2)
    }
    private func watchCoordinator() {
        guard let coordinator = presentedViewController.transitionCoordinator else { log("no coordinator"); return }
        coordinator.animate(alongsideTransition: nil) { [log] context in log("coordinator.completion(cancelled: \(context.isCancelled))") }
        coordinator.notifyWhenInteractionChanges { [log] context in
            log("coordinator.interactionChanged(interactive: \(context.isInteractive), cancelled: \(context.isCancelled))")
        }
    }
    override func presentationTransitionWillBegin() {
        log("pc.presentationTransitionWillBegin")
        containerView?.addSubview(presentedView!)
        watchCoordinator()
    }
    override func presentationTransitionDidEnd(_ completed: Bool) { log("pc.presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() { log("pc.dismissalTransitionWillBegin"); watchCoordinator() }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log("pc.dismissalTransitionDidEnd(\(completed))") }
    override func containerViewWillLayoutSubviews() { log("pc.containerViewWillLayoutSubviews") }
    override func containerViewDidLayoutSubviews() { log("pc.containerViewDidLayoutSubviews") }
}

/// Slides the presented view up (or down) with one property animator kept for the transition, and serves
/// it as the interruptible animator.
final class LoggedAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool, log: CallLog, duration: TimeInterval
    private var animator: UIViewPropertyAnimator?
    init(presenting: Bool, log: CallLog, duration: TimeInterval = 0.3) {
        self.presenting = presenting; self.log = log; self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        log("animator.transitionDuration"); return duration
    }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log("animator.animateTransition")
        makeAnimator(transitionContext).startAnimation()
    }
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        log("animator.interruptibleAnimator")
        return makeAnimator(transitionContext)
    }
    func animationEnded(_ transitionCompleted: Bool) { log("animator.animationEnded(\(transitionCompleted))"); animator = nil }

    private func makeAnimator(_ context: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        if let animator { return animator }
        let key: UITransitionContextViewKey = presenting ? .to : .from
        let view = context.view(forKey: key)!
        let vc = context.viewController(forKey: presenting ? .to : .from)!
        let shown = presenting ? context.finalFrame(for: vc) : context.initialFrame(for: vc)
        let hidden = shown.offsetBy(dx: 0, dy: shown.height)
        if presenting { view.frame = hidden }
        let animator = UIViewPropertyAnimator(duration: duration, curve: .linear) { view.frame = self.presenting ? shown : hidden }
        animator.addCompletion { [log] _ in
            log("animator.completion → completeTransition(\(!context.transitionWasCancelled))")
            context.completeTransition(!context.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }
}

final class LoggedTransitioningDelegate: UIViewControllerTransitioningDelegate {
    let log: CallLog
    var interaction: UIPercentDrivenInteractiveTransition?
    init(log: CallLog) { self.log = log }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        log("delegate.presentationController(forPresented:presenting:source:)")
        return LoggedPresentationController(presented: presented, presenting: presenting, log: log)
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log("delegate.animationController(forPresented:presenting:source:)")
        return LoggedAnimator(presenting: true, log: log)
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log("delegate.animationController(forDismissed:)")
        return LoggedAnimator(presenting: false, log: log)
    }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        log("delegate.interactionControllerForPresentation(using:)")
        return interaction
    }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        log("delegate.interactionControllerForDismissal(using:)")
        return interaction
    }
}

/// An interaction controller whose interactive start is chosen by the test.
final class Driver: UIPercentDrivenInteractiveTransition {
    var interactiveStart = false
    override var wantsInteractiveStart: Bool { get { interactiveStart } set {} }
}

@Suite struct ModalCallOrder {
    /// A parent and a `.custom` child with the logging delegate.
    func setUp(_ log: CallLog) -> (LoggedViewController, LoggedViewController, LoggedTransitioningDelegate) {
        let parent = LoggedViewController("A", log: log)
        let child = LoggedViewController("B", log: log)
        let delegate = LoggedTransitioningDelegate(log: log)
        child.modalPresentationStyle = .custom
        child.transitioningDelegate = delegate
        return (parent, child, delegate)
    }

    static let presentStart = """
        delegate.presentationController(forPresented:presenting:source:)
        delegate.animationController(forPresented:presenting:source:)
        delegate.interactionControllerForPresentation(using:)
        B.viewDidLoad
        B.viewWillAppear
        pc.presentationTransitionWillBegin
        pc.containerViewWillLayoutSubviews
        pc.containerViewDidLayoutSubviews
        animator.transitionDuration
        animator.animateTransition
        """

    @Test func present() {
        let log = CallLog()
        let (parent, child, delegate) = setUp(log)
        onStage(parent) { stage in
            defer { withExtendedLifetime(delegate) {} }   // transitioningDelegate is weak
            log.clear()
            parent.present(child, animated: true) { log("present.completion") }
            stage.settle()
            #expect(log.text == Self.presentStart + "\n" + """
                animator.completion → completeTransition(true)
                pc.presentationTransitionDidEnd(true)
                animator.animationEnded(true)
                coordinator.completion(cancelled: false)
                B.viewDidAppear
                present.completion
                """)
            #expect(child.presentingViewController === parent && parent.presentedViewController === child)
            #expect(stage.markLabels == ["transition.begin present LoggedViewController",
                                         "transition.end present LoggedViewController completed"])
        }
    }

    @Test func dismiss() {
        let log = CallLog()
        let (parent, child, delegate) = setUp(log)
        onStage(parent) { stage in
            defer { withExtendedLifetime(delegate) {} }   // transitioningDelegate is weak
            parent.present(child, animated: true)
            stage.settle()
            log.clear()
            child.dismiss(animated: true) { log("dismiss.completion") }
            #expect(child.isBeingDismissed)
            stage.settle()
            #expect(log.text == """
                delegate.animationController(forDismissed:)
                delegate.interactionControllerForDismissal(using:)
                B.viewWillDisappear
                pc.dismissalTransitionWillBegin
                animator.transitionDuration
                animator.animateTransition
                animator.completion → completeTransition(true)
                pc.dismissalTransitionDidEnd(true)
                animator.animationEnded(true)
                coordinator.completion(cancelled: false)
                B.viewDidDisappear
                dismiss.completion
                """)
            #expect(parent.presentedViewController == nil && child.presentingViewController == nil && !child.isBeingDismissed)
        }
    }

    @Test func cancelledInteractiveDismiss() {
        let log = CallLog()
        let (parent, child, delegate) = setUp(log)
        onStage(parent) { stage in
            parent.present(child, animated: true)
            stage.settle()
            let driver = Driver()
            driver.interactiveStart = true
            delegate.interaction = driver
            log.clear()
            child.dismiss(animated: true) { log("dismiss.completion") }
            stage.run(for: 0.1)
            driver.update(0.3)
            stage.run(for: 0.1)
            log("— cancel —")
            driver.cancel()
            stage.settle()
            #expect(log.text == """
                delegate.animationController(forDismissed:)
                delegate.interactionControllerForDismissal(using:)
                B.viewWillDisappear
                pc.dismissalTransitionWillBegin
                animator.transitionDuration
                animator.interruptibleAnimator
                — cancel —
                coordinator.interactionChanged(interactive: false, cancelled: true)
                animator.completion → completeTransition(false)
                pc.dismissalTransitionDidEnd(false)
                animator.animationEnded(false)
                coordinator.completion(cancelled: true)
                B.viewWillAppear
                B.viewDidAppear
                """)
            #expect(parent.presentedViewController === child && !child.isBeingDismissed)
            #expect(stage.markLabels.last == "transition.end dismiss LoggedViewController cancelled")
        }
    }

    @Test func interruptedPresent() {
        let log = CallLog()
        let (parent, child, delegate) = setUp(log)
        let driver = Driver()
        delegate.interaction = driver
        onStage(parent) { stage in
            log.clear()
            parent.present(child, animated: true) { log("present.completion") }
            stage.run(for: 0.12)
            log("— finger down —")
            driver.pause()
            driver.update(driver.percentComplete - 0.1)
            log("— release —")
            driver.cancel()
            stage.settle()
            // With an interruptible animator the driver runs it and UIKit does not call animateTransition;
            // the animator is asked once and kept for the catch.
            let start = Self.presentStart.replacingOccurrences(of: "animator.animateTransition", with: "animator.interruptibleAnimator")
            #expect(log.text == start + "\n" + """
                — finger down —
                coordinator.interactionChanged(interactive: true, cancelled: false)
                — release —
                coordinator.interactionChanged(interactive: false, cancelled: true)
                animator.completion → completeTransition(false)
                pc.presentationTransitionDidEnd(false)
                animator.animationEnded(false)
                coordinator.completion(cancelled: true)
                B.viewWillDisappear
                B.viewDidDisappear
                """)
            #expect(parent.presentedViewController == nil && child.presentingViewController == nil)
        }
    }
}

/// Logs the navigation delegate's calls; returns the survey's animators when `custom`.
final class LoggedNavigationDelegate: UINavigationControllerDelegate {
    let log: CallLog
    var custom = true
    init(log: CallLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log("nav.willShow(\(LoggedViewController.describe(viewController)))")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log("nav.didShow(\(LoggedViewController.describe(viewController)))")
    }
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log("nav.animationControllerFor(\(operation == .push ? "push" : "pop"))")
        guard custom else { return nil }
        return operation == .push ? PushAnimator() : PopAnimator()
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        log("nav.interactionControllerFor")
        return nil
    }
}

@Suite struct NavigationCallOrder {
    func setUp(_ log: CallLog) -> (UINavigationController, LoggedViewController, LoggedViewController, LoggedNavigationDelegate) {
        let a = LoggedViewController("A", log: log), b = LoggedViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        let delegate = LoggedNavigationDelegate(log: log)
        nav.delegate = delegate
        return (nav, a, b, delegate)
    }

    @Test func push() {
        let log = CallLog()
        let (nav, a, b, delegate) = setUp(log)
        onStage(nav) { stage in
            defer { withExtendedLifetime(delegate) {} }   // the navigation delegate is weak
            log.clear()
            nav.pushViewController(b, animated: true)
            #expect(nav.topViewController === b && b.isMovingToParent)
            stage.settle()
            #expect(log.text == """
                B.willMove(toParent: UINavigationController)
                nav.willShow(B)
                nav.animationControllerFor(push)
                nav.interactionControllerFor
                B.viewDidLoad
                A.viewWillDisappear
                B.viewWillAppear
                A.viewDidDisappear
                B.viewDidAppear
                B.didMove(toParent: UINavigationController)
                nav.didShow(B)
                """)
            #expect(nav.viewControllers == [a, b] && !b.isMovingToParent && b.navigationController === nav)
            #expect(stage.markLabels == ["transition.begin push LoggedViewController", "transition.end push LoggedViewController completed"])
        }
    }

    @Test func pop() {
        let log = CallLog()
        let (nav, a, b, delegate) = setUp(log)
        onStage(nav) { stage in
            defer { withExtendedLifetime(delegate) {} }   // the navigation delegate is weak
            nav.pushViewController(b, animated: false)
            stage.settle()
            log.clear()
            let popped = nav.popViewController(animated: true)
            #expect(popped === b && nav.topViewController === a && b.isMovingFromParent)
            stage.settle()
            #expect(log.text == """
                B.willMove(toParent: nil)
                nav.willShow(A)
                nav.animationControllerFor(pop)
                nav.interactionControllerFor
                B.viewWillDisappear
                A.viewWillAppear
                B.viewDidDisappear
                A.viewDidAppear
                B.didMove(toParent: nil)
                nav.didShow(A)
                """)
            #expect(nav.viewControllers == [a] && b.parent == nil && !b.isMovingFromParent)
        }
    }

    /// The edge-swipe pop with the system animator: the delegate's animator is asked (nil), its interaction
    /// controller is not; released past half → finished.
    @Test func interactivePop() {
        let log = CallLog()
        let (nav, a, b, delegate) = setUp(log)
        delegate.custom = false
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            log.clear()
            let driver = nav.beginInteractivePop()!
            stage.run(for: 0.1)
            driver.update(0.6)
            stage.run(for: 0.1)
            log("— release —")
            nav.endInteractivePop(driver, velocity: 0)
            stage.settle()
            #expect(log.text == """
                B.willMove(toParent: nil)
                nav.willShow(A)
                nav.animationControllerFor(pop)
                B.viewWillDisappear
                A.viewWillAppear
                — release —
                B.viewDidDisappear
                A.viewDidAppear
                B.didMove(toParent: nil)
                nav.didShow(A)
                """)
            #expect(nav.viewControllers == [a])
        }
    }

    @Test func cancelledInteractivePop() {
        let log = CallLog()
        let (nav, a, b, delegate) = setUp(log)
        delegate.custom = false
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            log.clear()
            let driver = nav.beginInteractivePop()!
            driver.update(0.3)
            stage.run(for: 0.1)
            log("— release —")
            nav.endInteractivePop(driver, velocity: 0)
            stage.settle()
            #expect(log.text == """
                B.willMove(toParent: nil)
                nav.willShow(A)
                nav.animationControllerFor(pop)
                B.viewWillDisappear
                A.viewWillAppear
                — release —
                A.viewWillDisappear
                B.viewWillAppear
                A.viewDidDisappear
                B.viewDidAppear
                B.didMove(toParent: UINavigationController)
                """)
            #expect(nav.viewControllers == [a, b] && b.view.superview != nil && a.view.superview == nil)
            #expect(stage.markLabels.last == "transition.end pop LoggedViewController cancelled")
        }
    }
}

/// The interactive pop driven by real touches on the left edge (interactivePopGestureRecognizer).
@Suite struct EdgeSwipePop {
    /// A finger from x = 4 to `toX` over `duration` at 60 Hz, then lifted; the views follow the finger.
    func swipe(_ stage: Stage, toX: CGFloat, duration: TimeInterval, check: (CGFloat) -> Void = { _ in }) {
        stage.edgeSwipe(toX: toX, steps: Int(duration * 60), check: check)
    }

    @Test func releasedPastHalfFinishes() {
        let log = CallLog()
        let a = LoggedViewController("A", log: log), b = LoggedViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            log.clear()
            var followed = false
            swipe(stage, toX: 260, duration: 0.5) { x in
                // Once the pan has begun (15 pt hysteresis), B's left edge tracks the translation.
                guard nav.transitionCoordinator?.isInteractive == true else { return }
                let translation = b.view.shownFrame.minX
                followed = followed || translation > 100
                #expect(translation <= x && translation > x - 30)
            }
            #expect(followed)
            stage.settle()
            #expect(log.lines.prefix(3) == ["B.willMove(toParent: nil)", "B.viewWillDisappear", "A.viewWillAppear"])
            #expect(log.lines.suffix(3) == ["B.viewDidDisappear", "A.viewDidAppear", "B.didMove(toParent: nil)"])
            #expect(nav.viewControllers == [a] && a.view.frame.minX == 0)
            #expect(stage.markLabels.last == "transition.end pop LoggedViewController completed")
        }
    }

    @Test func slowShortSwipeCancels() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            swipe(stage, toX: 120, duration: 1)
            stage.settle()
            #expect(nav.viewControllers == [a, b] && b.view.frame.minX == 0 && a.view.superview == nil)
            #expect(stage.markLabels.last == "transition.end pop UIViewController cancelled")
        }
    }

    /// With only the root on the stack the edge pan must fail (gestureRecognizerShouldBegin), so another
    /// recognizer under the finger can take the swipe.
    @Test func rootOnlySwipeFailsAndLeavesTheTouchToOthers() {
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            stage.settle()
            var panBegan = false
            // A second left-edge pan on the same view, after the system one: it sees each sample second,
            // so it can begin only if the system pan fails.
            let pan = UIScreenEdgePanGestureRecognizer { (pan: UIScreenEdgePanGestureRecognizer) in if pan.state == .began { panBegan = true } }
            pan.edges = .left
            nav.view.addGestureRecognizer(pan)
            swipe(stage, toX: 200, duration: 0.4)
            stage.settle()
            #expect(nav.interactivePopGestureRecognizer?.state != .began && nav.interactivePopGestureRecognizer?.state != .changed)
            #expect(panBegan)
            #expect(stage.markLabels.allSatisfy { !$0.hasPrefix("transition.begin") })
            #expect(nav.viewControllers == [a])
        }
    }

    @Test func swipeDuringAPushDoesNotBegin() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            stage.settle()
            nav.pushViewController(b, animated: true)
            let gate = nav.interactivePopGestureRecognizer?.delegate
            #expect(gate?.gestureRecognizerShouldBegin(nav.interactivePopGestureRecognizer!) == false)
            stage.settle()
            #expect(gate?.gestureRecognizerShouldBegin(nav.interactivePopGestureRecognizer!) == true)
        }
    }
}

/// A title view set after the bar shows its item (in `viewDidLoad`, as apps do) appears in the bar (inside
/// the bar's drawing of the item, as in UIKit).
@Suite struct NavigationBarTitleView {
    final class Titled: UIViewController {
        let titleView = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 14))
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.titleView = titleView
        }
    }

    @Test func titleViewSetInViewDidLoadIsShown() {
        let a = Titled()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            stage.settle()
            #expect(a.titleView.superview?.superview === nav.navigationBar)
            let b = Titled()
            nav.pushViewController(b, animated: false)
            stage.settle()
            #expect(b.titleView.superview?.superview === nav.navigationBar && a.titleView.superview == nil)
        }
    }
}
