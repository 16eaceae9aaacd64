import Foundation
import QuartzCore

/// A row of a table view: a content view (filled by a content configuration, or the classic text label,
/// detail label and image view of its style), a background (a background configuration, or views), an
/// accessory at the trailing margin and a hairline separator along its bottom edge. Its geometry is
/// iOS 17/18's at iPhone 16 (docs/UIKIT-COMPATIBILITY.md, "Table views and content configurations").
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public enum FocusStyle: Int, Sendable { case `default`, custom }
    public enum EditingStyle: Int, Sendable { case none, delete, insert }
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    public struct StateMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let showingEditControl = StateMask(rawValue: 1 << 0)
        public static let showingDeleteConfirmation = StateMask(rawValue: 1 << 1)
    }
    public enum SeparatorInsetReference: Int, Sendable { case fromCellEdges, fromAutomaticInsets }

    public let reuseIdentifier: String?
    let style: CellStyle
    /// The table this cell is shown in (set while it is tiled), for its look (plain or grouped).
    weak var table: UITableView?

    /// A cell of `style`, reused under `reuseIdentifier`. Subclasses override it as on iOS
    /// (`override init(style:reuseIdentifier:)`); a registered class is made through it (see
    /// `init(dequeuedWithReuseIdentifier:)`).
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUp()
    }
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }
    /// Not UIKit API: how `dequeueReusableCell` makes a registered class (Swift on Linux has no Objective-C
    /// runtime to call `init(style:reuseIdentifier:)` by name). It is a required convenience initializer, so a
    /// subclass that overrides `init(style:reuseIdentifier:)` and `init?(coder:)` — or none — inherits it and
    /// needs no edit; it runs the subclass's own `init(style:reuseIdentifier:)` with `.default`.
    public required convenience init(dequeuedWithReuseIdentifier reuseIdentifier: String) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }
    /// See `UIView.init?(coder:)`: nothing is decoded; a default-style cell.
    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        backgroundHost.isUserInteractionEnabled = false
        addSubview(backgroundHost)
        // The content view keeps the cell's margins (as on iOS), so content configurations line up with them.
        contentView.preservesSuperviewLayoutMargins = true
        addSubview(contentView)
        separatorLine.isUserInteractionEnabled = false
        topSeparatorLine.isUserInteractionEnabled = false
        topSeparatorLine.isHidden = true
        addSubview(separatorLine)
        addSubview(topSeparatorLine)
        layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
    }

    // MARK: Content

    /// The view cells put their content in (its frame leaves room for the accessory).
    public let contentView = UIView()
    private var legacyText: UILabel?, legacyDetail: UILabel?, legacyImage: UIImageView?
    /// The style's primary label, made the first time it is read (nil while a content configuration is set).
    open var textLabel: UILabel? {
        if contentConfiguration != nil { return nil }
        if let legacyText { return legacyText }
        let label = UILabel()
        legacyText = label
        adoptLegacyLabel(label, styled: defaultContentConfiguration().textProperties)
        return label
    }
    /// The style's secondary label (nil for `.default`, and while a content configuration is set).
    open var detailTextLabel: UILabel? {
        if contentConfiguration != nil || style == .default { return nil }
        if let legacyDetail { return legacyDetail }
        let label = UILabel()
        legacyDetail = label
        adoptLegacyLabel(label, styled: defaultContentConfiguration().secondaryTextProperties)
        return label
    }
    /// Puts a legacy label (already stored, so reading the property again finds it) in the content view with
    /// the style's text properties.
    private func adoptLegacyLabel(_ label: UILabel, styled properties: UIListContentConfiguration.TextProperties) {
        contentView.addSubview(label)
        properties.apply(to: label)
        setNeedsLayout()
    }
    /// The style's image view (nil for `.value2`, and while a content configuration is set).
    open var imageView: UIImageView? {
        if contentConfiguration != nil || style == .value2 { return nil }
        if let legacyImage { return legacyImage }
        let view = UIImageView()
        legacyImage = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }

    /// A configuration of the style's system content (`UIListContentConfiguration.cell()` and so on).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .default: .cell()
        case .value1: .valueCell()
        case .value2: .valueCell()
        case .subtitle: .subtitleCell()
        }
    }
    /// Setting one replaces the content view's subviews by the configuration's view (or updates it in place).
    open var contentConfiguration: UIContentConfiguration? {
        didSet { applyContentConfiguration() }
    }
    private var configuredContent: (UIView & UIContentView)?
    private func applyContentConfiguration() {
        guard var configuration = contentConfiguration else {
            configuredContent?.removeFromSuperview(); configuredContent = nil
            return
        }
        if automaticallyUpdatesContentConfiguration { configuration = configuration.updated(for: configurationState) }
        if let configuredContent, configuredContent.supports(configuration) {
            configuredContent.configuration = configuration
        } else {
            configuredContent?.removeFromSuperview()
            for view in [legacyText, legacyDetail, legacyImage] as [UIView?] { view?.removeFromSuperview() }
            legacyText = nil; legacyDetail = nil; legacyImage = nil
            let view = configuration.makeContentView()
            configuredContent = view
            contentView.addSubview(view)
        }
        setNeedsLayout()
    }
    /// The content configuration follows the cell's state (selected, highlighted…) by its `updated(for:)`.
    open var automaticallyUpdatesContentConfiguration = true
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackground() }
    }
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// iOS 18's view that a configuration can be given instead of a background view (kept and drawn as one).
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); applyBackground() }
    }
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); applyBackground() }
    }
    open var multipleSelectionBackgroundView: UIView?

    /// The cell's state for configurations: its traits, highlight, selection and editing.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isHighlighted = isHighlighted
        state.isSelected = isSelected
        state.isEditing = isEditing
        state.isDisabled = !isUserInteractionEnabled
        return state
    }
    /// Called when the state changes (and after `setNeedsUpdateConfiguration()`); updates the configurations
    /// and runs `configurationUpdateHandler`. Override to set configurations for the state; call super.
    open func updateConfiguration(using state: UICellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }
    public typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// Updates the configurations for the current state now (UIKit defers it to the next layout pass; the
    /// result is the same before anything is drawn).
    open func setNeedsUpdateConfiguration() { updateForState() }
    private func updateForState() {
        let state = configurationState
        updateConfiguration(using: state)
        applyContentConfiguration()
        applyBackground()
    }

    // MARK: Background, highlight, selection

    /// Draws the background configuration (rounded by the table for inset-grouped sections).
    let backgroundHost = UIView()
    private var defaultBackground: UIBackgroundConfiguration {
        switch table?.style {
        case .grouped?, .insetGrouped?: .listGroupedCell()
        default: .listPlainCell()
        }
    }
    private var backgroundInsets = NSDirectionalEdgeInsets.zero
    /// The corners the table rounds (an inset-grouped section's first and last rows).
    var roundedCorners: CACornerMask = [] { didSet { applyBackground() } }
    var sectionCornerRadius: CGFloat = 0 { didSet { applyBackground() } }
    private func applyBackground() {
        let pressed = (isHighlighted || isSelected) && selectionStyle != .none
        backgroundView.map { if $0.superview !== self { insertSubview($0, aboveSubview: backgroundHost) } }
        if let selectedBackgroundView {
            if selectedBackgroundView.superview !== self { insertSubview(selectedBackgroundView, belowSubview: contentView) }
            selectedBackgroundView.alpha = pressed ? 1 : 0
        }
        var configuration = backgroundConfiguration ?? (backgroundView == nil ? defaultBackground : .clear())
        if automaticallyUpdatesBackgroundConfiguration {
            var state = configurationState
            if selectionStyle == .none || selectedBackgroundView != nil { state.isHighlighted = false; state.isSelected = false }
            configuration = configuration.updated(for: state)
        }
        configuration.apply(to: backgroundHost, tint: tintColor ?? .systemBlue)
        if configuration.backgroundInsets != backgroundInsets { backgroundInsets = configuration.backgroundInsets; setNeedsLayout() }
        if sectionCornerRadius > 0, configuration.cornerRadius == 0 {
            backgroundHost.layer.cornerRadius = sectionCornerRadius
            backgroundHost.layer.maskedCorners = roundedCorners
        } else {
            backgroundHost.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        }
        for view in [backgroundView, selectedBackgroundView] as [UIView?] {
            view?.layer.cornerRadius = backgroundHost.layer.cornerRadius
            view?.layer.maskedCorners = backgroundHost.layer.maskedCorners
            view?.clipsToBounds = sectionCornerRadius > 0
        }
    }

    open var selectionStyle: SelectionStyle = .default { didSet { applyBackground() } }
    private var selected = false, highlighted = false
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    /// Shows the selection (the background configuration's selected colour, systemGray4 for list rows);
    /// `animated`: the change fades over 0.3 s (estimated from iOS 18 screen recordings at 60 fps), or
    /// follows the animation block it is called in (a transition coordinator's alongside block).
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != self.selected else { return }
        self.selected = selected
        changeState(animated: animated)
    }
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != self.highlighted else { return }
        self.highlighted = highlighted
        changeState(animated: animated)
    }
    /// How long a selection fades when animated outside an animation block (estimated, see `setSelected`).
    static let selectionFadeDuration: TimeInterval = 0.3
    private func changeState(animated: Bool) {
        if animated, UIView.inheritedAnimationDuration == 0, UIView.areAnimationsEnabled {
            UIView.animate(withDuration: Self.selectionFadeDuration) { self.updateForState() }
        } else if animated {
            updateForState()
        } else {
            UIView.performWithoutAnimation { self.updateForState() }
        }
    }

    // MARK: Accessories and editing

    open var accessoryType: AccessoryType = .none { didSet { setNeedsLayout() } }
    open var accessoryView: UIView? { didSet { oldValue?.removeFromSuperview(); setNeedsLayout() } }
    open var editingAccessoryType: AccessoryType = .none { didSet { setNeedsLayout() } }
    open var editingAccessoryView: UIView? { didSet { oldValue?.removeFromSuperview(); setNeedsLayout() } }
    private var systemAccessoryViews: [UIView] = []
    private var drawnAccessories: [ListAccessory] = []

    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Inert: indentation while editing is applied with the editing control's width here (no extra shift).
    open var shouldIndentWhileEditing = true
    /// Whether the cell shows the editing control (delete or insert) and the editing accessory.
    open private(set) var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        updateForState()
        setNeedsLayout()
    }
    /// The editing control the table asked for (its delegate's `editingStyleForRowAt`).
    public internal(set) var editingStyle: EditingStyle = .none { didSet { setNeedsLayout() } }
    open var showsReorderControl = false { didSet { setNeedsLayout() } }
    /// Inert: swipe-to-delete is not simulated, so no confirmation is ever shown.
    open var showingDeleteConfirmation: Bool { false }
    /// Inert: the cell's state changes are not reported by mask here (there is no swipe to delete).
    open func willTransition(to state: StateMask) {}
    /// Inert: the cell's state changes are not reported by mask here (there is no swipe to delete).
    open func didTransition(to state: StateMask) {}
    /// Inert: there is no focus engine offscreen; stored.
    open var focusStyle: FocusStyle = .default
    /// Inert: there is no drag and drop offscreen; stored.
    open func dragStateDidChange(_ dragState: UITableViewCell.DragState) {}
    public enum DragState: Int, Sendable { case none, lifting, dragging }
    /// Inert: there is no drag and drop offscreen.
    open var userInteractionEnabledWhileDragging = false

    // MARK: Separator

    /// The separator's insets from the cell's edges (nil-like `.zero` default: the table's).
    open var separatorInset: UIEdgeInsets = UITableView.automaticSeparatorInset { didSet { setNeedsLayout() } }
    let separatorLine = UIView()
    let topSeparatorLine = UIView()
    /// The separator the table asks for: hidden, colour, leading and trailing insets in points.
    struct Separator { var hidden = true, color: UIColor = .separator, left: CGFloat = 16, right: CGFloat = 0, top = false, fullWidthBottom = false }
    var separator = Separator() { didSet { setNeedsLayout() } }

    /// The leading edge of the cell's text (where a separator that follows the text starts).
    var textLeading: CGFloat {
        layoutIfNeeded()
        if let list = configuredContent as? UIListContentView { return contentView.frame.minX + list.frame.minX + list.textLeading }
        if let legacyText, !legacyText.isHidden { return contentView.frame.minX + legacyText.frame.minX }
        return contentView.frame.minX + max(layoutMargins.left, 16)
    }

    // MARK: Reuse and layout

    /// Called before the cell is handed out again by `dequeueReusableCell`; resets state (call super).
    open func prepareForReuse() {
        setSelected(false, animated: false)
        setHighlighted(false, animated: false)
        alpha = 1
        transform = .identity
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bounds = self.bounds
        backgroundHost.frame = CGRect(x: backgroundInsets.leading, y: backgroundInsets.top,
                                      width: max(0, bounds.width - backgroundInsets.leading - backgroundInsets.trailing),
                                      height: max(0, bounds.height - backgroundInsets.top - backgroundInsets.bottom))
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        // Accessories right to left from the trailing margin, then the content view up to them.
        let kinds: [ListAccessory]
        let custom = isEditing ? (editingAccessoryView ?? accessoryView) : accessoryView
        switch isEditing ? editingAccessoryType : accessoryType {
        case .none: kinds = []
        case .disclosureIndicator: kinds = [.disclosureIndicator]
        case .checkmark: kinds = [.checkmark]
        case .detailButton: kinds = [.detailButton]
        case .detailDisclosureButton: kinds = [.detailButton, .disclosureIndicator]
        }
        var trailing = kinds + (isEditing && showsReorderControl ? [ListAccessory.reorder] : [])
        if custom != nil { trailing = isEditing && showsReorderControl ? [.reorder] : [] }
        if trailing != drawnAccessories {
            systemAccessoryViews.forEach { $0.removeFromSuperview() }
            systemAccessoryViews = trailing.map { $0.makeView(tint: tintColor ?? .systemBlue) }
            systemAccessoryViews.forEach(addSubview)
            drawnAccessories = trailing
        }
        var x = bounds.width - layoutMargins.right
        if let custom {
            if custom.superview !== self { addSubview(custom) }
            x -= custom.frame.width
            custom.frame.origin = CGPoint(x: x, y: ((bounds.height - custom.frame.height) / 2).rounded())
            x -= ListAccessory.spacing
        }
        for (kind, view) in zip(trailing, systemAccessoryViews).reversed() {
            x -= kind.size.width
            view.frame = CGRect(origin: CGPoint(x: x, y: (bounds.height - kind.size.height) / 2), size: kind.size)
            x -= ListAccessory.spacing
        }
        let hasAccessory = custom != nil || !trailing.isEmpty
        // The text ends 10 pt before an accessory (estimated from iOS 18 screenshots at iPhone 16 @3x).
        let contentEnd = hasAccessory ? x + ListAccessory.spacing - 10 + layoutMargins.right : bounds.width
        var contentStart = CGFloat(indentationLevel) * indentationWidth
        if isEditing, editingStyle != .none {
            let control = editingStyle == .delete ? ListAccessory.delete : .insert
            if editingControl?.kind != control {
                editingControl?.view.removeFromSuperview()
                let view = control.makeView()
                addSubview(view)
                editingControl = (control, view)
            }
            editingControl?.view.frame.origin = CGPoint(x: layoutMargins.left, y: (bounds.height - 22) / 2)
            contentStart += layoutMargins.left + 22
        } else {
            editingControl?.view.removeFromSuperview()
            editingControl = nil
        }
        contentView.frame = CGRect(x: contentStart, y: 0, width: max(0, contentEnd - contentStart), height: bounds.height)
        configuredContent?.frame = contentView.bounds
        layoutLegacyContent()
        layoutSeparators()
    }
    private var editingControl: (kind: ListAccessory, view: UIView)?

    private func layoutSeparators() {
        let hairline = 1 / max(UIScreen.main.scale, 1)
        separatorLine.isHidden = separator.hidden
        separatorLine.backgroundColor = separator.color
        let left = separator.fullWidthBottom ? 0 : separator.left
        let right = separator.fullWidthBottom ? 0 : separator.right
        separatorLine.frame = CGRect(x: left, y: bounds.height - hairline, width: max(0, bounds.width - left - right), height: hairline)
        topSeparatorLine.isHidden = !separator.top
        topSeparatorLine.backgroundColor = separator.color
        topSeparatorLine.frame = CGRect(x: 0, y: 0, width: bounds.width, height: hairline)
        bringSubviewToFront(separatorLine)
        bringSubviewToFront(topSeparatorLine)
    }

    /// The classic labels, placed as the list configuration of the cell's style places them.
    private func layoutLegacyContent() {
        guard contentConfiguration == nil, legacyText != nil || legacyDetail != nil || legacyImage != nil else { return }
        let measured = measuringView()
        measured.frame = contentView.bounds
        measured.layoutIfNeeded()
        legacyImage?.frame = measured.imageView.frame
        legacyText?.frame = measured.textLabel.frame
        legacyDetail?.frame = measured.secondaryTextLabel.frame
    }
    private var measurer: UIListContentView?
    /// A list content view with the classic labels' texts and fonts, not shown: it places them.
    private func measuringView() -> UIListContentView {
        var c = defaultContentConfiguration()
        c.directionalLayoutMargins.leading = max(c.directionalLayoutMargins.leading, layoutMargins.left)
        c.directionalLayoutMargins.trailing = max(c.directionalLayoutMargins.trailing, layoutMargins.right)
        c.axesPreservingSuperviewLayoutMargins = []
        c.text = legacyText?.text
        legacyText.map { c.textProperties.font = $0.font; c.textProperties.numberOfLines = $0.numberOfLines }
        c.secondaryText = legacyDetail?.text
        legacyDetail.map { c.secondaryTextProperties.font = $0.font; c.secondaryTextProperties.numberOfLines = $0.numberOfLines }
        c.image = legacyImage?.image
        if let measurer { measurer.configuration = c; return measurer }
        let view = UIListContentView(configuration: c)
        measurer = view
        return view
    }

    /// The height the cell's content asks for at `width` (a self-sizing row's height).
    func fittingHeight(width: CGFloat) -> CGFloat {
        frame.size.width = width
        layoutIfNeeded()
        if let list = configuredContent as? UIListContentView {
            return list.placement(width: contentView.bounds.width).height
        }
        if let configuredContent {
            return configuredContent.systemLayoutSizeFitting(CGSize(width: contentView.bounds.width, height: 0),
                                                             withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel).height
        }
        if contentConfiguration == nil, legacyText != nil || legacyDetail != nil || legacyImage != nil {
            let measured = measuringView()
            return measured.placement(width: contentView.bounds.width).height
        }
        if !contentView.constraints.isEmpty || contentView.subviews.contains(where: { !$0.constraints.isEmpty || $0.translatesAutoresizingMaskIntoConstraints == false }) {
            return contentView.systemLayoutSizeFitting(CGSize(width: contentView.bounds.width, height: 0),
                                                       withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel).height
        }
        return 0
    }
}

