/// A segmented control as iOS 13 and later draw it: a rounded grey track, a raised pill (white; grey in
/// dark) under the selected segment, thin dividers between the others, titles in 13 pt (semibold when
/// selected) or images. A tap selects a segment: the pill slides there with a spring and `.valueChanged`
/// is sent; setting `selectedSegmentIndex` in code moves the pill at once (inside an animation block it
/// animates with the block), as on iOS.
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1

    /// Apple's UISegmentedControlSegment, for the position-dependent appearance setters.
    public enum Segment: Int, Sendable { case any, left, center, right, alone }

    struct Item {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var isEnabled = true
        var width: CGFloat = 0
        var contentOffset: CGSize = .zero
    }
    var items: [Item] = []
    private var storedSelection = UISegmentedControl.noSegment
    /// The segment under a finger that is down (it dims).
    var heldIndex: Int?
    /// While a finger that came down on the selected segment is down: the segment the pill is over (the
    /// pill follows the finger from segment to segment, slightly shrunk, as on iOS 13 and later).
    var pillDragIndex: Int?

    // The drawn parts (UISegmentedControl+Drawing.swift).
    let canvas = UIView()
    let track = UIView()
    let pill = ControlKnob()
    var dividers: [UIView] = []
    var contents: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpParts()
    }
    /// Segments with these titles (`String`) and images (`UIImage`); other elements are skipped.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for element in items ?? [] {
            if let title = element as? String { self.items.append(Item(title: title)) }
            else if let image = element as? UIImage { self.items.append(Item(image: image)) }
        }
        rebuildSegments()
        bounds.size = intrinsicContentSize
    }
    /// Segments made from actions (their titles); selecting one performs its action.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        items = actions.map { Item(title: $0.title, action: $0) }
        rebuildSegments()
    }

    // MARK: Segments

    open var numberOfSegments: Int { items.count }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Item(title: title), at: segment)
    }
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Item(image: image), at: segment)
    }
    /// A segment showing the action's title; selecting it performs the action.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Item(title: action.title, action: action), at: segment)
    }
    /// Indices past the end append, as on iOS; the selection stays on its segment.
    private func insert(_ item: Item, at segment: Int) {
        let index = min(max(segment, 0), items.count)
        items.insert(item, at: index)
        if storedSelection >= index { storedSelection += 1 }
        rebuildSegments()
    }
    open func removeSegment(at segment: Int, animated: Bool) {
        guard items.indices.contains(segment) else { return }
        items.remove(at: segment)
        if storedSelection == segment { storedSelection = Self.noSegment }
        else if storedSelection > segment { storedSelection -= 1 }
        rebuildSegments()
    }
    open func removeAllSegments() {
        items.removeAll()
        storedSelection = Self.noSegment
        rebuildSegments()
    }

    /// Setting a title replaces the segment's image, and the reverse, as on iOS.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].title = title
        items[segment].image = nil
        rebuildSegments()
    }
    open func titleForSegment(at segment: Int) -> String? { items.indices.contains(segment) ? items[segment].title : nil }
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].image = image
        items[segment].title = nil
        rebuildSegments()
    }
    open func imageForSegment(at segment: Int) -> UIImage? { items.indices.contains(segment) ? items[segment].image : nil }

    /// Replaces the segment's action and shows its title.
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].action = action
        items[segment].title = action.title
        items[segment].image = nil
        rebuildSegments()
    }
    open func actionForSegment(at segment: Int) -> UIAction? { items.indices.contains(segment) ? items[segment].action : nil }
    /// The index of the segment whose action has this identifier, or `noSegment`.
    open func segmentIndex(identifiedBy actionIdentifier: UIAction.Identifier) -> Int {
        items.firstIndex { $0.action?.identifier == actionIdentifier } ?? Self.noSegment
    }

    /// A disabled segment draws dimmed and ignores taps.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].isEnabled = enabled
        updateAppearance()
    }
    open func isEnabledForSegment(at segment: Int) -> Bool { items.indices.contains(segment) ? items[segment].isEnabled : false }

    /// A fixed width for the segment (0: sized with the others).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].width = max(width, 0)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
    open func widthForSegment(at segment: Int) -> CGFloat { items.indices.contains(segment) ? items[segment].width : 0 }

    /// Moves the segment's title or image by `offset` from its centre.
    open func setContentOffset(_ offset: CGSize, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].contentOffset = offset
        setNeedsLayout()
    }
    open func contentOffsetForSegment(at segment: Int) -> CGSize { items.indices.contains(segment) ? items[segment].contentOffset : .zero }

    /// Whether segments are as wide as their content (true) or all equally wide (false, the default).
    open var apportionsSegmentWidthsByContent = false {
        didSet { invalidateIntrinsicContentSize(); setNeedsLayout() }
    }

    // MARK: Selection

    /// The selected segment, or `noSegment`. Set in code, the pill moves at once (inside an animation
    /// block, with the block); a tap slides it with a spring.
    open var selectedSegmentIndex: Int {
        get { storedSelection }
        set {
            storedSelection = items.indices.contains(newValue) ? newValue : Self.noSegment
            updateAppearance()
            placeSelection()
        }
    }
    /// When true, a tap sends `.valueChanged` but leaves no segment selected.
    open var isMomentary = false

    // MARK: Appearance

    /// The pill's colour; nil draws the system's (white; grey in dark).
    open var selectedSegmentTintColor: UIColor? { didSet { updateAppearance() } }
    private var textAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// Attributes for the titles in `state`; `.font` and `.foregroundColor` are drawn.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        textAttributes[state.rawValue] = attributes
        rebuildSegments()
    }
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { textAttributes[state.rawValue] }

    private var backgroundImages: [String: UIImage] = [:]
    private var dividerImages: [String: UIImage] = [:]
    private var positionAdjustments: [Int: UIOffset] = [:]
    /// Inert: the iOS 13 look is drawn whatever background image is set; stored and read back.
    open func setBackgroundImage(_ backgroundImage: UIImage?, for state: UIControl.State, barMetrics: UIBarMetrics) {
        backgroundImages["\(state.rawValue)-\(barMetrics.rawValue)"] = backgroundImage
    }
    open func backgroundImage(for state: UIControl.State, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages["\(state.rawValue)-\(barMetrics.rawValue)"]
    }
    /// Inert: the system dividers are drawn whatever image is set; stored and read back.
    open func setDividerImage(_ dividerImage: UIImage?, forLeftSegmentState leftState: UIControl.State,
                              rightSegmentState rightState: UIControl.State, barMetrics: UIBarMetrics) {
        dividerImages["\(leftState.rawValue)-\(rightState.rawValue)-\(barMetrics.rawValue)"] = dividerImage
    }
    open func dividerImage(forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State,
                           barMetrics: UIBarMetrics) -> UIImage? {
        dividerImages["\(leftState.rawValue)-\(rightState.rawValue)-\(barMetrics.rawValue)"]
    }
    /// Inert: contents are centred in their segments (use `setContentOffset(_:forSegmentAt:)`); stored and read back.
    open func setContentPositionAdjustment(_ adjustment: UIOffset, forSegmentType leftCenterRightOrAlone: Segment,
                                           barMetrics: UIBarMetrics) {
        positionAdjustments[leftCenterRightOrAlone.rawValue * 8 + barMetrics.rawValue] = adjustment
    }
    open func contentPositionAdjustment(forSegmentType leftCenterRightOrAlone: Segment, barMetrics: UIBarMetrics) -> UIOffset {
        positionAdjustments[leftCenterRightOrAlone.rawValue * 8 + barMetrics.rawValue] ?? UIOffset(horizontal: 0, vertical: 0)
    }

    open override var isEnabled: Bool {
        get { super.isEnabled }
        set { super.isEnabled = newValue; updateAppearance() }
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: naturalWidths().reduce(0, +), height: Self.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    // MARK: Touches

    override var sendsPrimaryActionOnTouchUp: Bool { false }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let touched = segmentAt(touch.location(in: self))
        if let touched, touched == storedSelection, !isMomentary {
            // On the selected segment: the pill is picked up (it shrinks) and can be dragged.
            pillDragIndex = touched
            UIView.animate(springDuration: Self.pressDuration, bounce: 0, animations: { self.placeSelection() })
            return true
        }
        hold(touched)
        return true
    }
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if let dragged = pillDragIndex {
            // The pill goes to the enabled segment under the finger, wherever the finger is up or down.
            let x = min(max(touch.location(in: self).x, bounds.minX), bounds.maxX - 0.001)
            if let target = segmentAt(CGPoint(x: x, y: bounds.midY)), target != dragged, items[target].isEnabled {
                pillDragIndex = target
                UIView.animate(springDuration: Self.slideDuration, bounce: 0, animations: { self.placeSelection() })
            }
            return true
        }
        hold(isTouchInside ? segmentAt(touch.location(in: self)) : nil)
        return true
    }
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let dragged = pillDragIndex {
            // Let go: the pill grows back under the segment it was dragged to, which becomes the selection.
            pillDragIndex = nil
            if dragged != storedSelection {
                select(dragged)
            } else {
                UIView.animate(springDuration: Self.pressDuration, bounce: 0, animations: { self.placeSelection() })
            }
            return
        }
        let chosen = heldIndex
        hold(nil)
        guard let chosen, isTouchInside else { return }
        select(chosen)
    }
    open override func cancelTracking(with event: UIEvent?) {
        if pillDragIndex != nil {
            pillDragIndex = nil
            UIView.animate(springDuration: Self.pressDuration, bounce: 0, animations: { self.placeSelection() })
        }
        hold(nil)
    }

    /// A tap's selection: the pill slides with the spring, then the actions go out (the segment's
    /// `UIAction`, then `.valueChanged`); a momentary control clears the selection after sending.
    private func select(_ index: Int) {
        guard index != storedSelection || isMomentary else { return }
        storedSelection = index
        UIView.animate(springDuration: Self.slideDuration, bounce: 0, animations: {
            self.updateAppearance()
            self.placeSelection()
        })
        if let action = items[index].action { sendAction(action) }
        sendActions(for: [.valueChanged, .primaryActionTriggered])
        if isMomentary {
            storedSelection = Self.noSegment
            updateAppearance()
            placeSelection()
        }
    }

    private func hold(_ index: Int?) {
        let usable = index.flatMap { items.indices.contains($0) && items[$0].isEnabled ? $0 : nil }
        guard usable != heldIndex else { return }
        heldIndex = usable
        UIView.animate(withDuration: Self.dimDuration) { self.updateAppearance() }
    }
}
