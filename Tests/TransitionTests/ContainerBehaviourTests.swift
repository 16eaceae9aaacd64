import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Behaviour real transition code relies on: stacks changed mid-transition, manual appearance calls,
/// safe areas under the containers' bars, the navigation bar hidden and shown.
@Suite struct ContainerBehaviour {
    @Test func settingTheStackDuringACancelledPopAppliesAfterIt() {
        let log = CallLog()
        let a = LoggedViewController("A", log: log), b = LoggedViewController("B", log: log)
        let c = LoggedViewController("C", log: log)
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            nav.pushViewController(b, animated: false)
            stage.settle()
            let driver = nav.beginInteractivePop()!
            driver.update(0.3)
            nav.transitionCoordinator?.animate(alongsideTransition: nil) { context in
                #expect(context.isCancelled)
                // As apps do: put a controller on the stack from the cancelled pop's completion.
                nav.setViewControllers(nav.viewControllers + [c], animated: false)
                #expect(nav.viewControllers == [a, b, c])
            }
            stage.run(for: 0.1)
            nav.endInteractivePop(driver, velocity: 0)
            stage.settle()
            #expect(nav.viewControllers == [a, b, c])
            #expect(nav.topViewController === c && c.view.superview != nil && b.view.superview == nil)
            #expect(c.parent === nav)
        }
    }

    @Test func settingViewControllersDuringAPushWaitsForItsEnd() {
        let a = UIViewController(), b = UIViewController(), c = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            nav.pushViewController(b, animated: true)
            nav.viewControllers = [a, c]
            #expect(nav.viewControllers == [a, c])
            #expect(nav.topViewController === b)   // the push is still on screen
            stage.settle()
            #expect(nav.topViewController === c && b.parent == nil && c.view.superview != nil)
        }
    }

    @Test func manualAppearanceCallsOnTopOfUIKitsDoNotRepeat() {
        let log = CallLog()
        let a = LoggedViewController("A", log: log), b = LoggedViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            log.clear()
            nav.pushViewController(b, animated: true)
            // An animator that forwards appearance itself, as some public transition code does.
            b.beginAppearanceTransition(true, animated: true)
            a.beginAppearanceTransition(false, animated: true)
            stage.settle()
            b.endAppearanceTransition()
            a.endAppearanceTransition()
            #expect(log.lines.filter { $0.contains("ppear") } == [
                "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear",
            ])
            #expect(b.appearanceState == .appeared && a.appearanceState == .disappeared)
        }
    }

    @Test func appearanceStateFollowsRealChangesOnly() {
        let log = CallLog()
        let a = LoggedViewController("A", log: log)
        a.beginAppearanceTransition(true, animated: false)
        a.beginAppearanceTransition(true, animated: false)
        a.endAppearanceTransition()
        a.endAppearanceTransition()
        a.beginAppearanceTransition(false, animated: false)
        a.beginAppearanceTransition(true, animated: false)   // cancelled disappearance: appears again
        a.endAppearanceTransition()
        #expect(log.lines == ["A.viewWillAppear", "A.viewDidAppear", "A.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear"])
    }

    @Test func navigationChildSafeAreaIncludesTheBar() {
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            #expect(nav.view.safeAreaInsets.top == 59)
            #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 103, left: 0, bottom: 34, right: 0))
            nav.navigationBar.prefersLargeTitles = true
            let largeTop = a.view.safeAreaInsets.top
            #expect(largeTop == 155, "\(largeTop.bitPattern) \(a.view.frame) \(a.view.convert(a.view.bounds, to: nil))")
            nav.navigationBar.prefersLargeTitles = false
            nav.isNavigationBarHidden = true
            #expect(a.view.safeAreaInsets.top == 59)
        }
    }

    @Test func tabChildSafeAreaIncludesTheTabBar() {
        let a = UIViewController()
        let tabs = UITabBarController()
        tabs.viewControllers = [a]
        onStage(tabs) { _ in
            #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 49 + 34, right: 0))
        }
    }

    @Test func additionalSafeAreaInsetsAddUpAndReachSubviews() {
        let a = UIViewController()
        a.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 0)
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { _ in
            #expect(a.additionalSafeAreaInsets == UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 0))
            #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 113, left: 5, bottom: 34, right: 0))
            let inner = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
            a.view.addSubview(inner)
            #expect(inner.safeAreaInsets == UIEdgeInsets(top: 13, left: 5, bottom: 0, right: 0))
        }
    }

    @Test func navigationBarSlidesWhenHiddenAnimated() {
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        onStage(nav) { stage in
            #expect(nav.navigationBar.frame.minY == 59)
            nav.setNavigationBarHidden(true, animated: true)
            #expect(nav.isNavigationBarHidden && !nav.navigationBar.isHidden)
            stage.run(for: 0.1)
            let y = nav.navigationBar.layer.presentation()!.frame.minY
            #expect(y < 59 && y > -44)
            stage.settle()
            #expect(nav.navigationBar.isHidden && nav.navigationBar.frame.maxY <= 0)
            nav.setNavigationBarHidden(false, animated: true)
            #expect(!nav.navigationBar.isHidden)
            stage.settle()
            #expect(nav.navigationBar.frame.minY == 59 && a.view.safeAreaInsets.top == 103)
        }
    }
}
