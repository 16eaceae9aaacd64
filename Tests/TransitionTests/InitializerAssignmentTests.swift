import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

// Swift skips `didSet` for assignments in the declaring class's own initializers, convenience ones in
// extensions included, which is how apps write them. Every UIKit property that drives state is a computed
// property over storage, so these assignments take effect.

extension UIWindow {
    convenience init(testRoot: UIViewController) { self.init(frame: UIScreen.main.bounds); rootViewController = testRoot }
}
extension UITabBarController {
    convenience init(testTabs: [UIViewController]) { self.init(); viewControllers = testTabs; selectedIndex = 1 }
}
extension UITabBar {
    convenience init(testItems: [UITabBarItem]) { self.init(frame: .zero); items = testItems; selectedItem = testItems.first }
}
extension UIViewController {
    convenience init(testTitle: String) { self.init(); _ = navigationItem; title = testTitle }
}
extension UIButton {
    convenience init(testDisabled: String) {
        self.init(type: .system); setTitle("On", for: .normal); setTitle(testDisabled, for: .disabled); isEnabled = false
    }
}
extension UIView {
    convenience init(testIdentifier: String) { self.init(frame: .zero); accessibilityIdentifier = testIdentifier }
}
extension UINavigationItem {
    convenience init(testLarge: String) { self.init(title: "x"); title = testLarge; largeTitleDisplayMode = .never; hidesBackButton = true }
}
extension UINavigationBar {
    convenience init(testLargeTitles: Bool) { self.init(frame: .zero); prefersLargeTitles = testLargeTitles; isTranslucent = false }
}
extension UIBarButtonItem {
    convenience init(testTitle: String) { self.init(); title = testTitle; style = .done; isEnabled = false; width = 40 }
}
extension UITabBarItem {
    convenience init(testTitle: String) { self.init(title: nil, image: nil, tag: 0); title = testTitle }
}

@Suite struct InitializerAssignments {
    @Test func windowRootSetInAConvenienceInitializer() {
        let root = UIViewController()
        let window = UIWindow(testRoot: root)
        #expect(window.rootViewController === root && root.view.superview === window)
    }

    @Test func tabBarControllerChildrenSetInAConvenienceInitializer() {
        let a = UIViewController(), b = UIViewController()
        let tabs = UITabBarController(testTabs: [a, b])
        #expect(tabs.children.count == 2 && a.parent === tabs && tabs.tabBar.items?.count == 2)
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === b)
        _ = tabs.view
        // In the content area (the tab switch's container, as UIKit's transition view), under the bar.
        #expect(b.view.superview?.superview === tabs.view && a.viewIfLoaded?.superview == nil)
    }

    @Test func tabBarItemsSetInAConvenienceInitializer() {
        let item = UITabBarItem(testTitle: "Today")
        let bar = UITabBar(testItems: [item])
        #expect(item.title == "Today" && bar.items?.count == 1 && bar.selectedItem === item)
        #expect(bar.subviews.count > 1)   // the hairline and the item's icon and title
    }

    @Test func controllerTitleSetInAConvenienceInitializerReachesItsItem() {
        let vc = UIViewController(testTitle: "Settings")
        #expect(vc.title == "Settings" && vc.navigationItem.title == "Settings")
    }

    @Test func buttonDisabledInAConvenienceInitializerShowsItsDisabledTitle() {
        let button = UIButton(testDisabled: "Off")
        #expect(!button.isEnabled && button.state.contains(.disabled))
        #expect(button.titleLabel?.text == "Off")
    }

    @Test func accessibilityIdentifierSetInAConvenienceInitializerNamesTheLayer() {
        #expect(UIView(testIdentifier: "card").layer.name == "card")
    }

    @Test func navigationItemAndBarPropertiesSetInConvenienceInitializers() {
        let item = UINavigationItem(testLarge: "Inbox")
        #expect(item.title == "Inbox" && item.largeTitleDisplayMode == .never && item.hidesBackButton)
        let bar = UINavigationBar(testLargeTitles: true)
        #expect(bar.prefersLargeTitles && !bar.isTranslucent)
        bar.items = [UINavigationItem(title: "Root")]
        #expect(bar.preferredHeight == 96)
    }

    @Test func barButtonItemPropertiesSetInAConvenienceInitializer() {
        let item = UIBarButtonItem(testTitle: "Save")
        #expect(item.title == "Save" && item.style == .done && !item.isEnabled && item.width == 40)
    }
}
