import QuartzCore

/// A scroll view's motion state: the finger's drag, the motion after it lifts (deceleration, bounce,
/// paging), animated offsets and zooms, and the pinch. Held by the scroll view (one per view), so
/// UIScrollView.swift keeps only the members Apple declares.
///
/// Everything that moves by itself is a pure function of the time since it started (`AxisMotion`, the
/// animation curve). The driver applies it at each frame time of the timeline's frame grid (so
/// `scrollViewDidScroll` fires once per displayed frame, as on iOS) and at the exact end time, so a frame
/// rendered fresh at t shows the same offset as one streamed up to t.
final class ScrollMotion {
    unowned let view: UIScrollView
    init(view: UIScrollView) { self.view = view }

    // MARK: State read by UIScrollView's `is…` members

    var isTracking = false
    var isDragging = false
    var isZooming = false

    enum Phase {
        case idle
        /// After the finger lifted: `x`, `y` from `start`.
        case decelerating(x: AxisMotion, y: AxisMotion, start: TimeInterval)
        /// An animated offset (and zoom scale when `toScale` differs from `fromScale`).
        case animating(from: CGPoint, to: CGPoint, fromScale: CGFloat, toScale: CGFloat, start: TimeInterval,
                       zoomBounce: Bool)
    }
    private(set) var phase: Phase = .idle
    var isDecelerating: Bool { if case .decelerating = phase { return true }; return false }
    var isScrollAnimating: Bool {
        if case .animating(let from, let to, _, _, _, false) = phase { return from != to }
        return false
    }
    var isZoomAnimating: Bool {
        if case .animating(_, _, let a, let b, _, _) = phase { return a != b }
        return false
    }
    var isZoomBouncing: Bool { if case .animating(_, _, _, _, _, true) = phase { return true }; return false }

    private var pending: (timeline: Timeline, event: Int)?

    // MARK: Drag state

    /// The un-rubber-banded offset the drag started from.
    private var dragOrigin: CGPoint = .zero
    /// Which axes the drag moves (directional lock may drop one).
    private var dragAxes: (x: Bool, y: Bool) = (true, true)
    /// When the finger last moved the content.
    private var lastMoveTime: TimeInterval = 0

    /// A finger still for this long before it lifts releases the content at rest (estimate: iOS 18).
    static let stillnessBeforeRelease: TimeInterval = 0.05
    /// With `isDirectionalLockEnabled`, a drag whose start is this many times more along one axis than the
    /// other moves along that axis only (estimate).
    static let directionalLockRatio: CGFloat = 2

    // MARK: Geometry

