import QuartzCore

/// A scroll indicator: one of the (at most two) subviews a scroll view adds to itself while it scrolls,
/// as iOS does (`_UIScrollViewScrollIndicator` there). Code that walks a scroll view's subviews (table and
/// collection views tiling cells) can skip it by type.
final class _UIScrollViewScrollIndicator: UIView {
    enum Axis { case vertical, horizontal }
    let axis: Axis
    init(axis: Axis) {
        self.axis = axis
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        alpha = 0
    }
    required init?(coder: NSCoder) { nil }
}

/// The indicators of one scroll view: where they are drawn (geometry below) and when (shown while
/// anything moves the offset, faded out after). All numbers are estimated from iOS 18 screenshots and
/// screen recordings at iPhone 16, @3x (docs/UIKIT-COMPATIBILITY.md, "Scrolling").
final class ScrollIndicators {
    unowned let view: UIScrollView
    init(view: UIScrollView) { self.view = view }

    /// Bar thickness (pt); its corners are fully rounded. Estimate: 9 px at @3x.
    static let thickness: CGFloat = 3
    /// Gap between the bar and the scroll view's edge (pt). Estimate.
    static let edgeInset: CGFloat = 3
    /// Gap between the bar's track and the ends of the visible area (pt). Estimate.
    static let endInset: CGFloat = 3
    /// Shortest bar while in range (pt). Estimate.
    static let minimumLength: CGFloat = 36
    /// Shortest bar while rubber-banding: it shrinks by the overscroll down to this (pt). Estimate.
    static let minimumRubberBandLength: CGFloat = 7
    /// Bar opacity over its colour (black or white). Estimate.
    static let opacity: CGFloat = 0.35
    /// How long the bars stay after the motion ends, and how long they then take to fade (s). Estimates.
    static let lingerDuration: TimeInterval = 0.5
    static let fadeDuration: TimeInterval = 0.3
    /// How long `flashScrollIndicators()` shows them before fading (s). Estimate.
    static let flashDuration: TimeInterval = 1.0

    private(set) var vertical: _UIScrollViewScrollIndicator?
    private(set) var horizontal: _UIScrollViewScrollIndicator?
    /// Whether the bars are (being) shown: between `show()` and `hideLater()`.
    private(set) var isShown = false

