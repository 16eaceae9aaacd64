/// One tab: a title and an icon (a symbol image, drawn in the bar's tint when selected).
open class UITabBarItem: UIBarItem {
    /// Shown instead of `image` while the item is selected (UIKit's filled-variant convention).
    open var selectedImage: UIImage? {
        get { storedSelectedImage }
        set { storedSelectedImage = newValue; bar?.itemChanged() }
    }
    private var storedSelectedImage: UIImage?

    /// The bar showing this item, told when the title or images change.
    weak var bar: UITabBar?

    public override init() { super.init() }
    public init(title: String?, image: UIImage?, tag: Int) {
        super.init()
        self.title = title; self.image = image; self.tag = tag
    }
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        storedSelectedImage = selectedImage
        super.init()
        self.title = title; self.image = image
    }
    override func barItemChanged() { bar?.itemChanged() }

    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
    }
    /// A system item: its title and our symbol for it (UIKit's own glyphs are Apple's art).
    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        let (title, symbol): (String, String) = switch systemItem {
        case .more: ("More", "ellipsis")
        case .favorites: ("Favorites", "star.fill")
        case .featured: ("Featured", "star")
        case .topRated: ("Top Rated", "star")
        case .recents, .mostRecent: (systemItem == .recents ? "Recents" : "Most Recent", "doc.text.image")
        case .contacts: ("Contacts", "person.crop.circle")
        case .history: ("History", "doc.text.image")
        case .bookmarks: ("Bookmarks", "star")
        case .search: ("Search", "magnifyingglass")
        case .downloads: ("Downloads", "square.and.arrow.up")
        case .mostViewed: ("Most Viewed", "star.fill")
        }
        self.init(title: title, image: UIImage(systemName: symbol), tag: tag)
    }
}

/// The bar of tabs at the bottom of a tab bar controller: 49 pt plus the bottom safe-area inset, a
/// translucent light background with a hairline on top, and per item an icon over a 10 pt medium title,
/// the selected item in the tint colour and the others in grey, as iOS's compact (portrait iPhone) tab bar.
open class UITabBar: UIView {
    public static let barHeight: CGFloat = 49
    /// Tab titles: SF 10 pt medium in iOS's compact tab bar (stand-in: the system font at that size).
    static let titleFont = UIFont.systemFont(ofSize: 10, weight: .medium)
    /// Icons are drawn as symbols at 20 pt, centred in the top 33 pt of the bar; titles sit under them with
    /// their baseline about 11 pt above the bar's 49 pt edge (measured on iOS 18 screenshots).
    static let iconConfiguration = UIImage.SymbolConfiguration(pointSize: 20, weight: .regular)
    static let iconCenterY: CGFloat = 18
    static let titleTop: CGFloat = 34

    open var items: [UITabBarItem]? {
        get { storedItems }
        set { storedItems = newValue; rebuildItems() }
    }
    private var storedItems: [UITabBarItem]?
    open var selectedItem: UITabBarItem? {
        get { storedSelectedItem }
        set { storedSelectedItem = newValue; tintItems() }
    }
    private var storedSelectedItem: UITabBarItem?
    open var unselectedItemTintColor: UIColor? {
        get { storedUnselectedItemTintColor }
        set { storedUnselectedItemTintColor = newValue; tintItems() }
    }
    private var storedUnselectedItemTintColor: UIColor? = UIColor(white: 0.6, alpha: 1)

    private let hairline = UIView()
    private var itemViews: [(icon: UIImageView, title: UILabel)] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        backgroundColor = BarChrome.background
        hairline.backgroundColor = BarChrome.hairline
        addSubview(hairline)
    }

    func itemChanged() { rebuildItems() }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        tintItems()
    }

    private func rebuildItems() {
        for views in itemViews { views.icon.removeFromSuperview(); views.title.removeFromSuperview() }
        itemViews = (items ?? []).map { item in
            item.bar = self
            let icon = UIImageView(image: nil)
            icon.contentMode = .center
            let title = UILabel()
            title.text = item.title
            title.font = Self.titleFont
            title.textAlignment = .center
            addSubview(icon); addSubview(title)
            return (icon, title)
        }
        tintItems()
        setNeedsLayout()
    }

    private func tintItems() {
        for (index, views) in itemViews.enumerated() {
            guard let item = items?[index] else { continue }
            let selected = item === selectedItem
            let color: UIColor = selected ? tintColor : (unselectedItemTintColor ?? .systemGray)
            let image = (selected ? item.selectedImage ?? item.image : item.image)
            views.icon.image = image?.isSymbolImage == true ? image?.withConfiguration(Self.iconConfiguration) : image
            views.icon.tintColor = color
            views.title.textColor = color
        }
    }

    open override func layoutSubviews() {
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1.0 / 3)
        guard !itemViews.isEmpty else { return }
        let slot = bounds.width / CGFloat(itemViews.count)
        for (index, views) in itemViews.enumerated() {
            let minX = slot * CGFloat(index)
            views.icon.frame = CGRect(x: minX, y: Self.iconCenterY - 15, width: slot, height: 30)
            views.title.frame = CGRect(x: minX + 2, y: Self.titleTop, width: slot - 4, height: 12)
        }
    }
}

