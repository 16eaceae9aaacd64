// A custom tab switch, written as iOS code writes it: the tab bar controller's delegate returns a slide
// animator for every switch and, while a horizontal pan on the content drives one, a percent-driven
// interaction controller. The pan picks the neighbouring tab from its first movement (leftwards: the next
// tab), follows the finger (percent = |translation| / width) and on release finishes when flung towards
// the new tab (faster than 300 pt/s) or past half way, cancels otherwise — the old tab stays selected.
// A tap on the bar switches with the same slide, not interactively.
//
// The slide is one property animator per switch (0.35 s, ease-out) that the animator also serves as its
// interruptible animator, so the interaction controller scrubs and continues that animator.
import UIKit
import Stage

// MARK: - Animator

/// Slides the new tab in from the side of its index while the old one slides out the other way, both
/// over the content area (the tab bar stays).
final class TabSlideAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.35
    /// +1: the new tab is to the right of the old one (it comes in from the right edge).
    let direction: CGFloat
    private var animator: UIViewPropertyAnimator?

    init(direction: CGFloat) { self.direction = direction }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let containerView = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!, toView = transitionContext.view(forKey: .to)!
        let bounds = containerView.bounds
        let offset = bounds.width * direction
        toView.frame = bounds.offsetBy(dx: offset, dy: 0)
        containerView.addSubview(toView)
        let animator = UIViewPropertyAnimator(duration: Self.duration, curve: .easeOut) {
            fromView.frame = bounds.offsetBy(dx: -offset, dy: 0)
            toView.frame = bounds
        }
        animator.addCompletion { _ in
            let cancelled = transitionContext.transitionWasCancelled
            // The view that stays on screen ends where it started; the one leaving is taken away by UIKit.
            fromView.frame = bounds
            if cancelled { toView.removeFromSuperview() }
            transitionContext.completeTransition(!cancelled)
        }
        self.animator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { animator = nil }
}

// MARK: - Interaction

/// Owns the pan on the tab bar controller's view; while it drives a switch it is the delegate's
/// interaction controller.
final class TabSwipeInteraction: UIPercentDrivenInteractiveTransition {
    private unowned let tabBarController: UITabBarController
    private(set) var isDriving = false
    /// +1 when the pan goes to the next tab (finger moving left).
    private var direction: CGFloat = 0

    init(tabBarController: UITabBarController) {
        self.tabBarController = tabBarController
        super.init()
        let pan = UIPanGestureRecognizer(target: self, action: TabSwipeInteraction.handlePan(_:))
        tabBarController.view.addGestureRecognizer(pan)
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let view = tabBarController.view!
        let width = max(view.bounds.width, 1)
        switch pan.state {
        case .began:
            let velocity = pan.velocity(in: view).x
            direction = velocity < 0 ? 1 : -1
            let target = tabBarController.selectedIndex + Int(direction)
            guard let count = tabBarController.viewControllers?.count, (0..<count).contains(target) else { return }
            isDriving = true
            tabBarController.selectedIndex = target
            isDriving = false
        case .changed:
            update(max(0, -pan.translation(in: view).x * direction) / width)
        case .ended:
            let towards = -pan.velocity(in: view).x * direction
            if towards > 300 || (towards > -300 && percentComplete > 0.5) { finish() } else { cancel() }
        case .cancelled, .failed:
            cancel()
        default:
            break
        }
    }
}

/// The tab bar controller's delegate: the slide for every switch, interactive while the pan drives it.
final class TabSlideDelegate: UITabBarControllerDelegate {
    var swipe: TabSwipeInteraction?

    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let tabs = tabBarController.viewControllers ?? []
        let from = tabs.firstIndex { $0 === fromVC } ?? 0, to = tabs.firstIndex { $0 === toVC } ?? 0
        return TabSlideAnimator(direction: to > from ? 1 : -1)
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        swipe?.isDriving == true ? swipe : nil
    }
}

// MARK: - Screens

