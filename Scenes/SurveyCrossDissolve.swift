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
    let animationButton = SurveyButton(title: "Present", color: .systemBlue)
    private let header = SurveyHeader(caption: "Tuesday, June 10", title: "Explore", initials: "MC", tint: .systemBlue)
    private let heroCard = GradientView(colors: [UIColor(rgb: 0x64D2FF), UIColor(rgb: 0x0A84FF), UIColor(rgb: 0x5E5CE6)])
    private let heroTitle = makeLabel("Lisbon", font: .systemFont(ofSize: 28, weight: .bold), color: .white)
    private let heroCaption = makeLabel("5 nights · from $840", font: .preferredFont(forTextStyle: .subheadline),
                                        color: UIColor(white: 1, alpha: 0.8))
    private var chips: [UIView] = []
    private var chipLabels: [UILabel] = []
    private var rows: [SurveyRow] = []

    /// The screen it presents; kept, as the article's lazy property does.
    private(set) lazy var crossDissolveSecondViewController: CrossDissolveSecondViewController = {
        let second = CrossDissolveSecondViewController()
        second.modalPresentationStyle = .fullScreen
        second.transitioningDelegate = self
        return second
    }()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(presentAnimation: SurveyPresentAnimation) {
        self.presentAnimation = presentAnimation
        super.init(nibName: nil, bundle: nil)
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
        for (index, text) in ["All", "Beaches", "Cities", "Hikes"].enumerated() {
            let chip = UIView()
            chip.backgroundColor = index == 0 ? .systemBlue : .systemGray5
            chip.layer.cornerRadius = 15
            let label = makeLabel(text, font: .systemFont(ofSize: 15, weight: .medium), color: index == 0 ? .white : .label,
                                  alignment: .center)
            chip.addSubview(label)
            chipLabels.append(label)
            view.addSubview(chip)
            chips.append(chip)
        }
        let trips: [([UIColor], String, String)] = [
            ([UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)], "Porto Weekend", "Oct 12 – 14 · 2 travellers"),
            ([UIColor(rgb: 0x30D158), UIColor(rgb: 0x0A84FF)], "Kyoto in Autumn", "Nov 3 – 12 · 1 traveller"),
            ([UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0x5E5CE6)], "Iceland Ring Road", "Feb 8 – 18 · 4 travellers"),
        ]
        for (colors, title, detail) in trips {
            let row = SurveyRow(thumbnailColors: colors, title: title, detail: detail)
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
        heroTitle.place(x: 20, centerY: heroCard.bounds.height - 47)
        heroCaption.place(x: 20, centerY: heroCard.bounds.height - 22)
        var x: CGFloat = 20
        for (index, chip) in chips.enumerated() {
            let chipWidth: CGFloat = [74, 88, 64, 80][index]
            chip.frame = CGRect(x: x, y: heroCard.frame.maxY + 20, width: chipWidth, height: 30)
            chipLabels[index].place(x: 0, centerY: 15, width: chipWidth)
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
    let dismissButton = SurveyButton(title: "Dismiss", color: .systemOrange)
    private let photo = GradientView(colors: [UIColor(rgb: 0xFFD60A), UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F)],
                                     start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1))
    private let photoTitle = makeLabel("Lisbon", font: .systemFont(ofSize: 34, weight: .bold), color: .white)
    private let stats = UIView()
    private var statBlocks: [UIView] = []
    private var statLabels: [(UILabel, UILabel)] = []
    private let body: UILabel = {
        let label = makeLabel("Tiled streets climb from the river to the castle. Five nights in Alfama, a day trip to "
                              + "Sintra's palaces, and evenings of fado in small taverns.",
                              font: .preferredFont(forTextStyle: .body), color: UIColor(white: 1, alpha: 0.6))
        label.numberOfLines = 5
        return label
    }()

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
        for (color, number, unit) in [(UIColor.systemOrange, "5", "NIGHTS"), (.systemPink, "3", "SIGHTS"), (.systemTeal, "24°", "AVERAGE")] {
            let block = UIView()
            block.backgroundColor = color
            block.layer.cornerRadius = 8
            let value = makeLabel(number, font: .systemFont(ofSize: 22, weight: .bold), color: .white, alignment: .center)
            let caption = makeLabel(unit, font: .systemFont(ofSize: 11, weight: .semibold), color: UIColor(white: 1, alpha: 0.85),
                                    alignment: .center)
            block.addSubview(value)
            block.addSubview(caption)
            statLabels.append((value, caption))
            stats.addSubview(block)
            statBlocks.append(block)
        }
        view.addSubview(body)
        dismissButton.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(dismissButton)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safe = view.safeAreaInsets, width = view.bounds.width
        photo.frame = CGRect(x: 0, y: 0, width: width, height: safe.top + 260)
        photoTitle.place(x: 20, centerY: photo.bounds.height - 32)
        stats.frame = CGRect(x: 20, y: photo.frame.maxY + 20, width: width - 40, height: 96)
        let blockWidth = (stats.bounds.width - 4 * 16) / 3
        for (index, block) in statBlocks.enumerated() {
            block.frame = CGRect(x: 16 + CGFloat(index) * (blockWidth + 16), y: 16, width: blockWidth, height: 64)
            statLabels[index].0.place(x: 0, centerY: 26, width: blockWidth)
            statLabels[index].1.place(x: 0, centerY: 48, width: blockWidth)
        }
        let bodyHeight = body.sizeThatFits(CGSize(width: width - 40, height: .greatestFiniteMagnitude)).height
        body.frame = CGRect(x: 20, y: stats.frame.maxY + 22, width: width - 40, height: bodyHeight)
        dismissButton.frame = CGRect(x: 20, y: view.bounds.height - safe.bottom - 16 - 50, width: width - 40, height: 50)
    }
}

