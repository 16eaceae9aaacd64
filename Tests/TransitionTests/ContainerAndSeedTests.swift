import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport

/// What sits in the container at each phase, per presentation style.
@Suite struct ContainerContents {
    /// Records the context's views and the container's subviews when the animator starts.
    final class Probe: UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
        var seen: [String] = []
        var fromView: UIView?, toView: UIView?
        var containerSubviews: [UIView] = []
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }
        func animateTransition(using context: UIViewControllerContextTransitioning) {
            fromView = context.view(forKey: .from)
            toView = context.view(forKey: .to)
            containerSubviews = context.containerView.subviews
            let from = context.view(forKey: .from), to = context.view(forKey: .to)
            if let to { context.containerView.addSubview(to); to.alpha = 0 }
            UIView.animate(withDuration: 0.35, animations: { to?.alpha = 1; if to == nil { from?.alpha = 0 } }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    }

    @Test func fullScreen() {
        let parent = UIViewController(), child = UIViewController(), probe = Probe()
        child.modalPresentationStyle = .fullScreen
        child.transitioningDelegate = probe
        onStage(parent) { stage in
            let window = stage.window
            parent.present(child, animated: true)
            let container = child.presentationController!.containerView!
            // During: the presenter's view is the .from view, inside the container, under the presented one.
            #expect(probe.fromView === parent.view && probe.toView === child.view)
            #expect(probe.containerSubviews.count == 1 && probe.containerSubviews[0] === parent.view)
            #expect(container.subviews.count == 2 && container.subviews[1] === child.view)
            stage.settle()
            // After: the presenter's view has left the hierarchy.
            #expect(parent.view.window == nil && child.view.superview === container && container.superview === window)
            child.dismiss(animated: true)
            // Dismissal: .to is the presenter's view, which the animator puts back in the container.
            #expect(probe.fromView === child.view && probe.toView === parent.view)
            #expect(parent.view.superview === container)
            stage.settle()
            #expect(parent.view.superview === window && window.subviews.count == 1 && parent.view.frame == window.bounds)
            #expect(parent.view.alpha == 1 && container.superview == nil)
        }
        withExtendedLifetime(probe) {}
    }

    @Test func custom() {
        let parent = UIViewController(), child = UIViewController(), probe = Probe()
        child.modalPresentationStyle = .custom
        child.transitioningDelegate = probe
        onStage(parent) { stage in
            let window = stage.window
            parent.present(child, animated: true)
            let container = child.presentationController!.containerView!
            // The presenter stays under the container; the presentation has no .from view.
            #expect(probe.fromView == nil && probe.toView === child.view)
            #expect(parent.view.superview === window && window.subviews.last === container && probe.containerSubviews.isEmpty)
            stage.settle()
            #expect(parent.view.superview === window && window.subviews.count == 2)
            child.dismiss(animated: true)
            #expect(probe.fromView === child.view && probe.toView == nil)
            stage.settle()
            #expect(window.subviews.count == 1 && window.subviews[0] === parent.view)
        }
        withExtendedLifetime(probe) {}
    }

    @Test func overFullScreenAndAutomatic() {
        for style in [UIModalPresentationStyle.overFullScreen, .automatic] {
            let log = CallLog()
            let parent = LoggedViewController("A", log: log), child = LoggedViewController("B", log: log)
            child.modalPresentationStyle = style
            onStage(parent) { stage in
                log.clear()
                parent.present(child, animated: true)
                stage.settle()
                // The presenter stays and hears no disappear callbacks.
                #expect(parent.view.window != nil)
                #expect(log.lines == ["B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
                if style == .automatic {
                    #expect(child.presentationController?.presentationStyle == .pageSheet)
                    #expect(close(child.view.frame.minY, 59 + 10, 1e-6))
                }
            }
        }
    }

    /// A tab bar controller presenting full screen forwards the appearance callbacks to its selected child.
    @Test func appearanceForwarding() {
        let log = CallLog()
        let tabs = UITabBarController()
        let first = LoggedViewController("First", log: log)
        tabs.viewControllers = [first, UIViewController()]
        let child = LoggedViewController("B", log: log)
        child.modalPresentationStyle = .fullScreen
        onStage(tabs) { stage in
            log.clear()
            tabs.present(child, animated: false)
            #expect(log.lines == ["B.viewDidLoad", "B.viewWillAppear", "First.viewWillDisappear", "B.viewDidAppear", "First.viewDidDisappear"])
        }
    }
}

