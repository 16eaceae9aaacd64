import Cassowary

/// What a view keeps for Auto Layout, made the first time it is needed (most views laid out by frames
/// never pay for it).
final class AutoLayoutState {
    var translatesAutoresizingMask = true
    /// Active constraints this view holds (it is their items' nearest common ancestor).
    var held: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var variables: LayoutVariables?
    /// The last pass solved this view's frame (its variables are in the engine).
    var isSolvedByEngine = false
    /// On a hierarchy's root: its engine.
    var engine: LayoutEngine?
    /// This view or one below it takes part in Auto Layout (kept true on the ancestors).
    var usesAutoLayout = false
    var needsUpdateConstraints = true
    /// On a root: some view below asked for `updateConstraints`.
    var constraintUpdatePending = false
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var intrinsicSize: CGSize?
    var intrinsicSizeAtWidth: (width: CGFloat, size: CGSize)?
    var margins: UIEdgeInsets?
    var preservesSuperviewLayoutMargins = false
    var insetsLayoutMarginsFromSafeArea = true
    var systemGuides: [UILayoutGuide.Kind: UILayoutGuide] = [:]
    private var autoresizing: [NSLayoutConstraint?] = [nil, nil, nil, nil]
    private var contentSize: [Int: NSLayoutConstraint] = [:]

    /// The NSAutoresizingMaskLayoutConstraint a conflict log names for one of a frame's four values.
    func autoresizingConstraint(_ view: UIView, index: Int, attribute: NSLayoutConstraint.Attribute, value: CGFloat) -> NSLayoutConstraint {
        if let c = autoresizing[index], c.constant == value { return c }
        let c: NSLayoutConstraint
        if attribute.family == .dimension {
            c = NSLayoutConstraint(item: view, attribute: attribute, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: value)
        } else if let superview = view.superview {
            c = NSLayoutConstraint(item: view, attribute: attribute, relatedBy: .equal, toItem: superview, attribute: attribute, multiplier: 1, constant: value)
        } else {
            c = NSLayoutConstraint(item: view, attribute: attribute == .left ? .width : .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: value)
        }
        c.origin = .autoresizingMask
        autoresizing[index] = c
        return c
    }

    /// The NSContentSizeLayoutConstraint a conflict log names for hugging or compression resistance.
    func contentSizeConstraint(_ view: UIView, axis: NSLayoutConstraint.Axis, hugging: Bool, value: CGFloat, priority: UILayoutPriority) -> NSLayoutConstraint {
        let key = axis.rawValue * 2 + (hugging ? 1 : 0)
        if let c = contentSize[key], c.constant == value, c.priority == priority { return c }
        let c = NSLayoutConstraint(item: view, attribute: axis == .horizontal ? .width : .height,
                                   relatedBy: hugging ? .lessThanOrEqual : .greaterThanOrEqual, toItem: nil,
                                   attribute: .notAnAttribute, multiplier: 1, constant: value)
        c.priority = priority
        c.origin = .contentSize
        contentSize[key] = c
        return c
    }
}

extension UIView {
    var autoLayout: AutoLayoutState {
        if let state = autoLayoutStateIfPresent { return state }
        let state = AutoLayoutState()
        autoLayoutStateIfPresent = state
        return state
    }

    var layoutVariables: LayoutVariables {
        let state = autoLayout
        if let v = state.variables { return v }
        let v = LayoutVariables(String(describing: type(of: self)))
        state.variables = v
        return v
    }

    var heldConstraints: [NSLayoutConstraint] { autoLayoutStateIfPresent?.held ?? [] }

    var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    var layoutEngineIfPresent: LayoutEngine? { rootView.autoLayoutStateIfPresent?.engine }

    // MARK: Public API