// MARK: - Building blocks

/// A large-title header: a date line (footnote, uppercase, secondary), the title (34 pt bold) and a round
/// account button with initials.
final class SurveyHeader: UIView {
    private let caption: UILabel
    private let title: UILabel
    private let account = UIView()
    private let initials: UILabel

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(caption: String, title: String, initials: String, tint: UIColor) {
        self.caption = makeLabel(caption.uppercased(), font: .systemFont(ofSize: 13, weight: .semibold), color: .secondaryLabel)
        self.title = makeLabel(title, font: .systemFont(ofSize: 34, weight: .bold))
        self.initials = makeLabel(initials, font: .systemFont(ofSize: 14, weight: .semibold), color: .white, alignment: .center)
        super.init(frame: .zero)
        account.backgroundColor = tint
        account.addSubview(self.initials)
        addSubview(self.caption)
        addSubview(self.title)
        addSubview(account)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        caption.place(x: 20, centerY: 12)
        title.place(x: 20, centerY: 42)
        account.frame = CGRect(x: bounds.width - 20 - 34, y: 22, width: 34, height: 34)
        account.layer.cornerRadius = 17
        initials.place(x: 0, centerY: 17, width: 34)
    }
}

/// One list row: a rounded white cell with a gradient thumbnail, a title (headline), a detail line
/// (subheadline, secondary) and a disclosure chevron, laid out as a list app's cell would: a row stack of
/// thumbnail, text column and chevron, centred across, inside 12-point margins.
final class SurveyRow: UIView {
    private let thumbnail: GradientView
    private let titleLabel: UILabel
    private let detailLabel: UILabel
    private let chevron = DisclosureChevron()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(thumbnailColors: [UIColor], title: String, detail: String) {
        thumbnail = GradientView(colors: thumbnailColors)
        titleLabel = makeLabel(title, font: .preferredFont(forTextStyle: .headline))
        detailLabel = makeLabel(detail, font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
        super.init(frame: .zero)
        backgroundColor = .secondarySystemGroupedBackground   // white in light, raised grey in dark
        layer.cornerRadius = 14
        thumbnail.layer.cornerRadius = 10
        thumbnail.clipsToBounds = true
        let text = UIStackView(arrangedSubviews: [titleLabel, detailLabel])
        text.axis = .vertical
        text.spacing = 1
        let row = UIStackView(arrangedSubviews: [thumbnail, text, chevron])
        row.alignment = .center
        row.spacing = 14
        row.setCustomSpacing(12, after: text)
        row.isLayoutMarginsRelativeArrangement = true
        row.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 16)
        row.translatesAutoresizingMaskIntoConstraints = false
        addSubview(row)
        // The far edges at 999, as cells do: before the list gives the row its frame (zero at first) the
        // row's content does not conflict with it.
        let trailing = row.trailingAnchor.constraint(equalTo: trailingAnchor), bottom = row.bottomAnchor.constraint(equalTo: bottomAnchor)
        trailing.priority = UILayoutPriority(999)
        bottom.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: leadingAnchor), trailing, row.topAnchor.constraint(equalTo: topAnchor), bottom,
            thumbnail.widthAnchor.constraint(equalToConstant: 48), thumbnail.heightAnchor.constraint(equalToConstant: 48),
            chevron.widthAnchor.constraint(equalToConstant: DisclosureChevron.size.width),
            chevron.heightAnchor.constraint(equalToConstant: DisclosureChevron.size.height),
        ])
    }
}

/// A filled, rounded call-to-action button whose title says what it does (17 pt semibold).
final class SurveyButton: UIButton {
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(title: String, color: UIColor, titleColor: UIColor = .white) {
        super.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = 14
        setTitle(title, for: .normal)
        setTitleColor(titleColor, for: .normal)
        titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
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
