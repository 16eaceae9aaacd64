import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport

/// A pop on UIKit's system spring (mass 3, stiffness 1000, damping 500) through an interruptible property
/// animator, driven by a percent-driven interaction controller.
final class SpringPopAnimator: UIViewControllerAnimatedTransitioning {
    private var animator: UIViewPropertyAnimator?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }
    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let container = context.containerView
        let fromView = context.view(forKey: .from)!, toView = context.view(forKey: .to)!
        container.insertSubview(toView, belowSubview: fromView)
        toView.frame = container.bounds
        let animator = UIViewPropertyAnimator(duration: 0.6, timingParameters: UISpringTimingParameters())
        animator.addAnimations { fromView.frame = container.bounds.offsetBy(dx: container.bounds.width, dy: 0) }
        animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        self.animator = animator
        return animator
    }
    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

final class SpringPopDelegate: UINavigationControllerDelegate {
    let driver = Driver()
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .pop ? SpringPopAnimator() : nil
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        driver
    }
}

@Suite struct PercentDrivenSpringPop {
    let system = SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)

    /// Cancelled at 30 %: the spring's tail from 30 % back to 0, not a whole new 0.6 s spring.
    @Test func cancelledAt30PercentRunsTheSpringsTail() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let delegate = SpringPopDelegate()
        delegate.driver.interactiveStart = true
        nav.delegate = delegate
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            nav.popViewController(animated: true)
            delegate.driver.update(0.3)
            stage.run(for: 0.2)
            let width = Double(nav.view.bounds.width)
            #expect(close(Double(b.view.shownFrame.minX), 0.3 * width, 1e-6))
            let t1 = stage.clock.now
            delegate.driver.cancel()
            let enter = system.firstTime(atDisplacement: 0.3, within: 0.6)!
            stage.run(for: 0.05)
            #expect(close(Double(b.view.shownFrame.minX), width * system.displacement(at: enter + 0.05), 1e-6))
            stage.settle()
            #expect(close(stage.markTime("transition.end pop")!, t1 + 0.6 - enter, 1e-9))
            #expect(stage.markLabels.last == "transition.end pop UIViewController cancelled")
            #expect(nav.topViewController === b && b.view.frame.minX == 0)
        }
        withExtendedLifetime(delegate) {}
    }
}