/// A section header or footer of a table view: a content view with a text label (or a content
/// configuration), and a background.
open class UITableViewHeaderFooterView: UIView {
    public let reuseIdentifier: String?
    public let contentView = UIView()
    private let backgroundHost = UIView()
    weak var table: UITableView?

    /// A header or footer view reused under `reuseIdentifier`; subclasses override it as on iOS.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        setUp()
    }
    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }
    /// Not UIKit API: how `dequeueReusableHeaderFooterView` makes a registered class (see
    /// `UITableViewCell.init(dequeuedWithReuseIdentifier:)`); subclasses inherit it.
    public required convenience init(dequeuedWithReuseIdentifier reuseIdentifier: String) {
        self.init(reuseIdentifier: reuseIdentifier)
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        backgroundHost.isUserInteractionEnabled = false
        addSubview(backgroundHost)
        contentView.preservesSuperviewLayoutMargins = true
        addSubview(contentView)
        layoutMargins = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    }

    /// Whether this view is a section's footer (decides its default configuration).
    var isFooter = false
    private var legacyText: UILabel?
    /// The classic title label, made the first time it is read (nil while a content configuration is set).
    open var textLabel: UILabel? {
        if contentConfiguration != nil { return nil }
        if let legacyText { return legacyText }
        let label = UILabel()
        legacyText = label
        contentView.addSubview(label)
        defaultContentConfiguration().textProperties.apply(to: label)
        setNeedsLayout()
        return label
    }
    /// Inert: the detail label of headers is deprecated on iOS and not drawn here; a label kept for code that sets it.
    open var detailTextLabel: UILabel? { nil }
    open var backgroundView: UIView? { didSet { oldValue?.removeFromSuperview(); applyBackground() } }

    /// The system header (or footer) configuration for the table's style: plain or grouped.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        let grouped = table.map { $0.style != .plain } ?? false
        switch (grouped, isFooter) {
        case (false, false): return .plainHeader()
        case (false, true): return .plainFooter()
        case (true, false): return .groupedHeader()
        case (true, true): return .groupedFooter()
        }
    }
    open var contentConfiguration: UIContentConfiguration? { didSet { applyContentConfiguration() } }
    open var automaticallyUpdatesContentConfiguration = true
    open var backgroundConfiguration: UIBackgroundConfiguration? { didSet { applyBackground() } }
    open var automaticallyUpdatesBackgroundConfiguration = true
    private var configuredContent: (UIView & UIContentView)?
    private func applyContentConfiguration() {
        guard var configuration = contentConfiguration else {
            configuredContent?.removeFromSuperview(); configuredContent = nil
            return
        }
        if automaticallyUpdatesContentConfiguration { configuration = configuration.updated(for: configurationState) }
        if let configuredContent, configuredContent.supports(configuration) {
            configuredContent.configuration = configuration
        } else {
            configuredContent?.removeFromSuperview()
            legacyText?.removeFromSuperview(); legacyText = nil
            let view = configuration.makeContentView()
            configuredContent = view
            contentView.addSubview(view)
        }
        setNeedsLayout()
    }
    func applyBackground() {
        backgroundView.map { if $0.superview !== self { insertSubview($0, aboveSubview: backgroundHost) } }
        let grouped = table.map { $0.style != .plain } ?? false
        let configuration = backgroundConfiguration ?? (backgroundView != nil ? .clear() : grouped ? .listGroupedHeaderFooter() : .listPlainHeaderFooter())
        configuration.apply(to: backgroundHost, tint: tintColor ?? .systemBlue)
    }
    open var configurationState: UIViewConfigurationState { UIViewConfigurationState(traitCollection: traitCollection) }
    open func updateConfiguration(using state: UIViewConfigurationState) { configurationUpdateHandler?(self, state) }
    public typealias ConfigurationUpdateHandler = (UITableViewHeaderFooterView, UIViewConfigurationState) -> Void
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
        applyContentConfiguration()
        applyBackground()
    }
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundHost.frame = bounds
        backgroundView?.frame = bounds
        contentView.frame = bounds
        configuredContent?.frame = contentView.bounds
        if contentConfiguration == nil, let legacyText {
            var c = defaultContentConfiguration()
            c.text = legacyText.text
            c.textProperties.font = legacyText.font
            let measurer = UIListContentView(configuration: c)
            contentView.addSubview(measurer)
            measurer.frame = contentView.bounds
            measurer.layoutIfNeeded()
            legacyText.frame = measurer.textLabel.frame
            legacyText.text = c.text
            measurer.removeFromSuperview()
        }
    }
    /// The height the content asks for at `width`.
    func fittingHeight(width: CGFloat) -> CGFloat {
        frame.size.width = width
        layoutIfNeeded()
        if let list = configuredContent as? UIListContentView { return list.placement(width: width).height }
        if let configuredContent {
            return configuredContent.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                             verticalFittingPriority: .fittingSizeLevel).height
        }
        if let legacyText {
            var c = defaultContentConfiguration()
            c.text = legacyText.text
            let measurer = UIListContentView(configuration: c)
            contentView.addSubview(measurer)
            defer { measurer.removeFromSuperview() }
            return measurer.placement(width: width).height
        }
        return contentView.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel).height
    }
}
