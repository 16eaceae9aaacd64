import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A pop animator of the delegate's own, with or without an interaction controller of the delegate's.
final class OwnPopDelegate: UINavigationControllerDelegate {
    var interaction: UIPercentDrivenInteractiveTransition?
    private(set) var asked = 0
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .pop ? PopAnimator() : nil
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        asked += 1
        return interaction
    }
}

/// Returning a custom pop animator turns the system's edge swipe off unless the app
/// drives it (returns an interaction controller).
@Suite struct InteractivePopUnderACustomAnimator {
    @Test func withoutAnInteractionControllerTheSwipeFailsAndLeavesTheTouches() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let delegate = OwnPopDelegate()
        nav.delegate = delegate
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            var otherBegan = false
            let other = UIScreenEdgePanGestureRecognizer { (pan: UIScreenEdgePanGestureRecognizer) in if pan.state == .began { otherBegan = true } }
            other.edges = .left
            nav.view.addGestureRecognizer(other)
            stage.edgeSwipe(toX: 200, steps: 20)
            stage.settle()
            #expect(nav.interactivePopGestureRecognizer?.state == .failed || nav.interactivePopGestureRecognizer?.state == .possible)
            #expect(otherBegan)
            #expect(stage.markLabels.allSatisfy { !$0.hasPrefix("transition.begin pop") })
            #expect(nav.viewControllers == [a, b])
        }
        withExtendedLifetime(delegate) {}
    }

    @Test func withTheDelegatesInteractionControllerTheSwipePopsInteractively() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let delegate = OwnPopDelegate()
        let driver = Driver()
        driver.interactiveStart = true
        delegate.interaction = driver
        nav.delegate = delegate
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            stage.edgeSwipe(toX: 200, steps: 20)
            // The pop runs with the delegate's interaction controller, waiting for the app to drive it.
            #expect(stage.markLabels.contains { $0.hasPrefix("transition.begin pop") })
            #expect(nav.transitionCoordinator?.isInteractive == true)
            driver.finish()
            stage.settle()
            #expect(nav.viewControllers == [a])
        }
        withExtendedLifetime(delegate) {}
    }

    @Test func withoutADelegateAnimatorTheSystemSwipeStillPops() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let delegate = LoggedNavigationDelegate(log: CallLog())
        delegate.custom = false
        nav.delegate = delegate
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            stage.edgeSwipe(toX: 300, steps: 20)
            stage.settle()
            #expect(nav.viewControllers == [a])
        }
        withExtendedLifetime(delegate) {}
    }
}
