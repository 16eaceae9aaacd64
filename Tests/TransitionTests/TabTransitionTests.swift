import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster

// Tab switches run the tab bar controller delegate's transitions, and the transition coordinator is the
// same object for them as for the other transitions.

/// Logs the delegate's calls; `allow` answers shouldSelect.
final class LoggedTabDelegate: UITabBarControllerDelegate {
    let log: CallLog
    var allow = true
    var animator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?
    init(log: CallLog) { self.log = log }
    func name(_ vc: UIViewController) -> String { vc.title ?? "?" }
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        log("shouldSelect \(name(viewController))"); return allow
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log("didSelect \(name(viewController)) (selectedIndex \(tabBarController.selectedIndex))")
    }
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log("animationController \(name(fromVC)) → \(name(toVC))"); return animator
    }
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        log("interactionController"); return interaction
    }
}

@Suite struct TabTransitions {
    /// Two tabs, A and B, with the logging delegate.
    func withTabs(_ body: (Stage, UITabBarController, UIViewController, UIViewController, LoggedTabDelegate, CallLog) -> Void) {
        let log = CallLog(), delegate = LoggedTabDelegate(log: log)
        let a = UIViewController(), b = UIViewController()
        a.title = "A"; b.title = "B"
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b]
        tabs.delegate = delegate
        onStage(tabs) { stage in body(stage, tabs, a, b, delegate, log) }
        withExtendedLifetime(delegate) {}
    }

    func tapTab(_ index: Int, of tabs: UITabBarController, _ stage: Stage) {
        let bar = tabs.tabBar.frame
        let point = CGPoint(x: bar.width * (CGFloat(index) + 0.5) / 2, y: bar.minY + 20)
        tabs.view.window!.sendTouch(finger: 0, phase: .began, at: point)
        stage.run(for: 0.05)
        tabs.view.window!.sendTouch(finger: 0, phase: .ended, at: point)
    }

    /// A tap asks shouldSelect, then the animator and the interaction controller, runs the transition in
    /// the content area under the bar, and tells didSelect once the switch has started.
    @Test func aTapRunsTheDelegatesAnimator() {
        withTabs { stage, tabs, a, b, delegate, log in
            let rules = RuleLog()
            delegate.animator = CachedFadeAnimator(log: rules)
            tapTab(1, of: tabs, stage)
            #expect(log.text == """
                shouldSelect B
                animationController A → B
                interactionController
                didSelect B (selectedIndex 1)
                """)
            #expect(rules.animateTransition == 1)
            // The container holds both tabs' views, below the tab bar, which stays.
            let container = b.view.superview!
            #expect(a.view.superview === container && container.superview === tabs.view)
            #expect(tabs.view.subviews.last === tabs.tabBar && tabs.tabBar.selectedItem === tabs.tabBar.items?[1])
            #expect(b.transitionCoordinator != nil && a.transitionCoordinator != nil && tabs.transitionCoordinator != nil)
            #expect(stage.markLabels.last == "transition.begin tab UIViewController")
            stage.settle()
            #expect(tabs.selectedIndex == 1 && a.view.superview == nil && b.view.superview === container)
            #expect(b.view.frame == container.bounds && rules.ended == [true])
            #expect(b.transitionCoordinator == nil)
            #expect(stage.markLabels.last == "transition.end tab UIViewController completed")
        }
    }

    /// shouldSelect false: nothing happens; set in code: no shouldSelect/didSelect, but the animator runs.
    @Test func shouldSelectAndSelectionInCode() {
        withTabs { stage, tabs, a, b, delegate, log in
            delegate.allow = false
            delegate.animator = FadeAnimator(log: RuleLog())
            tapTab(1, of: tabs, stage)
            stage.settle()
            #expect(log.text == "shouldSelect B" && tabs.selectedIndex == 0)
            log.clear()
            tabs.selectedViewController = b
            #expect(log.text == """
                animationController A → B
                interactionController
                """)
            #expect(tabs.selectedIndex == 1 && b.transitionCoordinator != nil)
            stage.settle()
            #expect(b.view.alpha == 1 && a.view.superview == nil)
            // Without an animator the switch is immediate.
            delegate.animator = nil
            log.clear()
            tabs.selectedIndex = 0
            #expect(log.text == "animationController B → A" && a.view.superview != nil && b.view.superview == nil)
            #expect(a.transitionCoordinator == nil)
        }
    }

    /// Interactive: alongside animations are scrubbed with the transition, a cancel leaves the old tab
    /// selected (the bar too), and the coordinator's completion sees `isCancelled`.
    @Test(arguments: [false, true]) func cancelledInteractiveSwitch(interruptible: Bool) {
        withTabs { stage, tabs, a, b, delegate, log in
            let driver = Driver()
            driver.interactiveStart = true
            driver.completionCurve = .linear
            delegate.animator = interruptible ? CachedFadeAnimator(log: RuleLog()) : FadeAnimator(log: RuleLog())
            delegate.interaction = driver
            let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            tabs.view.addSubview(badge)
            var cancelled: Bool?
            tabs.selectedIndex = 1
            let coordinator = b.transitionCoordinator!
            #expect(coordinator.isInteractive && coordinator.initiallyInteractive && coordinator.isInterruptible == interruptible)
            coordinator.animateAlongsideTransition(in: badge, animation: { _ in badge.alpha = 0 }, completion: { cancelled = $0.isCancelled })
            driver.update(0.3)
            stage.run(for: 0.2)
            #expect(abs(badge.shownAlpha - 0.7) < 1e-5, "the alongside animation follows the finger")
            #expect(abs(b.view.shownAlpha - 0.3) < 1e-5)
            driver.cancel()
            stage.settle()
            #expect(cancelled == true)
            #expect(tabs.selectedIndex == 0 && tabs.tabBar.selectedItem === tabs.tabBar.items?[0])
            #expect(a.view.superview != nil && b.view.superview == nil)
            #expect(stage.markLabels.last == "transition.end tab UIViewController cancelled")
        }
    }

    /// Not interactive, with a property animator: alongside animations join it (same curve and clock).
    @Test func alongsideJoinsThePropertyAnimator() {
        withTabs { stage, tabs, a, b, delegate, log in
            delegate.animator = CachedFadeAnimator(log: RuleLog())
            let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            tabs.view.addSubview(badge)
            var finished: Bool?
            tabs.selectedIndex = 1
            b.transitionCoordinator!.animate(alongsideTransition: { context in
                #expect(context.isAnimated && !context.isInteractive && context.transitionDuration == 1)
                badge.alpha = 0
            }, completion: { finished = !$0.isCancelled })
            stage.run(for: 0.25)
            #expect(abs(badge.shownAlpha - 0.75) < 1e-5 && abs(b.view.shownAlpha - 0.25) < 1e-5)
            stage.settle()
            #expect(finished == true && badge.alpha == 0)
        }
    }
    /// Without an animator a tap switches at once, in UIKit's order: shouldSelect, the animator asked
    /// (none), the new tab's view loads, will-disappear, will-appear, did-disappear, did-appear, didSelect;
    /// the bar's selected item follows, drawn in the tint with its selected image.
    @Test func aTapWithoutAnimatorSwitchesAtOnceInUIKitsOrder() {
        let log = CallLog(), delegate = LoggedTabDelegate(log: log)
        let a = LoggedViewController("A", log: log), b = LoggedViewController("B", log: log)
        a.title = "A"; b.title = "B"
        b.tabBarItem = UITabBarItem(title: "B", image: UIImage(systemName: "star"), selectedImage: UIImage(systemName: "star.fill"))
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b]
        tabs.delegate = delegate
        onStage(tabs) { stage in
            log.clear()
            tapTab(1, of: tabs, stage)
            #expect(log.text == """
                shouldSelect B
                animationController A → B
                B.viewDidLoad
                A.viewWillDisappear
                B.viewWillAppear
                A.viewDidDisappear
                B.viewDidAppear
                didSelect B (selectedIndex 1)
                """)
            #expect(tabs.selectedIndex == 1 && a.view.superview == nil && b.view.window != nil)
            #expect(tabs.tabBar.selectedItem === b.tabBarItem)
            let icons = tabs.tabBar.subviews.compactMap { $0 as? UIImageView }
            #expect(icons.count == 2 && icons[1].image?.isSymbolImage == true)
            #expect(icons[1].tintColor == tabs.tabBar.tintColor && icons[0].tintColor != tabs.tabBar.tintColor)
            // In code: the same appearance calls, no shouldSelect or didSelect.
            log.clear()
            tabs.selectedIndex = 0
            #expect(log.text == """
                animationController B → A
                B.viewWillDisappear
                A.viewWillAppear
                B.viewDidDisappear
                A.viewDidAppear
                """)
        }
        withExtendedLifetime(delegate) {}
    }

    /// The classic cross-dissolve between tabs: `UIView.transition(from:to:)` in shouldSelect, with the
    /// selection then made at once: the old tab's rendering fades out over the new tab.
    @Test func crossDissolveBetweenTabsWithViewTransition() {
        final class Dissolve: UITabBarControllerDelegate {
            func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
                guard let from = tabBarController.selectedViewController?.view, let to = viewController.view, from !== to else { return true }
                UIView.transition(from: from, to: to, duration: 0.4, options: [.transitionCrossDissolve, .curveLinear])
                return true
            }
        }
        _ = LayerRenderer(scale: 1)
        let a = UIViewController(), b = UIViewController()
        a.view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let tabs = UITabBarController(), delegate = Dissolve()
        tabs.viewControllers = [a, b]
        tabs.delegate = delegate
        onStage(tabs) { stage in
            let bar = tabs.tabBar.frame
            let point = CGPoint(x: bar.width * 0.75, y: bar.minY + 20)
            tabs.view.window!.sendTouch(finger: 0, phase: .began, at: point)
            stage.run(for: 0.05)
            let start = stage.clock.now
            tabs.view.window!.sendTouch(finger: 0, phase: .ended, at: point)
            #expect(tabs.selectedIndex == 1 && b.view.superview != nil && a.view.superview == nil)
            stage.run(to: start + 0.2)
            let render = { LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: stage.window.bounds.size) }
            let middle = render()[200, 300]
            #expect(abs(Int(middle.r) - 128) <= 2 && abs(Int(middle.b) - 127) <= 2, "half way: \(middle)")
            stage.settle()
            #expect(render()[200, 300] == RGBA8(r: 0, g: 0, b: 255, a: 255))
            #expect(b.view.frame == tabs.view.bounds && tabs.tabBar.selectedItem === tabs.tabBar.items?[1])
        }
        withExtendedLifetime(delegate) {}
    }
    /// A tab that does not exist is refused with a warning and the selection stays (UIKit raises for a
    /// controller that is not one of the tabs).
    @Test func selectingATabThatDoesNotExistWarns() {
        let warnings = WarningBox()
        UIKitWarnings.$sink.withValue({ warnings.append($0) }) {
            withTabs { stage, tabs, a, b, delegate, log in
                tabs.selectedIndex = 5
                tabs.selectedViewController = UIViewController()
                #expect(tabs.selectedIndex == 0 && a.view.window != nil)
            }
        }
        #expect(warnings.lines.contains { $0.contains("there is no tab 5 (the controller has 2)") })
        #expect(warnings.lines.contains { $0.contains("selectedViewController must be one of viewControllers") })
    }
}
