import Foundation

/// A view a collection view places from layout attributes and reuses: cells, headers, footers, badges
/// and decorations. `init(frame:)` is `required` here (Swift cannot make an instance of a registered class
/// otherwise), so a subclass that overrides it writes `required override init(frame:)`.
open class UICollectionReusableView: UIView {
    /// The identifier it was registered (and dequeued) with.
    open internal(set) var reuseIdentifier: String?
    /// The attributes last applied (what `preferredLayoutAttributesFitting(_:)` starts from).
    var appliedAttributes: UICollectionViewLayoutAttributes?
    /// The collection view that dequeued it last.
    weak var owningCollectionView: UICollectionView?

    public required override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Called when the view comes out of the reuse queue, before the data source configures it again.
    open func prepareForReuse() {}
    /// Called with the layout's attributes each time they change (after frame, alpha and z-order are set).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    /// The size the view wants, for self-sizing layouts: the layout's width kept and the height its Auto
    /// Layout needs (both free when the layout fixes neither), as UIKit's default does.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let result = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        let fitting = selfSizingView.systemLayoutSizeFitting(
            CGSize(width: layoutAttributes.size.width, height: UIView.layoutFittingCompressedSize.height),
            withHorizontalFittingPriority: selfSizingFixesWidth ? .required : .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
        // A view without constraints has no opinion; it keeps the estimate (what UIKit shows too).
        if fitting.height > 0 { result.size.height = fitting.height }
        if !selfSizingFixesWidth && fitting.width > 0 { result.size.width = fitting.width }
        return result
    }
    /// Set by the layout while it measures: whether the width is fixed (list rows) or free (flow).
    var selfSizingFixesWidth = true
    /// What Auto Layout measures: the content view of a cell, the view itself otherwise.
    var selfSizingView: UIView { self }

    /// Places the view from `attributes` (the collection view calls this; an animation block around it
    /// animates the change) and tells the view.
    func applyAttributes(_ attributes: UICollectionViewLayoutAttributes) {
        if bounds.size != attributes.size { bounds = CGRect(origin: bounds.origin, size: attributes.size) }
        if center != attributes.center { center = attributes.center }
        if !CATransform3DEqualToTransform(transform3D, attributes.transform3D) { transform3D = attributes.transform3D }
        if alpha != attributes.alpha { alpha = attributes.alpha }
        if isHidden != attributes.isHidden { isHidden = attributes.isHidden }
        if layer.zPosition != CGFloat(attributes.zIndex) { layer.zPosition = CGFloat(attributes.zIndex) }
        let changed = appliedAttributes.map { !$0.isEqual(attributes) } ?? true
        appliedAttributes = attributes
        if changed { apply(attributes) }
    }
}

