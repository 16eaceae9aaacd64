/// A rectangle on screen backed by a CALayer. Geometry, colour and alpha live on the layer; inside an
/// animation block the view is its layer's delegate and turns property changes into animations.
open class UIView: UIResponder, CALayerDelegate {
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
    }
    /// Nibs and archives are not read on Linux: the coder is not consulted and the view is the one
    /// `init(frame: .zero)` makes. Required as on iOS, so a subclass that adds a designated initializer also
    /// declares it (usually `fatalError`), and that text compiles on both platforms.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        reportedStyle = UIScreen.main.userInterfaceStyle
        super.init()
        layer.delegate = self
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

    /// The style this view shows: its own override, its controller's, its superview's, or for a
    /// controller's view outside a hierarchy its parent's or presenter's; at the top, the screen's.
    var effectiveStyle: UIUserInterfaceStyle {
        if ownStyle != .unspecified { return ownStyle }
        if let controller = owningViewController, controller.overrideUserInterfaceStyle != .unspecified {
            return controller.overrideUserInterfaceStyle
        }
        if let superview { return superview.effectiveStyle }
        if let controller = owningViewController, let above = controller.parent ?? controller.presentingViewController {
            return above.traitCollection.userInterfaceStyle
        }
        return UIScreen.main.userInterfaceStyle
    }

    open var traitCollection: UITraitCollection {
        UITraitCollection(userInterfaceStyle: effectiveStyle, displayScale: UIScreen.main.scale)
    }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// After an override or a move: when the style changed, applies the view's dynamic colours again and
    /// tells the controller and the view (with their traits as the current ones), then the subviews.
    func traitsMayHaveChanged() {
        let style = effectiveStyle
        guard style != reportedStyle else { return }
        let previous = UITraitCollection(userInterfaceStyle: reportedStyle, displayScale: UIScreen.main.scale)
        reportedStyle = style
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
    private var ownTintColor: UIColor?
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set { willChangeObserved("tintColor"); defer { didChangeObserved("tintColor") }; ownTintColor = newValue; tintMayHaveChanged() }
    }
    /// Called when the tint this view shows changes (its own, or an inherited one after a move).
    open func tintColorDidChange() {}
    private func tintMayHaveChanged() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.tintMayHaveChanged() }
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
        view.willMove(toSuperview: self)
        subviews.insert(view, at: target)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(layerIndex(forSubviewAt: target)))
        joinedHierarchy(view)
        view.didMoveToSuperview()
        view.traitsMayHaveChanged()
        if view.ownTintColor == nil { view.tintMayHaveChanged() }
        if oldWindow !== view.window { view.notifyWindowChanged() }
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
        deactivateConstraintsCrossing(from: self)
        parent.setNeedsEngineSync()
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
        didMoveToSuperview()
        traitsMayHaveChanged()
        if oldWindow != nil { notifyWindowChanged() }
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
    open func didMoveToWindow() {}

    private func notifyWindowChanged() {
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
        propertyAnimators.contains { !$0.isManualHitTestingEnabled } ? layer.presentationState(at: CACurrentMediaTime()) : layer.model
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

    // MARK: Animation hook

    /// Inside an animation block, records the change so the block can animate it; outside, no action.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        AnimationRecorder.current?.recordChange(of: layer, key: event)
        return nil
    }
}
