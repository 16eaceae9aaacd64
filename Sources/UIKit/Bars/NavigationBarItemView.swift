/// The navigation bar's numbers. Apple publishes few of them; these are measured on iOS 17 screenshots of a
/// 393 pt wide iPhone (Settings, Mail) and agree with the Human Interface Guidelines' 44 pt bar and 16 pt
/// margins (20 pt on the widest phones).
enum NavigationBarMetrics {
    /// The standard row (HIG: navigation bars are 44 pt tall).
    static let rowHeight: CGFloat = 44
    /// The large-title row under it (a large-title bar is 96 pt).
    static let largeTitleRowHeight: CGFloat = 52
    /// The large title's baseline above the bar's bottom edge.
    static let largeTitleBaselineInset: CGFloat = 11
    /// The leading and trailing margins of bar items and of the large title: UIKit's system layout margins.
    static func margin(width: CGFloat) -> CGFloat { width > 400 ? 20 : 16 }
    /// The back chevron's leading edge: the back button sits closer to the edge than other items.
    static let chevronLeading: CGFloat = 8
    /// The chevron's box (a 17 pt semibold `chevron.backward` is about 12 × 20 pt of ink).
    static let chevronSize = CGSize(width: 13, height: 21)
    /// Between the chevron and the back button's title.
    static let chevronTitleGap: CGFloat = 6
    /// Between neighbouring bar items, and the least room between the title and an item.
    static let spacing: CGFloat = 8
    /// The generic back title.
    static let genericBackTitle = "Back"
    /// A disabled item's colour (tertiary label).
    static let disabledColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
}

/// One item as the bar draws it, in bar coordinates, for a bar of a given width: back button or leading
/// items, title (or title view), trailing items, large title. Laid out with bounds and centre, so the bar's
/// transition can move the parts with transforms.
final class NavigationBarItemView: UIView {
    let item: UINavigationItem
    let backItem: UINavigationItem?
    let showsLargeTitle: Bool
    let titleLabel = UILabel()
    let largeTitleLabel: UILabel?
    /// The large-title row's height now: 52 at rest, less as the content scrolls up under the bar, more
    /// while it is pulled down (set by the navigation controller from the tracked scroll view).
    private(set) var largeTitleRow = NavigationBarMetrics.largeTitleRowHeight
    /// The standard row's title, faded in once the large title has gone under the bar (large-title items).
    private(set) var inlineTitleAlpha: CGFloat = 0
    /// The large title's scale while the content is pulled down past its top.
    private(set) var largeTitleScale: CGFloat = 1
    /// The item's title view, shown instead of the title.
    let titleView: UIView?
    /// The item's search controller's bar, in a row under the title (and large title).
    let searchBar: UISearchBar?
    /// The search row's visible height: 52 at rest, less as the content scrolls up.
    private(set) var searchRow = SearchFieldMetrics.navigationRowHeight
    let backButton: NavigationBackButton?
    let leftButtons: [BarButtonView]
    let rightButtons: [BarButtonView]
    /// The back button's title that fitted at the last layout ("" for the chevron alone).
    private(set) var backTitle: String?

    required init?(coder: NSCoder) { misuse("NavigationBarItemView is UIKit's own and is not made from an archive") }
    init(item: UINavigationItem, backItem: UINavigationItem?, largeTitle: Bool, tintColor: UIColor, width: CGFloat,
         backAction: @escaping () -> Void) {
        self.item = item
        self.backItem = backItem
        showsLargeTitle = largeTitle
        let leftItems = item.leftBarButtonItems ?? []
        leftButtons = leftItems.map { BarButtonView(item: $0, tintColor: tintColor) }
        rightButtons = (item.rightBarButtonItems ?? []).map { BarButtonView(item: $0, tintColor: tintColor) }
        backButton = backItem != nil && !item.hidesBackButton && leftItems.isEmpty
            ? NavigationBackButton(tintColor: tintColor, action: backAction) : nil
        titleView = item.titleView
        searchBar = item.searchController?.searchBar
        largeTitleLabel = largeTitle ? UILabel() : nil
        super.init(frame: CGRect(x: 0, y: 0, width: width, height: 0))
        isOpaque = false
        titleLabel.text = item.title
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = .label
        titleLabel.lineBreakMode = .byTruncatingTail
        titleLabel.isHidden = largeTitle || item.titleView != nil
        addSubview(titleLabel)
        if let titleView { addSubview(titleView) }
        if let largeTitleLabel {
            largeTitleLabel.text = item.title
            largeTitleLabel.font = .systemFont(ofSize: 34, weight: .bold)
            largeTitleLabel.textColor = .label
            addSubview(largeTitleLabel)
        }
        if let backButton { addSubview(backButton) }
        if let searchBar {
            // As it rests (a push that took it away left it faded and moved).
            searchBar.drawsBackground = false
            searchBar.transform = .identity
            searchBar.alpha = 1
            addSubview(searchBar)
        }
        for button in leftButtons + rightButtons { addSubview(button) }
        frame.size.height = preferredHeight
    }