    /// true (the default): the view is laid out by its frame and autoresizing mask. false: constraints
    /// lay it out; set it before adding constraints to a view made in code.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayoutStateIfPresent?.translatesAutoresizingMask ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            autoLayout.translatesAutoresizingMask = newValue
            if !newValue { markUsesAutoLayout() }
            setNeedsEngineSync()
            (superview ?? self).setNeedsLayout()
        }
    }

    /// The active constraints this view holds (those whose items' nearest common ancestor it is).
    public var constraints: [NSLayoutConstraint] { heldConstraints }

    /// The older way to activate: the view must be the items' common ancestor (or one of its ancestors).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder !== self else { return }
        checkUsage(constraint.itemViews.allSatisfy { $0 == nil || $0!.isDescendant(of: self) },
                   "UIView.addConstraint: the view hierarchy is not prepared for the constraint \(constraint): its items must be this view or its descendants. Use NSLayoutConstraint.activate(_:) to let UIKit pick the view.")
        constraint.holder?.uninstall(constraint)
        install(constraint)
    }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }
    public func removeConstraint(_ constraint: NSLayoutConstraint) { if constraint.holder === self { uninstall(constraint) } }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayoutStateIfPresent?.hugging[axis.rawValue] ?? .defaultLow
    }
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        autoLayout.hugging[axis.rawValue] = priority
        setNeedsEngineSync()
    }
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayoutStateIfPresent?.compressionResistance[axis.rawValue] ?? .defaultHigh
    }
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        autoLayout.compressionResistance[axis.rawValue] = priority
        setNeedsEngineSync()
    }

    // MARK: Layout guides

    public var layoutGuides: [UILayoutGuide] { autoLayoutStateIfPresent?.guides ?? [] }
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        checkUsage(guide.kind == .user, "UIView.addLayoutGuide: a system guide cannot be added to another view")
        if let owner = guide.owningView, owner !== self { owner.removeLayoutGuide(guide) }
        guard guide.owningView !== self else { return }
        guide.owningView = self
        autoLayout.guides.append(guide)
    }
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        for c in activeConstraintsReferencing(guide) { c.isActive = false }
        autoLayout.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// The view's bounds less its safe-area insets.
    public var safeAreaLayoutGuide: UILayoutGuide { systemGuide(.safeArea, "UIViewSafeAreaLayoutGuide") }
    /// The view's bounds less its layout margins.
    public var layoutMarginsGuide: UILayoutGuide { systemGuide(.layoutMargins, "UIViewLayoutMarginsGuide") }
    /// The margins guide, narrowed to at most 672 points and centred, for text.
    public var readableContentGuide: UILayoutGuide { systemGuide(.readableContent, "UIViewReadableContentGuide") }

    private func systemGuide(_ kind: UILayoutGuide.Kind, _ identifier: String) -> UILayoutGuide {
        if let guide = autoLayoutStateIfPresent?.systemGuides[kind] { return guide }
        let guide = UILayoutGuide(kind: kind, identifier: identifier)
        guide.owningView = self
        autoLayout.systemGuides[kind] = guide
        return guide
    }

    /// What a system guide leaves out of the bounds.
    func insets(of kind: UILayoutGuide.Kind) -> UIEdgeInsets {
        switch kind {
        case .user, .contentLayout, .frameLayout: return .zero
        case .safeArea: return safeAreaInsets
        case .layoutMargins: return effectiveLayoutMargins
        case .readableContent:
            let m = effectiveLayoutMargins
            let extra = max(bounds.width - m.left - m.right - 672, 0) / 2
            return UIEdgeInsets(top: m.top, left: m.left + extra, bottom: m.bottom, right: m.right + extra)
        }
    }

    // MARK: Layout margins

    /// The space inside the edges that content should keep to. Reading gives the margins in effect (with
    /// the safe area added when `insetsLayoutMarginsFromSafeArea`); setting gives the view's own.
    public var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins }
        set {
            autoLayout.margins = newValue
            layoutMarginsChanged()
        }
    }
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }
    public var preservesSuperviewLayoutMargins: Bool {
        get { autoLayoutStateIfPresent?.preservesSuperviewLayoutMargins ?? false }
        set { autoLayout.preservesSuperviewLayoutMargins = newValue; layoutMarginsChanged() }
    }
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { autoLayoutStateIfPresent?.insetsLayoutMarginsFromSafeArea ?? true }
        set { autoLayout.insetsLayoutMarginsFromSafeArea = newValue; layoutMarginsChanged() }
    }

    private func layoutMarginsChanged() {
        layoutMarginsDidChange()
        setNeedsEngineSync()
        setNeedsLayout()
    }

    /// The view's own margins: 8 points each side, or for a view controller's root view the system
    /// minimum (16 points at the sides of a compact-width screen, 20 wider; none above and below).
    var ownLayoutMargins: UIEdgeInsets {
        if let m = autoLayoutStateIfPresent?.margins {
            guard let controller = owningViewController, controller.viewRespectsSystemMinimumLayoutMargins else { return m }
            let minimum = controller.systemMinimumLayoutMargins
            return UIEdgeInsets(top: max(m.top, minimum.top), left: max(m.left, minimum.leading),
                                bottom: max(m.bottom, minimum.bottom), right: max(m.right, minimum.trailing))
        }
        if let controller = owningViewController {
            let minimum = controller.systemMinimumLayoutMargins
            return UIEdgeInsets(top: minimum.top, left: minimum.leading, bottom: minimum.bottom, right: minimum.trailing)
        }
        return UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    }

    /// Own margins, widened to the superview's where this view reaches into them
    /// (`preservesSuperviewLayoutMargins`), then measured from the safe area.
    var effectiveLayoutMargins: UIEdgeInsets {
        var m = ownLayoutMargins
        if preservesSuperviewLayoutMargins, let superview {
            let outer = superview.effectiveLayoutMargins, f = alignmentRect, b = superview.bounds
            m.left = max(m.left, outer.left - (f.minX - b.minX))
            m.top = max(m.top, outer.top - (f.minY - b.minY))
            m.right = max(m.right, outer.right - (b.maxX - f.maxX))
            m.bottom = max(m.bottom, outer.bottom - (b.maxY - f.maxY))
        }
        if insetsLayoutMarginsFromSafeArea {
            let s = safeAreaInsets
            m = UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        return m
    }

    // MARK: Constraint updates

    public func setNeedsUpdateConstraints() {
        autoLayout.needsUpdateConstraints = true
        markUsesAutoLayout()
        rootView.autoLayout.constraintUpdatePending = true
        (superview ?? self).setNeedsLayout()
    }
    public func needsUpdateConstraints() -> Bool { autoLayoutStateIfPresent?.needsUpdateConstraints ?? true }
    public func updateConstraintsIfNeeded() {
        let root = rootView
        guard root.autoLayoutStateIfPresent?.usesAutoLayout == true else { return }
        root.runConstraintUpdates(below: self)
    }

    /// Calls `updateConstraints` (or the controller's `updateViewConstraints`) bottom-up in `top`'s subtree,
    /// for every view that asked, until none asks again.
    private func runConstraintUpdates(below top: UIView) {
        for _ in 0..<4 {
            autoLayout.constraintUpdatePending = false
            var order: [UIView] = []
            var stack = [top]
            while let view = stack.popLast() {
                order.append(view)
                stack.append(contentsOf: view.subviews)
            }
            var ran = false
            for view in order.reversed() where view.autoLayoutStateIfPresent?.needsUpdateConstraints ?? true {
                guard view.autoLayoutStateIfPresent?.usesAutoLayout == true || type(of: view).requiresConstraintBasedLayout else {
                    continue
                }
                view.autoLayout.needsUpdateConstraints = false
                ran = true
                if let controller = view.owningViewController { controller.updateViewConstraints() } else { view.updateConstraints() }
            }
            if !ran || !autoLayout.constraintUpdatePending { break }
        }
    }

    // MARK: Fitting

    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)


    // MARK: Debugging

    /// True when the constraints leave the view's position or size free to move.
    public var hasAmbiguousLayout: Bool {
        [.left, .top, .width, .height].contains { isAmbiguous(self, attribute: $0) }
    }
    /// UIKit moves an ambiguous view to another valid place; here layout stays as solved.
    public func exerciseAmbiguityInLayout() {}

    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        activeConstraintsReferencing(self).filter { $0.axis == axis || $0.axis == nil }
    }

    public func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }
    public func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return alignmentRect.inset(by: UIEdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right))
    }

    // MARK: Engine plumbing

    func install(_ constraint: NSLayoutConstraint) {
        autoLayout.held.append(constraint)
        constraint.holder = self
        markUsesAutoLayout()
        for view in constraint.itemViews.compactMap({ $0 }) { view.markUsesAutoLayout() }
        constraintsDidChange(affecting: constraint)
    }

    func uninstall(_ constraint: NSLayoutConstraint) {
        constraintsDidChange(affecting: constraint)
        autoLayoutStateIfPresent?.held.removeAll { $0 === constraint }
        constraint.holder = nil
        constraint.isBroken = false
    }

    /// The engine must solve again; the views the constraint names are laid out again by their superviews.
    func constraintsDidChange(affecting constraint: NSLayoutConstraint) {
        setNeedsEngineSync()
        for view in constraint.itemViews.compactMap({ $0 }) { (view.superview ?? view).setNeedsLayout() }
    }

    /// Only the constant changed: the engine can re-solve that one constraint.
    func constraintConstantDidChange(_ constraint: NSLayoutConstraint) {
        let root = rootView
        if let state = root.autoLayoutStateIfPresent, state.usesAutoLayout, let engine = state.engine {
            engine.constantDidChange(constraint)
        }
        for view in constraint.itemViews.compactMap({ $0 }) { (view.superview ?? view).setNeedsLayout() }
    }

    /// Marks this view and its ancestors as taking part in Auto Layout.
    func markUsesAutoLayout() {
        var view: UIView? = self
        while let v = view, !v.autoLayout.usesAutoLayout {
            v.autoLayout.usesAutoLayout = true
            view = v.superview
        }
    }

    func setNeedsEngineSync() {
        let root = rootView
        guard let state = root.autoLayoutStateIfPresent, state.usesAutoLayout else { return }
        state.engine?.needsSync = true
    }

    /// Brings the hierarchy's constraints up to date and solves them if anything changed: what UIKit does
    /// before a layout pass (`updateConstraintsIfNeeded`, then the engine).
    func updateLayoutEngineIfNeeded() {
        let root = rootView
        guard let state = root.autoLayoutStateIfPresent, state.usesAutoLayout else { return }
        if state.constraintUpdatePending || state.engine == nil { root.runConstraintUpdates(below: root) }
        let engine = state.engine ?? LayoutEngine()
        state.engine = engine
        if engine.isOutOfDate { engine.sync(root: root) }
    }

    /// Puts the subviews laid out by constraints where the engine solved them (the first part of a
    /// layout pass, as UIView's own `layoutSubviews` does in UIKit).
    func applyEngineFramesToSubviews() {
        for subview in subviews {
            guard let state = subview.autoLayoutStateIfPresent, state.isSolvedByEngine, !state.translatesAutoresizingMask else { continue }
            let rect = subview.engineFrame()
            guard rect != subview.alignmentRect else { continue }
            subview.setAlignmentRect(rect)
            // Safe-area and margin guides below depend on where the view now is.
            if !(subview.autoLayoutStateIfPresent?.systemGuides.isEmpty ?? true) { setNeedsEngineSync() }
        }
    }

    /// The solved rectangle on the screen's pixel grid: each edge rounded to the nearest pixel in the
    /// superview's coordinates, so neighbours that share an edge keep sharing it (sizes may differ by a
    /// pixel from the exact value).
    func engineFrame() -> CGRect {
        let r = layoutVariables.solvedRect, scale = UIScreen.main.scale
        func snap(_ v: CGFloat) -> CGFloat { pixelAligned(v, scale: scale) }
        let minX = snap(r.minX), minY = snap(r.minY)
        return CGRect(x: minX, y: minY, width: max(snap(r.maxX) - minX, 0), height: max(snap(r.maxY) - minY, 0))
    }

    /// The frame without the transform (centre and bounds size), which Auto Layout positions.
    var alignmentRect: CGRect {
        let size = bounds.size, c = center
        return CGRect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
    }

    /// Sets bounds size and centre (not the frame), so a transform the view has stays applied.
    func setAlignmentRect(_ rect: CGRect) {
        if bounds.size != rect.size { bounds = CGRect(origin: bounds.origin, size: rect.size) }
        let c = CGPoint(x: rect.midX, y: rect.midY)
        if center != c { center = c }
    }

    /// The intrinsic size, cached until `invalidateIntrinsicContentSize()`; with a width, the size of
    /// content that wraps at that width.
    func cachedIntrinsicSize(width: CGFloat?) -> CGSize {
        let state = autoLayout
        if let width {
            if let cached = state.intrinsicSizeAtWidth, cached.width == width { return cached.size }
            let fitted = sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
            let intrinsic = cachedIntrinsicSize(width: nil)
            let size = CGSize(width: intrinsic.width, height: fitted.height)
            state.intrinsicSizeAtWidth = (width, size)
            return size
        }
        if let cached = state.intrinsicSize { return cached }
        let size = intrinsicContentSize
        state.intrinsicSize = size
        return size
    }

    func intrinsicSizeDidChange() {
        guard let state = autoLayoutStateIfPresent else { return }
        state.intrinsicSize = nil
        state.intrinsicSizeAtWidth = nil
        // A stack view's proportions and tie-breaks are made from its views' intrinsic sizes.
        if let stack = superview as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
            stack.setNeedsUpdateConstraints()
        }
        guard !state.translatesAutoresizingMask else { return }
        setNeedsEngineSync()
        (superview ?? self).setNeedsLayout()
    }

    /// Active constraints anywhere above that name `item`.
    func activeConstraintsReferencing(_ item: AnyObject) -> [NSLayoutConstraint] {
        var result: [NSLayoutConstraint] = []
        var view: UIView? = self
        while let v = view {
            result += v.heldConstraints.filter { $0.firstItem === item || $0.secondItem === item }
            view = v.superview
        }
        return result
    }

    /// True when the solved layout leaves the item's attribute free (`hasAmbiguousLayout`).
    func isAmbiguous(_ item: AnyObject, attribute: NSLayoutConstraint.Attribute) -> Bool {
        updateLayoutEngineIfNeeded()
        guard let engine = layoutEngineIfPresent else { return false }
        let vars: LayoutVariables?
        if let view = item as? UIView {
            guard view.autoLayoutStateIfPresent?.isSolvedByEngine == true else { return false }
            vars = view.autoLayoutStateIfPresent?.variables
        } else {
            vars = (item as? UILayoutGuide)?.variablesIfMade
        }
        guard let vars else { return false }
        switch attribute.family {
        case .horizontal: return engine.isAmbiguous(vars.x)
        case .vertical: return engine.isAmbiguous(vars.y)
        case .dimension: return engine.isAmbiguous(attribute == .width ? vars.w : vars.h)
        case .none: return false
        }
    }

    /// Removing a view from its superview deactivates the constraints that tie its subtree to views
    /// outside it, as UIKit does.
    func deactivateConstraintsCrossing(from removed: UIView) {
        var ancestor = removed.superview
        while let a = ancestor {
            for c in a.heldConstraints where c.itemViews.contains(where: { $0?.isDescendant(of: removed) == true }) {
                c.isActive = false
            }
            ancestor = a.superview
        }
    }

    /// After a move into a new hierarchy: its engine, if it had one, gives way to the new root's.
    func joinedHierarchy(_ child: UIView) {
        guard let state = child.autoLayoutStateIfPresent else { return }
        state.engine = nil
        if state.usesAutoLayout {
            state.usesAutoLayout = false
            child.markUsesAutoLayout()
            if state.constraintUpdatePending || state.needsUpdateConstraints { rootView.autoLayout.constraintUpdatePending = true }
            state.constraintUpdatePending = false
            setNeedsEngineSync()
        }
    }
}
