import Foundation
@testable import UIKit

// The articles' transition classes, ported with mechanical edits only (each edit says why). They must compile
// against our UIKit and behave as the articles describe.

// MARK: - Dodo Pizza's half-screen panel (Habr, parts 1 and 2)

enum TransitionDirection { case present, dismiss }

/// Part 1's delegate, with part 2's driver as interaction controller for both directions.
final class PanelTransition: UIViewControllerTransitioningDelegate {
    let driver = TransitionDriver()

    init(presented: UIViewController, presenting: UIViewController) {
        driver.linkPresentationGesture(to: presented, presentingController: presenting)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        driver.link(to: presented)
        let presentationController = DimmPresentationController(presentedViewController: presented, presenting: presenting ?? source)
        presentationController.driver = driver
        return presentationController
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        PresentAnimation()
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DismissAnimation()
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        driver
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        driver
    }
}

class PresentationController: UIPresentationController {
    override var shouldPresentInFullscreen: Bool { false }

    override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView!.bounds
        let halfHeight = bounds.height / 2
        return CGRect(x: 0, y: halfHeight, width: bounds.width, height: halfHeight)
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        containerView?.addSubview(presentedView!)
    }

    override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

final class DimmPresentationController: PresentationController {
    var driver: TransitionDriver!

    private(set) lazy var dimmView: UIView = {
        let view = UIView()
        view.backgroundColor = UIColor(white: 0, alpha: 0.3)
        view.alpha = 0
        return view
    }()

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        containerView?.insertSubview(dimmView, at: 0)
        performAlongsideTransitionIfPossible { [unowned self] in self.dimmView.alpha = 1 }
    }

    private func performAlongsideTransitionIfPossible(_ block: @escaping () -> Void) {
        guard let coordinator = self.presentedViewController.transitionCoordinator else {
            block()
            return
        }
        coordinator.animate(alongsideTransition: { _ in block() }, completion: nil)
    }

    override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        dimmView.frame = containerView!.frame
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if !completed { self.dimmView.removeFromSuperview() }
        if completed { driver.direction = .dismiss }   // part 2
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        performAlongsideTransitionIfPossible { [unowned self] in self.dimmView.alpha = 0 }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        if completed {
            self.dimmView.removeFromSuperview()
            driver.direction = .present   // part 2
        }
    }
}