    var preferredHeight: CGFloat {
        titleRowsHidden ? shownSearchRow : NavigationBarMetrics.rowHeight + (showsLargeTitle ? largeTitleRow : 0) + shownSearchRow
    }

    /// While an active search hides the title rows (`hidesNavigationBarDuringPresentation`): the search bar
    /// alone, at the top; the title, large title and buttons faded out.
    private(set) var titleRowsHidden = false
    func setTitleRowsHidden(_ hidden: Bool) {
        guard searchBar != nil, hidden != titleRowsHidden else { return }
        titleRowsHidden = hidden
        let alpha: CGFloat = hidden ? 0 : 1
        for part in [largeTitleLabel, titleView, backButton].compactMap({ $0 }) + leftButtons + rightButtons { part.alpha = alpha }
        if titleView == nil { titleLabel.alpha = showsLargeTitle ? inlineTitleAlpha * alpha : alpha }
        setNeedsLayout()
    }
    private var shownSearchRow: CGFloat { searchBar != nil ? searchRow : 0 }

    /// Follows the tracked scroll view: the search row's visible height.
    func setSearchRow(_ row: CGFloat) {
        guard searchBar != nil, row != searchRow else { return }
        searchRow = row
        setNeedsLayout()
    }

    /// Follows the tracked scroll view (large-title items only): the row's height, the inline title's
    /// opacity and the large title's scale. Changes nothing when the values are the resting ones again.
    func setScrollState(largeTitleRow row: CGFloat, inlineTitleAlpha alpha: CGFloat, largeTitleScale scale: CGFloat) {
        guard showsLargeTitle, row != largeTitleRow || alpha != inlineTitleAlpha || scale != largeTitleScale else { return }
        largeTitleRow = row
        inlineTitleAlpha = alpha
        largeTitleScale = scale
        if titleView == nil {
            titleLabel.isHidden = alpha == 0
            titleLabel.alpha = titleRowsHidden ? 0 : alpha
        }
        setNeedsLayout()
    }

