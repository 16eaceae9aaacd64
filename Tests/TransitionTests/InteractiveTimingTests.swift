import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport

// Interactive transitions on the virtual clock, driven by calling the interaction controller directly:
// scrubbing, finishing in (1 − p)·D / speed, cancelling in p·D / speed, with and without an interruptible
// animator, and alongside animations following along.

/// A presentation controller with a dimming view (in the container) faded alongside, and a view outside
/// the container (the presenter's) faded alongside with `animateAlongsideTransition(in:)`.
final class DimmingController: UIPresentationController {
    let dimming = UIView()
    override var frameOfPresentedViewInContainerView: CGRect {
        let b = containerView!.bounds
        return CGRect(x: 0, y: b.height / 2, width: b.width, height: b.height / 2)
    }
    override func presentationTransitionWillBegin() {
        dimming.frame = containerView!.bounds
        dimming.backgroundColor = .black
        dimming.alpha = 0
        containerView!.insertSubview(dimming, at: 0)
        containerView!.addSubview(presentedView!)
        let coordinator = presentedViewController.transitionCoordinator!
        coordinator.animate(alongsideTransition: { _ in self.dimming.alpha = 1 })
        coordinator.animateAlongsideTransition(in: presentingViewController.view, animation: { _ in
            self.presentingViewController.view.alpha = 0.5
        }, completion: nil)
    }
    override func presentationTransitionDidEnd(_ completed: Bool) { if !completed { dimming.removeFromSuperview() } }
    override func dismissalTransitionWillBegin() {
        let coordinator = presentedViewController.transitionCoordinator!
        coordinator.animate(alongsideTransition: { _ in self.dimming.alpha = 0 })
        coordinator.animateAlongsideTransition(in: presentingViewController.view, animation: { _ in
            self.presentingViewController.view.alpha = 1
        }, completion: nil)
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) { if completed { dimming.removeFromSuperview() } }
}

/// Slides the presented view up from below its final frame (or down on dismissal) over 1 s, linearly:
/// with `UIView.animate` (scrubbed by layer time) or with a property animator (interruptible).
final class SlideAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool, interruptible: Bool
    private var animator: UIViewPropertyAnimator?
    var interruptibleCalls = 0
    init(presenting: Bool, interruptible: Bool) { self.presenting = presenting; self.interruptible = interruptible }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    private func frames(_ context: UIViewControllerContextTransitioning) -> (view: UIView, from: CGRect, to: CGRect) {
        let vc = context.viewController(forKey: presenting ? .to : .from)!
        let view = context.view(forKey: presenting ? .to : .from)!
        let shown = presenting ? context.finalFrame(for: vc) : context.initialFrame(for: vc)
        let hidden = shown.offsetBy(dx: 0, dy: shown.height)
        return presenting ? (view, hidden, shown) : (view, shown, hidden)
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        if interruptible { propertyAnimator(context).startAnimation(); return }
        let (view, from, to) = frames(context)
        view.frame = from
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.frame = to }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }

    private func propertyAnimator(_ context: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        if let animator { return animator }
        let (view, from, to) = frames(context)
        view.frame = from
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame = to }
        animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        self.animator = animator
        return animator
    }

    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        precondition(interruptible, "only the interruptible variant is asked")
        interruptibleCalls += 1
        return propertyAnimator(context)
    }
    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

/// The non-interruptible variant: the protocol's default `interruptibleAnimator` (not implemented).
final class PlainSlideAnimator: UIViewControllerAnimatedTransitioning {
    let inner: SlideAnimator
    init(presenting: Bool) { inner = SlideAnimator(presenting: presenting, interruptible: false) }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) { inner.animateTransition(using: transitionContext) }
}

final class ScrubDelegate: UIViewControllerTransitioningDelegate {
    let interruptible: Bool
    var interaction: Driver?
    var presentAnimator: UIViewControllerAnimatedTransitioning?
    init(interruptible: Bool) { self.interruptible = interruptible }
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        DimmingController(presentedViewController: presented, presenting: presenting)
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let animator: UIViewControllerAnimatedTransitioning = interruptible ? SlideAnimator(presenting: true, interruptible: true) : PlainSlideAnimator(presenting: true)
        presentAnimator = animator
        return animator
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        interruptible ? SlideAnimator(presenting: false, interruptible: true) : PlainSlideAnimator(presenting: false)
    }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { interaction }
}

@Suite struct InteractiveTiming {
    let height: CGFloat = 852 / 2

    /// Presents, then dismisses interactively from the start; the body drives it.
    func dismissInteractively(interruptible: Bool, speed: CGFloat,
                              _ body: (Stage, UIViewController, UIViewController, DimmingController, Driver) -> Void) {
        let parent = UIViewController(), child = UIViewController()
        let delegate = ScrubDelegate(interruptible: interruptible)
        child.modalPresentationStyle = .custom
        child.transitioningDelegate = delegate
        onStage(parent) { stage in
            parent.present(child, animated: true)
            stage.settle()
            let controller = child.presentationController as! DimmingController
            #expect(controller.dimming.shownAlpha == 1 && parent.view.shownAlpha == 0.5)
            let driver = Driver()
            driver.interactiveStart = true
            driver.completionSpeed = speed
            driver.completionCurve = .linear
            delegate.interaction = driver
            stage.run(for: 0.5)
            child.dismiss(animated: true)
            body(stage, parent, child, controller, driver)
        }
        withExtendedLifetime(delegate) {}
    }