/// Part 1. Edit: the animator is kept for the transition, because `interruptibleAnimator(using:)` must
/// return the same object every time UIKit asks (the article's version made a new one per call).
final class PresentAnimation: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval = 0.3
    private var animator: UIViewImplicitlyAnimating?

    private func animator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let to = transitionContext.view(forKey: .to)!
        let finalFrame = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
        to.frame = finalFrame.offsetBy(dx: 0, dy: finalFrame.height)
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeOut) {
            to.frame = finalFrame
        }
        animator.addCompletion { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let animator = self.animator(using: transitionContext)
        animator.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        self.animator(using: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

/// Part 1 (same edit as PresentAnimation).
final class DismissAnimation: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval = 0.3
    private var animator: UIViewImplicitlyAnimating?

    private func animator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let from = transitionContext.view(forKey: .from)!
        let initialFrame = transitionContext.initialFrame(for: transitionContext.viewController(forKey: .from)!)
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeOut) {
            from.frame = initialFrame.offsetBy(dx: 0, dy: initialFrame.height)
        }
        animator.addCompletion { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let animator = self.animator(using: transitionContext)
        animator.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        self.animator(using: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

/// Part 2's driver. Edit: the pan recognizer is replaced by the values its handler reads (state,
/// vertical translation since the last change, the projected end location), passed to `handle(…)`, so
/// tests feed them directly; the decisions are the article's.
final class TransitionDriver: UIPercentDrivenInteractiveTransition {
    enum PanState { case began, changed, ended, cancelled, failed }

    var direction: TransitionDirection = .present
    private var presentedController: UIViewController?
    private weak var presentingController: UIViewController?
    private var panState: PanState?
    private var screenEdgePanState: PanState?

    func link(to controller: UIViewController) { presentedController = controller }

    func linkPresentationGesture(to presentedController: UIViewController, presentingController: UIViewController) {
        self.presentedController = presentedController
        self.presentingController = presentingController
    }

    var maxTranslation: CGFloat { presentedController?.view.frame.height ?? 0 }

    override var wantsInteractiveStart: Bool {
        get {
            switch direction {
            case .present: return screenEdgePanState == .began
            case .dismiss: return panState == .began
            }
        }
        set {}
    }

    /// The pan on the panel. `translationY` is the translation since the last call (the article resets it);
    /// `projectedY` the release location projected with the deceleration rate, in the panel's coordinates.
    func handle(_ state: PanState, translationY: CGFloat = 0, projectedY: CGFloat = 0) {
        panState = state
        defer { if state != .began && state != .changed { panState = nil } }
        switch direction {
        case .present: handlePresentation(state, translationY: translationY, projectedY: projectedY)
        case .dismiss: handleDismiss(state, translationY: translationY, projectedY: projectedY)
        }
    }

    private func handleDismiss(_ state: PanState, translationY: CGFloat, projectedY: CGFloat) {
        switch state {
        case .began:
            pause()
            if percentComplete == 0 { presentedController?.dismiss(animated: true) }
        case .changed:
            update(percentComplete + translationY / maxTranslation)
        case .ended, .cancelled:
            if projectedY > maxTranslation / 2 { finish() } else { cancel() }
        case .failed:
            cancel()
        }
    }

    private func handlePresentation(_ state: PanState, translationY: CGFloat, projectedY: CGFloat) {
        switch state {
        case .began:
            pause()
        case .changed:
            let increment = -translationY / maxTranslation
            update(percentComplete + increment)
        case .ended, .cancelled:
            if projectedY > maxTranslation / 2 { cancel() } else { finish() }
        case .failed:
            cancel()
        }
    }
}

// MARK: - The survey "iOS實戰之自定義轉場動畫詳解"

/// The survey's cross-dissolve (Apple's CustomTransitions sample behaviour): the to-view fades in over the
/// from-view; on a full-screen dismissal the to-view is the presenter's, which this puts back.
final class CrossDissolveAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromViewController = transitionContext.viewController(forKey: .from)!
        let toViewController = transitionContext.viewController(forKey: .to)!
        let containerView = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)
        let toView = transitionContext.view(forKey: .to)
        fromView?.frame = transitionContext.initialFrame(for: fromViewController)
        toView?.frame = transitionContext.finalFrame(for: toViewController)
        fromView?.alpha = 1
        toView?.alpha = 0
        containerView.addSubview(toView!)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            fromView?.alpha = 0
            toView?.alpha = 1
        }) { _ in
            fromView?.alpha = 1
            let wasCancelled = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!wasCancelled)
        }
    }
}

/// The survey's HalfWaySpringAnimator (Swift 2 names modernised).
final class HalfWaySpringAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 2 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromViewController = transitionContext.viewController(forKey: .from)
        let toViewController = transitionContext.viewController(forKey: .to)
        let containerView = transitionContext.containerView
        var fromView = fromViewController?.view
        var toView = toViewController?.view
        fromView = transitionContext.view(forKey: .from) ?? fromView
        toView = transitionContext.view(forKey: .to)
        toView?.frame = CGRect(x: fromView!.frame.origin.x, y: fromView!.frame.maxY / 2, width: fromView!.frame.width, height: fromView!.frame.height)
        toView?.alpha = 0.0
        containerView.addSubview(toView!)
        let transitionDuration = self.transitionDuration(using: transitionContext)
        UIView.animate(withDuration: transitionDuration, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: .curveLinear, animations: { () -> Void in
            toView!.alpha = 1.0
            toView?.frame = transitionContext.finalFrame(for: toViewController!)
        }) { (finished: Bool) -> Void in
            let wasCancelled = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!wasCancelled)
        }
    }
}

