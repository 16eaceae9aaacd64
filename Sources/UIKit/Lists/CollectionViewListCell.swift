import Foundation

/// A system accessory of a list cell (iOS 14): what it is, when it shows, and its options.
public struct UICellAccessory {
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    public enum LayoutDimension: Equatable, Sendable { case actual, standard, custom(CGFloat) }
    public typealias ActionHandler = () -> Void
    public typealias Position = ([UICellAccessory]) -> Int
    public enum Placement { case leading(displayed: DisplayedState = .always, at: Position? = nil), trailing(displayed: DisplayedState = .always, at: Position? = nil) }

    /// The options every system accessory takes: hidden, reserved width, tint.
    public struct DisclosureIndicatorOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor } }
    public struct CheckmarkOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor } }
    public struct DetailOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor } }
    public struct DeleteOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.backgroundColor = backgroundColor } }
    public struct InsertOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.backgroundColor = backgroundColor } }
    public struct ReorderOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var showsVerticalSeparator = true
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, showsVerticalSeparator: Bool = true) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.showsVerticalSeparator = showsVerticalSeparator } }
    public struct MultiselectOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.backgroundColor = backgroundColor } }
    public struct OutlineDisclosureOptions { public enum Style: Int, Sendable { case automatic, header, cell }
        public var style: Style; public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?
        public init(style: Style = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) { self.style = style; self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor } }
    public struct LabelOptions { public var isHidden: Bool?; public var reservedLayoutWidth: LayoutDimension?; public var tintColor: UIColor?; public var font: UIFont?; public var adjustsFontForContentSizeCategory: Bool?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, font: UIFont? = nil, adjustsFontForContentSizeCategory: Bool? = nil) { self.isHidden = isHidden; self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.font = font; self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory } }
    /// A view of the app's as an accessory, placed leading or trailing.
    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public var maintainsFixedSize: Bool?
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth; self.tintColor = tintColor; self.maintainsFixedSize = maintainsFixedSize
        }
    }

    enum Kind {
        case system(ListAccessory), outlineDisclosure, multiselect, label(String, UIFont?), custom(CustomViewConfiguration)
    }
    let kind: Kind
    let displayed: DisplayedState
    let isHidden: Bool
    let tintColor: UIColor?
    let reservedWidth: LayoutDimension?
    let actionHandler: ActionHandler?

    /// Inert: accessories are drawn, but taps on them are not routed to their handlers here.
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .outlineDisclosure, displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> UICellAccessory {
        UICellAccessory(kind: .system(.disclosureIndicator), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: nil)
    }
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> UICellAccessory {
        UICellAccessory(kind: .system(.checkmark), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: nil)
    }
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .system(.detailButton), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .system(.delete), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func insert(displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(), actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .system(.insert), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> UICellAccessory {
        UICellAccessory(kind: .system(.reorder), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: nil)
    }
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()) -> UICellAccessory {
        UICellAccessory(kind: .multiselect, displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: nil)
    }
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> UICellAccessory {
        UICellAccessory(kind: .label(text, options.font), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth, actionHandler: nil)
    }
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let displayed: DisplayedState = switch configuration.placement { case .leading(let d, _), .trailing(let d, _): d }
        return UICellAccessory(kind: .custom(configuration), displayed: displayed, isHidden: configuration.isHidden ?? false, tintColor: configuration.tintColor, reservedWidth: configuration.reservedLayoutWidth, actionHandler: nil)
    }

    /// Leading accessories: editing controls, multiselect, outline disclosure, leading custom views.
    var isLeading: Bool {
        switch kind {
        case .system(.delete), .system(.insert), .multiselect: true
        case .custom(let c): if case .leading = c.placement { true } else { false }
        default: false
        }
    }
    func isShown(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }
    /// A view drawing the accessory (wt-table's list accessory drawing for the system ones).
    func makeView(tint: UIColor) -> UIView {
        switch kind {
        case .system(let accessory): return accessory.makeView(tint: tintColor ?? tint)
        case .outlineDisclosure:
            let view = ListAccessory.disclosureIndicator.makeView(tint: tintColor ?? tint)
            view.tintColor = tintColor ?? tint
            return view
        case .multiselect:
            let circle = UIView(frame: CGRect(x: 0, y: 0, width: 22, height: 22))
            circle.layer.cornerRadius = 11
            circle.layer.borderWidth = 1.5
            circle.layer.borderColor = UIColor.systemGray3.cgColor
            return circle
        case .label(let text, let font):
            let label = UILabel()
            label.text = text
            label.font = font ?? UIFont.preferredFont(forTextStyle: .body)
            label.textColor = tintColor ?? .secondaryLabel
            label.sizeToFit()
            return label
        case .custom(let configuration):
            return configuration.customView
        }
    }
}

