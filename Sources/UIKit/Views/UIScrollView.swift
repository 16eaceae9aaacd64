/// A view whose bounds origin is its content offset. Scrolling physics are not simulated (issue #23);
/// scenes set `contentOffset` directly, and the delegate hears `scrollViewDidScroll(_:)` when it changes.
/// Members about dragging, deceleration, zooming and indicators are stored and reported as a scroll view
/// at rest reports them (their doc comments say `Inert:`).
open class UIScrollView: UIView {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// Fraction of velocity kept per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }
    public enum IndexDisplayMode: Int, Sendable { case automatic, alwaysHidden }
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }

    /// Told when the content offset changes (`scrollViewDidScroll(_:)`); held weakly.
    open weak var delegate: UIScrollViewDelegate?

    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            willChangeObserved("contentOffset"); defer { didChangeObserved("contentOffset") }
            bounds = CGRect(origin: newValue, size: bounds.size)
        }
    }
    /// The bounds origin is the content offset: moving it scrolls (observers of `contentOffset` and the
    /// delegate's `scrollViewDidScroll(_:)` hear it), however it is set.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let scrolls = newValue.origin != super.bounds.origin
            if scrolls { willChangeObserved("contentOffset") }
            super.bounds = newValue
            if scrolls { didChangeObserved("contentOffset"); delegate?.scrollViewDidScroll(self); contentOffsetDidChange() }
        }
    }
    /// Sets the offset at once (`animated` is ignored until scrolling is simulated, issue #23).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { self.contentOffset = contentOffset }
    open var contentSize: CGSize {
        get { storedContentSize }
        set {
            willChangeObserved("contentSize"); defer { didChangeObserved("contentSize") }
            storedContentSize = newValue
        }
    }
    private var storedContentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets {
        get { storedContentInset }
        set {
            willChangeObserved("contentInset"); defer { didChangeObserved("contentInset") }
            storedContentInset = newValue
            adjustedContentInsetInputsChanged()
        }
    }
    private var storedContentInset: UIEdgeInsets = .zero
    /// `contentInset` plus the safe-area insets `contentInsetAdjustmentBehavior` lets in, plus a refreshing
    /// refresh control's height (UIScrollView+Insets.swift). The least content offset is its negative.
    open var adjustedContentInset: UIEdgeInsets { computedAdjustedContentInset }
    /// Called (before the delegate's `scrollViewDidChangeAdjustedContentInset(_:)`) when
    /// `adjustedContentInset` changes: at once for `contentInset` and the behaviour, in the layout pass
    /// for safe-area changes (bars, large titles collapsing).
    open func adjustedContentInsetDidChange() {}
    /// Which safe-area insets `adjustedContentInset` takes in (Apple's rules; UIScrollView+Insets.swift).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { adjustedContentInsetInputsChanged() }
    }
    /// true: the indicators keep clear of the safe area as well as `verticalScrollIndicatorInsets`
    /// (`effectiveScrollIndicatorInsets`).
    open var automaticallyAdjustsScrollIndicatorInsets = true
    /// Insets, guides and the refresh control (UIScrollView+Insets.swift, UIRefreshControl.swift).
    var insetState = ScrollInsetState()
    /// Shown above the content; while it refreshes, the adjusted inset grows by its height.
    open var refreshControl: UIRefreshControl? {
        get { insetState.refreshControl }
        set { setRefreshControl(newValue) }
    }
    /// Its edges, tied to a content view's by constraints, decide `contentSize` (the content's own
    /// coordinates: the origin is the content's top-left corner).
    open var contentLayoutGuide: UILayoutGuide { scrollGuide(.contentLayout, "UIScrollView-contentLayoutGuide") }
    /// The scroll view's own rectangle, untranslated by scrolling (views pinned to it float).
    open var frameLayoutGuide: UILayoutGuide { scrollGuide(.frameLayout, "UIScrollView-frameLayoutGuide") }
    /// Inert: stored; scrolling is not simulated (issue #23), so nothing moves at the content's alignment point.
    open var contentAlignmentPoint: CGPoint = .zero

    open var decelerationRate: DecelerationRate = .normal
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var isDirectionalLockEnabled = false
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var bounces = true
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var bouncesHorizontally = true
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var bouncesVertically = true
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var alwaysBounceVertical = false
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var alwaysBounceHorizontal = false
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var isPagingEnabled = false
    /// Inert: stored; scrolling is not simulated (issue #23).
    open var isScrollEnabled = true
    /// Inert: scroll indicators are not drawn; stored.
    open var showsVerticalScrollIndicator = true
    /// Inert: scroll indicators are not drawn; stored.
    open var showsHorizontalScrollIndicator = true
    /// Inert: scroll indicators are not drawn; stored.
    open var indicatorStyle: IndicatorStyle = .default
    /// The vertical indicator's own insets; the safe area is added when
    /// `automaticallyAdjustsScrollIndicatorInsets` (`effectiveScrollIndicatorInsets`).
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// The horizontal indicator's own insets; the safe area is added as for the vertical one.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Inert: scroll indicators are not drawn.
    open func flashScrollIndicators() {}
    /// Inert: the section index of table views is not drawn; stored.
    open var indexDisplayMode: IndexDisplayMode = .automatic
    /// Inert: there is no keyboard offscreen; stored.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// Inert: there is no keyboard offscreen; stored.
    open var allowsKeyboardScrolling = true
    /// Inert: there is no status bar tap offscreen; stored.
    open var scrollsToTop = true

    /// Scrolls just enough to show `rect` (in content coordinates), at once.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let visible = CGRect(origin: offset, size: bounds.size)
        if rect.maxX > visible.maxX { offset.x = rect.maxX - visible.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > visible.maxY { offset.y = rect.maxY - visible.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(offset, animated: animated)
    }

    /// Inert: false: scrolling is not simulated, so no finger is tracked by the scroll view (issue #23).
    open var isTracking: Bool { false }
    /// Inert: false: scrolling is not simulated (issue #23).
    open var isDragging: Bool { false }
    /// Inert: false: scrolling is not simulated (issue #23).
    open var isDecelerating: Bool { false }
    /// Inert: false: scrolling is not simulated (issue #23).
    open var isScrollAnimating: Bool { false }
    /// Inert: stored; scrolling is not simulated (issue #23), so touches are never delayed.
    open var delaysContentTouches = true
    /// Inert: stored; scrolling is not simulated (issue #23), so touches are never cancelled by a scroll.
    open var canCancelContentTouches = true
    /// Inert: not consulted: scrolling is not simulated (issue #23).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }
    /// Inert: not consulted: scrolling is not simulated (issue #23).
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }
    /// Inert: nothing scrolls or zooms by itself here (issue #23).
    open func stopScrollingAndZooming() {}

    /// Inert: stored; zooming is not simulated (issue #23).
    open var minimumZoomScale: CGFloat = 1
    /// Inert: stored; zooming is not simulated (issue #23).
    open var maximumZoomScale: CGFloat = 1
    /// Inert: stored; zooming is not simulated (issue #23), so the content is not scaled.
    open var zoomScale: CGFloat = 1
    /// Inert: stores the scale; zooming is not simulated (issue #23).
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { zoomScale = scale }
    /// Inert: zooming is not simulated (issue #23).
    open func zoom(to rect: CGRect, animated: Bool) {}
    /// Inert: stored; zooming is not simulated (issue #23).
    open var bouncesZoom = true
    /// Inert: false: zooming is not simulated (issue #23).
    open var isZooming: Bool { false }
    /// Inert: false: zooming is not simulated (issue #23).
    open var isZoomBouncing: Bool { false }
    /// Inert: false: zooming is not simulated (issue #23).
    open var isZoomAnimating: Bool { false }

    override func layoutPassWillLayoutSubviews() { updateInsetsInLayoutPass() }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
    }
}

/// What a scroll view tells its delegate. Every method is optional (protocol-extension defaults). Only
/// `scrollViewDidScroll(_:)` is called here (when `contentOffset` changes); the others belong to dragging,
/// deceleration and zooming, which are not simulated yet (issue #23).
public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

/// How far a motion at `initialVelocity` (points per second) travels before it stops when it keeps
/// `decelerationRate` of its velocity per millisecond: the helper from WWDC18 "Designing Fluid
/// Interfaces", `(v / 1000) · r / (1 − r)` (the sum of the per-millisecond steps). Not UIKit API: Apple's
/// talk and sample code define it in the app; it is here so ported code finds it.
public func project(initialVelocity: CGFloat, decelerationRate: CGFloat) -> CGFloat {
    checkUsage(decelerationRate > 0 && decelerationRate < 1, "project: decelerationRate must be in (0, 1), got \(decelerationRate)")
    return (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate)
}

/// `project(initialVelocity:decelerationRate:)` with a scroll view's rate (`.normal` 0.998, `.fast` 0.99).
public func project(initialVelocity: CGFloat, decelerationRate: UIScrollView.DecelerationRate) -> CGFloat {
    project(initialVelocity: initialVelocity, decelerationRate: decelerationRate.rawValue)
}