/// Shows one child at a time above a tab bar. A tab switch — a tap on the bar, or `selectedIndex` /
/// `selectedViewController` set in code while on screen — runs the delegate's animator, if it returns
/// one, as a view-controller transition in the content area above which the bar stays (interactive when
/// the delegate also returns an interaction controller); without one the new tab shows at once.
open class UITabBarController: UIViewController {
    public let tabBar = UITabBar()
    /// Vends the tab switch's transition objects and hears of selections the user makes in the bar.
    open weak var delegate: UITabBarControllerDelegate?

    open var viewControllers: [UIViewController]? {
        get { storedViewControllers }
        set {
            let oldValue = storedViewControllers
            storedViewControllers = newValue
            for old in oldValue ?? [] { old.viewIfLoaded?.removeFromSuperview(); old.removeFromParent() }
            for child in viewControllers ?? [] { addChild(child); child.didMove(toParent: self) }
            tabBar.items = viewControllers?.enumerated().map { index, child in
                child.tabBarItem ?? UITabBarItem(title: child.title, image: nil, tag: index)
            }
            storedSelectedIndex = min(storedSelectedIndex, max((viewControllers?.count ?? 1) - 1, 0))
            showSelected()
        }
    }
    private var storedViewControllers: [UIViewController]?
    /// Sets the tabs' controllers (never animated here: the bar's items are replaced at once).
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        self.viewControllers = viewControllers
    }
    /// Setting it switches tabs as a tap does, with the delegate's animator, but without asking
    /// `shouldSelect` or telling `didSelect` (as on iOS). During a switch it reads the new tab.
    open var selectedIndex: Int {
        get { storedSelectedIndex }
        set { select(newValue) }
    }
    private var storedSelectedIndex: Int = 0
    open override var childForStatusBarStyle: UIViewController? { selectedViewController }
    open override var childForStatusBarHidden: UIViewController? { selectedViewController }
    open var selectedViewController: UIViewController? {
        get { viewControllers?.indices.contains(selectedIndex) == true ? viewControllers?[selectedIndex] : nil }
        set {
            guard let index = viewControllers?.firstIndex(where: { $0 === newValue }) else {
                // UIKit raises here; a warning keeps the render going.
                ModalTransition.warn("UITabBarController: selectedViewController must be one of viewControllers; \(newValue.map { "\(type(of: $0))" } ?? "nil") ignored.")
                return
            }
            select(index)
        }
    }

    /// The transition's container: holds the selected child's view, below the tab bar.
    private let contentView = UIView()
    private var transition: TransitionContext?

    open override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        contentView.frame = view.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(contentView)
        view.addSubview(tabBar)
        tabBar.addGestureRecognizer(UITapGestureRecognizer { [unowned self] (tap: UITapGestureRecognizer) in
            self.tabBarTapped(at: tap.location(in: self.tabBar))
        })
    }

    private func showSelected() {
        guard isViewLoaded, transition == nil else { return }
        for child in viewControllers ?? [] where child !== selectedViewController { child.viewIfLoaded?.removeFromSuperview() }
        if let selected = selectedViewController, selected.view.superview !== contentView {
            contentView.insertSubview(selected.view, at: 0)
        }
        showSelectedItem()
        view.setNeedsLayout()
    }

    private func showSelectedItem() {
        tabBar.selectedItem = tabBar.items?.indices.contains(selectedIndex) == true ? tabBar.items?[selectedIndex] : nil
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showSelected()
    }

    /// The selected child fills the view; the tab bar sits at the bottom while it is this view's subview
    /// (a transition may borrow it, as the App Store card transition does).
    /// The tab bar covers the bottom of the selected child's view: its safe area ends above the bar (49 pt
    /// over the home-indicator inset), as on iOS.
    override func safeAreaInsets(forChild child: UIViewController) -> UIEdgeInsets {
        guard !tabBar.isHidden, tabBar.superview != nil else { return .zero }
        return UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.barHeight, right: 0)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        contentView.frame = view.bounds
        if transition == nil { selectedViewController?.view.frame = contentView.bounds }
        if tabBar.superview === view {
            let height = UITabBar.barHeight + view.safeAreaInsets.bottom
            tabBar.frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
        }
    }

    // MARK: Switching tabs

    /// A tap on the bar: the item under the finger, if enabled, and if the delegate agrees. Tapping the
    /// selected tab pops a navigation controller there to its root, as on iOS.
    private func tabBarTapped(at point: CGPoint) {
        guard let items = tabBar.items, !items.isEmpty, let children = viewControllers, tabBar.bounds.width > 0 else { return }
        let index = min(max(Int(point.x / (tabBar.bounds.width / CGFloat(items.count))), 0), items.count - 1)
        guard items[index].isEnabled, children.indices.contains(index), transition == nil else { return }
        let child = children[index]
        guard delegate?.tabBarController(self, shouldSelect: child) ?? true else { return }
        if index == selectedIndex {
            (child as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            select(index)
        }
        delegate?.tabBarController(self, didSelect: child)
    }

    /// Selects `index`: through the delegate's transition when on screen and it returns an animator,
    /// otherwise at once. Ignored (with a warning) while a switch runs.
    private func select(_ index: Int) {
        guard transition == nil else {
            ModalTransition.warn("UITabBarController: selecting tab \(index) while a tab transition is in progress; ignored.")
            return
        }
        if let count = viewControllers?.count, !(0..<count).contains(index) {
            ModalTransition.warn("UITabBarController: there is no tab \(index) (the controller has \(count)); the selection stays at \(storedSelectedIndex).")
            return
        }
        let oldIndex = storedSelectedIndex
        guard index != oldIndex, isViewLoaded, view.window != nil, let children = viewControllers,
              children.indices.contains(oldIndex), children.indices.contains(index),
              let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: children[oldIndex], to: children[index])
        else {
            switchAtOnce(to: index)
            return
        }
        runTransition(from: children[oldIndex], to: children[index], oldIndex: oldIndex, newIndex: index, animator: animator)
    }

    /// A switch without an animator: the new tab shows at once. On screen, the old tab disappears and the
    /// new one appears in UIKit's order (will-disappear, will-appear, the views swap, did-disappear,
    /// did-appear), with `animated` false; the new tab's view loads first.
    private func switchAtOnce(to index: Int) {
        let old = selectedViewController
        storedSelectedIndex = index
        let new = selectedViewController
        let onScreen = isViewLoaded && view.window != nil && appearanceState == .appeared && old !== new
        guard onScreen else { showSelected(); return }
        new?.loadViewIfNeeded()
        old?.beginAppearanceTransition(false, animated: false)
        new?.beginAppearanceTransition(true, animated: false)
        showSelected()
        old?.endAppearanceTransition()
        new?.endAppearanceTransition()
    }

    /// The switch as a view-controller transition in the content area: the selection (and the bar's
    /// item) change at once; a cancelled switch puts the old tab back.
    private func runTransition(from: UIViewController, to: UIViewController, oldIndex: Int, newIndex: Int,
                               animator: UIViewControllerAnimatedTransitioning) {
        let interaction = delegate?.tabBarController(self, interactionControllerFor: animator)
        let container = contentView
        let fromView = from.view!, toView = to.view!
        let bounds = container.bounds
        toView.frame = bounds
        storedSelectedIndex = newIndex
        showSelectedItem()
        var context: TransitionContext!
        context = TransitionContext(
            label: "tab \(type(of: to))", container: container, animated: true,
            style: .none, from: from, to: to, fromView: { fromView }, toView: { toView },
            frames: [ObjectIdentifier(from): { (bounds, .zero) }, ObjectIdentifier(to): { (.zero, bounds) }],
            animator: animator, interactionController: interaction
        ) { [unowned self] completed in
            animator.animationEnded(completed)
            context.runAlongsideCompletions()
            from.activeTransition = nil
            to.activeTransition = nil
            self.activeTransition = nil
            self.transition = nil
            if completed {
                fromView.removeFromSuperview()
                if toView.superview !== container { container.addSubview(toView) }
                toView.frame = container.bounds
                from.endAppearanceTransition()
                to.endAppearanceTransition()
            } else {
                // Cancelled (interactive): the old tab stays selected.
                self.storedSelectedIndex = oldIndex
                self.showSelectedItem()
                toView.removeFromSuperview()
                if fromView.superview !== container { container.addSubview(fromView) }
                to.beginAppearanceTransition(false, animated: true)
                from.beginAppearanceTransition(true, animated: true)
                to.endAppearanceTransition()
                from.endAppearanceTransition()
            }
            self.view.setNeedsLayout()
        }
        transition = context
        activeTransition = context
        from.activeTransition = context
        to.activeTransition = context
        from.beginAppearanceTransition(false, animated: true)
        to.beginAppearanceTransition(true, animated: true)
        context.start {
            if toView.superview !== container { container.addSubview(toView) }
            context.completeTransition(true)
        }
    }
}
