/// The responder chain: touches not handled by a view travel to its view controller, then to the superview.
open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
}

/// One finger. Its location is kept in window coordinates and converted on demand.
public final class UITouch: NSObject {
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }
    public internal(set) var phase: Phase
    public internal(set) var timestamp: TimeInterval
    public internal(set) weak var view: UIView?
    public internal(set) weak var window: UIWindow?
    var windowLocation: CGPoint
    var previousWindowLocation: CGPoint
    /// The recognizers that receive this touch (collected at touch down from the hit view and its ancestors).
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// False once a recognizer has cancelled the touch in its view (`cancelsTouchesInView`).
    var deliversToView = true
    /// Which tap of a run of quick taps at one place this touch is (1 for the first), counted with the
    /// tap recognizer's limits: the previous touch stayed within 45 pt and lifted within 0.75 s, and this
    /// one came down less than 0.35 s later within 45 pt of where the run began.
    public internal(set) var tapCount = 1
    /// Where and when this touch came down, for counting taps.
    var downLocation: CGPoint
    var downTime: TimeInterval

    init(phase: Phase, location: CGPoint, timestamp: TimeInterval, window: UIWindow) {
        self.phase = phase; self.timestamp = timestamp; self.window = window
        windowLocation = location; previousWindowLocation = location
        downLocation = location; downTime = timestamp
        super.init()
    }

    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil)
    }
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: nil)
    }

}

public final class UIEvent: NSObject {
    public let timestamp: TimeInterval
    public let allTouches: Set<UITouch>?
    init(timestamp: TimeInterval, touches: Set<UITouch>) { self.timestamp = timestamp; allTouches = touches; super.init() }
}
