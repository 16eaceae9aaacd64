/// A rectangle on screen backed by a CALayer. Geometry, colour and alpha live on the layer; inside an
/// animation block the view is its layer's delegate and turns property changes into animations.
open class UIView: UIResponder, CALayerDelegate, UICoordinateSpace {
    /// The class of the backing layer (Apple declares `AnyClass`; it must be a CALayer subclass).
    open class var layerClass: AnyClass { CALayer.self }

    public let layer: CALayer
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    weak var owningViewController: UIViewController?
    /// Storage for `gestureRecognizers` (UIGestureRecognizer.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    /// Auto Layout's per-view state (UIView+AutoLayout.swift), made when first needed.
    var autoLayoutStateIfPresent: AutoLayoutState?
    /// Key-value observers (KeyValueObserving+UIKit.swift), made when the first one registers.
    var keyValueObserversIfAny: KeyValueObservers?

    public var tag = 0
    public var isUserInteractionEnabled = true
    public var autoresizingMask: AutoresizingMask = []
    public var autoresizesSubviews = true
    public var isOpaque = true
    public var accessibilityIdentifier: String? {
        get { storedAccessibilityIdentifier }
        set { storedAccessibilityIdentifier = newValue; layer.name = newValue }
    }
    private var storedAccessibilityIdentifier: String?

