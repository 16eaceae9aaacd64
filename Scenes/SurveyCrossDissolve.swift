// From the transition survey "iOS實戰之自定義轉場動畫詳解", its "Cross Dissolve" demo:
// the first screen is its own
// transitioning delegate and vends one animator for the present and another for the dismiss. The
// presented screen uses `.fullScreen`, so UIKit removes the presenting view once the present completes,
// and the dismiss animator must put it back into the container (the survey's from/to rule).
// Roles and names follow the article: CrossDissolveFirstViewController, CrossDissolveSecondViewController,
// CrossDissolveAnimator, HalfWaySpringAnimator.
import UIKit
import Stage

// MARK: - Animators

/// The to-view fades in over the from-view, 0.35 s. Serves present and dismiss alike: in both, the
/// incoming view is the one the animator adds to the container.
final class CrossDissolveAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.35 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let toViewController = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        // Present: to = presented. Dismiss: to = presenting, which `.fullScreen` took off screen.
        toView.frame = transitionContext.finalFrame(for: toViewController)
        toView.alpha = 0
        containerView.addSubview(toView)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            toView.alpha = 1
        }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// The to-view starts with its top edge at half the from-view's height, transparent, and springs to its
/// final frame while becoming opaque: 2 s, damping ratio 0.6, no initial velocity (the survey's values).
final class HalfWaySpringAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 2 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let toViewController = transitionContext.viewController(forKey: .to),
              let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        toView.frame = CGRect(x: fromView.frame.minX, y: fromView.frame.maxY / 2,
                              width: fromView.frame.width, height: fromView.frame.height)
        toView.alpha = 0
        containerView.addSubview(toView)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                       usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: .curveLinear, animations: {
            toView.alpha = 1
            toView.frame = transitionContext.finalFrame(for: toViewController)
        }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

// MARK: - Screens

/// Which animator the first screen vends for the present (the article switches by editing one line).
enum SurveyPresentAnimation {
    case crossDissolve, halfWaySpring
}

/// A travel app's home: header, a large destination card, a row of category chips and a list of trips,
/// with a button that presents the second screen.
final class CrossDissolveFirstViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let presentAnimation: SurveyPresentAnimation
    let animationButton = SurveyButton(color: .systemBlue)
    private let header = SurveyHeader(titleColor: .label, tint: .systemBlue)
    private let heroCard = GradientView(colors: [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x0A84FF), UIColor(rgb: 0x5E5CE6)])
    private let heroTitle = TextPlaceholder(color: .white)
    private let heroCaption = TextPlaceholder(color: UIColor(white: 1, alpha: 0.7))
    private var chips: [UIView] = []
    private var rows: [SurveyRow] = []

    /// The screen it presents; kept, as the article's lazy property does.
    private(set) lazy var crossDissolveSecondViewController: CrossDissolveSecondViewController = {
        let second = CrossDissolveSecondViewController()
        second.modalPresentationStyle = .fullScreen
        second.transitioningDelegate = self
        return second
    }()

    init(presentAnimation: SurveyPresentAnimation) {
        self.presentAnimation = presentAnimation
        super.init()
    }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemGroupedBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(header)
        heroCard.layer.cornerRadius = 20
        heroCard.clipsToBounds = true
        heroCard.addSubview(heroTitle)
        heroCard.addSubview(heroCaption)
        view.addSubview(heroCard)
        for color in [UIColor.systemBlue, .systemGray5, .systemGray5, .systemGray5] {
            let chip = UIView()
            chip.backgroundColor = color
            chip.layer.cornerRadius = 15
            view.addSubview(chip)
            chips.append(chip)
        }
        let avatars: [[UIColor]] = [[UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)],
                                    [UIColor(rgb: 0x30D158), UIColor(rgb: 0x0A84FF)],
                                    [UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0x5E5CE6)]]
        for colors in avatars {
            let row = SurveyRow(thumbnailColors: colors)
            view.addSubview(row)
            rows.append(row)
        }
        animationButton.addAction(UIAction { [unowned self] _ in self.animationButtonDidClicked() }, for: .touchUpInside)
        view.addSubview(animationButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        header.frame = CGRect(x: 0, y: safe.top, width: width, height: 64)
        heroCard.frame = CGRect(x: 20, y: header.frame.maxY + 8, width: width - 40, height: ((width - 40) * 0.62).rounded())
        heroTitle.frame = CGRect(x: 20, y: heroCard.bounds.height - 58, width: heroCard.bounds.width * 0.55, height: 22)
        heroCaption.frame = CGRect(x: 20, y: heroCard.bounds.height - 28, width: heroCard.bounds.width * 0.35, height: 12)
        var x: CGFloat = 20
        for (index, chip) in chips.enumerated() {
            let chipWidth: CGFloat = [74, 88, 64, 80][index]
            chip.frame = CGRect(x: x, y: heroCard.frame.maxY + 20, width: chipWidth, height: 30)
            x += chipWidth + 10
        }
        var y = heroCard.frame.maxY + 70
        for row in rows {
            row.frame = CGRect(x: 20, y: y, width: width - 40, height: 72)
            y += 84
        }
        animationButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - 16 - 50, width: width - 40, height: 50)
    }

    /// The article's button action: present the second screen, animated, through this delegate.
    func animationButtonDidClicked() {
        present(crossDissolveSecondViewController, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        switch presentAnimation {
        case .crossDissolve: return CrossDissolveAnimator()
        case .halfWaySpring: return HalfWaySpringAnimator()
        }
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CrossDissolveAnimator()
    }
}