/// A collection view cell made for list layouts (iOS 14): the list's background for its appearance and
/// position (rounded section ends when inset grouped), a separator, accessories at its edges, indentation.
open class UICollectionViewListCell: UICollectionViewCell {
    open var accessories: [UICellAccessory] = [] {
        didSet { accessoryViewsNeedUpdate = true; setNeedsLayout() }
    }
    open var indentationLevel: Int = 0 { didSet { setNeedsLayout() } }
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    open var indentsAccessories = true { didSet { setNeedsLayout() } }
    /// Where the separator starts and ends (its leading edge is the text's leading edge).
    public let separatorLayoutGuide = UILayoutGuide()
    private var separatorLeading: NSLayoutConstraint?
    /// Inert: the separator is placed by the list configuration here; stored.
    open var separatorLayoutGuideLeadingInset: CGFloat = 0

    private let separatorView = UIView()
    private var accessoryViews: [(accessory: UICellAccessory, view: UIView)] = []
    private var accessoryViewsNeedUpdate = true
    private var isEditingShown = false

    /// Where this row sits in its list section (set by the collection view as it places the cell).
    var listPlacement: ListRowPlacement? {
        didSet {
            guard listPlacement != oldValue else { return }
            if backgroundConfiguration == nil || oldValue?.configuration != listPlacement?.configuration {
                backgroundConfiguration = defaultBackgroundConfiguration()
            }
            setNeedsLayout()
            setNeedsUpdateConfiguration()
        }
    }