    /// How far the presented view has gone down (0 shown, 1 hidden), the dimming and the presenter's alpha
    /// (both go from their presented values back to the start).
    func progress(_ child: UIViewController, _ controller: DimmingController, _ parent: UIViewController) -> (slide: Double, dim: Double, outside: Double) {
        let y = child.view.shownFrame.minY
        return (Double((y - height) / height), 1 - controller.dimming.shownAlpha, (parent.view.shownAlpha - 0.5) / 0.5)
    }

    func expectProgress(_ p: (slide: Double, dim: Double, outside: Double), _ value: Double, _ comment: Comment) {
        #expect(close(p.slide, value, 1e-6), comment)
        #expect(close(p.dim, value, 1e-5), comment)
        #expect(close(p.outside, value, 1e-5), comment)
    }

    @Test(arguments: [false, true]) func scrubThenFinish(interruptible: Bool) {
        dismissInteractively(interruptible: interruptible, speed: 2) { stage, parent, child, controller, driver in
            stage.run(for: 0.3)
            expectProgress(progress(child, controller, parent), 0, "frozen at 0 while interactive")
            driver.update(0.4)
            stage.run(for: 0.7)
            expectProgress(progress(child, controller, parent), 0.4, "scrubbed to 40 %")
            #expect(child.transitionCoordinator?.percentComplete == 0.4 && child.transitionCoordinator?.isInteractive == true)
            let t1 = stage.clock.now
            driver.finish()
            stage.run(for: 0.15)
            expectProgress(progress(child, controller, parent), 0.7, "finishing at speed 2")
            stage.settle()
            // (1 − 0.4) · 1 s / 2
            #expect(close(stage.markTime("transition.end dismiss")!, t1 + 0.3, 1e-9))
            #expect(stage.markLabels.last == "transition.end dismiss UIViewController completed")
            #expect(parent.presentedViewController == nil && controller.dimming.superview == nil)
            #expect(parent.view.alpha == 1 && parent.view.layer.speed == 1)
        }
    }

    @Test(arguments: [false, true]) func scrubThenCancel(interruptible: Bool) {
        dismissInteractively(interruptible: interruptible, speed: 1) { stage, parent, child, controller, driver in
            driver.update(0.4)
            stage.run(for: 0.2)
            let t1 = stage.clock.now
            driver.cancel()
            stage.run(for: 0.1)
            expectProgress(progress(child, controller, parent), 0.3, "cancelling runs backwards")
            stage.settle()
            // 0.4 · 1 s / 1
            #expect(close(stage.markTime("transition.end dismiss")!, t1 + 0.4, 1e-9))
            #expect(stage.markLabels.last == "transition.end dismiss UIViewController cancelled")
            // Still presented, back where it was: the model holds the start values, the dimming stays.
            #expect(parent.presentedViewController === child)
            #expect(child.view.frame.minY == height && controller.dimming.alpha == 1 && parent.view.alpha == 0.5)
            #expect(controller.dimming.superview === controller.containerView)
            expectProgress(progress(child, controller, parent), 0, "back at the start")
            #expect(controller.containerView!.layer.speed == 1 && controller.containerView!.layer.timeOffset == 0)
        }
    }

    /// A non-interactive presentation caught mid-flight becomes interactive where it is, stays there while
    /// the finger holds it, and is cancelled back.
    @Test(arguments: [false, true]) func interruptedPresentation(interruptible: Bool) {
        let parent = UIViewController(), child = UIViewController()
        let delegate = ScrubDelegate(interruptible: interruptible)
        let driver = Driver()
        driver.completionCurve = .linear   // alongside animations take the transition's completion curve
        delegate.interaction = driver
        child.modalPresentationStyle = .custom
        child.transitioningDelegate = delegate
        onStage(parent) { stage in
            parent.present(child, animated: true)
            #expect(child.transitionCoordinator?.isInteractive == false && child.transitionCoordinator?.initiallyInteractive == false)
            stage.run(for: 0.25)
            driver.pause()
            #expect(close(driver.percentComplete, 0.25, 1e-9))
            #expect(child.transitionCoordinator?.isInteractive == true)
            stage.run(for: 0.5)
            let controller = child.presentationController as! DimmingController
            let y = child.view.shownFrame.minY
            #expect(close(y, height + 0.75 * height, 1e-6), "held at 25 % shown")
            #expect(close(controller.dimming.shownAlpha, 0.25, 1e-5))
            driver.update(0.1)
            let t1 = stage.clock.now
            driver.cancel()
            stage.settle()
            #expect(close(stage.markTime("transition.end present")!, t1 + 0.1, 1e-9))
            #expect(parent.presentedViewController == nil && child.view.superview == nil && controller.dimming.superview == nil)
            #expect(parent.view.alpha == 1)
            // The runtime asks once (the driver's start) and keeps the animator for the pause.
            if interruptible { #expect((delegate.presentAnimator as! SlideAnimator).interruptibleCalls == 1) }
        }
        withExtendedLifetime(delegate) {}
    }
}