/// The presented screen: a trip's detail on a dark background, with a photo, a stats card and a button
/// that dismisses it.
final class CrossDissolveSecondViewController: UIViewController {
    let dismissButton = SurveyButton(color: .systemOrange)
    private let photo = GradientView(colors: [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)],
                                     start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
    private let photoTitle = TextPlaceholder(color: .white)
    private let stats = UIView()
    private var statBlocks: [UIView] = []
    private var lines: [UIView] = []

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor(rgb: 0x1C1C1E)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        photo.clipsToBounds = true
        photo.addSubview(photoTitle)
        view.addSubview(photo)
        stats.backgroundColor = UIColor(rgb: 0x2C2C2E)
        stats.layer.cornerRadius = 16
        stats.layer.shadowColor = UIColor.black.cgColor
        stats.layer.shadowOpacity = 0.35
        stats.layer.shadowRadius = 10
        stats.layer.shadowOffset = CGSize(width: 0, height: 4)
        view.addSubview(stats)
        for color in [UIColor.systemOrange, .systemPink, .systemTeal] {
            let block = UIView()
            block.backgroundColor = color
            block.layer.cornerRadius = 8
            stats.addSubview(block)
            statBlocks.append(block)
        }
        for _ in 0..<5 {
            let line = TextPlaceholder(color: UIColor(white: 1, alpha: 0.22))
            view.addSubview(line)
            lines.append(line)
        }
        dismissButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(dismissButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        photo.frame = CGRect(x: 0, y: 0, width: width, height: safe.top + 260)
        photoTitle.frame = CGRect(x: 20, y: photo.bounds.height - 44, width: width * 0.5, height: 24)
        stats.frame = CGRect(x: 20, y: photo.frame.maxY + 20, width: width - 40, height: 96)
        let blockWidth = (stats.bounds.width - 4 * 16) / 3
        for (index, block) in statBlocks.enumerated() {
            block.frame = CGRect(x: 16 + CGFloat(index) * (blockWidth + 16), y: 16, width: blockWidth, height: 64)
        }
        var y = stats.frame.maxY + 28
        for (index, line) in lines.enumerated() {
            line.frame = CGRect(x: 20, y: y, width: (width - 40) * [0.9, 0.95, 0.8, 0.92, 0.55][index], height: 12)
            y += 24
        }
        dismissButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - 16 - 50, width: width - 40, height: 50)
    }
}

// MARK: - Building blocks

