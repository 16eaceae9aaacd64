/// The root of the view tree. Touches enter here: the Stage feeds scripted fingers through
/// `sendTouch(finger:phase:at:)`, which hit-tests and delivers them along the responder chain.
open class UIWindow: UIView {
    public var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            root.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(root.view, at: 0)
        }
    }
    public private(set) var isKeyWindow = false

    public init(screen: UIScreen = .main) {
        windowSafeAreaInsets = screen.displaySafeAreaInsets
        super.init(frame: screen.bounds)
    }
    public override init(frame: CGRect) {
        windowSafeAreaInsets = UIScreen.main.displaySafeAreaInsets
        super.init(frame: frame)
    }

    /// The device's unsafe areas (status bar / Dynamic Island, home indicator).
    let windowSafeAreaInsets: UIEdgeInsets
    open override var safeAreaInsets: UIEdgeInsets { windowSafeAreaInsets }

    public func makeKeyAndVisible() { isKeyWindow = true; isHidden = false }
    public func makeKey() { isKeyWindow = true }

    // MARK: Touches

    private var activeTouches: [Int: UITouch] = [:]

    /// Delivers one touch sample of finger `finger` (window coordinates) at the current media time.
    public func sendTouch(finger: Int, phase: UITouch.Phase, at location: CGPoint) {
        let now = CACurrentMediaTime()
        let touch: UITouch
        if phase == .began {
            touch = UITouch(phase: .began, location: location, timestamp: now, window: self)
            touch.view = hitTest(location, with: nil)
            activeTouches[finger] = touch
        } else {
            guard let existing = activeTouches[finger] else {
                preconditionFailure("UIWindow.sendTouch: finger \(finger) \(phase) without a touch down")
            }
            touch = existing
            touch.previousWindowLocation = touch.windowLocation
            touch.windowLocation = location
            touch.phase = phase
            touch.timestamp = now
        }
        if phase == .ended || phase == .cancelled { activeTouches[finger] = nil }
        guard let view = touch.view else { return }
        let event = UIEvent(timestamp: now, touches: [touch])
        switch phase {
        case .began: view.touchesBegan([touch], with: event)
        case .moved, .stationary: view.touchesMoved([touch], with: event)
        case .ended: view.touchesEnded([touch], with: event)
        case .cancelled: view.touchesCancelled([touch], with: event)
        }
    }
}