    public required init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        addLayoutGuide(separatorLayoutGuide)
        separatorView.isUserInteractionEnabled = false
        separatorView.isHidden = true
        addSubview(separatorView)
        separatorLeading = separatorLayoutGuide.leadingAnchor.constraint(equalTo: leadingAnchor, constant: ListMetrics.separatorLeadingInset)
        NSLayoutConstraint.activate([separatorLeading!, separatorLayoutGuide.trailingAnchor.constraint(equalTo: trailingAnchor),
                                     separatorLayoutGuide.bottomAnchor.constraint(equalTo: bottomAnchor),
                                     separatorLayoutGuide.heightAnchor.constraint(equalToConstant: 0)])
        backgroundConfiguration = defaultBackgroundConfiguration()
    }

    /// `UIListContentConfiguration.cell()` (a sidebar's row style in sidebars).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch listPlacement?.configuration {
        case .sidebar?: .sidebarCell()
        default: .cell()
        }
    }
    /// The list's cell background for the section's appearance (grouped rows on the grouped colour).
    open override func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        switch listPlacement?.configuration {
        case .grouped?, .insetGrouped?: .listGroupedCell()
        case .sidebar?: .listSidebarCell()
        default: .listPlainCell()
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
    }

    override var contentWidthReserve: CGFloat {
        let editing = owningCollectionView?.isEditing ?? false
        let shown = accessories.filter { $0.isShown(editing: editing) }
        guard !shown.isEmpty else { return CGFloat(indentationLevel) * indentationWidth }
        let widths = shown.map { accessoryWidth($0) + ListAccessory.spacing }
        return widths.reduce(0, +) + CGFloat(indentationLevel) * indentationWidth
    }
    private func accessoryWidth(_ accessory: UICellAccessory) -> CGFloat {
        switch accessory.reservedWidth {
        case .custom(let width)?: return width
        default: break
        }
        switch accessory.kind {
        case .system(let system): return system.size.width
        case .outlineDisclosure: return ListAccessory.disclosureIndicator.size.width
        case .multiselect: return 22
        case .label, .custom: return accessory.makeView(tint: tintColor).bounds.width
        }
    }

    /// Inset-grouped section ends are rounded (10 pt): the first row's top corners, the last row's bottom.
    override func backgroundConfigurationDidApply(_ host: UIView) {
        guard let placement = listPlacement, placement.configuration == .insetGrouped else {
            if listPlacement != nil && backgroundConfiguration?.cornerRadius == 0 { host.layer.cornerRadius = 0 }
            return
        }
        var corners: CACornerMask = []
        if placement.isFirst { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if placement.isLast { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        host.layer.cornerRadius = corners.isEmpty ? 0 : ListMetrics.insetGroupedCornerRadius
        host.layer.maskedCorners = corners
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let editing = owningCollectionView?.isEditing ?? false
        if accessoryViewsNeedUpdate || editing != isEditingShown {
            accessoryViewsNeedUpdate = false
            isEditingShown = editing
            for (_, view) in accessoryViews { view.removeFromSuperview() }
            accessoryViews = accessories.filter { $0.isShown(editing: editing) }.map { ($0, $0.makeView(tint: tintColor)) }
            for (_, view) in accessoryViews { addSubview(view) }
        }
        let margin = ListAccessory.spacing + 4   // the first accessory sits 16 pt from the edge, as the text does
        let indent = CGFloat(indentationLevel) * indentationWidth
        var leading = indentsAccessories ? indent : 0
        var trailing = bounds.width - margin
        var contentLeading: CGFloat = indent
        for (accessory, view) in accessoryViews where accessory.isLeading {
            let width = accessoryWidth(accessory)
            leading += margin
            view.frame = CGRect(x: leading, y: (bounds.height - view.bounds.height) / 2, width: view.bounds.width, height: view.bounds.height)
            leading += width
            contentLeading = leading
        }
        for (accessory, view) in accessoryViews.reversed() where !accessory.isLeading {
            let width = accessoryWidth(accessory)
            view.frame = CGRect(x: trailing - width + (width - view.bounds.width) / 2, y: (bounds.height - view.bounds.height) / 2,
                                width: view.bounds.width, height: view.bounds.height)
            trailing -= width + ListAccessory.spacing
        }
        let hasTrailing = accessoryViews.contains { !$0.accessory.isLeading }
        contentView.frame = CGRect(x: contentLeading, y: 0,
                                   width: max(0, (hasTrailing ? trailing + ListAccessory.spacing - 16 + 16 : bounds.width) - contentLeading),
                                   height: bounds.height)
        if hasTrailing { contentView.frame.size.width = max(0, trailing + ListAccessory.spacing - contentLeading) }
        // The separator: one pixel of the list's colour along the bottom, from the text's leading edge.
        if let placement = listPlacement, placement.showsBottomSeparator {
            let pixel = 1 / max(1, window?.screen.scale ?? UIScreen.main.scale)
            let start = contentLeading + placement.separatorLeadingInset
            separatorView.isHidden = false
            separatorView.backgroundColor = placement.separatorColor
            separatorView.frame = CGRect(x: start, y: bounds.height - pixel, width: max(0, bounds.width - start - placement.separatorTrailingInset), height: pixel)
            separatorLeading?.constant = start
            bringSubviewToFront(separatorView)
        } else {
            separatorView.isHidden = true
        }
    }
}
