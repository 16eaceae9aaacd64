/// A swipe (discrete): `numberOfTouchesRequired` fingers move far enough in an allowed `direction`.
///
/// Apple documents only the shape of the rule: "a slow swipe requires high directional precision but a
/// small distance; a fast swipe requires low directional precision but a large distance". The numbers are
/// the defaults of the swipe recognizer's private properties as decompiled system code sets them, and the
/// rule is ours over them: once a finger is more than 10 pt from where it came down, at t seconds after
/// that (t capped at 0.5 s, the maximum duration), it needs a primary movement (along an allowed
/// direction) of at least `50 · (1 − 0.94 t)` pt — 50 pt at once, 26.5 pt after 0.5 s — while its
/// sideways movement may be at most `200 · (1 − 0.98 t)` pt — 200 pt at once, 102 pt after 0.5 s. Moving
/// the wrong way along an axis whose other way alone is allowed, or further sideways than allowed, fails
/// the swipe; so does lifting before it is recognized, or having fewer fingers down than required when
/// one moves. There is no time-out beyond the capped thresholds.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Apple's raw values.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// Default `.right`, as in UIKit.
    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1 {
        didSet { checkUsage(numberOfTouchesRequired >= 1, "UISwipeGestureRecognizer.numberOfTouchesRequired must be at least 1") }
    }

    public static let minimumPrimaryMovement: CGFloat = 50
    public static let maximumSecondaryMovement: CGFloat = 200
    /// Each threshold shrinks linearly in time towards this share of itself at 1 s (it stops at 0.5 s).
    static let minimumMovementDecay: CGFloat = 0.06
    static let maximumMovementDecay: CGFloat = 0.02
    public static let maximumDuration: TimeInterval = 0.5
    /// How far a finger moves before the swipe looks at it.
    static let startSlop: CGFloat = 10

    private var starts: [ObjectIdentifier: (location: CGPoint, time: TimeInterval)] = [:]
    private var startCentroid: CGPoint = .zero

    public override init() { super.init() }

    /// Where the swipe started (the centroid of its fingers when they came down), as Apple documents.
    open override func location(in view: UIView?) -> CGPoint { convertFromWindow(startCentroid, to: view) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { starts[ObjectIdentifier(touch)] = (touch.windowLocation, event.timestamp) }
        startCentroid = Self.centroid(of: self.touches)
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches >= numberOfTouchesRequired else { state = .failed; return }
        var recognized = false
        for touch in self.touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let d = CGPoint(x: touch.windowLocation.x - start.location.x, y: touch.windowLocation.y - start.location.y)
            guard hypot(d.x, d.y) > Self.startSlop else { continue }
            switch verdict(for: d, after: event.timestamp - start.time) {
            case .failed: state = .failed; return
            case .recognized: recognized = true
            case .undecided: break
            }
        }
        if recognized { state = .recognized }
    }

    enum Verdict { case undecided, recognized, failed }

    /// The rule above for one finger's movement `d` (window points) `elapsed` seconds after it came down.
    func verdict(for d: CGPoint, after elapsed: TimeInterval) -> Verdict {
        let t = CGFloat(min(max(elapsed, 0), Self.maximumDuration))
        let minimumPrimary = Self.minimumPrimaryMovement * (1 - t * (1 - Self.minimumMovementDecay))
        let maximumSecondary = Self.maximumSecondaryMovement * (1 - t * (1 - Self.maximumMovementDecay))
        let horizontal = direction.intersection([.left, .right]), vertical = direction.intersection([.up, .down])
        if horizontal == .right && d.x < 0 || horizontal == .left && d.x > 0 { return .failed }
        if vertical == .down && d.y < 0 || vertical == .up && d.y > 0 { return .failed }
        var recognized = false
        if !horizontal.isEmpty {
            if abs(d.y) > maximumSecondary { return .failed }
            recognized = recognized || abs(d.x) >= minimumPrimary
        }
        if !vertical.isEmpty {
            if abs(d.x) > maximumSecondary { return .failed }
            recognized = recognized || abs(d.y) >= minimumPrimary
        }
        return recognized ? .recognized : .undecided
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if touches.contains(where: { $0.windowLocation != $0.previousWindowLocation }) { touchesMoved(touches, with: event) }
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        starts = [:]
    }
}
