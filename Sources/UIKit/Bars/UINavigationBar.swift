/// What a navigation bar shows for one controller: its title (or title view), its bar button items, and
/// what the back button says when this item is the one below the top. `prompt` is kept but not shown.
open class UINavigationItem: NSObject {
    public enum BackButtonDisplayMode: Int, Sendable {
        /// The back item's `backButtonTitle`, else its title, else "Back", else no title, by the room there is.
        case `default` = 0
        /// "Back", else no title.
        case generic
        /// The chevron alone.
        case minimal
    }

    /// Where the search controller's bar goes (iOS 16).
    public enum SearchBarPlacement: Int, Sendable {
        case automatic = 0
        /// In the bar's row, beside the title (iPad and Mac; a phone stacks it).
        case inline
        /// Under the title, hiding as the content scrolls.
        case stacked
    }

    public enum LargeTitleDisplayMode: Int, Sendable {
        /// As the item below it (the root item: large when the bar prefers large titles).
        case automatic = 0
        case always
        case never
    }

    open var title: String? {
        get { storedTitle }
        set { storedTitle = newValue; changed() }
    }
    private var storedTitle: String?
    /// Kept for code written for iOS; the bar does not show prompts (they add a 30 pt row above the bar).
    open var prompt: String?
    open var hidesBackButton: Bool {
        get { storedHidesBackButton }
        set { storedHidesBackButton = newValue; changed() }
    }
    private var storedHidesBackButton: Bool = false
    /// Shown centred in the bar instead of the title while this item is the top one; may be set after the
    /// bar shows the item (as in `viewDidLoad`).
    open var titleView: UIView? {
        get { storedTitleView }
        set { storedTitleView = newValue; changed() }
    }
    private var storedTitleView: UIView?
    /// Used as the back button's title when this item is the back item.
    open var backButtonTitle: String? {
        get { storedBackButtonTitle }
        set { storedBackButtonTitle = newValue; changed() }
    }
    private var storedBackButtonTitle: String?
    /// Used for the back button when this item is the back item: its title wins over `backButtonTitle`.
    open var backBarButtonItem: UIBarButtonItem? {
        get { storedBackBarButtonItem }
        set { storedBackBarButtonItem = newValue; changed() }
    }
    private var storedBackBarButtonItem: UIBarButtonItem?
    /// How the back button's title is chosen when this item is the back item.
    open var backButtonDisplayMode: BackButtonDisplayMode {
        get { storedBackButtonDisplayMode }
        set { storedBackButtonDisplayMode = newValue; changed() }
    }
    private var storedBackButtonDisplayMode: BackButtonDisplayMode = BackButtonDisplayMode.default
    open var largeTitleDisplayMode: LargeTitleDisplayMode {
        get { storedLargeTitleDisplayMode }
        set { storedLargeTitleDisplayMode = newValue; changed() }
    }
    private var storedLargeTitleDisplayMode: LargeTitleDisplayMode = LargeTitleDisplayMode.automatic
    /// Leading items (the first one outermost); they take the back button's place.
    open var leftBarButtonItems: [UIBarButtonItem]? {
        get { storedLeftBarButtonItems }
        set { storedLeftBarButtonItems = newValue; changed() }
    }
    private var storedLeftBarButtonItems: [UIBarButtonItem]?
    /// Trailing items (the first one outermost, at the trailing edge).
    open var rightBarButtonItems: [UIBarButtonItem]? {
        get { storedRightBarButtonItems }
        set { storedRightBarButtonItems = newValue; changed() }
    }
    private var storedRightBarButtonItems: [UIBarButtonItem]?
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
    /// While this item is the top one: the bar's background once content is under it (over the bar's own).
    open var standardAppearance: UINavigationBarAppearance? {
        get { storedStandardAppearance }
        set { storedStandardAppearance = newValue; bar?.topItemAppearanceChanged(self) }
    }
    private var storedStandardAppearance: UINavigationBarAppearance?
    /// While this item is the top one: the bar's background at the scroll edge (over the bar's own).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue; bar?.topItemAppearanceChanged(self) }
    }
    private var storedScrollEdgeAppearance: UINavigationBarAppearance?
    /// Inert: a phone in portrait never shows the compact-height bar (landscape is not rendered); stored.
    open var compactAppearance: UINavigationBarAppearance?
    /// Inert: a phone in portrait never shows the compact-height bar (landscape is not rendered); stored.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance?

    /// Its search bar sits under the title (the bar grows by the search row; see UISearchController).
    open var searchController: UISearchController? {
        get { storedSearchController }
        set { storedSearchController = newValue; changed() }
    }
    private var storedSearchController: UISearchController?
    /// Whether the search bar hides as the content scrolls up (true, as on iOS); false keeps it shown.
    open var hidesSearchBarWhenScrolling: Bool {
        get { storedHidesSearchBarWhenScrolling }
        set { storedHidesSearchBarWhenScrolling = newValue; changed() }
    }
    private var storedHidesSearchBarWhenScrolling = true
    /// A phone in portrait stacks the search bar under the title whatever is preferred.
    open var preferredSearchBarPlacement: SearchBarPlacement = .automatic
    /// Where the bar is: stacked (under the title) when there is a search controller.
    open var searchBarPlacement: SearchBarPlacement { storedSearchController == nil ? .automatic : .stacked }

    /// The bar showing this item, told when the item changes.
    weak var bar: UINavigationBar?

    public init(title: String?) { storedTitle = title; super.init() }
    public override convenience init() { self.init(title: nil) }

    private func changed() { bar?.itemsChanged() }
}

