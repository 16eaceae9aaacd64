// From the article "Custom Transition" (an App Store "Today" card clone): a card in the Today list expands
// into its detail screen with a
// spring, while the tab bar slides away. Roles and names follow the article: TodayAnimationTransition is the
// animator for both directions, CardDetailViewController is its own transitioning delegate and
// CardPresentationController its presentation controller; TodayViewController remembers `selectedCell`,
// whose `bgBackView` is the card's visible shape.
import UIKit
import Stage

enum GlobalConstants {
    /// Card width = screen − 2·20 pt, height = 1.2 × width (after the public App Store
    /// clone aunnnn/AppStoreiOS11InteractiveTransition).
    static var todayCardSize: CGSize {
        let width = UIScreen.main.bounds.width - 40
        return CGSize(width: width, height: (width * 1.2).rounded())
    }
    static let toDayCardCornerRadius: CGFloat = 16
    static let cardGap: CGFloat = 20
    static let headerHeight: CGFloat = 80
    /// Height of the detail screen's image once expanded.
    static var cardDetailTopImageH: CGFloat { (UIScreen.main.bounds.width * 1.25).rounded() }
}

private var kScreenW: CGFloat { UIScreen.main.bounds.width }
private var kScreenH: CGFloat { UIScreen.main.bounds.height }

/// The artwork of each card: a diagonal gradient.
private let cardPalettes: [[UIColor]] = [
    [UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F), UIColor(rgb: 0x5E5CE6)],
    [UIColor(rgb: 0x30D158), UIColor(rgb: 0x0A84FF)],
    [UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0xFF6482)],
]

/// The card's title block on its artwork: a small caption and a two-line title.
private func addTitlePlaceholders(to view: UIView, width: CGFloat) {
    view.addSubview(TextPlaceholder(color: UIColor(white: 1, alpha: 0.75), frame: CGRect(x: 20, y: 20, width: 96, height: 12)))
    view.addSubview(TextPlaceholder(color: .white, frame: CGRect(x: 20, y: 42, width: width - 110, height: 26)))
    view.addSubview(TextPlaceholder(color: .white, frame: CGRect(x: 20, y: 76, width: width * 0.45, height: 26)))
}

// MARK: - Today list

/// One card of the Today list: a shadowed shape (`bgBackView`) holding clipped artwork and a title.
final class TodayCardView: UIControl {
    let bgBackView = UIView()
    let imageView: GradientView

    init(frame: CGRect, palette: [UIColor]) {
        imageView = GradientView(colors: palette)
        super.init(frame: frame)
        bgBackView.frame = bounds
        bgBackView.backgroundColor = .white
        bgBackView.layer.cornerRadius = GlobalConstants.toDayCardCornerRadius
        bgBackView.layer.shadowColor = UIColor.black.cgColor
        bgBackView.layer.shadowOpacity = 0.2
        bgBackView.layer.shadowRadius = 12
        bgBackView.layer.shadowOffset = CGSize(width: 0, height: 4)
        addSubview(bgBackView)

        let content = UIView(frame: bgBackView.bounds)
        content.layer.cornerRadius = GlobalConstants.toDayCardCornerRadius
        content.clipsToBounds = true
        bgBackView.addSubview(content)
        imageView.frame = content.bounds
        content.addSubview(imageView)
        addTitlePlaceholders(to: content, width: frame.width)
    }
}

final class TodayViewController: UIViewController {
    private(set) var cards: [TodayCardView] = []
    private(set) var selectedCell: TodayCardView?
    private let dateCaption = TextPlaceholder(color: .secondaryLabel)
    private let titleLabel = TextPlaceholder(color: .label)
    private let avatar = GradientView(colors: [UIColor(rgb: 0x8E8E93), UIColor(rgb: 0x636366)])

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Header: the date caption, the large "Today" title and the account button.
        view.addSubview(dateCaption)
        view.addSubview(titleLabel)
        avatar.clipsToBounds = true
        view.addSubview(avatar)
        let size = GlobalConstants.todayCardSize
        for (index, palette) in cardPalettes.enumerated() {
            let card = TodayCardView(frame: CGRect(origin: .zero, size: size), palette: palette)
            card.addAction(UIAction { [unowned self, unowned card] _ in self.showDetail(of: card, index: index) },
                           for: .touchUpInside)
            view.addSubview(card)
            cards.append(card)
        }
    }

    /// Lays the list out below the safe area's top, as the collection view would.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top = view.safeAreaInsets.top
        dateCaption.frame = CGRect(x: 20, y: top + 8, width: 150, height: 13)
        titleLabel.frame = CGRect(x: 20, y: top + 30, width: 120, height: 32)
        avatar.frame = CGRect(x: view.bounds.width - 20 - 36, y: top + 28, width: 36, height: 36)
        avatar.layer.cornerRadius = 18
        var y = top + GlobalConstants.headerHeight
        for card in cards {
            card.frame.origin = CGPoint(x: 20, y: y)
            y += card.frame.height + GlobalConstants.cardGap
        }
    }

    /// The article's didSelectRowAt: remember the cell, present the detail with the custom transition.
    func showDetail(of card: TodayCardView, index: Int) {
        selectedCell = card
        let detail = CardDetailViewController(palette: cardPalettes[index])
        present(detail, animated: true)
    }

    /// Opens the first card's detail as card-expand leaves it, without animating: the detail fills the
    /// screen, its close button shows, and the tab bar (lent to the container) is below the screen.
    func showDetailWithoutAnimation() {
        selectedCell = cards[0]
        let detail = CardDetailViewController(palette: cardPalettes[0])
        present(detail, animated: false)
        detail.closeBtn.alpha = 1
        if let tabBar = tabBarController?.tabBar { tabBar.frame.origin.y = kScreenH }
    }
}