/// The articles' classes (SeedPorts.swift) behave as the articles describe.
@Suite struct SeedBehaviour {
    final class Parent: UIViewController {
        var child: UIViewController!
        var transition: PanelTransition!
        override func viewDidLoad() {
            super.viewDidLoad()
            child = UIViewController()
            transition = PanelTransition(presented: child, presenting: self)
            child.transitioningDelegate = transition
            child.modalPresentationStyle = .custom
        }
    }

    func dimmView(_ child: UIViewController) -> UIView { (child.presentationController as! DimmPresentationController).dimmView }

    @Test func panelPresentsInTheBottomHalfAndFlipsTheDriver() {
        let parent = Parent()
        onStage(parent) { stage in
            parent.present(parent.child, animated: true)
            let dimm = dimmView(parent.child)
            stage.run(for: 0.15)
            #expect(dimm.shownAlpha > 0.2 && dimm.shownAlpha < 0.9)
            stage.settle()
            #expect(close(stage.markTime("transition.end present")! - stage.markTime("transition.begin present")!, 0.3, 1e-9))
            #expect(parent.child.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
            #expect(dimm.alpha == 1 && dimm.superview != nil)
            #expect(parent.transition.driver.direction == .dismiss)
        }
    }

    /// Drags down 40 % and releases moving down: finish; the dimming follows and is removed; the driver
    /// flips back to present.
    @Test func panelDragDismiss() {
        let parent = Parent()
        onStage(parent) { stage in
            parent.present(parent.child, animated: true)
            stage.settle()
            let driver = parent.transition.driver, dimm = dimmView(parent.child)
            driver.handle(.began)
            #expect(parent.child.isBeingDismissed && parent.child.transitionCoordinator?.isInteractive == true)
            for _ in 0..<4 { stage.run(for: 0.1); driver.handle(.changed, translationY: 0.1 * 426) }
            #expect(close(driver.percentComplete, 0.4, 1e-9))
            #expect(close(parent.child.view.shownFrame.minY, 426 + 0.4 * 426, 1e-6))
            #expect(close(dimm.shownAlpha, 0.6, 1e-4))
            driver.handle(.ended, projectedY: 300)
            stage.settle()
            #expect(parent.presentedViewController == nil && dimm.superview == nil && driver.direction == .present)
        }
    }

    /// Drags down 25 % and releases moving up: cancel; the panel returns, the dimming stays.
    @Test func panelDragCancel() {
        let parent = Parent()
        onStage(parent) { stage in
            parent.present(parent.child, animated: true)
            stage.settle()
            let driver = parent.transition.driver, dimm = dimmView(parent.child)
            driver.handle(.began)
            stage.run(for: 0.1)
            driver.handle(.changed, translationY: 0.25 * 426)
            driver.handle(.ended, projectedY: 100)
            stage.settle()
            #expect(parent.presentedViewController === parent.child && parent.child.view.frame.minY == 426)
            #expect(dimm.superview != nil && dimm.alpha == 1 && driver.direction == .dismiss)
            #expect(stage.markLabels.last == "transition.end dismiss UIViewController cancelled")
        }
    }

    /// Tap open; mid-way a finger catches the panel, drags it down and flicks: cancel; the dimming fades
    /// out and is removed; the direction stays present.
    @Test func panelPresentInterrupted() {
        let parent = Parent()
        onStage(parent) { stage in
            parent.present(parent.child, animated: true)
            stage.run(for: 0.06)
            let driver = parent.transition.driver, dimm = dimmView(parent.child)
            driver.handle(.began)
            #expect(driver.percentComplete > 0.2 && driver.percentComplete < 0.6)
            let caught = parent.child.view.shownFrame.minY
            stage.run(for: 0.2)
            #expect(parent.child.view.shownFrame.minY == caught)
            driver.handle(.changed, translationY: 40)
            driver.handle(.ended, projectedY: 400)
            stage.settle()
            #expect(parent.presentedViewController == nil && parent.child.view.superview == nil)
            #expect(dimm.superview == nil && driver.direction == .present)
        }
    }

