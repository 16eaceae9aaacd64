/// Two fingers (continuous). The first two touches count; more are ignored. The gesture begins once both
/// are down and the measure (their distance for a pinch, the angle of the line between them for a
/// rotation) has moved past a hysteresis from its value when the second finger came down; every move after
/// that is `.changed`; the gesture ends when both fingers have lifted (moves with one finger left change
/// nothing), and fails if a finger lifts before it began.
///
/// The values are relative to the moment the second finger came down (no slop removed), so a pinch from a
/// 100 pt span to 200 pt reads scale 2. Velocity is per second, estimated as the pan estimates it: each
/// event's change over its time, 0.2 × the latest + 0.8 × the previous sample (a sample over less than
/// 1 ms reads 0). UIKit's hysteresis values are private; ours are 10 pt of span and 0.1 rad.
/// (The shared base of the pinch and the rotation, not UIKit API.)
open class _UITwoTouchGestureRecognizer: UIGestureRecognizer {
    /// The measure's value when it was last based (the second finger down, or a `scale`/`rotation` write).
    var base: CGFloat = 0
    /// The measure's current value.
    var current: CGFloat = 0
    private var lastEventTime: TimeInterval = 0
    private var latestSample: CGFloat?
    private var previousSample: CGFloat?
    private var centroid: CGPoint = .zero

    override init() { super.init() }

    /// The measure of two window points (span or angle).
    func measure(_ a: CGPoint, _ b: CGPoint) -> CGFloat { 0 }
    /// How far the measure moves before the gesture begins.
    var hysteresis: CGFloat { 0 }
    /// The reported value (scale or rotation) of the current measure.
    var value: CGFloat { 0 }

    /// Per second, in the reported value's units.
    var velocityValue: CGFloat {
        guard let latest = latestSample else { return 0 }
        return previousSample.map { 0.2 * latest + 0.8 * $0 } ?? latest
    }

    func resetVelocity() { latestSample = nil; previousSample = nil }

    open override func location(in view: UIView?) -> CGPoint { convertFromWindow(centroid, to: view) }

    private var pair: (UITouch, UITouch)? {
        touches.count >= 2 ? (touches[0], touches[1]) : nil
    }

    /// The next measure of the current pair, continuous with the last (an angle is unwrapped).
    func continued(_ raw: CGFloat) -> CGFloat { raw }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where !self.touches.prefix(2).contains(where: { $0 === touch }) { ignore(touch, for: event) }
        centroid = Self.centroid(of: self.touches)
        guard let p = pair, state == .possible, touches.contains(p.1) else { return }
        let (a, b) = p
        base = measure(a.windowLocation, b.windowLocation)
        current = base
        lastEventTime = event.timestamp
        resetVelocity()
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        centroid = Self.centroid(of: self.touches)
        guard let p = pair else { return }
        let (a, b) = p
        let before = value
        current = continued(measure(a.windowLocation, b.windowLocation))
        let dt = event.timestamp - lastEventTime
        previousSample = latestSample
        latestSample = dt < 0.001 ? 0 : (value - before) / CGFloat(dt)
        lastEventTime = event.timestamp
        switch state {
        case .possible:
            if abs(current - base) >= hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if pair != nil, touches.contains(where: { $0.windowLocation != $0.previousWindowLocation }) {
            touchesMoved(touches, with: event)
        }
        let remaining = self.touches.filter { !touches.contains($0) }
        switch state {
        case .possible: state = .failed
        case .began, .changed: if remaining.isEmpty { state = .ended }
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    open override func reset() { resetVelocity() }
}

/// A pinch: `scale` is the fingers' distance over their distance when the second came down.
open class UIPinchGestureRecognizer: _UITwoTouchGestureRecognizer {
    public static let hysteresis: CGFloat = 10

    public override init() { super.init() }

    override func measure(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(b.x - a.x, b.y - a.y) }
    override var hysteresis: CGFloat { Self.hysteresis }
    override var value: CGFloat { base > 0 ? current / base : 1 }

    /// Writing it re-bases the measure so it reads the value now, and resets the velocity (Apple's doc).
    public var scale: CGFloat {
        get { value }
        set {
            checkUsage(newValue > 0, "UIPinchGestureRecognizer.scale must be positive")
            base = current / newValue
            resetVelocity()
        }
    }
    /// Scale per second.
    public var velocity: CGFloat { velocityValue }
}

/// A rotation: `rotation` in radians, clockwise on screen positive, the turn of the line from the first
/// finger to the second since the second came down (unwrapped: two turns read 4π).
open class UIRotationGestureRecognizer: _UITwoTouchGestureRecognizer {
    public static let hysteresis: CGFloat = 0.1

    public override init() { super.init() }

    override func measure(_ a: CGPoint, _ b: CGPoint) -> CGFloat { atan2(b.y - a.y, b.x - a.x) }
    override var hysteresis: CGFloat { Self.hysteresis }
    override var value: CGFloat { current - base }

    override func continued(_ raw: CGFloat) -> CGFloat {
        var angle = raw
        while angle - current > .pi { angle -= 2 * .pi }
        while angle - current < -.pi { angle += 2 * .pi }
        return angle
    }

    /// Writing it re-bases the measure so it reads the value now, and resets the velocity.
    public var rotation: CGFloat {
        get { value }
        set { base = current - newValue; resetVelocity() }
    }
    /// Radians per second.
    public var velocity: CGFloat { velocityValue }
}
