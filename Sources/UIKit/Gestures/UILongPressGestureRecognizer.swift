/// A press and hold (continuous). The fingers come down (after `numberOfTapsRequired` taps), stay within
/// `allowableMovement` of where they came down for `minimumPressDuration`, and the gesture begins — on the
/// virtual clock, exactly that long after the last required finger came down. Then every move is
/// `.changed` (any distance), and lifting a finger ends it. Apple documents the defaults (0.5 s, 10 pt,
/// 0 taps, 1 finger) and that the gesture ends when any of the fingers lift.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    public var minimumPressDuration: TimeInterval = 0.5 {
        didSet { checkUsage(minimumPressDuration >= 0, "UILongPressGestureRecognizer.minimumPressDuration must be 0 or more") }
    }
    public var allowableMovement: CGFloat = 10
    /// Taps (down and up, as a tap recognizer counts them) before the press.
    public var numberOfTapsRequired = 0 {
        didSet { checkUsage(numberOfTapsRequired >= 0, "UILongPressGestureRecognizer.numberOfTapsRequired must be 0 or more") }
    }
    public var numberOfTouchesRequired = 1 {
        didSet { checkUsage(numberOfTouchesRequired >= 1, "UILongPressGestureRecognizer.numberOfTouchesRequired must be at least 1") }
    }

    /// Where each finger came down (window coordinates), for the movement allowance.
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var tapsCompleted = 0
    private var waitingForNextTap = false
    /// Counts presses, so a timer of an earlier press does nothing.
    private var pressNumber = 0
    private var centroid: CGPoint = .zero

    public override init() { super.init() }

    override var awaitsMoreTouches: Bool { waitingForNextTap }

    open override func location(in view: UIView?) -> CGPoint { convertFromWindow(centroid, to: view) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        waitingForNextTap = false
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.windowLocation }
        centroid = Self.centroid(of: self.touches)
        guard numberOfTouches <= numberOfTouchesRequired else { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        pressNumber += 1
        let press = pressNumber, taps = tapsCompleted
        if taps == numberOfTapsRequired {
            schedule(after: minimumPressDuration) { [weak self] in
                guard let self, self.state == .possible, self.pressNumber == press else { return }
                self.state = .began
            }
        } else {
            // A tap before the press must lift in time, as a tap does.
            schedule(after: UITapGestureRecognizer.maximumTapDuration) { [weak self] in
                guard let self, self.state == .possible, self.pressNumber == press, self.tapsCompleted == taps else { return }
                self.state = .failed
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        centroid = Self.centroid(of: self.touches)
        switch state {
        case .possible:
            for touch in touches {
                guard let start = starts[ObjectIdentifier(touch)] else { continue }
                let p = touch.windowLocation
                if hypot(p.x - start.x, p.y - start.y) > allowableMovement { state = .failed; return }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let moved = touches.contains { $0.windowLocation != $0.previousWindowLocation }
        if moved { touchesMoved(touches, with: event) }
        switch state {
        case .began, .changed:
            state = .ended
        case .possible:
            guard tapsCompleted < numberOfTapsRequired else { state = .failed; return }
            // A lift before the press: one of the required taps, once its last finger is up.
            guard numberOfTouches == touches.count else { return }
            pressNumber += 1
            tapsCompleted += 1
            waitingForNextTap = true
            starts = [:]
            let press = pressNumber
            schedule(after: UITapGestureRecognizer.maximumIntervalBetweenSuccessiveTaps) { [weak self] in
                guard let self, self.waitingForNextTap, self.pressNumber == press else { return }
                self.waitingForNextTap = false
                self.state = .failed
            }
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    open override func reset() {
        starts = [:]
        tapsCompleted = 0
        waitingForNextTap = false
        pressNumber += 1
    }
}