// MARK: - Detail

final class CardDetailViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let scrollView = CardDetailScrollView()
    let closeBtn = UIButton(type: .close)
    private let palette: [UIColor]

    init(palette: [UIColor]) {
        self.palette = palette
        super.init()
        modalPresentationStyle = .custom
        transitioningDelegate = self
    }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        view.clipsToBounds = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.setUp(palette: palette)
        view.addSubview(scrollView)

        // Below the status bar: the presenter is on screen already, so its safe area is known.
        let top = presentingViewController?.view.safeAreaInsets.top ?? 0
        closeBtn.frame = CGRect(x: view.bounds.width - 20 - 30, y: top + 4, width: 30, height: 30)
        closeBtn.autoresizingMask = [.flexibleLeftMargin]
        closeBtn.backgroundColor = UIColor(white: 0.15, alpha: 0.55)
        closeBtn.layer.cornerRadius = 15
        CloseGlyph.draw(in: closeBtn)
        closeBtn.alpha = 0
        closeBtn.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeBtn)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        TodayAnimationTransition(animationType: .present)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        TodayAnimationTransition(animationType: .dismiss)
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        CardPresentationController(presentedViewController: presented, presenting: presenting)
    }
}

/// The detail's scrolling content: the artwork on top, then the article body.
final class CardDetailScrollView: UIScrollView {
    private(set) var imageView: GradientView!

    func setUp(palette: [UIColor]) {
        backgroundColor = .systemBackground
        let imageHeight = GlobalConstants.cardDetailTopImageH
        imageView = GradientView(colors: palette)
        imageView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: imageHeight)
        imageView.clipsToBounds = true
        addSubview(imageView)
        addTitlePlaceholders(to: imageView, width: GlobalConstants.todayCardSize.width)
        // Body text: full-width lines that follow the screen's width.
        var y = imageHeight + 28
        for (index, fraction) in [0.92, 0.88, 0.95, 0.6, 0.0, 0.9, 0.93, 0.85, 0.97, 0.5].enumerated() {
            defer { y += index == 4 ? 14 : 24 }
            guard fraction > 0 else { continue }
            let line = TextPlaceholder(color: UIColor(white: 0.82, alpha: 1),
                                       frame: CGRect(x: 20, y: y, width: (bounds.width - 40) * fraction, height: 12))
            line.autoresizingMask = [.flexibleWidth, .flexibleRightMargin]
            addSubview(line)
        }
        contentSize = CGSize(width: bounds.width, height: y)
    }
}

/// The close button's "×": small rounded squares along both diagonals (no rotated shapes needed).
enum CloseGlyph {
    static func draw(in button: UIView) {
        let size: CGFloat = 2.6, steps = 6, span: CGFloat = 11
        for i in 0...steps {
            let t = CGFloat(i) / CGFloat(steps)
            for (x, y) in [(t, t), (t, 1 - t)] {
                let dot = UIView(frame: CGRect(x: 15 - span / 2 + x * span - size / 2, y: 15 - span / 2 + y * span - size / 2,
                                               width: size, height: size))
                dot.backgroundColor = .white
                dot.layer.cornerRadius = size / 2
                dot.isUserInteractionEnabled = false
                button.addSubview(dot)
            }
        }
    }
}

/// Lends the tab bar to the transition's container so the animator can slide it away and back; the
/// dismiss animator gives it back to the tab bar controller's view when it completes.
final class CardPresentationController: UIPresentationController {
    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let tabBarController = presentingViewController as? UITabBarController, let containerView else { return }
        let frame = tabBarController.tabBar.convert(tabBarController.tabBar.bounds, to: containerView)
        containerView.addSubview(tabBarController.tabBar)
        tabBarController.tabBar.frame = frame
    }
}

// MARK: - Animator

fileprivate let transitonDuration: TimeInterval = 1.0

enum AnimationType {
    case present
    case dismiss
}

