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
    }
}

extension UICollectionViewCell {
    func runConfigurationUpdate() {}
}