/// The look of a navigation bar's background: `UIBarAppearance`'s, with the hairline below.
public final class UINavigationBarAppearance: UIBarAppearance {}

/// The bar at the top of a navigation controller, 44 pt below the top safe area (96 with a large title),
/// its background reaching up behind the status bar. It draws the top item as iOS 17 does: the title
/// centred (17 pt semibold), the back button (chevron and the item below's title, "Back", or the chevron
/// alone, by the room there is), bar button items in the tint colour, and, when `prefersLargeTitles`, the
/// title at 34 pt bold under the standard row. A push or pop animates the bar alongside the transition.
open class UINavigationBar: UIView {
    public static let barHeight: CGFloat = NavigationBarMetrics.rowHeight

    open var items: [UINavigationItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        storedItems = items
        adopt(items)
        rebuild()
    }
    open var topItem: UINavigationItem? { storedItems?.last }
    /// Adds `item` on top (a bar a navigation controller owns is changed by the controller instead).
    open func pushItem(_ item: UINavigationItem, animated: Bool) { setItems((storedItems ?? []) + [item], animated: animated) }
    /// Takes the top item off and returns it.
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var items = storedItems, let top = items.popLast() else { return nil }
        setItems(items, animated: animated)
        return top
    }
    open var backItem: UINavigationItem? {
        guard let items = storedItems, items.count > 1 else { return nil }
        return items[items.count - 2]
    }

    /// The bar button items and back button take the bar's tint (UIView's, inherited; systemBlue by default).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsChanged()
    }
    /// Show the top item's title large under the standard row (unless the item says `.never`).
    open var prefersLargeTitles: Bool {
        get { storedPrefersLargeTitles }
        set { storedPrefersLargeTitles = newValue; itemsChanged() }
    }
    private var storedPrefersLargeTitles: Bool = false
    /// The background once content scrolls under the bar.
    open var standardAppearance: UINavigationBarAppearance {
        get { storedStandardAppearance }
        set { storedStandardAppearance = newValue; updateBackground() }
    }
    private var storedStandardAppearance: UINavigationBarAppearance = UINavigationBarAppearance()
    /// The background while the content's edge meets the bar; nil: the standard appearance with a transparent
    /// background (iOS 15's rule). The bar is at the scroll edge while the top controller's content scroll
    /// view is at its top (and always when it has none); `standardAppearance` fades in as content scrolls under.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue; updateBackground() }
    }
    private var storedScrollEdgeAppearance: UINavigationBarAppearance?
    /// Before iOS 13's appearances, this coloured the bar: when set it fills the bar at the scroll edge too.
    open var barTintColor: UIColor? {
        get { storedBarTintColor }
        set { storedBarTintColor = newValue; updateBackground() }
    }
    private var storedBarTintColor: UIColor?
    open var isTranslucent: Bool {
        get { storedIsTranslucent }
        set { storedIsTranslucent = newValue; updateBackground() }
    }
    private var storedIsTranslucent: Bool = true
    /// Attributes of the large title; a font and a foreground colour given here are used.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        get { storedLargeTitleTextAttributes }
        set { storedLargeTitleTextAttributes = newValue; itemsChanged() }
    }
    private var storedLargeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// Attributes of the title in the standard row; a font and a foreground colour given here are used.
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        get { storedTitleTextAttributes }
        set { storedTitleTextAttributes = newValue; itemsChanged() }
    }
    private var storedTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// Inert: a phone in portrait never shows the compact-height bar (landscape is not rendered); stored.
    open var compactAppearance: UINavigationBarAppearance?
    /// Inert: a phone in portrait never shows the compact-height bar (landscape is not rendered); stored.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance?
    /// Inert: stored; the hairline is drawn from the appearance's shadow colour (no images in bar backgrounds).
    open var shadowImage: UIImage?
    /// Inert: stored; the back button draws the system chevron.
    open var backIndicatorImage: UIImage?
    /// Inert: stored; the back button draws the system chevron.
    open var backIndicatorTransitionMaskImage: UIImage?

    /// 0 at the scroll edge (the scroll-edge appearance), 1 once content is under the bar (the standard
    /// one); between, the standard background fades in over the edge one (UINavigationController+BarTracking.swift).
    var scrollEdgeProgress: CGFloat = 0 {
        didSet { if scrollEdgeProgress != oldValue { updateBackground() } }
    }
    /// The large-title row's height, the inline title's opacity and the large title's scale the tracked
    /// scroll view asks for (52, 0, 1 at rest).
    private(set) var largeTitleScrollState = (row: NavigationBarMetrics.largeTitleRowHeight, inlineAlpha: CGFloat(0), scale: CGFloat(1))
    func setLargeTitleScrollState(row: CGFloat, inlineAlpha: CGFloat, scale: CGFloat) {
        largeTitleScrollState = (row, inlineAlpha, scale)
        shownItemView?.setScrollState(largeTitleRow: row, inlineTitleAlpha: inlineAlpha, largeTitleScale: scale)
    }

    /// The search row's visible height the tracked scroll view asks for (52 at rest; a top item with a
    /// search controller only).
    private(set) var searchRowHeight = SearchFieldMetrics.navigationRowHeight
    func setSearchRow(_ height: CGFloat) {
        guard height != searchRowHeight else { return }
        searchRowHeight = height
        shownItemView?.setSearchRow(height)
    }

    /// While the top item's search is active and hides the bar's title rows: the bar is the search row alone.
    private(set) var titleRowsHiddenForSearch = false
    func setTitleRowsHiddenForSearch(_ hidden: Bool) {
        guard hidden != titleRowsHiddenForSearch else { return }
        titleRowsHiddenForSearch = hidden
        shownItemView?.setTitleRowsHidden(hidden)
    }

    /// What the back button does (the navigation controller pops).
    var backAction: (() -> Void)?

    private var storedItems: [UINavigationItem]?
    /// The scroll-edge appearance's fill and hairline, and the standard one's over them (faded in).
    private let background = UIView()
    private let hairline = UIView()
    /// Made the first time content scrolls under the bar (a bar that never leaves the edge has none).
    private(set) var standardBackground: UIView?
    private var standardHairline: UIView?
    /// The items' drawing now: one view between transitions, the leaving and arriving ones during one.
    private(set) var shownItemView: NavigationBarItemView?
    private(set) var transitionViews: (from: NavigationBarItemView?, to: NavigationBarItemView)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// The back button as the bar draws it now (the arriving item's during a transition); nil when the top
    /// item shows none. For scripts that tap it (`Script.tapBackButton()`).
    package var backButtonView: UIView? { (transitionViews?.to ?? shownItemView)?.backButton }
    /// The view that draws `item` now (its button, or its custom view), if the bar shows it.
    package func view(for item: UIBarButtonItem) -> UIView? {
        guard let shown = transitionViews?.to ?? shownItemView else { return nil }
        return (shown.leftButtons + shown.rightButtons).first { $0.item === item }
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        background.isUserInteractionEnabled = false
        hairline.isUserInteractionEnabled = false
        addSubview(background)
        addSubview(hairline)
        updateBackground()
    }

    /// The bar's height for its top item: 44, or 96 with a large title (44…96 as the tracked scroll view
    /// collapses it, more while it is pulled down).
    var preferredHeight: CGFloat {
        if titleRowsHiddenForSearch && topItem?.searchController != nil { return searchRowHeight }
        return (showsLargeTitle(at: (storedItems?.count ?? 0) - 1)
            ? NavigationBarMetrics.rowHeight + largeTitleScrollState.row : NavigationBarMetrics.rowHeight)
            + (topItem?.searchController != nil ? searchRowHeight : 0)
    }

    /// Whether the item at `index` shows a large title: `.automatic` takes the item below's choice, down to
    /// the root, which follows `prefersLargeTitles`.
    func showsLargeTitle(at index: Int) -> Bool {
        guard prefersLargeTitles, let items = storedItems, items.indices.contains(index) else { return false }
        for item in items[...index].reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never: return false
            case .automatic: continue
            }
        }
        return true
    }

    private func updateBackground() {
        let appearance: UINavigationBarAppearance
        let tinted = barTintColor.map { tint in
            let tinted = standardAppearance.copy()
            tinted.backgroundColor = isTranslucent ? tint.withAlphaComponent(0.94) : tint
            return tinted
        }
        // UIKit's fallbacks: the top item's appearance before the bar's; at the edge, the standard one made
        // transparent when neither has a scroll-edge appearance.
        if let tinted {
            appearance = tinted
        } else if let edge = topItem?.scrollEdgeAppearance ?? scrollEdgeAppearance {
            appearance = edge
        } else {
            appearance = (topItem?.standardAppearance ?? standardAppearance).copy()
            appearance.configureWithTransparentBackground()
        }
        background.backgroundColor = appearance.backgroundColor
        hairline.backgroundColor = appearance.shadowColor
        background.isHidden = appearance.backgroundColor == nil
        hairline.isHidden = appearance.shadowColor == nil
        // The standard appearance over the edge one, by how far content has gone under the bar.
        let standard = tinted ?? topItem?.standardAppearance ?? standardAppearance
        let p = min(max(scrollEdgeProgress, 0), 1)
        if p > 0 && standardBackground == nil {
            let fill = UIView(), line = UIView()
            fill.isUserInteractionEnabled = false
            line.isUserInteractionEnabled = false
            insertSubview(fill, aboveSubview: hairline)
            insertSubview(line, aboveSubview: fill)
            fill.frame = background.frame
            line.frame = hairline.frame
            standardBackground = fill
            standardHairline = line
        }
        guard let standardBackground, let standardHairline else { return }
        standardBackground.backgroundColor = standard.backgroundColor
        standardHairline.backgroundColor = standard.shadowColor
        standardBackground.alpha = p
        standardHairline.alpha = p
        standardBackground.isHidden = p == 0 || standard.backgroundColor == nil
        standardHairline.isHidden = p == 0 || standard.shadowColor == nil
    }

    private func adopt(_ items: [UINavigationItem]?) {
        for item in items ?? [] {
            item.bar = self
            for button in (item.leftBarButtonItems ?? []) + (item.rightBarButtonItems ?? []) { button.bar = self }
            item.backBarButtonItem?.bar = self
        }
    }

    /// An item or one of its buttons changed: draw the stack again (after a running transition).
    func itemsChanged() {
        adopt(storedItems)
        guard transitionViews == nil else { return }
        rebuild()
    }

    private func makeItemView(at index: Int) -> NavigationBarItemView? {
        guard let items = storedItems, items.indices.contains(index) else { return nil }
        let view = NavigationBarItemView(item: items[index], backItem: index > 0 ? items[index - 1] : nil,
                                         largeTitle: showsLargeTitle(at: index), tintColor: tintColor ?? .systemBlue,
                                         width: bounds.width) { [weak self] in self?.backAction?() }
        if let attributes = titleTextAttributes {
            if let font = attributes[.font] as? UIFont { view.titleLabel.font = font }
            if let color = attributes[.foregroundColor] as? UIColor { view.titleLabel.textColor = color }
        }
        if let label = view.largeTitleLabel, let attributes = largeTitleTextAttributes {
            if let font = attributes[.font] as? UIFont { label.font = font }
            if let color = attributes[.foregroundColor] as? UIColor { label.textColor = color }
        }
        addSubview(view)
        return view
    }

    /// Takes an item's drawing out of the bar, and its title view out of the drawing.
    private func discard(_ view: NavigationBarItemView?) {
        guard let view else { return }
        if let titleView = view.titleView, titleView.superview === view { titleView.removeFromSuperview() }
        if let searchBar = view.searchBar, searchBar.superview === view { searchBar.removeFromSuperview() }
        view.removeFromSuperview()
    }

    /// An item's appearance changed: the bar's background follows when it is the top item.
    func topItemAppearanceChanged(_ item: UINavigationItem) {
        if item === topItem { updateBackground() }
    }

    /// Draws the top item afresh.
    private func rebuild() {
        updateBackground()
        discard(transitionViews?.from)
        discard(transitionViews?.to)
        transitionViews = nil
        discard(shownItemView)
        shownItemView = makeItemView(at: (storedItems?.count ?? 0) - 1)
        let state = largeTitleScrollState
        shownItemView?.setScrollState(largeTitleRow: state.row, inlineTitleAlpha: state.inlineAlpha, largeTitleScale: state.scale)
        shownItemView?.setSearchRow(searchRowHeight)
        shownItemView?.setTitleRowsHidden(titleRowsHiddenForSearch)
        setNeedsLayout()
    }

    /// Shows `items` with the system bar transition of a push or pop, run alongside the transition (so it
    /// follows an interactive transition's progress and its cancel). When the transition ends, finished or
    /// cancelled, the bar draws whatever its items are then.
    func transition(to items: [UINavigationItem], operation: UINavigationController.Operation,
                    coordinator: UIViewControllerTransitionCoordinator) {
        let from = shownItemView
        discard(transitionViews?.from)
        discard(transitionViews?.to)
        storedItems = items
        adopt(items)
        // The arriving screen starts with its content at rest: large title out, at the scroll edge.
        largeTitleScrollState = (NavigationBarMetrics.largeTitleRowHeight, 0, 1)
        searchRowHeight = SearchFieldMetrics.navigationRowHeight
        titleRowsHiddenForSearch = false
        guard let to = makeItemView(at: items.count - 1) else { rebuild(); return }
        shownItemView = nil
        transitionViews = (from, to)
        let width = bounds.width
        for view in [from, to].compactMap({ $0 }) {
            view.frame = CGRect(x: 0, y: 0, width: width, height: view.preferredHeight)
            view.layoutIfNeeded()
        }
        let motion = NavigationBarTransition(from: from, to: to, push: operation != .pop, width: width)
        UIView.performWithoutAnimation { motion.applyStart() }
        let height = preferredHeight
        coordinator.animateAlongsideTransition(in: self, animation: { [weak self] _ in
            motion.applyEnd()
            guard let self else { return }
            self.scrollEdgeProgress = 0
            if self.bounds.height != height {
                self.frame = CGRect(x: self.frame.minX, y: self.frame.minY, width: self.frame.width, height: height)
                self.layoutIfNeeded()
            }
        }, completion: { [weak self] _ in
            guard let self, self.transitionViews?.to === to else { return }
            self.rebuild()
        })
    }

    open override func layoutSubviews() {
        // The background covers the status bar area above the bar, as UIKit's bar background does.
        let top = superview.map { convert(CGPoint.zero, to: $0).y } ?? 0
        background.frame = CGRect(x: 0, y: -top, width: bounds.width, height: bounds.height + top)
        hairline.frame = CGRect(x: 0, y: bounds.height, width: bounds.width, height: 1.0 / 3)
        standardBackground?.frame = background.frame
        standardHairline?.frame = hairline.frame
        for view in [shownItemView, transitionViews?.from, transitionViews?.to].compactMap({ $0 }) {
            let frame = CGRect(x: 0, y: 0, width: bounds.width, height: view.preferredHeight)
            if view.frame != frame { view.frame = frame }
        }
    }
}
