import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// The root view controller appears when its window does, as on iOS: scenes present from viewDidAppear.
@Suite struct WindowAppearance {
    final class Root: LoggedViewController {
        override func viewDidLayoutSubviews() { log("\(name).viewDidLayoutSubviews") }
    }

    @Test func rootAppearsWhenTheWindowBecomesVisible() {
        let log = CallLog()
        let root = Root("A", log: log)
        Timeline.$current.withValue(Timeline()) {
            let window = UIWindow(screen: .main)
            window.rootViewController = root
            // Installed but not shown yet: no appearance.
            #expect(log.lines == ["A.viewDidLoad"])
            window.makeKeyAndVisible()
            #expect(log.lines == ["A.viewDidLoad", "A.viewWillAppear", "A.viewDidLayoutSubviews", "A.viewDidAppear"])
            // Only the first time.
            log.clear()
            window.makeKeyAndVisible()
            #expect(log.lines.isEmpty)
        }
    }

    @Test func replacingTheRootOfAVisibleWindow() {
        let log = CallLog()
        let a = LoggedViewController("A", log: log), b = LoggedViewController("B", log: log)
        Timeline.$current.withValue(Timeline()) {
            let window = UIWindow(screen: .main)
            window.rootViewController = a
            window.makeKeyAndVisible()
            log.clear()
            window.rootViewController = b
            #expect(log.lines == ["A.viewWillDisappear", "A.viewDidDisappear", "B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear"])
            #expect(a.view.superview == nil && b.view.superview === window)
        }
    }

    /// A tab bar controller root forwards the appearance to its selected child.
    @Test func forwardedToTheSelectedTab() {
        let log = CallLog()
        let tabs = UITabBarController()
        tabs.viewControllers = [LoggedViewController("First", log: log), LoggedViewController("Second", log: log)]
        Timeline.$current.withValue(Timeline()) {
            let window = UIWindow(screen: .main)
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            #expect(log.lines.filter { $0.contains("Appear") } == ["First.viewWillAppear", "First.viewDidAppear"])
        }
    }

    /// A presentation from the root's viewDidAppear works: the root is in the window by then.
    @Test func presentingFromViewDidAppear() {
        final class Presenter: UIViewController {
            let child = UIViewController()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                child.modalPresentationStyle = .overFullScreen
                present(child, animated: false)
            }
        }
        let root = Presenter()
        onStage(root) { _ in
            #expect(root.presentedViewController === root.child && root.child.view.window != nil)
        }
    }
}