    @Test func crossDissolveAndHalfWaySpring() {
        final class Delegate: UIViewControllerTransitioningDelegate {
            func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                     source: UIViewController) -> UIViewControllerAnimatedTransitioning? { HalfWaySpringAnimator() }
            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { CrossDissolveAnimator() }
        }
        let parent = UIViewController(), child = UIViewController(), delegate = Delegate()
        child.modalPresentationStyle = .fullScreen
        child.transitioningDelegate = delegate
        onStage(parent) { stage in
            parent.present(child, animated: true)
            #expect(child.view.shownFrame.minY == 426 && child.view.shownAlpha == 0)
            stage.run(for: 1)
            #expect(child.view.shownAlpha > 0.9 && child.view.shownFrame.minY < 30)
            stage.settle()
            #expect(close(stage.markTime("transition.end present")! - stage.markTime("transition.begin present")!, 2, 1e-9))
            #expect(parent.view.window == nil)
            child.dismiss(animated: true)
            stage.run(for: 0.175)
            #expect(parent.view.superview != nil && close(parent.view.shownAlpha, 0.5, 0.01))
            stage.settle()
            #expect(parent.view.window != nil && parent.view.alpha == 1 && child.view.superview == nil)
        }
        withExtendedLifetime(delegate) {}
    }

    @Test func customPresentationWrapsAndReleases() {
        let parent = UIViewController(), child = UIViewController()
        let controller = CustomPresentationController(presentedViewController: child, presenting: parent)
        child.transitioningDelegate = controller
        onStage(parent) { stage in
            parent.present(child, animated: true)
            let wrapper = controller.presentationWrappingView!
            #expect(child.view.superview?.superview === wrapper && wrapper.superview === controller.containerView)
            #expect(wrapper.layer.shadowOpacity == 0.44 && child.view.superview?.layer.cornerRadius == 16)
            stage.run(for: 0.175)
            #expect(close(controller.dimmingView!.shownAlpha, 0.25, 0.05))
            stage.settle()
            #expect(wrapper.frame.minY == 426 && controller.dimmingView?.alpha == 0.5)
            child.dismiss(animated: true)
            stage.settle()
            #expect(controller.presentationWrappingView == nil && controller.dimmingView == nil && wrapper.superview == nil)
        }
    }

    @Test func navigationPushAndPopAnimators() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let animations = NavigationAnimations()
        nav.delegate = animations
        onStage(nav) { stage in
            #expect(nav.navigationBar.frame == CGRect(x: 0, y: 59, width: 393, height: 44))
            nav.pushViewController(b, animated: true)
            stage.run(for: 0.25)
            let bx = b.view.shownFrame.minX, ax = a.view.shownFrame.minX
            #expect(bx > 0 && bx < 393 && ax < 0 && ax > -0.3 * 393)
            stage.settle()
            #expect(b.view.frame == nav.view.bounds && a.view.superview == nil)
            nav.popViewController(animated: true)
            stage.run(for: 0.25)
            #expect(b.view.shownFrame.minX > 0 && a.view.shownFrame.minX < 0)
            stage.settle()
            #expect(a.view.frame == nav.view.bounds && b.view.superview == nil && nav.topViewController === a)
        }
        withExtendedLifetime(animations) {}
    }

    /// The system push when the delegate returns nil: from x = W, the covered view to −(W − round(0.7 W)),
    /// dimmed, ~0.5 s on the system spring.
    @Test func systemPush() {
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            nav.pushViewController(b, animated: true)
            #expect(b.view.shownFrame.minX == 393)
            let dim = nav.view.subviews[0].subviews.first { $0 !== a.view && $0 !== b.view }!
            stage.run(for: 0.1)
            // Critically damped spring, ω0 = √(1000/3): progress 1 − (1 + ω0 t)e^(−ω0 t).
            let w0 = (1000.0 / 3).squareRoot(), t = 0.1
            let p = 1 - (1 + w0 * t) * exp(-w0 * t)
            #expect(close(Double(b.view.shownFrame.minX), 393 * (1 - p), 1e-6))
            #expect(close(Double(a.view.shownFrame.minX), -(393 - 275) * p, 1e-6))
            #expect(close(dim.shownAlpha, p, 1e-5))
            stage.settle()
            #expect(close(stage.markTime("transition.end push")! - stage.markTime("transition.begin push")!, 0.5, 1e-9))
            #expect(b.view.frame.minX == 0 && dim.superview == nil && a.view.superview == nil && a.view.frame.minX == 0)
        }
    }
}
