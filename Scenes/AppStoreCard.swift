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

/// What a Today card says and shows: its artwork (a diagonal gradient), the words on it and, for the
/// detail, the app it is about and the article's paragraphs. The copy is ours.
struct TodayStory {
    let eyebrow: String
    let title: String
    let subtitle: String
    let palette: [UIColor]
    let app: (name: String, category: String, icon: [UIColor])
    let paragraphs: [String]
}

private let todayStories: [TodayStory] = [
    TodayStory(eyebrow: "App of the Day", title: "Sketch Something Every Day",
               subtitle: "A sketchbook that fits in your pocket",
               palette: [UIColor(rgb: 0xFF9F0A), UIColor(rgb: 0xFF375F), UIColor(rgb: 0x5E5CE6)],
               app: ("Inkling", "Sketchbook and diary", [UIColor(rgb: 0xFF375F), UIColor(rgb: 0x5E5CE6)]),
               paragraphs: [
                   "Some days are easier to draw than to describe. Inkling turns a blank page into a small daily "
                       + "habit: a quick sketch over breakfast, a wash of color on the train, a few lines before bed.",
                   "Its brushes behave like the real thing. Pencils smudge, inks pool at the end of a stroke and "
                       + "markers bleed a little at the edges. Layers and undo are there when you want them, and out "
                       + "of sight when you don't.",
                   "Every page is dated, so after a month you have a diary you can flip through in color.",
               ]),
    TodayStory(eyebrow: "Get Started", title: "Five Apps for\nBetter Sleep",
               subtitle: "Wind down with these calm companions",
               palette: [UIColor(rgb: 0x30D158), UIColor(rgb: 0x0A84FF)],
               app: ("Slow Tide", "Sounds and stories for sleep", [UIColor(rgb: 0x0A84FF), UIColor(rgb: 0x30D158)]),
               paragraphs: ["A good night starts an hour before bed. These apps dim the day down gently."]),
    TodayStory(eyebrow: "Game of the Day", title: "Drift Through\nNeon Skies",
               subtitle: "An arcade racer with a retro heart",
               palette: [UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0xFF6482)],
               app: ("Skyline Drift", "Arcade racing", [UIColor(rgb: 0xBF5AF2), UIColor(rgb: 0xFF6482)]),
               paragraphs: ["Hold the turn, ride the glow and chase your own ghost around the city's rooftops."]),
]

/// The words on a card's artwork, as the App Store sets them: a small uppercase eyebrow and a bold title
/// (up to two lines) at the top, a one-line subtitle along the bottom. The card in the list and the
/// detail's image both carry them, in the same place while the detail still has the card's frame.
struct CardCaption {
    let eyebrow = UILabel()
    let title = UILabel()
    let subtitle = UILabel()

    init(story: TodayStory, in view: UIView) {
        eyebrow.text = story.eyebrow.uppercased()
        eyebrow.font = .systemFont(ofSize: 15, weight: .semibold)
        eyebrow.textColor = UIColor(white: 1, alpha: 0.75)
        title.text = story.title
        title.font = .systemFont(ofSize: 28, weight: .bold)
        title.textColor = .white
        title.numberOfLines = 2
        subtitle.text = story.subtitle
        subtitle.font = .systemFont(ofSize: 15)
        subtitle.textColor = UIColor(white: 1, alpha: 0.85)
        [eyebrow, title, subtitle].forEach(view.addSubview)
    }

    /// Lays the caption out on artwork of `size`, its eyebrow `top` points down. The text keeps the card's
    /// width in every state, so a title never re-wraps while the artwork grows or shrinks.
    func layout(in size: CGSize, top: CGFloat) {
        let width = GlobalConstants.todayCardSize.width - 40
        eyebrow.frame = CGRect(x: 20, y: top, width: width, height: 18)
        let titleHeight = title.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
        title.frame = CGRect(x: 20, y: top + 20, width: width, height: titleHeight)
        subtitle.frame = CGRect(x: 20, y: size.height - 20 - 18, width: width, height: 18)
    }
}

// MARK: - Today list

/// One card of the Today list: a shadowed shape (`bgBackView`) holding clipped artwork and its caption.
final class TodayCardView: UIControl {
    let bgBackView = UIView()
    let imageView: GradientView
    private var caption: CardCaption!

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(frame: CGRect, story: TodayStory) {
        imageView = GradientView(colors: story.palette)
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
        caption = CardCaption(story: story, in: content)
        caption.layout(in: content.bounds.size, top: 20)
    }
}

