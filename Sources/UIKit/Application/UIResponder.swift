/// The responder chain: touches not handled by a view travel to its view controller, then to the superview.
open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
    /// Inert: scripted touches carry no estimated properties (force, azimuth) to update; never called.
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    // MARK: First responder

    /// Whether the responder takes focus for keyboard input. False for plain responders, as on iOS.
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    /// Makes this the first responder of its window (the one `isFirstResponder` names), when it can
    /// become one; the previous one resigns first. No keyboard appears: renders have none.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if isFirstResponder { return true }
        if let current = UIApplication.shared.firstResponder, current !== self {
            guard current.resignFirstResponder() else { return false }
        }
        UIApplication.shared.firstResponder = self
        return true
    }
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if isFirstResponder { UIApplication.shared.firstResponder = nil }
        return true
    }
    /// One first responder per run (kept by the application, which is bound per scene run); on iOS, one
    /// per window.
    open var isFirstResponder: Bool { UIApplication.shared.firstResponder === self }

    /// Inert: there is no keyboard offscreen, so no input view is shown; nil as for plain responders.
    open var inputView: UIView? { nil }
    /// Inert: there is no keyboard offscreen; nil as for plain responders.
    open var inputAccessoryView: UIView? { nil }
    /// Inert: there is no keyboard offscreen to reload.
    open func reloadInputViews() {}

    // MARK: Nib loading (NSObject's on iOS)

    /// Inert: nothing is loaded from nibs or storyboards on Linux, so it is never called; declared here (on
    /// iOS it belongs to NSObject) so views and view controllers that override it compile.
    open func awakeFromNib() {}
    /// Inert: there is no Interface Builder offscreen; never called.
    open func prepareForInterfaceBuilder() {}
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
