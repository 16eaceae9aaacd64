/// Taps: `numberOfTouchesRequired` fingers come down and lift, `numberOfTapsRequired` times, each finger
/// staying within `allowableMovement` of where it came down, each tap lifting within
/// `maximumTapDuration` and the next one coming down within `maximumIntervalBetweenSuccessiveTaps` of the
/// lift, near the first tap. Discrete: recognized when the last tap lifts.
///
/// UIKit keeps these limits private. The numbers are the ones UIKit itself gives the tap recognizer it
/// builds for its own tap gestures (allowable movement 45 pt, maximum tap duration 0.75 s, 0.35 s between
/// taps, as its decompiled initializer sets them); the second tap must land within the same 45 pt of the
/// first (ours: UIKit's separation allowance is private too).
open class UITapGestureRecognizer: UIGestureRecognizer {
    public var numberOfTapsRequired = 1 {
        didSet { checkUsage(numberOfTapsRequired >= 1, "UITapGestureRecognizer.numberOfTapsRequired must be at least 1") }
    }
    public var numberOfTouchesRequired = 1 {
        didSet { checkUsage(numberOfTouchesRequired >= 1, "UITapGestureRecognizer.numberOfTouchesRequired must be at least 1") }
    }

    /// How far (pt) a finger may move from where it came down, and how far a later tap may land from the first.
    public static let allowableMovement: CGFloat = 45
    /// How long (s) the fingers of one tap may stay down.
    public static let maximumTapDuration: TimeInterval = 0.75
    /// How long (s) after a tap lifts the next one must come down (at exactly this time it is too late).
    public static let maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35

    /// Where each finger of the current tap came down (window coordinates).
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    /// The centroid of the first tap's fingers when they came down.
    private var firstTapLocation: CGPoint?
    /// The most fingers down at once during the current tap.
    private var touchesThisTap = 0
    private var tapsCompleted = 0
    private var waitingForNextTap = false

    public override init() { super.init() }

    override var awaitsMoreTouches: Bool { waitingForNextTap }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches == touches.count {
            // The first finger(s) of a tap.
            waitingForNextTap = false
            touchesThisTap = 0
            starts = [:]
            let here = Self.centroid(of: self.touches)
            if let first = firstTapLocation {
                guard hypot(here.x - first.x, here.y - first.y) <= Self.allowableMovement else { state = .failed; return }
            } else {
                firstTapLocation = here
            }
            let tap = tapsCompleted
            schedule(after: Self.maximumTapDuration) { [weak self] in
                guard let self, self.state == .possible, self.tapsCompleted == tap, !self.waitingForNextTap else { return }
                self.state = .failed
            }
        }
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.windowLocation }
        touchesThisTap = max(touchesThisTap, numberOfTouches)
        if touchesThisTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let p = touch.windowLocation
            if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { state = .failed; return }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchesMoved(touches, with: event)
        guard state == .possible, numberOfTouches == touches.count else { return }
        // The last finger of this tap lifts.
        guard touchesThisTap == numberOfTouchesRequired else { state = .failed; return }
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
            return
        }
        waitingForNextTap = true
        let tap = tapsCompleted
        schedule(after: Self.maximumIntervalBetweenSuccessiveTaps) { [weak self] in
            guard let self, self.waitingForNextTap, self.tapsCompleted == tap else { return }
            self.waitingForNextTap = false
            self.state = .failed
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }

    open override func reset() {
        starts = [:]
        firstTapLocation = nil
        touchesThisTap = 0
        tapsCompleted = 0
        waitingForNextTap = false
    }
}
