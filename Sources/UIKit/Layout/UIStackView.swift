/// Lays out its arranged subviews in a row or column by making constraints, as UIKit's stack view does:
/// the constraints are ordinary ones (identifiers starting "UISV-"), so nested stacks, outside constraints
/// and animation blocks all work through the one engine.
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }
    /// `setCustomSpacing(_:after:)` with this value goes back to `spacing`.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// `setCustomSpacing(_:after:)` with this value uses the system spacing (8 points).
    public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    public private(set) var arrangedSubviews: [UIView] = []
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementChanged() } }
    open var distribution: Distribution = .fill { didSet { arrangementChanged() } }
    open var alignment: Alignment = .fill { didSet { arrangementChanged() } }
    open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    /// Arranged views are laid out inside the layout margins instead of the bounds.
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    /// Vertical spacing measured between text baselines; kept for source compatibility (edges are used).
    open var isBaselineRelativeArrangement = false { didSet { arrangementChanged() } }
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var generated: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    open override class var requiresConstraintBasedLayout: Bool { true }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        markUsesAutoLayout()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded. Not failable, as Apple declares it for stack views.
    public required init(coder: NSCoder) {
        super.init(coder: coder)!
        markUsesAutoLayout()
    }
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    // MARK: Arranged subviews

    /// Adds the view as the last arranged subview (and as a subview, laid out by constraints).
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        checkUsage(stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
                   "UIStackView.insertArrangedSubview: index \(stackIndex) is out of bounds (0...\(arrangedSubviews.count))")
        checkUsage(view !== self, "UIStackView.insertArrangedSubview: a stack view cannot arrange itself")
        if let current = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: current)
            arrangedSubviews.insert(view, at: min(stackIndex, arrangedSubviews.count))
        } else {
            arrangedSubviews.insert(view, at: stackIndex)
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging the view; it stays a subview (UIKit's rule: call removeFromSuperview to remove it).
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == UIStackView.spacingUseDefault ? nil : spacing
        arrangementChanged()
    }
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    private func spacing(after view: UIView) -> CGFloat {
        guard let custom = customSpacings[ObjectIdentifier(view)] else { return spacing }
        return custom == UIStackView.spacingUseSystem ? systemSpacing : custom
    }

    private func arrangementChanged() { setNeedsUpdateConstraints() }

    /// An arranged view's `isHidden` changed. Hidden views collapse to nothing along the axis and their
    /// neighbours close the gap; inside an animation block the stack lays out at once so the collapse
    /// animates with the block, and a view being hidden stays drawn until the block's animations end.
    func arrangedSubview(_ view: UIView, didSetHidden hidden: Bool) {
        let recorder = AnimationRecorder.current
        if hidden, let recorder {
            view.collapsingToHidden = true
            recorder.whenFinished { [weak view] in
                guard let view, view.collapsingToHidden else { return }
                view.collapsingToHidden = false
                view.layer.isHidden = true
            }
        } else {
            view.collapsingToHidden = false
            view.layer.isHidden = hidden
        }
        arrangementChanged()
        if recorder != nil { layoutIfNeeded() }
    }

    // MARK: Constraints

    open override func updateConstraints() {
        rebuildArrangement()
        super.updateConstraints()
    }

    /// Replaces the stack's constraints with ones for the current arrangement.
    private func rebuildArrangement() {
        NSLayoutConstraint.deactivate(generated)
        for guide in spacers { removeLayoutGuide(guide) }
        generated = []
        spacers = []
        let horizontal = axis == .horizontal
        let canvas: LayoutAnchors = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let visible = arrangedSubviews.filter { !$0.isHidden }

        let startAttr: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let endAttr: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let centerAttr: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
        let sizeAttr: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let crossStart: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossEnd: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossSize: NSLayoutConstraint.Attribute = horizontal ? .height : .width

        func add(_ id: String, _ a: AnyObject, _ aAttr: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                 _ b: AnyObject?, _ bAttr: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
                 priority: UILayoutPriority = .required, weight: Double? = nil) {
            let c = NSLayoutConstraint(item: a, attribute: aAttr, relatedBy: relation, toItem: b, attribute: b == nil ? .notAnAttribute : bAttr,
                                       multiplier: multiplier, constant: constant)
            c.identifier = id
            c.priority = priority
            c.engineWeight = weight
            c.origin = .stackView
            generated.append(c)
        }

        // Along the axis: the visible views in a chain from edge to edge.
        if let first = visible.first, let last = visible.last {
            add("UISV-canvas-connection", first, startAttr, .equal, canvas, startAttr)
            add("UISV-canvas-connection", canvas, endAttr, .equal, last, endAttr)
        }
        let spaced = distribution == .equalSpacing || distribution == .equalCentering
        var firstSpacer: UILayoutGuide?
        for (a, b) in zip(visible, visible.dropFirst()) {
            let gap = spacing(after: a)
            add("UISV-spacing", b, startAttr, spaced ? .greaterThanOrEqual : .equal, a, endAttr, constant: gap)
            guard spaced else { continue }
            // Equal gaps (or equal centre distances): a spacer guide between each pair, all the same size.
            let spacer = UILayoutGuide()
            spacer.identifier = "UISV-distributing-edge"
            addLayoutGuide(spacer)
            spacers.append(spacer)
            let from = distribution == .equalSpacing ? endAttr : centerAttr
            let to = distribution == .equalSpacing ? startAttr : centerAttr
            add("UISV-distributing-edge", spacer, startAttr, .equal, a, from)
            add("UISV-distributing-edge", spacer, endAttr, .equal, b, to)
            if let firstSpacer {
                add("UISV-distributing", spacer, sizeAttr, .equal, firstSpacer, sizeAttr,
                    priority: distribution == .equalSpacing ? .required : UILayoutPriority(999))
            } else {
                firstSpacer = spacer
            }
            // The guides need a position across the axis too.
            add("UISV-spacer-cross", spacer, crossStart, .equal, canvas, crossStart)
            add("UISV-spacer-cross", spacer, crossSize, .equal, nil, .notAnAttribute)
        }

        // Sizes along the axis.
        switch distribution {
        case .fillEqually:
            for view in visible.dropFirst() { add("UISV-fill-equally", view, sizeAttr, .equal, visible[0], sizeAttr) }
        case .fillProportionally:
            let sizes = visible.map { v -> CGFloat in
                let s = v.cachedIntrinsicSize(width: nil)
                return max(horizontal ? s.width : s.height, 0)
            }
            let total = sizes.reduce(0, +)
            if total > 0 {
                let gaps = zip(visible, visible.dropFirst()).reduce(CGFloat(0)) { $0 + spacing(after: $1.0) }
                let margins = isLayoutMarginsRelativeArrangement
                    ? (horizontal ? layoutMargins.left + layoutMargins.right : layoutMargins.top + layoutMargins.bottom) : 0
                for (view, size) in zip(visible, sizes) {
                    let share = size / total
                    add("UISV-fill-proportionally", view, sizeAttr, .equal, self, sizeAttr, multiplier: share,
                        constant: -share * (gaps + margins), priority: UILayoutPriority(999))
                }
            }
        case .fill, .equalSpacing, .equalCentering:
            // Ties between equal priorities go by index: earlier views keep their intrinsic size a
            // little more firmly, so the last view stretches or shrinks first.
            for (index, view) in visible.dropLast().enumerated() {
                let s = view.cachedIntrinsicSize(width: nil)
                let value = horizontal ? s.width : s.height
                guard value != UIView.noIntrinsicMetric, value >= 0 else { continue }
                add("UISV-ambiguity-resolution", view, sizeAttr, .equal, nil, .notAnAttribute, constant: value,
                    priority: UILayoutPriority(1), weight: 1e-3 * Double(visible.count - index))
            }
        }

        // Hidden views collapse where they would be, so showing one again grows from its place.
        for (index, view) in arrangedSubviews.enumerated() where view.isHidden {
            add("UISV-hiding", view, sizeAttr, .equal, nil, .notAnAttribute)
            if let previous = arrangedSubviews[..<index].last(where: { !$0.isHidden }) {
                add("UISV-hiding", view, startAttr, .equal, previous, endAttr)
            } else {
                add("UISV-hiding", view, startAttr, .equal, canvas, startAttr)
            }
        }

        // Across the axis: the alignment.
        let baseline: NSLayoutConstraint.Attribute? = horizontal
            ? (alignment == .firstBaseline ? .firstBaseline : alignment == .lastBaseline ? .lastBaseline : nil) : nil
        for view in arrangedSubviews {
            switch alignment {
            case .fill:
                add("UISV-alignment", view, crossStart, .equal, canvas, crossStart)
                add("UISV-alignment", view, crossEnd, .equal, canvas, crossEnd)
            case .leading where baseline == nil:
                add("UISV-alignment", view, crossStart, .equal, canvas, crossStart)
                add("UISV-spanning-boundary", view, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            case .trailing where baseline == nil:
                add("UISV-alignment", view, crossEnd, .equal, canvas, crossEnd)
                add("UISV-spanning-boundary", view, crossStart, .greaterThanOrEqual, canvas, crossStart)
            case .center:
                add("UISV-alignment", view, crossCenter, .equal, canvas, crossCenter)
                add("UISV-spanning-boundary", view, crossStart, .greaterThanOrEqual, canvas, crossStart)
                add("UISV-spanning-boundary", view, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            default:
                // Baselines (a vertical stack aligns leading edges instead).
                if let baseline, let first = arrangedSubviews.first, view !== first {
                    add("UISV-alignment", view, baseline, .equal, first, baseline)
                } else if baseline != nil {
                    // The first view sets the baseline; it sits as high as the others allow.
                    add("UISV-alignment", view, crossStart, .equal, canvas, crossStart, priority: UILayoutPriority(48))
                } else {
                    add("UISV-alignment", view, crossStart, .equal, canvas, crossStart)
                }
                add("UISV-spanning-boundary", view, crossStart, .greaterThanOrEqual, canvas, crossStart)
                add("UISV-spanning-boundary", view, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            }
        }
        // With any alignment but fill, the stack is as thick as its thickest view, no more.
        if alignment != .fill, !arrangedSubviews.isEmpty {
            add("UISV-canvas-fit", self, crossSize, .equal, nil, .notAnAttribute, priority: UILayoutPriority(49))
        }
        NSLayoutConstraint.activate(generated)
    }
}