/// A large-title header: title bar and a round account button.
final class SurveyHeader: UIView {
    private let title: TextPlaceholder
    private let caption = TextPlaceholder(color: .secondaryLabel)
    private let account: UIView

    init(titleColor: UIColor, tint: UIColor) {
        title = TextPlaceholder(color: titleColor)
        account = UIView()
        account.backgroundColor = tint
        super.init(frame: .zero)
        addSubview(caption)
        addSubview(title)
        addSubview(account)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        caption.frame = CGRect(x: 20, y: 8, width: 110, height: 12)
        title.frame = CGRect(x: 20, y: 28, width: 150, height: 28)
        account.frame = CGRect(x: bounds.width - 20 - 34, y: 22, width: 34, height: 34)
        account.layer.cornerRadius = 17
    }
}

/// One list row: a rounded white cell with a gradient thumbnail, two text bars and a chevron dot.
final class SurveyRow: UIView {
    private let thumbnail: GradientView
    private let titleBar = TextPlaceholder(color: .label)
    private let detailBar = TextPlaceholder(color: .secondaryLabel)
    private let accessory = UIView()

    init(thumbnailColors: [UIColor]) {
        thumbnail = GradientView(colors: thumbnailColors)
        super.init(frame: .zero)
        backgroundColor = .white
        layer.cornerRadius = 14
        thumbnail.layer.cornerRadius = 10
        thumbnail.clipsToBounds = true
        accessory.backgroundColor = .systemGray5
        accessory.layer.cornerRadius = 6
        addSubview(thumbnail)
        addSubview(titleBar)
        addSubview(detailBar)
        addSubview(accessory)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        thumbnail.frame = CGRect(x: 12, y: 12, width: 48, height: 48)
        titleBar.frame = CGRect(x: 74, y: 20, width: (bounds.width - 120) * 0.7, height: 14)
        detailBar.frame = CGRect(x: 74, y: 42, width: (bounds.width - 120) * 0.45, height: 10)
        accessory.frame = CGRect(x: bounds.width - 28, y: 30, width: 12, height: 12)
    }
}

/// A filled, rounded call-to-action button with a centred label bar.
final class SurveyButton: UIButton {
    private let label = TextPlaceholder(color: .white, frame: CGRect(x: 0, y: 0, width: 96, height: 12))

    init(color: UIColor) {
        super.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = 14
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}

// MARK: - Scenes

/// The survey's screens with one present animator; the script presents, waits, and dismisses.
private func surveyScript(_ first: @escaping () -> CrossDissolveFirstViewController) -> Script {
    var script = Script()
    script.tap { first().animationButton }
    script.waitUntilIdle()
    script.wait(0.3)
    script.tap { first().crossDissolveSecondViewController.dismissButton }
    return script
}

/// Full-screen present where the second screen fades in over the first (0.35 s), then the dismiss back
/// with the same animator.
public final class CrossDissolveScene: Scene {
    public static let name = "cross-dissolve"
    public static let summary = "Survey: .fullScreen present cross-dissolves in 0.35 s; dismiss fades the first screen back"
    private var first: CrossDissolveFirstViewController!
    public init() {}
    public func makeRootViewController() -> UIViewController {
        first = CrossDissolveFirstViewController(presentAnimation: .crossDissolve)
        return first
    }
    public func script() -> Script { surveyScript { [unowned self] in self.first } }
}

/// The second screen rises from half the screen's height while fading in, on a spring (2 s, damping 0.6);
/// the dismiss is the survey's cross-dissolve.
public final class HalfWaySpringScene: Scene {
    public static let name = "half-way-spring"
    public static let summary = "Survey: second screen springs up from half height while fading in (2 s, damping 0.6); dismiss cross-dissolves"
    private var first: CrossDissolveFirstViewController!
    public init() {}
    public func makeRootViewController() -> UIViewController {
        first = CrossDissolveFirstViewController(presentAnimation: .halfWaySpring)
        return first
    }
    public func script() -> Script { surveyScript { [unowned self] in self.first } }
}