    /// The offsets the content rests between, per axis (`lo…hi`), from the adjusted insets.
    var range: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let inset = view.adjustedContentInset, size = view.contentSize, b = view.bounds.size
        let loX = -inset.left, loY = -inset.top
        let hiX = max(loX, size.width + inset.right - b.width)
        let hiY = max(loY, size.height + inset.bottom - b.height)
        return (loX...hiX, loY...hiY)
    }

    /// Whether the finger may move the content along each axis: the content (with its insets) is larger
    /// than the bounds, or the view always bounces along it.
    var scrollableAxes: (x: Bool, y: Bool) {
        let inset = view.adjustedContentInset, size = view.contentSize, b = view.bounds.size
        let x = size.width + inset.left + inset.right > b.width || view.alwaysBounceHorizontal
        let y = size.height + inset.top + inset.bottom > b.height || view.alwaysBounceVertical
        return (x, y)
    }

    var bouncesAxes: (x: Bool, y: Bool) {
        (view.bounces && view.bouncesHorizontally, view.bounces && view.bouncesVertically)
    }

    // MARK: Driving on the clock

    private func begin(_ phase: Phase) {
        cancelPending()
        self.phase = phase
        // Outside a scene nothing advances the clock: the motion lands at once, with its end callbacks.
        guard Timeline.current.isBound else { apply(final: true); finish(); return }
        view.indicators.show()
        apply()
        scheduleNext()
    }

    private var endTime: TimeInterval {
        switch phase {
        case .idle: return 0
        case let .decelerating(x, y, start): return start + max(x.duration, y.duration)
        case let .animating(_, _, _, _, start, _): return start + ScrollPhysics.animationDuration
        }
    }

    /// The next frame time strictly after now (the 1e-6 keeps a time that is a whole frame on that
    /// frame), or the end if it comes first.
    private func scheduleNext() {
        let timeline = Timeline.current
        let rate = Double(timeline.frameRate)
        let frame = (timeline.now * rate + 1e-6).rounded(.down) + 1
        let time = min(frame / rate, endTime)
        let event = timeline.schedule(at: time) { [weak self] in
            guard let self else { return }
            self.pending = nil
            let done = Timeline.current.now >= self.endTime
            self.apply(final: done)
            if done { self.finish() } else { self.scheduleNext() }
        }
        pending = (timeline, event)
    }

    private func cancelPending() {
        if let pending { pending.timeline.cancel(pending.event) }
        pending = nil
    }

    /// Sets the offset (and scale) the motion has at the current time; `final`: its end values exactly
    /// (now − start can fall an ulp short of the duration).
    private func apply(final: Bool = false) {
        let now = Timeline.current.now
        switch phase {
        case .idle:
            break
        case let .decelerating(x, y, start):
            let t = final ? .infinity : now - start, o = view.contentOffset
            let next = CGPoint(x: x.value(at: t, from: o.x), y: y.value(at: t, from: o.y))
            if next != o { view.contentOffset = next }
        case let .animating(from, to, fromScale, toScale, start, _):
            let u = final ? 1 : min(1, max(0, (now - start) / ScrollPhysics.animationDuration))
            let p = u >= 1 ? 1 : CGFloat(ScrollPhysics.animationCurve.progress(at: u))
            if fromScale != toScale { view.applyZoomScale(fromScale + (toScale - fromScale) * p) }
            let next = CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
            if next != view.contentOffset { view.contentOffset = next }
        }
    }

    /// The motion reached its end: its callbacks, in UIKit's order.
    private func finish() {
        let ended = phase
        phase = .idle
        view.indicators.hideLater()
        switch ended {
        case .idle:
            break
        case .decelerating:
            view.delegate?.scrollViewDidEndDecelerating(view)
        case let .animating(_, _, _, toScale, _, zoomBounce):
            if zoomBounce {
                view.delegate?.scrollViewDidEndZooming(view, with: view.delegate?.viewForZooming(in: view), atScale: toScale)
            } else {
                view.delegate?.scrollViewDidEndScrollingAnimation(view)
            }
        }
    }

    /// Stops wherever the motion is now, without its end callbacks (a touch caught it, or
    /// `stopScrollingAndZooming()`).
    func stop() {
        guard case .idle = phase else {
            apply()
            cancelPending()
            phase = .idle
            return
        }
    }

    // MARK: Animated offsets and zooms

    func animate(to offset: CGPoint, scale: CGFloat? = nil, zoomBounce: Bool = false) {
        let toScale = scale ?? view.zoomScale
        guard offset != view.contentOffset || toScale != view.zoomScale else { return }
        begin(.animating(from: view.contentOffset, to: offset, fromScale: view.zoomScale, toScale: toScale,
                         start: Timeline.current.now, zoomBounce: zoomBounce))
    }

    // MARK: The finger

    /// A touch came down on the scroll view (before any recognizer decided): it tracks, and a moving
    /// scroll view stops where it is; that touch then belongs to the scroll view (the content neither
    /// gets it nor recognizes it), as on iOS.
    func touchDown(_ touch: UITouch, event: UIEvent, recognizer: UIGestureRecognizer) {
        isTracking = true
        if let content = touch.view, content !== view, !view.touchesShouldBegin([touch], with: event, in: content) {
            touch.deliversToView = false
        }
        let moving: Bool
        switch phase {
        case .idle: moving = false
        case .decelerating: moving = true
        case .animating(_, _, _, _, _, let zoomBounce): moving = !zoomBounce
        }
        guard moving else { return }
        stop()
        view.indicators.show()
        touch.deliversToView = false
        for other in touch.gestureRecognizers ?? [] where other !== recognizer && other.state == .possible {
            if let owner = other.view, owner !== view, owner.isDescendant(of: view) { other.state = .failed }
        }
    }

    /// The touch sequence is over; a touch that only caught a moving view lets the indicators fade.
    func touchesLifted() {
        isTracking = false
        if case .idle = phase, !isDragging, !isZooming { view.indicators.hideLater() }
    }

    /// Where the drag may go: scrollable axes, less one when the directional lock takes over.
    func canBeginDrag(translation t: CGPoint) -> Bool {
        let axes = scrollableAxes
        guard view.isScrollEnabled, axes.x || axes.y else { return false }
        // A drag mostly along an axis this view cannot scroll is left to an enclosing scroll view.
        if !axes.x, abs(t.x) > abs(t.y) { return false }
        if !axes.y, abs(t.y) > abs(t.x) { return false }
        return true
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let now = Timeline.current.now
        switch pan.state {
        case .began:
            stop()
            isDragging = true
            let r = range, d = view.bounds.size, o = view.contentOffset
            dragOrigin = CGPoint(x: ScrollPhysics.unbanded(o.x, lo: r.x.lowerBound, hi: r.x.upperBound, dimension: d.width),
                                 y: ScrollPhysics.unbanded(o.y, lo: r.y.lowerBound, hi: r.y.upperBound, dimension: d.height))
            let axes = scrollableAxes
            dragAxes = axes
            if view.isDirectionalLockEnabled, axes.x, axes.y {
                let t = pan.translation(in: view)
                // The hysteresis left no translation: read the direction from the velocity.
                let v = t == .zero ? pan.velocity(in: view) : t
                if abs(v.y) >= Self.directionalLockRatio * abs(v.x) { dragAxes.x = false }
                else if abs(v.x) >= Self.directionalLockRatio * abs(v.y) { dragAxes.y = false }
            }
            lastMoveTime = now
            view.delegate?.scrollViewWillBeginDragging(view)
            view.indicators.show()
            follow(pan)
        case .changed:
            lastMoveTime = now
            follow(pan)
        case .ended, .cancelled:
            release(pan, cancelled: pan.state == .cancelled)
        default:
            break
        }
    }

    /// The content follows the finger 1:1 within its range, rubber-banded beyond it.
    private func follow(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: view), r = range, d = view.bounds.size, b = bouncesAxes
        var o = view.contentOffset
        if dragAxes.x {
            let raw = dragOrigin.x - t.x
            o.x = b.x ? ScrollPhysics.rubberBanded(raw, lo: r.x.lowerBound, hi: r.x.upperBound, dimension: d.width)
                      : min(max(raw, r.x.lowerBound), r.x.upperBound)
        }
        if dragAxes.y {
            let raw = dragOrigin.y - t.y
            o.y = b.y ? ScrollPhysics.rubberBanded(raw, lo: r.y.lowerBound, hi: r.y.upperBound, dimension: d.height)
                      : min(max(raw, r.y.lowerBound), r.y.upperBound)
        }
        if o != view.contentOffset { view.contentOffset = o }
    }

    /// The finger lifted: the target (projected, paged, or the delegate's), then the motion to it.
    private func release(_ pan: UIPanGestureRecognizer, cancelled: Bool) {
        let now = Timeline.current.now
        let still = cancelled || now - lastMoveTime >= Self.stillnessBeforeRelease
        let finger = still ? .zero : pan.velocity(in: view)
        let velocity = CGPoint(x: dragAxes.x ? -finger.x : 0, y: dragAxes.y ? -finger.y : 0)
        let start = view.contentOffset, r = range
        let paging = view.isPagingEnabled
        let rate = paging ? UIScrollView.DecelerationRate.fast.rawValue : view.decelerationRate.rawValue
        let projected = CGPoint(x: start.x + ScrollPhysics.projection(velocity: velocity.x, rate: rate),
                                y: start.y + ScrollPhysics.projection(velocity: velocity.y, rate: rate))
        func clamp(_ p: CGPoint) -> CGPoint {
            CGPoint(x: min(max(p.x, r.x.lowerBound), r.x.upperBound), y: min(max(p.y, r.y.lowerBound), r.y.upperBound))
        }
        var target: CGPoint
        if paging {
            let page = view.bounds.size
            target = CGPoint(
                x: dragAxes.x ? ScrollPhysics.pageTarget(current: start.x, velocity: velocity.x, page: page.width,
                                                         lo: r.x.lowerBound, hi: r.x.upperBound) : start.x,
                y: dragAxes.y ? ScrollPhysics.pageTarget(current: start.y, velocity: velocity.y, page: page.height,
                                                         lo: r.y.lowerBound, hi: r.y.upperBound) : start.y)
        } else {
            target = clamp(projected)
        }
        let offered = target
        view.offerTarget(&target, velocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000))
        target = clamp(target)
        // The delegate's or the page's target is where the deceleration rests; otherwise the projection
        // (beyond an edge it crosses and bounces back).
        let restX = paging || target.x != offered.x ? target.x : projected.x
        let restY = paging || target.y != offered.y ? target.y : projected.y
        let b = bouncesAxes
        let x = dragAxes.x ? AxisMotion.release(start: start.x, velocity: velocity.x, target: target.x, projected: restX,
                                                rate: rate, lo: r.x.lowerBound, hi: r.x.upperBound, bounces: b.x) : .still
        let y = dragAxes.y ? AxisMotion.release(start: start.y, velocity: velocity.y, target: target.y, projected: restY,
                                                rate: rate, lo: r.y.lowerBound, hi: r.y.upperBound, bounces: b.y) : .still
        let decelerates = x.duration > 0 || y.duration > 0
        isDragging = false
        view.delegate?.scrollViewDidEndDragging(view, willDecelerate: decelerates)
        guard decelerates else {
            // Nothing left to move: rest exactly on the target (a still finger within the range).
            if target != start, x.kind == .still, y.kind == .still { view.contentOffset = target }
            view.indicators.hideLater()
            return
        }
        view.delegate?.scrollViewWillBeginDecelerating(view)
        begin(.decelerating(x: x, y: y, start: now))
    }

    // MARK: Pinch

    private var pinchStartScale: CGFloat = 1

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let zoomView = view.delegate?.viewForZooming(in: view) else { return }
        switch pinch.state {
        case .began:
            stop()
            isZooming = true
            pinchStartScale = view.zoomScale
            view.delegate?.scrollViewWillBeginZooming(view, with: zoomView)
            view.indicators.show()
            zoom(pinch)
        case .changed:
            zoom(pinch)
        case .ended, .cancelled:
            isZooming = false
            let scale = view.zoomScale
            let clamped = min(max(scale, view.minimumZoomScale), view.maximumZoomScale)
            // Back inside the scale range and the offset range, as an animation (`isZoomBouncing`).
            let resting = restingOffset(forScale: clamped, keeping: pinch.location(in: view))
            if clamped != scale || resting != view.contentOffset {
                animate(to: resting, scale: clamped, zoomBounce: true)
            } else {
                view.delegate?.scrollViewDidEndZooming(view, with: zoomView, atScale: scale)
                view.indicators.hideLater()
            }
        default:
            break
        }
    }

    /// Beyond the scale range a pinch is rubber-banded: the excess ratio, as a fraction of the limit,
    /// follows the same curve (with the limit as the dimension), so it never doubles the limit.
    private func zoom(_ pinch: UIPinchGestureRecognizer) {
        let raw = pinchStartScale * pinch.scale
        let lo = view.minimumZoomScale, hi = view.maximumZoomScale
        var scale = raw
        if view.bouncesZoom {
            if raw > hi { scale = hi + ScrollPhysics.rubberBand(raw - hi, dimension: hi) }
            if raw < lo { scale = lo + ScrollPhysics.rubberBand(raw - lo, dimension: lo) }
        } else {
            scale = min(max(raw, lo), hi)
        }
        // The content under the fingers' centroid stays under it.
        let anchor = pinch.location(in: view)
        let old = view.zoomScale
        let o = view.contentOffset
        let local = CGPoint(x: anchor.x - o.x, y: anchor.y - o.y)
        let content = CGPoint(x: anchor.x / old, y: anchor.y / old)
        view.applyZoomScale(scale)
        view.contentOffset = CGPoint(x: content.x * scale - local.x, y: content.y * scale - local.y)
    }

    /// The offset nearest the current one, inside the range at `scale`, keeping `anchor` (in the scroll
    /// view's coordinates) over the same content.
    private func restingOffset(forScale scale: CGFloat, keeping anchor: CGPoint) -> CGPoint {
        let old = view.zoomScale, o = view.contentOffset
        let local = CGPoint(x: anchor.x - o.x, y: anchor.y - o.y)
        let size = view.zoomedContentSize(at: scale) ?? view.contentSize
        var p = CGPoint(x: anchor.x / old * scale - local.x, y: anchor.y / old * scale - local.y)
        let inset = view.adjustedContentInset, b = view.bounds.size
        let loX = -inset.left, loY = -inset.top
        let hiX = max(loX, size.width + inset.right - b.width), hiY = max(loY, size.height + inset.bottom - b.height)
        p.x = min(max(p.x, loX), hiX); p.y = min(max(p.y, loY), hiY)
        return p
    }
}

/// The pan a scroll view owns (`panGestureRecognizer`). It tells the scroll view about touches before
/// it decides (a touch stops a moving scroll view), and begins only along an axis that scrolls.
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    override init() { super.init() }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let scrollView { for touch in touches { scrollView.motion.touchDown(touch, event: event, recognizer: self) } }
        super.touchesBegan(touches, with: event)
    }
    /// The touch sequence is over (whether this pan began or failed): the scroll view stops tracking.
    override func reset() {
        super.reset()
        scrollView?.motion.touchesLifted()
    }
    override func canBegin(translation: CGPoint) -> Bool {
        scrollView?.motion.canBeginDrag(translation: translation) ?? false
    }
}