    /// The back button's titles to try, longest claim first; "" is the chevron alone.
    var backTitleCandidates: [String] {
        guard let backItem else { return [] }
        let generic = NavigationBarMetrics.genericBackTitle
        if let custom = backItem.backBarButtonItem?.title { return [custom, generic, ""] }
        switch backItem.backButtonDisplayMode {
        case .minimal: return [""]
        case .generic: return [generic, ""]
        case .default:
            let specific = backItem.backButtonTitle ?? backItem.title
            if let specific, !specific.isEmpty, specific != generic { return [specific, generic, ""] }
            return [generic, ""]
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        let row = NavigationBarMetrics.rowHeight
        let margin = NavigationBarMetrics.margin(width: width)
        let spacing = NavigationBarMetrics.spacing
        // Trailing items from the trailing edge inwards, leading items from the leading edge.
        var trailing = width - margin
        for button in rightButtons {
            let w = button.preferredWidth
            place(button, CGRect(x: trailing - w, y: 0, width: w, height: row))
            trailing -= w + spacing
        }
        let trailingLimit = rightButtons.isEmpty ? width - margin : trailing + spacing
        var leading = margin
        for button in leftButtons {
            let w = button.preferredWidth
            place(button, CGRect(x: leading, y: 0, width: w, height: row))
            leading += w + spacing
        }
        var leadingLimit = leftButtons.isEmpty ? margin : leading - spacing

        let inlineTitle = !showsLargeTitle || inlineTitleAlpha > 0
        let titleWidth = titleView?.bounds.width ?? (item.title?.isEmpty == false && inlineTitle ? titleLabel.intrinsicContentSize.width : 0)
        if let backButton {
            // The longest title that keeps clear of the centred title (or of the trailing items without one).
            let centredTitleMinX = min(width / 2 - titleWidth / 2, trailingLimit - spacing - titleWidth)
            let limit = titleWidth > 0 ? centredTitleMinX : trailingLimit
            var chosen = ""
            for candidate in backTitleCandidates where backButton.width(withTitle: candidate) + spacing <= limit {
                chosen = candidate
                break
            }
            backTitle = chosen
            backButton.setTitle(chosen)
            let w = backButton.width(withTitle: chosen)
            place(backButton, CGRect(x: 0, y: 0, width: w, height: row))
            leadingLimit = w
        } else {
            backTitle = nil
        }

        // The title: centred in the bar, moved and then truncated to stay clear of the items on both sides.
        let available = (leadingLimit + spacing)...(max(trailingLimit - spacing, leadingLimit + spacing))
        let w = min(titleWidth, available.upperBound - available.lowerBound)
        let x = min(max(width / 2 - w / 2, available.lowerBound), available.upperBound - w)
        if let titleView {
            titleView.center = CGPoint(x: x + w / 2, y: row / 2)
        } else {
            let h = titleLabel.intrinsicContentSize.height
            place(titleLabel, CGRect(x: x, y: (row - h) / 2, width: w, height: h))
        }
        layoutSearchBar()

        if let largeTitleLabel {
            let font = largeTitleLabel.font!
            let h = largeTitleLabel.intrinsicContentSize.height
            // A label centres its line box; its baseline sits `ascender` below the box's top.
            let baseline = preferredHeight - shownSearchRow - NavigationBarMetrics.largeTitleBaselineInset
            let top = baseline - font.ascender - (h - font.lineHeight) / 2
            let frame = CGRect(x: margin, y: top, width: width - 2 * margin, height: h)
            place(largeTitleLabel, frame)
            // The title keeps to the bar's bottom edge; once it reaches the standard row, the row's
            // lower edge clips it (a mask only then, so a bar at rest draws exactly as before).
            let hidden = row - top
            if hidden > 0 {
                let mask = largeTitleLabel.layer.mask ?? CALayer()
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                mask.frame = CGRect(x: 0, y: hidden, width: frame.width, height: max(h - hidden, 0))
                largeTitleLabel.layer.mask = mask
            } else if largeTitleLabel.layer.mask != nil {
                largeTitleLabel.layer.mask = nil
            }
            // Pulled down, the title grows from its leading end on the baseline (the transform is about the centre).
            if largeTitleScale != 1 || largeTitleLabel.transform != .identity {
                let s = largeTitleScale
                largeTitleLabel.transform = CGAffineTransform(a: s, b: 0, c: 0, d: s,
                                                              tx: (frame.minX - frame.midX) * (1 - s),
                                                              ty: (baseline - frame.midY) * (1 - s))
            }
        }
    }

    /// The search bar under the title rows, the field within the layout margins.
    private func layoutSearchBar() {
        guard let searchBar else { return }
        let top = titleRowsHidden ? 0 : NavigationBarMetrics.rowHeight + (showsLargeTitle ? largeTitleRow : 0)
        searchBar.navigationVisibleRow = searchRow
        searchBar.fieldSideInset = NavigationBarMetrics.margin(width: bounds.width)
        place(searchBar, CGRect(x: 0, y: top, width: bounds.width, height: searchRow))
        searchBar.layoutIfNeeded()
    }

    /// Sets a view's place without touching its transform (the transition moves parts by transforms).
    private func place(_ view: UIView, _ rect: CGRect) {
        view.bounds = CGRect(origin: .zero, size: rect.size)
        view.center = CGPoint(x: rect.midX, y: rect.midY)
    }

    /// The part's untransformed frame in this view.
    static func restingFrame(_ view: UIView) -> CGRect {
        CGRect(x: view.center.x - view.bounds.width / 2, y: view.center.y - view.bounds.height / 2,
               width: view.bounds.width, height: view.bounds.height)
    }
}

/// The back button: the chevron and a title in the tint colour; a tap pops.
final class NavigationBackButton: UIControl {
    let chevron: UIView
    let titleLabel = UILabel()
    private let action: () -> Void

