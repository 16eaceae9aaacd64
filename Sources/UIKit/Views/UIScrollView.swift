/// A view whose bounds origin is its content offset, moved by its own pan as on iOS: the content follows
/// the finger, rubber-bands past the edges, decelerates, bounces back and pages after the finger lifts;
/// animated offsets and zooms, pinch zooming and scroll indicators (ScrollMotion.swift, ScrollPhysics.swift,
/// ScrollIndicators.swift; constants and their sources in docs/UIKIT-COMPATIBILITY.md, "Scrolling").
/// Everything moves on the virtual clock. Every offset change calls `setNeedsLayout()` and the delegate's
/// `scrollViewDidScroll(_:)`.
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
            if scrolls {
                // Table and collection views tile their visible cells in the next layout pass.
                setNeedsLayout()
                indicators.update()
                didChangeObserved("contentOffset"); delegate?.scrollViewDidScroll(self)
                contentOffsetDidChange()
            }
        }
    }
    /// Animated: 0.3 s on the ease-in-ease-out curve (an estimate), one `scrollViewDidScroll(_:)` per
    /// frame, then `scrollViewDidEndScrollingAnimation(_:)`. Either way a running motion stops first.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        motion.stop()
        if animated { motion.animate(to: contentOffset) } else { self.contentOffset = contentOffset }
    }
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
    /// The indicators' track is also inset by the system's part of `adjustedContentInset` (safe area, bars).
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
    /// Inert: stored; the content is never smaller than the bounds in a way that aligns it here (no
    /// alignment of small content is simulated).
    open var contentAlignmentPoint: CGPoint = .zero

    /// The motion state (drag, deceleration, animations, pinch) and the indicators, one of each per view.
    lazy var motion = ScrollMotion(view: self)
    lazy var indicators = ScrollIndicators(view: self)

    /// The pan that scrolls, added to the scroll view itself as on iOS: require other recognizers to fail
    /// against it, or read its translation.
    open var panGestureRecognizer: UIPanGestureRecognizer { ownPan }
    private lazy var ownPan: ScrollViewPanGestureRecognizer = {
        let pan = ScrollViewPanGestureRecognizer()
        pan.scrollView = self
        pan.addAction { [unowned self] (pan: UIPanGestureRecognizer) in self.motion.handlePan(pan) }
        return pan
    }()
    /// The pinch that zooms: present while zooming is possible (`minimumZoomScale` < `maximumZoomScale`).
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { ownPinch }
    private var ownPinch: UIPinchGestureRecognizer?
    /// Inert: there are no presses (remote or keyboard buttons) offscreen; a recognizer that never
    /// recognizes, not added to the view.
    open var directionalPressGestureRecognizer: UIGestureRecognizer { ownPress }
    private lazy var ownPress = UIGestureRecognizer()

    /// Fraction of velocity kept per millisecond after the finger lifts (`.normal` 0.998, `.fast` 0.99).
    open var decelerationRate: DecelerationRate = .normal
    /// A drag that starts mostly along one axis (twice as much as along the other) moves along it only.
    open var isDirectionalLockEnabled = false
    /// Past an edge the content rubber-bands and springs back; off, it stops at the edge.
    open var bounces = true
    open var bouncesHorizontally = true
    open var bouncesVertically = true
    /// The content follows a vertical drag (and bounces) even when it fits.
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// Settles on multiples of the bounds size.
    open var isPagingEnabled = false
    /// Off, the pan never begins (as on iOS, where it disables the pan).
    open var isScrollEnabled = true {
        didSet { ownPan.isEnabled = isScrollEnabled }
    }
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    /// `.default`: dark bars in light mode, light ones in dark mode; `.black`, `.white`.
    open var indicatorStyle: IndicatorStyle = .default {
        didSet { indicators.update() }
    }
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Shows the indicators of the scrollable axes for about a second, then fades them.
    open func flashScrollIndicators() { indicators.flash() }
    /// Inert: the section index of table views is not drawn; stored.
    open var indexDisplayMode: IndexDisplayMode = .automatic
    /// Inert: there is no keyboard offscreen; stored.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// Inert: there is no keyboard offscreen; stored.
    open var allowsKeyboardScrolling = true
    /// Inert: there is no status bar tap offscreen; stored.
    open var scrollsToTop = true

    /// Scrolls just enough to show `rect` (in content coordinates); animated as `setContentOffset(_:animated:)`.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let visible = CGRect(origin: offset, size: bounds.size)
        if rect.maxX > visible.maxX { offset.x = rect.maxX - visible.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > visible.maxY { offset.y = rect.maxY - visible.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(offset, animated: animated)
    }

    /// A finger is down on the scroll view (from touch down, before the pan begins).
    open var isTracking: Bool { motion.isTracking }
    /// The pan has begun and the finger is still down.
    open var isDragging: Bool { motion.isDragging }
    /// Moving by itself after the finger lifted (deceleration, bounce, paging).
    open var isDecelerating: Bool { motion.isDecelerating }
    /// Running an animated `setContentOffset`/`scrollRectToVisible`.
    open var isScrollAnimating: Bool { motion.isScrollAnimating }
    /// Inert: touches reach the content at once here (the gesture system delivers them before any
    /// recognizer decides, see docs/UIKIT-COMPATIBILITY.md, gestures); a drag that turns into a scroll
    /// cancels them instead. Stored.
    open var delaysContentTouches = true
    /// When the pan begins, the content's touches are cancelled (`touchesCancelled`), as on iOS. Off, a
    /// touch on a control does not scroll, and other content keeps its touches while the view scrolls.
    open var canCancelContentTouches = true
    /// Asked when a touch comes down on content; false keeps the touch from the content.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }
    /// Asked when the pan is about to begin over content that has the touch: false (a control, by
    /// default) keeps the touch there and the view does not scroll.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }
    /// Stops a deceleration, animated scroll or zoom where it is, without its end callbacks.
    open func stopScrollingAndZooming() { motion.stop(); indicators.hideLater() }

    /// The pan begins only where it may cancel the content's touches (`canCancelContentTouches`,
    /// `touchesShouldCancel(in:)`).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === ownPan else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        var cancels = true
        for touch in ownPan.touches where touch.deliversToView {
            guard let content = touch.view, content !== self else { continue }
            if canCancelContentTouches {
                if !touchesShouldCancel(in: content) { return false }
            } else {
                if content is UIControl { return false }
                cancels = false
            }
        }
        ownPan.cancelsTouchesInView = cancels
        return true
    }

    open var minimumZoomScale: CGFloat = 1 {
        didSet { updatePinch() }
    }
    open var maximumZoomScale: CGFloat = 1 {
        didSet { updatePinch() }
    }
    /// Scales `viewForZooming(in:)` (its transform) and makes the content its scaled size; kept inside
    /// `minimumZoomScale…maximumZoomScale` when set.
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set { motion.stop(); applyZoomScale(min(max(newValue, minimumZoomScale), maximumZoomScale)) }
    }
    private var storedZoomScale: CGFloat = 1
    /// Animated: as `setContentOffset(_:animated:)`, about the centre of the visible content.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let s = min(max(scale, minimumZoomScale), maximumZoomScale)
        guard animated else { zoomScale = s; return }
        let b = bounds.size, o = contentOffset, old = storedZoomScale
        let centre = CGPoint(x: (o.x + b.width / 2) / old, y: (o.y + b.height / 2) / old)
        motion.stop()
        motion.animate(to: clampedOffset(CGPoint(x: centre.x * s - b.width / 2, y: centre.y * s - b.height / 2), scale: s),
                       scale: s)
    }
    /// Zooms so `rect` (in the zoom view's coordinates) fills the bounds as far as the scale range allows,
    /// centred.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0 || rect.height > 0 else { return }
        let b = bounds.size
        let fit = min(rect.width > 0 ? b.width / rect.width : .infinity, rect.height > 0 ? b.height / rect.height : .infinity)
        let s = min(max(fit, minimumZoomScale), maximumZoomScale)
        let offset = clampedOffset(CGPoint(x: rect.midX * s - b.width / 2, y: rect.midY * s - b.height / 2), scale: s)
        motion.stop()
        if animated { motion.animate(to: offset, scale: s) } else { applyZoomScale(s); contentOffset = offset }
    }
    /// Past the scale range a pinch rubber-bands and bounces back; off, it stops at the limits.
    open var bouncesZoom = true
    /// A pinch is zooming (from its begin to its end).
    open var isZooming: Bool { motion.isZooming }
    /// Returning into the scale range after a pinch.
    open var isZoomBouncing: Bool { motion.isZoomBouncing }
    /// Running an animated `setZoomScale`/`zoom(to:animated:)`.
    open var isZoomAnimating: Bool { motion.isZoomAnimating }

    override func layoutPassWillLayoutSubviews() { updateInsetsInLayoutPass() }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(ownPan)
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
        addGestureRecognizer(ownPan)
    }

    // MARK: Motion helpers (ScrollMotion)

    /// Adds the pinch while zooming is possible, removes it otherwise.
    private func updatePinch() {
        if minimumZoomScale < maximumZoomScale {
            guard ownPinch == nil else { return }
            let pinch = UIPinchGestureRecognizer()
            pinch.addAction { [unowned self] (pinch: UIPinchGestureRecognizer) in self.motion.handlePinch(pinch) }
            ownPinch = pinch
            addGestureRecognizer(pinch)
        } else if let pinch = ownPinch {
            removeGestureRecognizer(pinch)
            ownPinch = nil
        }
    }

    /// Scales the zoom view (its frame's origin stays at the content's origin) and sets the content size
    /// to its scaled size; tells the delegate `scrollViewDidZoom(_:)`.
    func applyZoomScale(_ scale: CGFloat) {
        guard scale != storedZoomScale else { return }
        storedZoomScale = scale
        if let zoomView = delegate?.viewForZooming(in: self) {
            let size = zoomView.bounds.size, anchor = zoomView.layer.anchorPoint
            zoomView.transform = CGAffineTransform(scaleX: scale, y: scale)
            zoomView.center = CGPoint(x: size.width * scale * anchor.x, y: size.height * scale * anchor.y)
            contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        }
        delegate?.scrollViewDidZoom(self)
    }

    /// The content size at `scale` (nil without a zoom view).
    func zoomedContentSize(at scale: CGFloat) -> CGSize? {
        guard let zoomView = delegate?.viewForZooming(in: self) else { return nil }
        return CGSize(width: zoomView.bounds.width * scale, height: zoomView.bounds.height * scale)
    }

    private func clampedOffset(_ p: CGPoint, scale: CGFloat) -> CGPoint {
        let size = zoomedContentSize(at: scale) ?? contentSize
        let inset = adjustedContentInset, b = bounds.size
        let loX = -inset.left, loY = -inset.top
        let hiX = max(loX, size.width + inset.right - b.width), hiY = max(loY, size.height + inset.bottom - b.height)
        return CGPoint(x: min(max(p.x, loX), hiX), y: min(max(p.y, loY), hiY))
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: Apple's signature passes the
    /// target through a pointer the delegate may write; the pointer lives only for the call.
    func offerTarget(_ target: inout CGPoint, velocity: CGPoint) {
        guard let delegate else { return }
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
        }
    }
}

/// What a scroll view tells its delegate. Every method is optional (protocol-extension defaults). Order
/// for a drag, as in UIKit: willBeginDragging, didScroll…, willEndDragging (velocity in points per
/// millisecond, the target the delegate may change), didEndDragging(willDecelerate:), then if it moves on
/// willBeginDecelerating, didScroll…, didEndDecelerating. Animated offsets end with
/// didEndScrollingAnimation; a pinch goes willBeginZooming, didZoom…, didEndZooming(atScale:).
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
