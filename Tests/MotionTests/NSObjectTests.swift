import Testing
import Foundation
import UIKit

// UIKit's classes are NSObject subclasses, as on iOS: identity equality and hashing, sets, firstIndex(of:),
// NSObjectProtocol, descriptions. Plain `import UIKit`, so only public API is used, as an app would.

/// An animator as iOS code declares it.
private final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}
}

/// A delegate as iOS code declares it.
private final class ScrollWatcher: NSObject, UIScrollViewDelegate {
    var offsets: [CGPoint] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset) }
}

private func isNSObjectProtocol(_ value: some NSObjectProtocol) -> Bool { value.isEqual(value) }

@Suite struct NSObjectIdentity {
    /// Two distinct objects that look alike are unequal; an object equals itself; hashing agrees.
    func checkIdentity<T: NSObject>(_ make: () -> T) {
        let a = make(), b = make()
        #expect(a == a)
        #expect(a != b)
        #expect(a.isEqual(a) && !a.isEqual(b))
        #expect(a.hash == a.hash)
        #expect(Set([a, b, a]).count == 2)
        #expect([b, a].firstIndex(of: a) == 1)
        #expect(isNSObjectProtocol(a))
    }

    @Test func views() { checkIdentity { UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) } }
    @Test func controllers() { checkIdentity { UIViewController() } }
    @Test func layers() { checkIdentity { CALayer() } }
    @Test func recognizers() { checkIdentity { UIPanGestureRecognizer() } }
    @Test func barItems() {
        checkIdentity { UIBarButtonItem(title: "Edit", style: .plain) }
        checkIdentity { UITabBarItem(title: "Home", image: nil, tag: 1) }
    }
    @Test func animationsAndConstraints() {
        checkIdentity { CABasicAnimation(keyPath: "opacity") }
        checkIdentity { NSLayoutConstraint() }
        checkIdentity { UILayoutGuide() }
        checkIdentity { UIViewPropertyAnimator(duration: 1, curve: .linear) }
    }

    @Test func navigationStackFindsItsControllers() {
        let root = UIViewController(), second = UIViewController(), third = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        navigation.setViewControllers([root, second, third], animated: false)
        #expect(navigation.viewControllers.firstIndex(of: second) == 1)
        #expect(navigation.viewControllers.contains(third))
        #expect(Set(navigation.viewControllers).count == 3)
    }

    @Test func subviewsAsASet() {
        let container = UIView(frame: .zero)
        let views = (0..<3).map { _ in UIView(frame: .zero) }
        views.forEach(container.addSubview)
        #expect(Set(container.subviews) == Set(views))
        #expect(container.subviews.firstIndex(of: views[2]) == 2)
    }

    @Test func valueTypesKeepValueEquality() {
        #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Set([UIColor(white: 0.5, alpha: 1), UIColor(white: 0.5, alpha: 1)]).count == 1)
        #expect(UIColor.systemBlue == UIColor.systemBlue && UIColor.systemBlue != UIColor.systemRed)
        #expect(UITraitCollection(userInterfaceStyle: .dark) == UITraitCollection(userInterfaceStyle: .dark))
        #expect(UITraitCollection(userInterfaceStyle: .dark) != UITraitCollection(userInterfaceStyle: .light))
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(name: .easeIn))
        #expect(Set([CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1)]).count == 1)
    }

    @Test func animatorsAndDelegatesDeclaredAsOnIOS() {
        let animator: UIViewControllerAnimatedTransitioning = FadeAnimator()
        #expect(animator.transitionDuration(using: nil) == 0.3)
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let watcher = ScrollWatcher()
        scrollView.delegate = watcher
        scrollView.contentOffset = CGPoint(x: 0, y: 40)
        scrollView.contentOffset = CGPoint(x: 0, y: 40)
        scrollView.setContentOffset(CGPoint(x: 0, y: 10), animated: true)
        #expect(watcher.offsets == [CGPoint(x: 0, y: 40), CGPoint(x: 0, y: 10)])
        #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 10))
        // The bounds origin is the offset, however it is moved; a new size alone does not scroll.
        scrollView.bounds.origin.y = 25
        scrollView.bounds.size.height = 200
        #expect(watcher.offsets == [CGPoint(x: 0, y: 40), CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 25)])
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 25))
    }
}

@Suite struct NSObjectDescriptions {
    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    @Test func viewDescriptionHasUIKitsShape() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(Self.matches(view.description, #"^<UIView: 0x[0-9a-f]+; frame = \(0 0; 390 844\); layer = <CALayer: 0x[0-9a-f]+>>$"#),
                "\(view.description)")
        let label = UILabel(frame: CGRect(x: 16.5, y: 8, width: 100, height: 20.25))
        label.alpha = 0.5
        label.isHidden = true
        label.tag = 7
        #expect(Self.matches(label.description,
                             #"^<UILabel: 0x[0-9a-f]+; frame = \(16.5 8; 100 20.25\); alpha = 0.5; hidden = YES; userInteractionEnabled = NO; tag = 7; layer = <CALayer: 0x[0-9a-f]+>>$"#),
                "\(label.description)")
        #expect(view.debugDescription == view.description)
        #expect("\(view)" == view.description)
    }

    @Test func layerDescriptionNamesItsClass() {
        #expect(Self.matches(CAShapeLayer().description, #"^<CAShapeLayer: 0x[0-9a-f]+>$"#))
    }

    @Test func subclassesOverrideDescriptionAsOnIOS() {
        final class Card: UIView { override var description: String { "Card" } }
        #expect("\(Card(frame: .zero))" == "Card")
    }
}