/// One tab of a travel app: a large title, a caption and a column of gradient cards with a title each.
final class TabSlideScreen: UIViewController {
    private let heading: UILabel
    private let caption: UILabel
    private var cards: [(GradientView, UILabel)] = []

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(title: String, caption: String, cards: [(String, [UIColor])]) {
        heading = makeLabel(title, font: .systemFont(ofSize: 34, weight: .bold))
        self.caption = makeLabel(caption.uppercased(), font: .systemFont(ofSize: 13, weight: .semibold), color: .secondaryLabel)
        self.cards = cards.map { name, colors in
            let card = GradientView(colors: colors)
            card.layer.cornerRadius = 14
            card.clipsToBounds = true
            return (card, makeLabel(name, font: .systemFont(ofSize: 22, weight: .bold), color: .white))
        }
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(caption)
        view.addSubview(heading)
        for (card, label) in cards {
            view.addSubview(card)
            card.addSubview(label)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        caption.frame = CGRect(x: 20, y: safe.top + 12, width: width - 40, height: 18)
        heading.frame = CGRect(x: 20, y: safe.top + 30, width: width - 40, height: 41)
        let top = safe.top + 88, bottom = view.bounds.height - safe.bottom - 16
        let gap: CGFloat = 14
        let height = ((bottom - top - gap * CGFloat(cards.count - 1)) / CGFloat(cards.count)).rounded(.down)
        for (index, (card, label)) in cards.enumerated() {
            card.frame = CGRect(x: 20, y: top + CGFloat(index) * (height + gap), width: width - 40, height: height)
            label.frame = CGRect(x: 16, y: height - 44, width: card.bounds.width - 32, height: 28)
        }
    }
}

// MARK: - Scene

/// A tap on the second tab slides it in; a fling to the left brings the third tab in although the finger
/// covered only a third of the width (the velocity decides); a slow drag to the right a third of the way
/// back lets go and the switch is cancelled: the third tab slides back and stays selected.
public final class TabSlideScene: Scene {
    public static let name = "tab-slide"
    public static let summary = "Custom tab switch: the delegate's slide animator on a tab tap, then pan-driven (percent-driven); a fling finishes, a slow release cancels"
    private(set) var tabs: UITabBarController!
    private let delegate = TabSlideDelegate()
    public init() {}

    public func makeRootViewController() -> UIViewController {
        tabs = UITabBarController()
        let blue = [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x0A84FF)], orange = [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A)]
        let pink = [UIColor(rgb: 0xFF6482), UIColor(rgb: 0xBF5AF2)], green = [UIColor(rgb: 0x66D4CF), UIColor(rgb: 0x30D158)]
        let screens = [
            TabSlideScreen(title: "Explore", caption: "Friday, June 6", cards: [("Lisbon", orange), ("Kyoto", pink)]),
            TabSlideScreen(title: "Saved", caption: "4 places", cards: [("Reykjavík", blue), ("Porto", green), ("Hanoi", orange)]),
            TabSlideScreen(title: "Trips", caption: "Next: in 12 days", cards: [("Summer in Crete", green)]),
        ]
        let items = [("Explore", "house"), ("Saved", "star"), ("Trips", "person.crop.circle")]
        for (screen, (title, symbol)) in zip(screens, items) {
            screen.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol), tag: 0)
        }
        tabs.viewControllers = screens
        tabs.delegate = delegate
        delegate.swipe = TabSwipeInteraction(tabBarController: tabs)
        return tabs
    }

    public func script() -> Script {
        var script = Script()
        let bounds = UIScreen.main.bounds
        script.tap(at: { [unowned self] in
            let bar = self.tabs.tabBar
            return bar.convert(CGPoint(x: bar.bounds.width / 2, y: 24), to: nil)
        })
        script.waitUntilIdle()
        script.wait(0.3)
        script.drag(from: { CGPoint(x: bounds.width * 0.75, y: bounds.midY) }, by: CGVector(dx: -bounds.width / 3, dy: 0),
                    duration: 0.3, curve: .linear, releaseVelocity: CGVector(dx: -900, dy: 0))
        script.waitUntilIdle()
        script.wait(0.3)
        script.drag(from: { CGPoint(x: bounds.width * 0.25, y: bounds.midY) }, by: CGVector(dx: bounds.width / 3, dy: 0),
                    duration: 0.6, curve: .easeInOut, releaseVelocity: CGVector(dx: 20, dy: 0))
        return script
    }
}