/// A collection view's item: a content view for what it shows, a background view, a selected background
/// view shown while selected or highlighted, and UIKit's configuration state.
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes (above the backgrounds, sized with the cell).
    open private(set) var contentView: UIView = UIView()
    /// Behind the content (sized with the cell).
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); installBackgrounds() }
    }
    /// Between `backgroundView` and the content, shown while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); installBackgrounds() }
    }
    open var isSelected = false {
        didSet { if oldValue != isSelected { stateDidChange() } }
    }
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { stateDidChange() } }
    }

    public required init(frame: CGRect) {
        super.init(frame: frame)
        setUpContentView()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpContentView()
    }
    private func setUpContentView() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
    override var selfSizingView: UIView { contentView }

    private func installBackgrounds() {
        if let backgroundView {
            backgroundView.frame = bounds
            backgroundView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(backgroundView, at: 0)
        }
        if let selectedBackgroundView {
            selectedBackgroundView.frame = bounds
            selectedBackgroundView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if let backgroundView { insertSubview(selectedBackgroundView, aboveSubview: backgroundView) }
            else { insertSubview(selectedBackgroundView, at: 0) }
        }
        updateSelectedBackgroundVisibility()
    }
    private func updateSelectedBackgroundVisibility() {
        selectedBackgroundView?.alpha = (isSelected || isHighlighted) ? 1 : 0
    }

    /// The selected and highlighted look changes at once (UIKit animates it only when deselecting with
    /// animation, which the collection view does inside an animation block).
    private func stateDidChange() {
        updateSelectedBackgroundVisibility()
        setNeedsUpdateConfiguration()
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
    }

    // MARK: Configurations (iOS 14)

    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void

    /// What the content view shows: setting it puts the configuration's view in the content view (or
    /// updates the one there in place when it supports the new configuration).
    open var contentConfiguration: UIContentConfiguration? {
        didSet {
            if !applyingState { baseContentConfiguration = contentConfiguration }
            installContentConfiguration()
        }
    }
    /// The cell's background (drawn in a view behind `backgroundView`'s place).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if !applyingState { baseBackgroundConfiguration = backgroundConfiguration }
            installBackgroundConfiguration()
        }
    }
    /// What the app (or the list) set last: state updates start from these, so a look that a state
    /// gave (a selected row's grey) goes when the state does.
    private var baseContentConfiguration: UIContentConfiguration?
    private var baseBackgroundConfiguration: UIBackgroundConfiguration?
    private var applyingState = false
    /// Whether a state change updates `contentConfiguration` for the state (`updated(for:)`).
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether a state change updates `backgroundConfiguration` for the state (`updated(for:)`).
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called after `updateConfiguration(using:)` each time the state changes (and when set).
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }
    /// The cell's state: traits, selected, highlighted, and the collection view's editing mode.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = owningCollectionView?.isEditing ?? false
        return state
    }
    /// Updates the configurations for `state` (when they update automatically); subclasses override it
    /// to change them, calling super.
    open func updateConfiguration(using state: UICellConfigurationState) {
        applyingState = true
        defer { applyingState = false }
        if automaticallyUpdatesContentConfiguration, let configuration = baseContentConfiguration {
            contentConfiguration = configuration.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let configuration = baseBackgroundConfiguration {
            backgroundConfiguration = configuration.updated(for: state)
        }
    }
    /// The background a plain collection view cell gets from the list styles (iOS 16): `listPlainCell()`.
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration { .listPlainCell() }

    /// The view the content configuration made, in the content view.
    private(set) var configurationContentView: (UIView & UIContentView)?
    /// The view the background configuration draws into, at the back.
    private(set) var configurationBackgroundView: UIView?

    private func installContentConfiguration() {
        guard let configuration = contentConfiguration else {
            configurationContentView?.removeFromSuperview()
            configurationContentView = nil
            return
        }
        if let existing = configurationContentView, existing.supports(configuration) {
            existing.configuration = configuration
            return
        }
        configurationContentView?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = contentView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(view)
        configurationContentView = view
    }

    private func installBackgroundConfiguration() {
        guard let configuration = backgroundConfiguration else {
            configurationBackgroundView?.removeFromSuperview()
            configurationBackgroundView = nil
            return
        }
        let host = configurationBackgroundView ?? UIView()
        if configurationBackgroundView == nil {
            host.isUserInteractionEnabled = false
            insertSubview(host, at: 0)
            configurationBackgroundView = host
        }
        host.frame = backgroundFrame(for: configuration)
        configuration.apply(to: host, tint: tintColor)
        backgroundConfigurationDidApply(host)
    }
    /// The background's frame: the bounds less the configuration's insets.
    func backgroundFrame(for configuration: UIBackgroundConfiguration) -> CGRect {
        let insets = configuration.backgroundInsets
        return CGRect(x: insets.leading, y: insets.top, width: max(0, bounds.width - insets.leading - insets.trailing),
                      height: max(0, bounds.height - insets.top - insets.bottom))
    }
    /// List cells round the corners of their section's ends here.
    func backgroundConfigurationDidApply(_ host: UIView) {}

    /// Runs the configuration update for the current state.
    func runConfigurationUpdate() {
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    /// Self-sizing measures the configuration's view when there is one (it sizes by its texts), the
    /// content view's Auto Layout otherwise.
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let configured = configurationContentView, contentView.subviews.count == 1 else {
            return super.preferredLayoutAttributesFitting(layoutAttributes)
        }
        let result = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        let width = layoutAttributes.size.width - contentWidthReserve
        let fitting = configured.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                         verticalFittingPriority: .fittingSizeLevel)
        if fitting.height > 0 { result.size.height = fitting.height }
        return result
    }
    /// Width of the cell the content view does not get (a list cell's accessories).
    var contentWidthReserve: CGFloat { 0 }

    // MARK: Configuration state

    /// Inert: drag and drop is not simulated offscreen; never called.
    open func dragStateDidChange(_ dragState: UICollectionViewCell.DragState) {}
    public enum DragState: Int, Sendable { case none, lifting, dragging }

    /// Set when the state changed; `updateConfiguration(using:)` runs before the next layout.
    var needsConfigurationUpdate = false
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }
    /// Runs `updateConfiguration(using:)` now if something asked for it.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        runConfigurationUpdate()
    }
    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        if let configuration = backgroundConfiguration, let host = configurationBackgroundView {
            host.frame = backgroundFrame(for: configuration)
        }
    }
}