/// The survey's custom presentation: the presentation controller is its own transitioning delegate and
/// animator; the presented view is wrapped in a shadow view around a rounding view; a black dimming view
/// fades alongside. Edits: `presentedView` is a property here as in current UIKit; the parts the article
/// elides (`presentationTransitionWillBegin` building the wrapper, the animator) follow its description.
final class CustomPresentationController: UIPresentationController, UIViewControllerTransitioningDelegate, UIViewControllerAnimatedTransitioning {
    var presentationWrappingView: UIView?
    var dimmingView: UIView?

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        presentedViewController.modalPresentationStyle = .custom
    }

    override var presentedView: UIView? { presentationWrappingView }

    override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView!.bounds
        return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }

    override func presentationTransitionWillBegin() {
        let shadowView = UIView(frame: frameOfPresentedViewInContainerView)
        shadowView.layer.shadowOpacity = 0.44
        shadowView.layer.shadowRadius = 13
        shadowView.layer.shadowOffset = CGSize(width: 0, height: -6)
        let roundingView = UIView(frame: shadowView.bounds)
        roundingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        roundingView.layer.cornerRadius = 16
        roundingView.layer.masksToBounds = true
        shadowView.addSubview(roundingView)
        let presentedControllerView = super.presentedView!
        presentedControllerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        presentedControllerView.frame = roundingView.bounds
        roundingView.addSubview(presentedControllerView)
        presentationWrappingView = shadowView

        let dimmingView = UIView(frame: containerView!.bounds)
        dimmingView.backgroundColor = .black
        dimmingView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.dimmingView = dimmingView
        containerView?.addSubview(dimmingView)

        let transitionCoordinator = self.presentingViewController.transitionCoordinator
        self.dimmingView?.alpha = 0
        transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView?.alpha = 0.5
        }, completion: nil)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed {
            self.presentationWrappingView = nil
            self.dimmingView = nil
        }
    }

    override func dismissalTransitionWillBegin() {
        let transitionCoordinator = self.presentingViewController.transitionCoordinator
        transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView?.alpha = 0
        }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            self.presentationWrappingView = nil
            self.dimmingView = nil
        }
    }

    // Its own transitioning delegate and animator.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? { self }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let isPresenting = transitionContext.viewController(forKey: .from) === presentingViewController
        let container = transitionContext.containerView
        if isPresenting {
            let toView = transitionContext.view(forKey: .to)!
            let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
            container.addSubview(toView)
            toView.frame = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
            UIView.animate(withDuration: 0.35, animations: { toView.frame = final }) { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        } else {
            let fromView = transitionContext.view(forKey: .from)!
            UIView.animate(withDuration: 0.35, animations: {
                fromView.frame = fromView.frame.offsetBy(dx: 0, dy: container.bounds.height - fromView.frame.minY)
            }) { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }
}

/// The survey's navigation delegate: push and pop animators (the article elides their bodies; ours:
/// incoming from the right edge, outgoing to −0.3 × width under a light dimming, 0.5 s; pop reverses).
final class NavigationAnimations: UINavigationControllerDelegate {
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        if operation == .push { return PushAnimator() }
        if operation == .pop { return PopAnimator() }
        return nil
    }
}

final class PushAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!, toView = transitionContext.view(forKey: .to)!
        let width = container.bounds.width
        container.addSubview(toView)
        toView.frame = container.bounds.offsetBy(dx: width, dy: 0)
        UIView.animate(withDuration: 0.5, animations: {
            toView.frame = container.bounds
            fromView.frame = container.bounds.offsetBy(dx: -0.3 * width, dy: 0)
        }) { _ in
            fromView.frame = container.bounds
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

final class PopAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!, toView = transitionContext.view(forKey: .to)!
        let width = container.bounds.width
        container.insertSubview(toView, belowSubview: fromView)
        toView.frame = container.bounds.offsetBy(dx: -0.3 * width, dy: 0)
        UIView.animate(withDuration: 0.5, animations: {
            toView.frame = container.bounds
            fromView.frame = container.bounds.offsetBy(dx: width, dy: 0)
        }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}
