public final class UITabBarItem {
    public var title: String?
    public var tag: Int
    public init(title: String?, image: Any?, tag: Int) { self.title = title; self.tag = tag }
}

/// The bar of tabs at the bottom of a tab bar controller: 49 pt plus the bottom safe-area inset, a
/// translucent light background with a hairline on top, one placeholder glyph per item (no text rendering).
open class UITabBar: UIView {
    public static let barHeight: CGFloat = 49

    open var items: [UITabBarItem]? { didSet { rebuildGlyphs() } }
    open var selectedItem: UITabBarItem? { didSet { tintGlyphs() } }
    open var tintColor: UIColor = .systemBlue { didSet { tintGlyphs() } }
    open var unselectedItemTintColor: UIColor? = UIColor(white: 0.6, alpha: 1) { didSet { tintGlyphs() } }

    private let hairline = UIView()
    private var glyphs: [(icon: UIView, label: UIView)] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.97, alpha: 0.94)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        addSubview(hairline)
    }

    private func rebuildGlyphs() {
        for glyph in glyphs { glyph.icon.removeFromSuperview(); glyph.label.removeFromSuperview() }
        glyphs = (items ?? []).map { _ in
            let icon = UIView(), label = UIView()
            icon.layer.cornerRadius = 7
            label.layer.cornerRadius = 2
            addSubview(icon); addSubview(label)
            return (icon, label)
        }
        tintGlyphs()
        setNeedsLayout()
    }

    private func tintGlyphs() {
        for (index, glyph) in glyphs.enumerated() {
            let selected = items?[index] === selectedItem
            let color = selected ? tintColor : (unselectedItemTintColor ?? .gray)
            glyph.icon.backgroundColor = color
            glyph.label.backgroundColor = color
        }
    }

    open override func layoutSubviews() {
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1.0 / 3)
        guard !glyphs.isEmpty else { return }
        let slot = bounds.width / CGFloat(glyphs.count)
        for (index, glyph) in glyphs.enumerated() {
            let midX = slot * (CGFloat(index) + 0.5)
            glyph.icon.frame = CGRect(x: midX - 13, y: 7, width: 26, height: 24)
            glyph.label.frame = CGRect(x: midX - 16, y: 35, width: 32, height: 5)
        }
    }
}

/// Shows one child at a time above a tab bar.
open class UITabBarController: UIViewController {
    public let tabBar = UITabBar()

    open var viewControllers: [UIViewController]? {
        didSet {
            for old in oldValue ?? [] { old.viewIfLoaded?.removeFromSuperview(); old.removeFromParent() }
            for child in viewControllers ?? [] { addChild(child); child.didMove(toParent: self) }
            tabBar.items = viewControllers?.enumerated().map { index, child in
                child.tabBarItem ?? UITabBarItem(title: nil, image: nil, tag: index)
            }
            selectedIndex = min(selectedIndex, max((viewControllers?.count ?? 1) - 1, 0))
            showSelected()
        }
    }
    open var selectedIndex = 0 { didSet { showSelected() } }
    open override var childForStatusBarStyle: UIViewController? { selectedViewController }
    open var selectedViewController: UIViewController? {
        get { viewControllers?.indices.contains(selectedIndex) == true ? viewControllers?[selectedIndex] : nil }
        set { if let index = viewControllers?.firstIndex(where: { $0 === newValue }) { selectedIndex = index } }
    }

    open override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        view.addSubview(tabBar)
    }

    private func showSelected() {
        guard isViewLoaded else { return }
        for child in viewControllers ?? [] where child !== selectedViewController { child.viewIfLoaded?.removeFromSuperview() }
        if let selected = selectedViewController, selected.view.superview !== view {
            view.insertSubview(selected.view, at: 0)
        }
        tabBar.selectedItem = tabBar.items?.indices.contains(selectedIndex) == true ? tabBar.items?[selectedIndex] : nil
        view.setNeedsLayout()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showSelected()
    }

    /// The selected child fills the view; the tab bar sits at the bottom while it is this view's subview
    /// (a transition may borrow it, as the App Store card transition does).
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        selectedViewController?.view.frame = view.bounds
        if tabBar.superview === view {
            let height = UITabBar.barHeight + view.safeAreaInsets.bottom
            tabBar.frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
        }
    }
}