    /// The designated initializer, as on iOS.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        reportedStyle = UIScreen.main.userInterfaceStyle
        super.init()
        layer.delegate = self
        layer.frame = frame
        layer.setNeedsDisplay()
    }
    /// Nibs and archives are not read on Linux: the coder is not consulted and the view is the one
    /// `init(frame: .zero)` makes. Required as on iOS, so a subclass that adds a designated initializer also
    /// declares it (usually `fatalError`), and that text compiles on both platforms.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        reportedStyle = UIScreen.main.userInterfaceStyle
        super.init()
        layer.delegate = self
        layer.setNeedsDisplay()
    }
    public convenience override init() { self.init(frame: .zero) }

    /// UIKit's shape: `<UIView: 0x…; frame = (0 0; 390 844); layer = <CALayer: 0x…>>` (NSObject+Description.swift).
    open override var description: String { viewDescription }

    private static func makeLayer() -> CALayer {
        guard let layerType = layerClass as? CALayer.Type else {
            misuse("\(Self.self).layerClass must be a CALayer subclass")
        }
        return layerType.init()
    }

    // MARK: Geometry (on the layer)

    open var frame: CGRect {
        get { layer.frame }
        set {
            willChangeObserved("frame"); defer { didChangeObserved("frame") }
            let oldSize = layer.bounds.size, oldPosition = layer.position
            layer.frame = newValue
            boundsSizeChanged(from: oldSize)
            if layer.bounds.size != oldSize || layer.position != oldPosition { frameDidChangeForAutoLayout() }
        }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            willChangeObserved("bounds"); defer { didChangeObserved("bounds") }
            let oldSize = layer.bounds.size
            layer.bounds = newValue
            boundsSizeChanged(from: oldSize)
            if newValue.size != oldSize { frameDidChangeForAutoLayout() }
        }
    }
    open var center: CGPoint {
        get { layer.position }
        set {
            willChangeObserved("center"); defer { didChangeObserved("center") }
            let oldPosition = layer.position
            layer.position = newValue
            if newValue != oldPosition { frameDidChangeForAutoLayout() }
        }
    }

    /// A view laid out by its frame that takes part in Auto Layout (a container, or named by a
    /// constraint) moved or changed size: constants of the constraints change, the engine solves again.
    /// (Layout code often sets the same frame on every pass; that changes nothing.)
    private func frameDidChangeForAutoLayout() {
        guard let state = autoLayoutStateIfPresent, state.usesAutoLayout || state.isSolvedByEngine,
              state.translatesAutoresizingMask || !(state.systemGuides.isEmpty) else { return }
        setNeedsEngineSync()
    }
    /// The layer's transform as an affine transform (UIKit's `transform`); `transform3D` is the full one.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { willChangeObserved("transform"); defer { didChangeObserved("transform") }; layer.setAffineTransform(newValue) }
    }
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }
    /// The layer's anchor point (unit coordinates of the bounds); `center` stays, so the frame moves.
    open var anchorPoint: CGPoint {
        get { layer.anchorPoint }
        set { layer.anchorPoint = newValue }
    }
    /// Pixels per point of what `draw(_:)` makes (and the layer's `contentsScale`): the screen's scale
    /// unless set.
    open var contentScaleFactor: CGFloat {
        get { ownContentScale ?? UIScreen.main.scale }
        set { ownContentScale = newValue > 0 ? newValue : nil; layer.contentsScale = contentScaleFactor }
    }
    private var ownContentScale: CGFloat?
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { willChangeObserved("alpha"); defer { didChangeObserved("alpha") }; layer.opacity = Float(newValue) }
    }
    /// An arranged view of a stack that is hidden but still drawn while it collapses in an animation.
    var collapsingToHidden = false
    open var isHidden: Bool {
        get { collapsingToHidden || layer.isHidden }
        set {
            willChangeObserved("isHidden"); defer { didChangeObserved("isHidden") }
            if let stack = superview as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
                guard newValue != isHidden else { return }
                stack.arrangedSubview(self, didSetHidden: newValue)
            } else {
                collapsingToHidden = false
                layer.isHidden = newValue
            }
        }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// How the layer's contents (an image, or what `draw(_:)` made) sit in the bounds: the layer's
    /// `contentsGravity`. `.redraw` stretches like `.scaleToFill` and redraws when the size changes.
    open var contentMode: ContentMode {
        get { storedContentMode }
        set {
            storedContentMode = newValue
            layer.contentsGravity = newValue.gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }
    private var storedContentMode: ContentMode = .scaleToFill

    /// A view whose alpha masks this view (its layer becomes this layer's `mask`, in this view's bounds
    /// space). It leaves any superview it had, as on iOS a mask view must have none.
    open var mask: UIView? {
        get { maskView }
        set {
            guard newValue !== maskView else { return }
            newValue?.removeFromSuperview()
            maskView = newValue
            layer.mask = newValue?.layer
        }
    }
    private var maskView: UIView?

    /// Draws the view's content into the current context (bounds space). The default draws nothing.
    /// Called when the view is first displayed with a size, after `setNeedsDisplay()`, and after a size
    /// change with `contentMode = .redraw`; what it draws becomes the layer's contents at
    /// `contentScaleFactor`, placed by `contentMode`.
    open func draw(_ rect: CGRect) {}
    /// Marks the content drawn by `draw(_:)` out of date; it is redrawn at the end of the run-loop turn.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// Marks the whole view (drawn content is one image here) out of date.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }
    /// Whether the context `draw(_:)` draws into is cleared first. It always starts transparent here.
    open var clearsContextBeforeDrawing = true
    /// Whether `draw(_:)` ever drew something: until then a display leaves the layer's contents alone
    /// (image views set them directly; most views draw nothing).
    private var hasDrawnContents = false

    /// The layer's display (CALayerDelegate): runs `draw(_:)` with a context of the bounds as the current
    /// one and shows the result, unless nothing was ever drawn.
    public func display(_ layer: CALayer) {
        guard layer === self.layer, let context = layer.drawnRecording(scale: contentScaleFactor) else { return }
        if context.recording.items.isEmpty && !hasDrawnContents { return }
        hasDrawnContents = true
        layer.contentsScale = contentScaleFactor
        layer.contents = context.makeImage()
    }

    /// The layer's drawing (CALayerDelegate): `draw(_:)` with `ctx` current.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        UIGraphicsPushContext(ctx)
        traitCollection.withCurrent { draw(bounds) }
        UIGraphicsPopContext()
    }
    /// A dynamic colour resolves with the view's trait collection and is applied again when that changes;
    /// reading it back gives the colour set, while the layer still shows what it resolved to.
    open var backgroundColor: UIColor? {
        get {
            if let dynamicBackground, layer.backgroundColor == dynamicBackground.shown { return dynamicBackground.color }
            return layer.backgroundColor.map(UIColor.init(cgColor:))
        }
        set {
            willChangeObserved("backgroundColor"); defer { didChangeObserved("backgroundColor") }
            let resolved = newValue.map { resolve($0) }
            dynamicBackground = newValue.flatMap { $0.isDynamic ? ($0, resolved!) : nil }
            layer.backgroundColor = resolved
        }
    }
    private var dynamicBackground: (color: UIColor, shown: CGColor)?

    /// `color` as this view shows it now: resolved with its trait collection.
    func resolve(_ color: UIColor) -> CGColor {
        color.isDynamic ? color.resolvedColor(with: traitCollection).cgColor : color.cgColor
    }

    // MARK: Traits

    /// Light or dark for this view and its subviews (`.unspecified`: inherit the superview's, or the
    /// controller's, or at the top the screen's).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { ownStyle }
        set { ownStyle = newValue; traitsMayHaveChanged() }
    }
    private var ownStyle: UIUserInterfaceStyle = .unspecified
    /// The style last reported to `traitCollectionDidChange(_:)` (and the view's colours resolved with).
    private var reportedStyle: UIUserInterfaceStyle
    /// The level last reported (asset catalogs' work: a sheet's views resolve elevated colours).
    private var reportedLevel = UIUserInterfaceLevel.base

    /// The style this view shows: its own override, its controller's, its superview's, or for a
    /// controller's view outside a hierarchy its parent's or presenter's; at the top, the screen's.
    var effectiveStyle: UIUserInterfaceStyle {
        if ownStyle != .unspecified { return ownStyle }
        if let controller = owningViewController, controller.effectiveOverrideStyle != .unspecified {
            return controller.effectiveOverrideStyle
        }
        if let superview { return superview.effectiveStyle }
        if let controller = owningViewController, let above = controller.parent ?? controller.presentingViewController {
            return above.traitCollection.userInterfaceStyle
        }
        return UIScreen.main.userInterfaceStyle
    }

    open var traitCollection: UITraitCollection {
        UITraitCollection(userInterfaceStyle: effectiveStyle, displayScale: UIScreen.main.scale, level: effectiveLevel)
    }

    /// The level this view shows: elevated inside a controller presented as a sheet or popover (where iOS
    /// lifts the backgrounds in dark mode), else its superview's; at the top, base.
    var effectiveLevel: UIUserInterfaceLevel {
        if owningViewController?.isPresentedElevated == true { return .elevated }
        if let superview { return superview.effectiveLevel }
        if let controller = owningViewController, let above = controller.parent ?? controller.presentingViewController {
            return above.traitCollection.userInterfaceLevel
        }
        return .base
    }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// After an override or a move: when the style changed, applies the view's dynamic colours again and
    /// tells the controller and the view (with their traits as the current ones), then the subviews.
    func traitsMayHaveChanged() {
        let style = effectiveStyle, level = effectiveLevel
        guard style != reportedStyle || level != reportedLevel else { return }
        let previous = UITraitCollection(userInterfaceStyle: reportedStyle, displayScale: UIScreen.main.scale, level: reportedLevel)
        reportedStyle = style; reportedLevel = level
        traitCollection.withCurrent {
            UIView.performWithoutAnimation { applyDynamicColors() }
            owningViewController?.traitCollectionDidChange(previous)
            traitCollectionDidChange(previous)
        }
        for subview in subviews { subview.traitsMayHaveChanged() }
    }

    /// Shows the dynamic colours this view was given, resolved with its traits now. Views that draw
    /// colours of their own (labels, symbol images) add theirs.
    func applyDynamicColors() {
        if let dynamicBackground, layer.backgroundColor == dynamicBackground.shown { backgroundColor = dynamicBackground.color }
    }

    /// The view's own tint, or nil to inherit the superview's (UIKit's tint inheritance); at the top of the
    /// hierarchy the default is systemBlue. Setting it tells this view and the subviews that inherit it.
    /// Under a dimmed `tintAdjustmentMode` (an alert is up) it reads as its grey (`dimmedTint`).
    private var ownTintColor: UIColor?
    open var tintColor: UIColor! {
        get { isTintDimmed ? UIView.dimmedTint(undimmedTintColor) : undimmedTintColor }
        set { willChangeObserved("tintColor"); defer { didChangeObserved("tintColor") }; ownTintColor = newValue; tintMayHaveChanged() }
    }
    private var undimmedTintColor: UIColor { ownTintColor ?? superview?.undimmedTintColor ?? .systemBlue }
    /// Called when the tint this view shows changes (its own, or an inherited one after a move).
    open func tintColorDidChange() {}
    /// Tells this view and the subviews whose tint follows it; `dimming`: the adjustment mode changed, which
    /// reaches subviews with a tint of their own too.
    private func tintMayHaveChanged(dimming: Bool = false) {
        tintColorDidChange()
        for subview in subviews where dimming ? subview.tintAdjustmentMode == .automatic : subview.ownTintColor == nil {
            subview.tintMayHaveChanged(dimming: dimming)
        }
    }
    /// The nearest `tintAdjustmentMode` other than `.automatic`, here or above, is `.dimmed`.
    private var isTintDimmed: Bool {
        var view: UIView? = self
        while let current = view {
            switch current.tintAdjustmentMode {
            case .dimmed: return true
            case .normal: return false
            case .automatic: view = current.superview
            }
        }
        return false
    }
    /// A dimmed tint: the colour desaturated to its luma (Rec. 601), alpha kept, per appearance. Apple
    /// documents the dimmed mode as desaturating the tint; the exact grey is not published (an estimate).
    static func dimmedTint(_ tint: UIColor) -> UIColor {
        UIColor { traits in
            let c = tint.resolvedColor(with: traits).cgColor
            return UIColor(white: 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue, alpha: c.alpha)
        }
    }

    // MARK: Hierarchy

    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    open func insertSubview(_ view: UIView, at index: Int) {
        checkUsage(view !== self, "UIView.insertSubview: a view cannot be its own subview")
        let oldWindow = view.window
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            view.layer.removeFromSuperlayer()
            let target = min(max(current < index ? index - 1 : index, 0), subviews.count)
            subviews.insert(view, at: target)
            layer.insertSublayer(view.layer, at: UInt32(layerIndex(forSubviewAt: target)))
            return
        }
        view.removeFromSuperview()
        let target = min(max(index, 0), subviews.count)
        let newWindow = window
        // UIKit's order: will-move to the superview, then to the window; the move; did-move to the window,
        // then to the superview; the superview's didAddSubview.
        view.willMove(toSuperview: self)
        if view.window !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        subviews.insert(view, at: target)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(layerIndex(forSubviewAt: target)))
        joinedHierarchy(view)
        if oldWindow !== view.window { view.notifyWindowChanged() }
        view.didMoveToSuperview()
        view.traitsMayHaveChanged()
        if view.ownTintColor == nil { view.tintMayHaveChanged() }
        didAddSubview(view)
    }

    /// Subview layers sit among any extra sublayers in subview order; place the new one after its
    /// predecessor's layer (or first).
    private func layerIndex(forSubviewAt index: Int) -> Int {
        guard index > 0, let sublayers = layer.sublayers,
              let previous = sublayers.firstIndex(where: { $0 === subviews[index - 1].layer }) else {
            if index + 1 < subviews.count, let sublayers = layer.sublayers,
               let following = sublayers.firstIndex(where: { $0 === subviews[index + 1].layer }) { return following }
            return index == 0 ? 0 : (layer.sublayers?.count ?? 0)
        }
        return previous + 1
    }

    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count)
    }
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        deactivateConstraintsCrossing(from: self)
        parent.setNeedsEngineSync()
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
        if oldWindow != nil { notifyWindowChanged() }
        didMoveToSuperview()
        traitsMayHaveChanged()
    }

    /// Swaps two subviews' places (and their layers'); no hierarchy callbacks, as on iOS. Indices outside
    /// the subviews do nothing.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard index1 != index2, subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
        let first = subviews[min(index1, index2)], second = subviews[max(index1, index2)]
        subviews.swapAt(index1, index2)
        guard let sublayers = layer.sublayers, let low = sublayers.firstIndex(where: { $0 === first.layer }),
              let high = sublayers.firstIndex(where: { $0 === second.layer }) else { return }
        // The later layer takes the earlier one's place; the earlier one goes where the later one was
        // (indices before removal, as insertSublayer(_:at:) counts them for a layer that moves).
        layer.insertSublayer(second.layer, at: UInt32(low))
        layer.insertSublayer(first.layer, at: UInt32(high + 1))
    }

    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current { if v === view { return true }; current = v.superview }
        return false
    }

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves into another window, or out of its window (nil).
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}

    private func notifyWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for child in subviews { child.notifyWillMove(toWindow: newWindow) }
    }

    private func notifyWindowChanged() {
        owningViewController?.viewDidChangeWindow(self)
        didMoveToWindow()
        for child in subviews { child.notifyWindowChanged() }
    }

    open var window: UIWindow? {
        var current: UIView? = self
        while let v = current { if let w = v as? UIWindow { return w }; current = v.superview }
        return nil
    }

    open override var next: UIResponder? { owningViewController ?? superview }

    // MARK: Layout

    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Autoresizing runs at once inside the frame/bounds setter, as in UIKit, so subviews animate with
    /// their superview inside an animation block.
    private func boundsSizeChanged(from oldSize: CGSize) {
        let newSize = layer.bounds.size
        guard newSize != oldSize else { return }
        if autoresizesSubviews {
            for child in subviews { child.resize(superviewSizeFrom: oldSize, to: newSize) }
        }
        setNeedsLayout()
    }

    private func resize(superviewSizeFrom old: CGSize, to new: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        let f = frame
        // Each axis: share the size change among the flexible parts, in proportion to their current sizes
        // (equally when they are all zero).
        func distribute(_ delta: CGFloat, _ parts: [(flexible: Bool, value: CGFloat)]) -> [CGFloat] {
            let flexible = parts.filter(\.flexible)
            guard !flexible.isEmpty else { return parts.map(\.value) }
            let total = flexible.reduce(0) { $0 + $1.value }
            return parts.map { part in
                guard part.flexible else { return part.value }
                let share = total > 0 ? part.value / total : 1 / CGFloat(flexible.count)
                return part.value + delta * share
            }
        }
        let h = distribute(new.width - old.width, [(mask.contains(.flexibleLeftMargin), f.minX),
                                                   (mask.contains(.flexibleWidth), f.width),
                                                   (mask.contains(.flexibleRightMargin), old.width - f.maxX)])
        let v = distribute(new.height - old.height, [(mask.contains(.flexibleTopMargin), f.minY),
                                                     (mask.contains(.flexibleHeight), f.height),
                                                     (mask.contains(.flexibleBottomMargin), old.height - f.maxY)])
        frame = CGRect(x: h[0], y: v[0], width: h[1], height: v[1])
    }

    /// Lays out the subviews. UIKit's own implementation places the subviews that constraints lay out;
    /// here that happens just before it is called, so overrides need not call super first.
    open func layoutSubviews() {
        if let engine = layoutEngineIfPresent, engine.isOutOfDate {
            updateLayoutEngineIfNeeded()
            applyEngineFramesToSubviews()
        }
    }
    public func setNeedsLayout() { layer.setNeedsLayout() }
    /// Solves the constraints if they changed, then lays out from the highest ancestor that needs it
    /// (Core Animation's rule) down through this view's subtree.
    public func layoutIfNeeded() {
        updateLayoutEngineIfNeeded()
        layer.layoutIfNeeded()
    }
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin.
    open func sizeToFit() {
        frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// Views without a natural size say so with this value, as UIKit does.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The size the view's content wants (a label's text); UIView has none.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Says the intrinsic size changed: constraints use the new one at the next layout pass.
    open func invalidateIntrinsicContentSize() { intrinsicSizeDidChange() }
    /// A multi-line label's height depends on the width Auto Layout gives it (measured again after a solve).
    var intrinsicHeightDependsOnWidth: Bool { false }
    /// Where the first or last text baseline sits relative to the vertical centre (nil: no text; the
    /// baseline is the bottom edge).
    func baselineOffsetFromCenter(last: Bool) -> CGFloat? { nil }
    /// Called when the layout margins change.
    open func layoutMarginsDidChange() {}
    /// Called in a layout pass of the view, before `layoutSubviews()`, when its safe-area insets differ
    /// from those of its previous layout pass (or from zero, the first time).
    open func safeAreaInsetsDidChange() {}
    /// The insets `safeAreaInsetsDidChange()` last reported.
    private var reportedSafeAreaInsets: UIEdgeInsets = .zero
    /// UIKit's own views' step in every layout pass, after constraints placed the subviews and before
    /// `layoutSubviews()` (a scroll view takes its content size from its content guide and reports a
    /// changed adjusted inset here), so an app's override of `layoutSubviews()` cannot skip it.
    func layoutPassWillLayoutSubviews() {}

    // Auto Layout's overridable entry points (the rest is in UIView+AutoLayout.swift).

    /// Override to add or change constraints in one place; UIKit calls it (subviews before their
    /// superviews) before the layout pass when `setNeedsUpdateConstraints()` was called. Call super last.
    open func updateConstraints() {
        autoLayoutStateIfPresent?.needsUpdateConstraints = false
    }
    /// true: UIKit runs `updateConstraints()` for this view class even before it has constraints.
    open class var requiresConstraintBasedLayout: Bool { false }
    /// The size the view's constraints (and its subviews' intrinsic sizes) give it, as close to
    /// `targetSize` as they allow (`fittingSizeLevel`: as close as possible while nothing is required).
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        updateConstraintsIfNeeded()
        return LayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }
    /// Auto Layout positions this rectangle; UIKit views have no alignment insets by default.
    open var alignmentRectInsets: UIEdgeInsets { .zero }
    open var forFirstBaselineLayout: UIView { self }
    open var forLastBaselineLayout: UIView { self }

    public func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        // Constraints first (solved if they changed), then the subviews they place, then the view's own
        // layoutSubviews. Layout code resolves colours with the view's traits, as UIKit sets them current.
        if autoLayoutStateIfPresent?.usesAutoLayout == true {
            updateLayoutEngineIfNeeded()
            applyEngineFramesToSubviews()
        }
        let insets = safeAreaInsets
        if insets != reportedSafeAreaInsets {
            reportedSafeAreaInsets = insets
            safeAreaInsetsDidChange()
        }
        layoutPassWillLayoutSubviews()
        mask?.layoutIfNeeded()
        traitCollection.withCurrent { layoutViewAndController() }
    }

    /// The part of the view covered by the device's unsafe areas (status bar, home indicator) and by the
    /// bars of the containers it is in (a view controller's `additionalSafeAreaInsets`, which navigation
    /// and tab bar controllers extend for their children).
    open var safeAreaInsets: UIEdgeInsets {
        guard let window else { return .zero }
        return safeArea(in: window).insets
    }

    /// The view's safe-area insets and the safe region (window coordinates) its subviews see.
    ///
    /// Only the sides where the superview has an unsafe band count (Apple: the insets "reflect only the
    /// portion of the view that is covered"): a view hanging past a side with no band, such as a screen
    /// sliding in from the right during a push, gets no inset there, so its content is not squeezed.
    func safeArea(in window: UIWindow) -> (insets: UIEdgeInsets, region: CGRect) {
        let outer: CGRect, region: CGRect
        if let superview {
            outer = superview.convert(superview.bounds, to: nil)
            region = superview.safeArea(in: window).region
        } else {
            outer = window.bounds
            region = outer.inset(by: window.windowSafeAreaInsets)
        }
        let rect = convert(bounds, to: nil)
        func covered(_ band: Bool, _ depth: CGFloat, _ length: CGFloat) -> CGFloat { band ? min(max(depth, 0), length) : 0 }
        var insets = UIEdgeInsets(top: covered(region.minY > outer.minY, region.minY - rect.minY, rect.height),
                                  left: covered(region.minX > outer.minX, region.minX - rect.minX, rect.width),
                                  bottom: covered(region.maxY < outer.maxY, rect.maxY - region.maxY, rect.height),
                                  right: covered(region.maxX < outer.maxX, rect.maxX - region.maxX, rect.width))
        guard let extra = owningViewController?.extraSafeAreaInsets, extra != .zero else { return (insets, region) }
        insets = UIEdgeInsets(top: insets.top + extra.top, left: insets.left + extra.left,
                              bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
        return (insets, rect.inset(by: insets))
    }

    // MARK: Coordinates

    /// Converts from this view's bounds space to `view`'s (nil: the window).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: (view ?? window)?.layer) }
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: (view ?? window)?.layer) }
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: (view ?? window)?.layer) }
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: (view ?? window)?.layer) }

    // UICoordinateSpace: a view converts to another view directly, and to any other space (the screen's)
    // through its window's space, which is the screen's (windows fill the screen from its origin).
    public func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, to: view as UIView?) }
        return coordinateSpace.convert(convert(point, to: nil as UIView?), from: UIScreen.main.coordinateSpace)
    }
    public func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, from: view as UIView?) }
        return convert(coordinateSpace.convert(point, to: UIScreen.main.coordinateSpace), from: nil as UIView?)
    }
    public func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, to: view as UIView?) }
        return coordinateSpace.convert(convert(rect, to: nil as UIView?), from: UIScreen.main.coordinateSpace)
    }
    public func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, from: view as UIView?) }
        return convert(coordinateSpace.convert(rect, to: UIScreen.main.coordinateSpace), from: nil as UIView?)
    }

    // MARK: Hit testing

    /// Inside the bounds that hit testing sees (`hitTestGeometry`: the drawn bounds while a property
    /// animator moves the view).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { hitTestGeometry.bounds.contains(point) }

    /// The deepest visible, interactive view containing `point` (in this view's bounds space). Each step
    /// down converts the point through `hitTestGeometry`, so a view a property animator moves is found
    /// where it is drawn, with its subviews.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // Compared in the layer's Float precision, so `alpha = 0.01` is hit-testable as UIKit documents.
        guard !isHidden, isUserInteractionEnabled, layer.opacity >= Float(0.01),
              !propertyAnimators.contains(where: { !$0.isUserInteractionEnabled }),
              self.point(inside: point, with: event) else { return nil }
        let geometry = hitTestGeometry
        for child in subviews.reversed() {
            let toSelf = CATransform3DConcat(child.hitTestGeometry.toSuperlayer, geometry.sublayerTransformAboutAnchor)
            if let hit = child.hitTest(CATransform3DInvert(toSelf).apply(to: point), with: event) { return hit }
        }
        return self
    }

    /// The geometry touches meet: the presentation values while a property animator that hit-tests for
    /// the app (`isManualHitTestingEnabled` false, the default) animates this view, so a finger catches it
    /// where it is drawn; the model otherwise, which is also what UIKit hit-tests for `UIView.animate`.
    var hitTestGeometry: LayerState {
        propertyAnimators.contains { !$0.isManualHitTestingEnabled } ? layer.presentationState(at: CACurrentMediaTime()) : layer.modelState
    }

    /// The property animators whose animations are on this view's layer now (they leave when it is done).
    private var propertyAnimators: [UIViewPropertyAnimator] {
        (layer.animationKeys() ?? []).compactMap { (layer.animation(forKey: $0) as? DrivenPropertyAnimation)?.driver as? UIViewPropertyAnimator }
    }

    /// The centre of the view as drawn now, in the coordinates of the root of its tree (the window's):
    /// every layer's presentation values on the way, where a person sees it. Scripts aim fingers here.
    package var drawnCentreInWindow: CGPoint {
        let t = CACurrentMediaTime()
        var state = layer.presentationState(at: t)
        var point = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
        var view = self
        while let parent = view.superview {
            let parentState = parent.layer.presentationState(at: t)
            point = CATransform3DConcat(state.toSuperlayer, parentState.sublayerTransformAboutAnchor).apply(to: point)
            view = parent
            state = parentState
        }
        return point
    }

    /// A recognizer attached to this view (or a subview) asks before it begins; false makes it fail.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Touches, direction, tint dimming

    /// Inert: every scripted finger reaches the hit view whatever this says; scripts decide how many
    /// fingers touch, not the views.
    open var isMultipleTouchEnabled = false
    /// Inert: touches are not kept from other views while this one is touched (scripts touch one view
    /// at a time).
    open var isExclusiveTouch = false
    /// Stored: the app's direction is left to right, so leading and trailing stay left and right; only
    /// `.forceRightToLeft` changes `effectiveUserInterfaceLayoutDirection` (docs/UIKIT-COMPATIBILITY.md).
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    /// The direction the view lays out in: right to left only for `.forceRightToLeft`.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute)
    }
    /// `.dimmed` greys the tint of this view and the views under it that inherit the mode (`.automatic`);
    /// an alert sets it on the presenter's view while it is up, as UIKit does. Changing it tells them
    /// (`tintColorDidChange()`).
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic {
        didSet { if tintAdjustmentMode != oldValue { tintMayHaveChanged(dimming: true) } }
    }

    // MARK: Focus, interactions, motion effects, restoration

    /// Inert: nothing takes focus offscreen (no keyboard, remote or pointer).
    open var canBecomeFocused: Bool { false }
    /// Inert: see `canBecomeFocused`.
    open var isFocused: Bool { false }
    /// Inert: see `canBecomeFocused`; stored and read back.
    open var focusGroupIdentifier: String?
    /// Inert: there is no focus engine to ask for an update.
    open func setNeedsFocusUpdate() {}
    /// Inert: see `setNeedsFocusUpdate()`.
    open func updateFocusIfNeeded() {}

    /// The interactions added to the view (each is told `willMove(to:)` and `didMove(to:)`).
    open var interactions: [UIInteraction] = []
    open func addInteraction(_ interaction: UIInteraction) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: self)
        interactions.append(interaction)
        interaction.didMove(to: self)
    }
    open func removeInteraction(_ interaction: UIInteraction) {
        guard interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }

    /// Inert: motion effects follow the device's tilt, and a render's device never moves (the viewer
    /// offset stays zero, where every interpolating effect is at rest); kept and read back.
    open var motionEffects: [UIMotionEffect] = []
    /// Inert: see `motionEffects`.
    open func addMotionEffect(_ effect: UIMotionEffect) {
        if !motionEffects.contains(where: { $0 === effect }) { motionEffects.append(effect) }
    }
    /// Inert: see `motionEffects`.
    open func removeMotionEffect(_ effect: UIMotionEffect) { motionEffects.removeAll { $0 === effect } }

    /// Inert: state restoration needs an app relaunch; stored and read back.
    open var restorationIdentifier: String?
    /// Inert: see `restorationIdentifier`.
    open func encodeRestorableState(with coder: NSCoder) {}
    /// Inert: see `restorationIdentifier`.
    open func decodeRestorableState(with coder: NSCoder) {}

    // MARK: Accessibility and large content (stored: no assistive technology reads them offscreen)

    /// Inert: no assistive technology runs offscreen; stored and read back (as are the properties below).
    open var isAccessibilityElement = false
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityLabel: String?
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityHint: String?
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityValue: String?
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityFrame: CGRect = .zero
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityLanguage: String?
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityElementsHidden = false
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityViewIsModal = false
    /// Inert: see `isAccessibilityElement`.
    open var shouldGroupAccessibilityChildren = false
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityElements: [Any]?
    /// Inert: colours are never inverted offscreen (Smart Invert is a device setting).
    open var accessibilityIgnoresInvertColors = false
    /// Inert: see `isAccessibilityElement`.
    open var accessibilityRespondsToUserInteraction = false
    /// Inert: the large content viewer appears on a long press with large text sizes, a device setting.
    open var showsLargeContentViewer = false
    /// Inert: see `showsLargeContentViewer`.
    open var largeContentTitle: String?
    /// Inert: see `showsLargeContentViewer`.
    open var largeContentImage: UIImage?
    /// Inert: see `showsLargeContentViewer`.
    open var scalesLargeContentImage = false
    /// Inert: see `showsLargeContentViewer`.
    open var largeContentImageInsets: UIEdgeInsets = .zero

    /// Reports a changed trait collection now (the style of an override or a move) instead of at the next layout.
    open func updateTraitsIfNeeded() { traitsMayHaveChanged() }

    // MARK: Animation hook

    /// Inside an animation block, records the change so the block can animate it (unless animations are
    /// disabled). Always `NSNull`: a view's layer takes no action of its own (`actions`, implicit
    /// animations), as on iOS.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        if UIView.areAnimationsEnabled { AnimationRecorder.current?.recordChange(of: layer, key: event) }
        return NSNull()
    }
}