    required init?(coder: NSCoder) { misuse("NavigationBackButton is UIKit's own and is not made from an archive") }
    init(tintColor: UIColor, action: @escaping () -> Void) {
        chevron = makeBackChevron(tintColor: tintColor)
        self.action = action
        super.init(frame: .zero)
        isOpaque = false
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textColor = tintColor
        chevron.isUserInteractionEnabled = false
        addSubview(chevron)
        addSubview(titleLabel)
        addAction(UIAction { [weak self] _ in self?.action() }, for: .touchUpInside)
    }

    /// Where the title starts.
    var titleX: CGFloat {
        NavigationBarMetrics.chevronLeading + NavigationBarMetrics.chevronSize.width + NavigationBarMetrics.chevronTitleGap
    }

    /// The button's width with this title ("" : the chevron alone).
    func width(withTitle title: String) -> CGFloat {
        guard !title.isEmpty else { return NavigationBarMetrics.chevronLeading + NavigationBarMetrics.chevronSize.width }
        let probe = UILabel()
        probe.font = titleLabel.font
        probe.text = title
        return titleX + probe.intrinsicContentSize.width
    }

    func setTitle(_ title: String) {
        titleLabel.text = title.isEmpty ? nil : title
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = NavigationBarMetrics.chevronSize
        chevron.bounds = CGRect(origin: .zero, size: size)
        chevron.center = CGPoint(x: NavigationBarMetrics.chevronLeading + size.width / 2, y: bounds.midY)
        let label = titleLabel.intrinsicContentSize
        titleLabel.bounds = CGRect(origin: .zero, size: label)
        titleLabel.center = CGPoint(x: titleX + label.width / 2, y: bounds.midY)
    }
}

/// One bar button item drawn: its custom view, its words, or its system glyph; a tap performs its action.
final class BarButtonView: UIControl {
    let item: UIBarButtonItem
    private var label: UILabel?
    private var glyph: UIView?

    required init?(coder: NSCoder) { misuse("BarButtonView is UIKit's own and is not made from an archive") }
    init(item: UIBarButtonItem, tintColor: UIColor) {
        self.item = item
        super.init(frame: .zero)
        isOpaque = false
        isEnabled = item.isEnabled
        let color = item.isEnabled ? (item.tintColor ?? tintColor) : NavigationBarMetrics.disabledColor
        if let custom = item.customView {
            addSubview(custom)
        } else if let systemItem = item.systemItem, UIBarButtonItem.systemTitle(systemItem) == nil {
            let made = makeBarGlyph(systemItem, tintColor: color)
            made.isUserInteractionEnabled = false
            addSubview(made)
            glyph = made
        } else if let image = item.image, item.title == nil {
            let view = UIImageView(image: image)
            addSubview(view)
            glyph = view
        } else {
            let made = UILabel()
            made.text = item.title
            made.font = .systemFont(ofSize: 17, weight: item.style == .done ? .semibold : .regular)
            made.textColor = color
            addSubview(made)
            label = made
        }
        addAction(UIAction { [weak self] _ in self?.item.performAction() }, for: .touchUpInside)
    }

    var preferredWidth: CGFloat {
        if item.width > 0 { return item.width }
        if let custom = item.customView { return custom.bounds.width }
        if let glyph { return glyph.bounds.width }
        return label?.intrinsicContentSize.width ?? 0
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let middle = CGPoint(x: bounds.midX, y: bounds.midY)
        if let custom = item.customView { custom.center = middle }
        glyph?.center = middle
        if let label {
            label.bounds = CGRect(origin: .zero, size: label.intrinsicContentSize)
            label.center = middle
        }
    }
}