/// A card as the collection view shows it: the cell holds a TodayCardView (touches go to the collection
/// view, which selects the item).
final class TodayCardCell: UICollectionViewCell {
    private(set) var card: TodayCardView?

    func show(_ story: TodayStory) {
        card?.removeFromSuperview()
        let card = TodayCardView(frame: CGRect(origin: .zero, size: GlobalConstants.todayCardSize), story: story)
        card.isUserInteractionEnabled = false
        contentView.addSubview(card)
        self.card = card
    }
}

/// The list's header: the date line, the large "Today" title and the account button (a monogram).
final class TodayHeaderView: UICollectionReusableView {
    private let dateLabel = UILabel()
    private let titleLabel = UILabel()
    private let avatar = GradientView(colors: [UIColor(rgb: 0xA2A2A8), UIColor(rgb: 0x6C6C72)])
    private let initials = UILabel()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        dateLabel.text = "Monday, November 24".uppercased()
        dateLabel.font = .systemFont(ofSize: 13, weight: .semibold)
        dateLabel.textColor = .secondaryLabel
        addSubview(dateLabel)
        titleLabel.text = "Today"
        titleLabel.font = .systemFont(ofSize: 34, weight: .bold)
        addSubview(titleLabel)
        avatar.clipsToBounds = true
        initials.text = "MK"
        initials.font = .systemFont(ofSize: 15, weight: .semibold)
        initials.textColor = .white
        initials.textAlignment = .center
        avatar.addSubview(initials)
        addSubview(avatar)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        dateLabel.frame = CGRect(x: 0, y: 8, width: bounds.width - 56, height: 16)
        titleLabel.frame = CGRect(x: 0, y: 25, width: bounds.width - 56, height: 41)
        avatar.frame = CGRect(x: bounds.width - 36, y: 28, width: 36, height: 36)
        avatar.layer.cornerRadius = 18
        initials.frame = avatar.bounds
    }
}

/// The Today list: a collection view (compositional layout: the header, then one card per row, 20 pt
/// apart) fed by a diffable data source. The article's table view becomes a collection view, as the App
/// Store's is; the transition finds the tapped card with `cellForItem(at:)`.
final class TodayViewController: UIViewController, UICollectionViewDelegate {
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    /// The item whose detail is shown (the article's `selectedCell`, kept as an index path: cells are reused).
    private(set) var selectedIndexPath: IndexPath?
    /// The selected card as the list shows it now, found through the collection view.
    var selectedCell: TodayCardView? {
        selectedIndexPath.flatMap { (collectionView.cellForItem(at: $0) as? TodayCardCell)?.card }
    }

    static func makeLayout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, _ in
            let size = GlobalConstants.todayCardSize
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(size.height)),
                subitems: [item])
            // 20 pt margins; the header follows them.
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
            section.interGroupSpacing = GlobalConstants.cardGap
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(GlobalConstants.headerHeight)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            // Under the cards, so the first card's shadow falls on it.
            header.zIndex = -1
            section.boundarySupplementaryItems = [header]
            return section
        }
    }

    override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: Self.makeLayout())
        collectionView.backgroundColor = .systemBackground
        self.collectionView = collectionView
        view = collectionView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.delegate = self
        let cardRegistration = UICollectionView.CellRegistration<TodayCardCell, Int> { cell, _, item in
            cell.show(todayStories[item])
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<TodayHeaderView>(
            elementKind: UICollectionView.elementKindSectionHeader) { _, _, _ in }
        dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cardRegistration, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(todayStories.indices))
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// The article's didSelectRowAt: remember the item, present the detail with the custom transition.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selectedIndexPath = indexPath
        let detail = CardDetailViewController(story: todayStories[indexPath.item])
        present(detail, animated: true)
    }

    /// Opens the first card's detail as card-expand leaves it, without animating: the detail fills the
    /// screen, its close button shows, and the tab bar (lent to the container) is below the screen.
    func showDetailWithoutAnimation() {
        selectedIndexPath = IndexPath(item: 0, section: 0)
        let detail = CardDetailViewController(story: todayStories[0])
        present(detail, animated: false)
        detail.closeBtn.alpha = 1
        if let tabBar = tabBarController?.tabBar { tabBar.frame.origin.y = kScreenH }
    }
}

// MARK: - Detail