    /// The colour of a style: `.default` is dark on light content and light in dark mode.
    static func color(_ style: UIScrollView.IndicatorStyle) -> UIColor {
        let black = UIColor(white: 0, alpha: opacity), white = UIColor(white: 1, alpha: opacity)
        switch style {
        case .black: return black
        case .white: return white
        case .default: return UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? white : black })
        }
    }

    /// Shows the bars of the scrollable axes at once (fading ones come back).
    func show() {
        isShown = true
        for axis in [_UIScrollViewScrollIndicator.Axis.vertical, .horizontal] {
            guard let bar = bar(axis, create: true) else { continue }
            bar.layer.removeAllAnimations()
            bar.alpha = 1
        }
        update()
    }

    /// After a motion ends: the bars linger, then fade.
    func hideLater(after linger: TimeInterval = ScrollIndicators.lingerDuration) {
        guard isShown else { return }
        isShown = false
        for bar in [vertical, horizontal].compactMap({ $0 }) where bar.alpha > 0 {
            UIView.animate(withDuration: Self.fadeDuration, delay: linger, options: [.curveEaseInOut],
                           animations: { bar.alpha = 0 })
        }
    }

    func flash() {
        show()
        hideLater(after: Self.flashDuration)
    }

    /// The bar of an axis, made (and added on top of the content) the first time it is shown; nil when
    /// the axis does not scroll or its indicator is switched off.
    private func bar(_ axis: _UIScrollViewScrollIndicator.Axis, create: Bool) -> _UIScrollViewScrollIndicator? {
        let scrollable = view.motion.scrollableAxes
        let contentScrolls = axis == .vertical
            ? view.contentSize.height + view.adjustedContentInset.top + view.adjustedContentInset.bottom > view.bounds.height
            : view.contentSize.width + view.adjustedContentInset.left + view.adjustedContentInset.right > view.bounds.width
        let wanted = axis == .vertical ? view.showsVerticalScrollIndicator && scrollable.y && contentScrolls
                                       : view.showsHorizontalScrollIndicator && scrollable.x && contentScrolls
        var bar = axis == .vertical ? vertical : horizontal
        guard wanted else { return nil }
        if bar == nil, create {
            let made = _UIScrollViewScrollIndicator(axis: axis)
            made.layer.cornerRadius = Self.thickness / 2
            if axis == .vertical { vertical = made } else { horizontal = made }
            bar = made
        }
        guard let bar else { return nil }
        if bar.superview !== view || view.subviews.last !== bar { view.addSubview(bar) }
        return bar
    }

    /// Places the bars for the current offset (called on every offset change).
    func update() {
        if let vertical, vertical.superview === view {
            vertical.backgroundColor = Self.color(view.indicatorStyle)
            vertical.frame = Self.frame(.vertical, in: view)
        }
        if let horizontal, horizontal.superview === view {
            horizontal.backgroundColor = Self.color(view.indicatorStyle)
            horizontal.frame = Self.frame(.horizontal, in: view)
        }
    }

    /// Where a bar is drawn (in the scroll view's bounds, so it moves with the offset): along the track
    /// inside the visible area less the indicator insets, as long as the visible fraction of the content
    /// (at least `minimumLength`), at the offset's fraction of the range, shorter by the overscroll.
    static func frame(_ axis: _UIScrollViewScrollIndicator.Axis, in view: UIScrollView) -> CGRect {
        let b = view.bounds
        let adjusted = view.adjustedContentInset, content = view.contentInset
        // Automatic indicator insets follow the system's part of the adjusted inset (safe area, bars), not
        // the scroll view's own content inset.
        let auto = view.automaticallyAdjustsScrollIndicatorInsets
            ? UIEdgeInsets(top: adjusted.top - content.top, left: adjusted.left - content.left,
                           bottom: adjusted.bottom - content.bottom, right: adjusted.right - content.right)
            : .zero
        let vertical = axis == .vertical
        let extra = vertical ? view.verticalScrollIndicatorInsets : view.horizontalScrollIndicatorInsets
        let range = view.motion.range
        let (lo, hi) = vertical ? (range.y.lowerBound, range.y.upperBound) : (range.x.lowerBound, range.x.upperBound)
        let offset = vertical ? b.minY : b.minX
        let visible = vertical ? b.height : b.width
        let contentLength = vertical ? view.contentSize.height + adjusted.top + adjusted.bottom
                                     : view.contentSize.width + adjusted.left + adjusted.right
        let startInset = (vertical ? auto.top + extra.top : auto.left + extra.left) + endInset
        let endInsetTotal = (vertical ? auto.bottom + extra.bottom : auto.right + extra.right) + endInset
        let track = max(0, visible - startInset - endInsetTotal)
        var length = contentLength > 0 ? track * min(1, visible / contentLength) : track
        length = min(track, max(length, minimumLength))
        let overscroll = offset < lo ? lo - offset : offset > hi ? offset - hi : 0
        if overscroll > 0 { length = max(min(length, minimumRubberBandLength), length - overscroll) }
        let fraction = hi > lo ? min(1, max(0, (offset - lo) / (hi - lo))) : 0
        let along = (vertical ? b.minY : b.minX) + startInset + (track - length) * fraction
        if vertical {
            let x = b.maxX - edgeInset - thickness - (auto.right + extra.right)
            return CGRect(x: x, y: along, width: thickness, height: length)
        }
        let y = b.maxY - edgeInset - thickness - (auto.bottom + extra.bottom)
        return CGRect(x: along, y: y, width: length, height: thickness)
    }
}