final class TodayAnimationTransition: UIViewControllerAnimatedTransitioning {
    let animationType: AnimationType

    init(animationType: AnimationType) {
        self.animationType = animationType
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        transitonDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        if animationType == .present {
            animationForPresent(using: transitionContext)
        } else {
            animationForDismiss(using: transitionContext)
        }
    }

    func animationForPresent(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        // 1. Get fromVC and toVC.
        guard let fromVC = transitionContext.viewController(forKey: .from) as? UITabBarController,
              let tableViewController = fromVC.viewControllers?.first as? TodayViewController,
              let toVC = transitionContext.viewController(forKey: .to) as? CardDetailViewController,
              let selectedCell = tableViewController.selectedCell else {
            transitionContext.completeTransition(false)
            return
        }
        let frame = selectedCell.convert(selectedCell.bgBackView.frame, to: fromVC.view)
        // 2. Start the detail at the card's place and size, with the card's corners.
        toVC.view.frame = frame
        toVC.view.layer.cornerRadius = GlobalConstants.toDayCardCornerRadius
        toVC.scrollView.imageView.frame.size.width = GlobalConstants.todayCardSize.width
        toVC.scrollView.imageView.frame.size.height = GlobalConstants.todayCardSize.height
        containerView.addSubview(toVC.view)
        // 3. Spring to full screen: 1.0 s, damping ratio 0.5 (the article's values).
        UIView.animate(withDuration: transitonDuration, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
            toVC.view.frame = UIScreen.main.bounds
            toVC.view.layer.cornerRadius = 0
            toVC.scrollView.imageView.frame.size.width = kScreenW
            toVC.scrollView.imageView.frame.size.height = GlobalConstants.cardDetailTopImageH
            toVC.closeBtn.alpha = 1
            fromVC.tabBar.frame.origin.y = kScreenH
        }) { completed in
            transitionContext.completeTransition(completed)
        }
    }

    func animationForDismiss(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from) as? CardDetailViewController,
              let toVC = transitionContext.viewController(forKey: .to) as? UITabBarController,
              let tableViewController = toVC.viewControllers?.first as? TodayViewController,
              let selectedCell = tableViewController.selectedCell else {
            transitionContext.completeTransition(false)
            return
        }
        // 0.7 s, damping ratio 0.8 (the article: transitonDuration − 0.3).
        UIView.animate(withDuration: transitonDuration - 0.3, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {
            let frame = selectedCell.convert(selectedCell.bgBackView.frame, to: toVC.view)
            fromVC.view.frame = frame
            fromVC.view.layer.cornerRadius = GlobalConstants.toDayCardCornerRadius
            fromVC.scrollView.imageView.frame.size.width = GlobalConstants.todayCardSize.width
            fromVC.scrollView.imageView.frame.size.height = GlobalConstants.todayCardSize.height
            fromVC.closeBtn.alpha = 0
            toVC.tabBar.frame.origin.y = kScreenH - toVC.tabBar.frame.height
        }) { completed in
            transitionContext.completeTransition(completed)
            toVC.view.addSubview(toVC.tabBar)
        }
    }
}

// MARK: - Scenes

/// What both card scenes share: a tab bar controller whose first tab is the Today list. Each scene adds
/// its name, summary and script.
public class TodayAppScene {
    private(set) var app: UITabBarController!
    var today: TodayViewController { app.viewControllers![0] as! TodayViewController }
    public required init() {}
    public func makeRootViewController() -> UIViewController {
        app = UITabBarController()
        app.viewControllers = [TodayViewController()] + (0..<3).map { _ in UIViewController() }
        return app
    }
}

/// The Today card grows from its place in the list to the full screen (spring 1.0 s, damping 0.5) while
/// the tab bar slides off the bottom and the close button fades in.
public final class CardExpandScene: TodayAppScene, Scene {
    public static let name = "card-expand"
    public static let summary = "App Store Today card expands to full screen (spring 1.0 s, damping 0.5); tab bar slides away"
    public func script() -> Script {
        var script = Script()
        script.tap { [unowned self] in self.today.cards[0] }
        return script
    }
}

/// The detail of the first card is on screen; a tap on its close button shrinks it back into the card
/// (spring 0.7 s, damping 0.8) while the tab bar slides back in and is re-attached on completion.
public final class CardCollapseScene: TodayAppScene, Scene {
    public static let name = "card-collapse"
    public static let summary = "App Store Today detail shrinks back into its card (spring 0.7 s, damping 0.8); tab bar slides back"
    /// The window exists by now (the Stage builds the script after showing the root), so this is where the
    /// detail is put on screen, at time 0, before the lead-in.
    public func script() -> Script {
        today.showDetailWithoutAnimation()
        var script = Script()
        script.tap { [unowned self] in (self.app.presentedViewController as! CardDetailViewController).closeBtn }
        return script
    }
}