final class CardDetailViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let scrollView = CardDetailScrollView()
    let closeBtn = UIButton(type: .close)
    private let story: TodayStory

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(story: TodayStory) {
        self.story = story
        super.init(nibName: nil, bundle: nil)
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
        // The artwork runs up under the status bar, as in the App Store: no safe-area inset.
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.setUp(story: story)
        view.addSubview(scrollView)

        // Below the status bar: the presenter is on screen already, so its safe area is known.
        let top = presentingViewController?.view.safeAreaInsets.top ?? 0
        closeBtn.frame = CGRect(x: view.bounds.width - 20 - 30, y: top + 4, width: 30, height: 30)
        closeBtn.autoresizingMask = [.flexibleLeftMargin]
        closeBtn.backgroundColor = UIColor(white: 0.15, alpha: 0.55)
        closeBtn.layer.cornerRadius = 15
        let cross = UIImageView(image: UIImage(systemName: "xmark",
                                               withConfiguration: UIImage.SymbolConfiguration(pointSize: 13, weight: .bold)))
        cross.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        cross.contentMode = .center
        cross.tintColor = .white
        closeBtn.addSubview(cross)
        closeBtn.alpha = 0
        closeBtn.addAction(UIAction { [unowned self] _ in self.dismiss(animated: true) }, for: .touchUpInside)
        view.addSubview(closeBtn)
    }

    /// The caption follows the safe area, which follows the view's frame. The animator lays the view out
    /// inside its animation block, so the caption moves with the same spring as the artwork.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        scrollView.layoutCaption(safeAreaTop: view.safeAreaInsets.top)
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

/// The detail's scrolling content: the artwork and its caption on top, then the article: paragraphs, with
/// the app it is about after the first.
final class CardDetailScrollView: UIScrollView {
    private(set) var imageView: GradientView!
    private var caption: CardCaption!

    func setUp(story: TodayStory) {
        backgroundColor = .systemBackground
        let imageHeight = GlobalConstants.cardDetailTopImageH
        imageView = GradientView(colors: story.palette)
        imageView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: imageHeight)
        imageView.clipsToBounds = true
        addSubview(imageView)
        caption = CardCaption(story: story, in: imageView)
        // The article is set once at the screen's width: while the detail grows out of the card, its edges
        // uncover the text instead of re-wrapping it.
        let width = bounds.width - 40
        var y = imageHeight + 24
        for (index, paragraph) in story.paragraphs.enumerated() {
            let style = NSMutableParagraphStyle()
            style.lineSpacing = 3
            let label = UILabel()
            label.attributedText = NSAttributedString(string: paragraph, attributes: [
                .font: UIFont.preferredFont(forTextStyle: .body), .foregroundColor: UIColor.label, .paragraphStyle: style,
            ])
            label.numberOfLines = 0
            let height = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
            label.frame = CGRect(x: 20, y: y, width: width, height: height)
            addSubview(label)
            y += height + 20
            if index == 0 {
                let row = AppRowView(app: story.app)
                row.frame = CGRect(x: 20, y: y, width: width, height: AppRowView.height)
                addSubview(row)
                y += AppRowView.height + 20
            }
        }
        contentSize = CGSize(width: bounds.width, height: y)
    }

    /// The caption hangs from the detail's safe area: 20 pt below the card's top edge while the detail
    /// has the card's frame (no status bar there), 20 pt below the status bar once it fills the screen.
    func layoutCaption(safeAreaTop: CGFloat) {
        caption.layout(in: imageView.bounds.size, top: safeAreaTop + 20)
    }
}

/// The App Store's app row inside an article: icon, name, a line about it and a "GET" button, laid out as
/// the App Store would: a row stack (icon, text column, button) centred across, hairlines pinned by anchors.
final class AppRowView: UIView {
    static let height: CGFloat = 76
    private let icon: GradientView
    private let name = UILabel()
    private let about = UILabel()
    private let getButton = UIButton(type: .system)
    private let topRule = UIView(), bottomRule = UIView()

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    init(app: (name: String, category: String, icon: [UIColor])) {
        icon = GradientView(colors: app.icon)
        super.init(frame: .zero)
        icon.layer.cornerRadius = 12
        icon.clipsToBounds = true
        name.text = app.name
        name.font = .preferredFont(forTextStyle: .headline)
        about.text = app.category
        about.font = .preferredFont(forTextStyle: .subheadline)
        about.textColor = .secondaryLabel
        getButton.setTitle("GET", for: .normal)
        getButton.titleLabel?.font = .systemFont(ofSize: 15, weight: .bold)
        getButton.backgroundColor = .systemGray6
        getButton.layer.cornerRadius = 15

        let text = UIStackView(arrangedSubviews: [name, about])
        text.axis = .vertical
        let row = UIStackView(arrangedSubviews: [icon, text, getButton])
        row.alignment = .center
        row.setCustomSpacing(18, after: icon)
        row.setCustomSpacing(12, after: text)
        row.translatesAutoresizingMaskIntoConstraints = false
        addSubview(row)
        for rule in [topRule, bottomRule] {
            rule.backgroundColor = .separator
            rule.translatesAutoresizingMaskIntoConstraints = false
            addSubview(rule)
        }
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: leadingAnchor), row.trailingAnchor.constraint(equalTo: trailingAnchor),
            row.topAnchor.constraint(equalTo: topAnchor), row.bottomAnchor.constraint(equalTo: bottomAnchor),
            icon.widthAnchor.constraint(equalToConstant: 48), icon.heightAnchor.constraint(equalToConstant: 48),
            getButton.widthAnchor.constraint(equalToConstant: 74), getButton.heightAnchor.constraint(equalToConstant: 30),
            name.heightAnchor.constraint(equalToConstant: 22), about.heightAnchor.constraint(equalToConstant: 20),
            topRule.topAnchor.constraint(equalTo: topAnchor), bottomRule.bottomAnchor.constraint(equalTo: bottomAnchor),
        ] + [topRule, bottomRule].flatMap { rule in
            [rule.leadingAnchor.constraint(equalTo: leadingAnchor), rule.trailingAnchor.constraint(equalTo: trailingAnchor),
             rule.heightAnchor.constraint(equalToConstant: 1.0 / 3)]
        })
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
        // The card's place on screen (in the window), as the container sees it.
        let frame = containerView.convert(selectedCell.convert(selectedCell.bgBackView.frame, to: nil), from: nil)
        // 2. Start the detail at the card's place and size, with the card's corners.
        toVC.view.frame = frame
        toVC.view.layer.cornerRadius = GlobalConstants.toDayCardCornerRadius
        toVC.scrollView.imageView.frame.size.width = GlobalConstants.todayCardSize.width
        toVC.scrollView.imageView.frame.size.height = GlobalConstants.todayCardSize.height
        containerView.addSubview(toVC.view)
        // Its caption where the card has it (the card's frame has no safe area to keep clear of).
        toVC.view.layoutIfNeeded()
        // 3. Spring to full screen: 1.0 s, damping ratio 0.5 (the article's values).
        UIView.animate(withDuration: transitonDuration, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
            toVC.view.frame = UIScreen.main.bounds
            toVC.view.layer.cornerRadius = 0
            toVC.scrollView.imageView.frame.size.width = kScreenW
            toVC.scrollView.imageView.frame.size.height = GlobalConstants.cardDetailTopImageH
            toVC.closeBtn.alpha = 1
            fromVC.tabBar.frame.origin.y = kScreenH
            // The caption moves below the status bar with the same spring.
            toVC.view.layoutIfNeeded()
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
            // The card as the list shows it now, in the window (the container fills it).
            let frame = transitionContext.containerView.convert(
                selectedCell.convert(selectedCell.bgBackView.frame, to: nil), from: nil)
            fromVC.view.frame = frame
            fromVC.view.layer.cornerRadius = GlobalConstants.toDayCardCornerRadius
            fromVC.scrollView.imageView.frame.size.width = GlobalConstants.todayCardSize.width
            fromVC.scrollView.imageView.frame.size.height = GlobalConstants.todayCardSize.height
            fromVC.closeBtn.alpha = 0
            toVC.tabBar.frame.origin.y = kScreenH - toVC.tabBar.frame.height
            fromVC.view.layoutIfNeeded()
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
        let tabs = [TodayViewController()] + (0..<3).map { _ in UIViewController() }
        let items = [("Today", "doc.text.image"), ("Games", "gamecontroller"), ("Apps", "square.stack.3d.up"),
                     ("Search", "magnifyingglass")]
        for (index, (title, symbol)) in items.enumerated() {
            tabs[index].tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol), tag: index)
        }
        app.viewControllers = tabs
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
        script.tap { [unowned self] in self.today.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))! }
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
