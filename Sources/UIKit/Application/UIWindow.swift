/// The root of the view tree. Touches enter here: the Stage feeds scripted fingers through
/// `sendTouch(finger:phase:at:)`, which hit-tests and delivers them along the responder chain.
open class UIWindow: UIView {
    /// While the window is visible, a new root appears (and the old one disappears) with the appearance
    /// callbacks, as on iOS; before that, the root appears when `makeKeyAndVisible()` shows the window.
    public var rootViewController: UIViewController? {
        get { storedRootViewController }
        set {
            let oldValue = storedRootViewController
            storedRootViewController = newValue
            guard oldValue !== rootViewController else { return }
            if isVisible { oldValue?.beginAppearanceTransition(false, animated: false) }
            oldValue?.view.removeFromSuperview()
            if isVisible { oldValue?.endAppearanceTransition() }
            guard let root = rootViewController else { return }
            root.loadViewIfNeeded()   // a view loads before it appears
            if isVisible { root.beginAppearanceTransition(true, animated: false) }
            root.view.frame = bounds
            root.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(root.view, at: 0)
            if isVisible {
                layoutIfNeeded()
                root.endAppearanceTransition()
            }
        }
    }
    private var storedRootViewController: UIViewController?
    public private(set) var isKeyWindow = false
    /// The status bar this window shows: its style and animatable lightness (see StatusBarAppearance).
    package let statusBarAppearance = StatusBarAppearance()
    /// Set by `makeKeyAndVisible()`: from then on the root controller is on screen.
    private var isVisible = false

    public init(screen: UIScreen = .main) {
        windowSafeAreaInsets = screen.displaySafeAreaInsets
        super.init(frame: screen.bounds)
        UIApplication.shared.register(self)
        windowScene = UIApplication.shared.windowScene
    }
    public override init(frame: CGRect) {
        windowSafeAreaInsets = UIScreen.main.displaySafeAreaInsets
        super.init(frame: frame)
        UIApplication.shared.register(self)
        windowScene = UIApplication.shared.windowScene
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        windowSafeAreaInsets = UIScreen.main.displaySafeAreaInsets
        super.init(coder: coder)
        UIApplication.shared.register(self)
        windowScene = UIApplication.shared.windowScene
    }
    /// A window in `windowScene` (the app's one scene), filling the screen.
    public convenience init(windowScene: UIWindowScene) { self.init(screen: windowScene.screen) }
    /// The scene of the app the window was made in.
    public weak var windowScene: UIWindowScene?
    public var screen: UIScreen { UIScreen.main }

    /// The device's unsafe areas (status bar / Dynamic Island, home indicator).
    let windowSafeAreaInsets: UIEdgeInsets
    open override var safeAreaInsets: UIEdgeInsets { windowSafeAreaInsets }

    /// Shows the window; the first time, its root controller appears: viewWillAppear, a layout pass
    /// (viewWillLayoutSubviews/viewDidLayoutSubviews), viewDidAppear, in UIKit's order.
    public func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
        guard !isVisible else { return }
        isVisible = true
        UIApplication.shared.windowWillShow()
        defer { UIApplication.shared.windowDidShow() }
        guard let root = rootViewController else { return }
        root.beginAppearanceTransition(true, animated: false)
        layoutIfNeeded()
        root.endAppearanceTransition()
    }
    public func makeKey() { isKeyWindow = true }

    // MARK: Touches

    private var activeTouches: [Int: UITouch] = [:]

    /// Delivers one touch sample of finger `finger` (window coordinates) at the current media time.
    ///
    /// At touch down the window hit-tests and collects the enabled recognizers of the hit view and its
    /// ancestors (nearest first). Each phase goes to those recognizers first, then to the view, unless a
    /// recognizer that began has cancelled the touch in the view (`cancelsTouchesInView`).
    public func sendTouch(finger: Int, phase: UITouch.Phase, at location: CGPoint) {
        let now = CACurrentMediaTime()
        let touch: UITouch
        if phase == .began {
            checkUsage(activeTouches[finger] == nil, "UIWindow.sendTouch: finger \(finger) is already down")
            touch = UITouch(phase: .began, location: location, timestamp: now, window: self)
            touch.tapCount = nextTapCount(at: location, time: now)
            touch.view = hitTest(location, with: nil)
            activeTouches[finger] = touch
            var recognizers: [UIGestureRecognizer] = []
            var current = touch.view
            while let view = current {
                let accepting = view.attachedGestureRecognizers.filter { $0.accepts(touch) }
                UIGestureRecognizer.warnAboutTwins(accepting, on: view)
                recognizers += accepting
                current = view.superview
            }
            touch.gestureRecognizers = recognizers
        } else {
            guard let existing = activeTouches[finger] else {
                misuse("UIWindow.sendTouch: finger \(finger) \(phase) without a touch down")
            }
            touch = existing
            touch.previousWindowLocation = touch.windowLocation
            touch.windowLocation = location
            touch.phase = phase
            touch.timestamp = now
        }
        let event = UIEvent(timestamp: now, touches: Set(activeTouches.values).union([touch]))
        if phase == .ended || phase == .cancelled {
            activeTouches[finger] = nil
            recordTap(touch, ended: phase == .ended, at: location, time: now)
        }
        for recognizer in touch.gestureRecognizers ?? [] {
            recognizer.deliver(touch, phase: phase, event: event)
        }
        guard touch.deliversToView, let view = touch.view else { return }
        switch phase {
        case .began: view.touchesBegan([touch], with: event)
        case .moved, .stationary: view.touchesMoved([touch], with: event)
        case .ended: view.touchesEnded([touch], with: event)
        case .cancelled: view.touchesCancelled([touch], with: event)
        }
    }

    /// Moves several fingers in one event (window coordinates) at the current media time, as a screen
    /// reports two fingers of a pinch together: each recognizer gets one `touchesMoved` with its touches
    /// among them, each view one with its own.
    public func sendTouches(moved samples: [(finger: Int, location: CGPoint)]) {
        let now = CACurrentMediaTime()
        var moved: [UITouch] = []
        for (finger, location) in samples {
            guard let touch = activeTouches[finger] else {
                misuse("UIWindow.sendTouches: finger \(finger) moved without a touch down")
            }
            touch.previousWindowLocation = touch.windowLocation
            touch.windowLocation = location
            touch.phase = .moved
            touch.timestamp = now
            moved.append(touch)
        }
        let event = UIEvent(timestamp: now, touches: Set(activeTouches.values))
        var recognizers: [UIGestureRecognizer] = []
        for touch in moved {
            for recognizer in touch.gestureRecognizers ?? [] where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        for recognizer in recognizers { recognizer.deliverMoves(moved, event: event) }
        var byView: [(view: UIView, touches: Set<UITouch>)] = []
        for touch in moved where touch.deliversToView {
            guard let view = touch.view else { continue }
            if let index = byView.firstIndex(where: { $0.view === view }) { byView[index].touches.insert(touch) }
            else { byView.append((view, [touch])) }
        }
        for (view, touches) in byView { view.touchesMoved(touches, with: event) }
    }

    /// The last touch that lifted as a tap: where its run of taps began, when it lifted, and its count.
    private var lastTap: (start: CGPoint, end: TimeInterval, count: Int)?

    private func nextTapCount(at location: CGPoint, time: TimeInterval) -> Int {
        guard let last = lastTap, time - last.end < UITapGestureRecognizer.maximumIntervalBetweenSuccessiveTaps,
              hypot(location.x - last.start.x, location.y - last.start.y) <= UITapGestureRecognizer.allowableMovement
        else { return 1 }
        return last.count + 1
    }

    private func recordTap(_ touch: UITouch, ended: Bool, at location: CGPoint, time: TimeInterval) {
        let moved = hypot(location.x - touch.downLocation.x, location.y - touch.downLocation.y)
        guard ended, moved <= UITapGestureRecognizer.allowableMovement,
              time - touch.downTime <= UITapGestureRecognizer.maximumTapDuration else { lastTap = nil; return }
        let start = touch.tapCount > 1 ? (lastTap?.start ?? touch.downLocation) : touch.downLocation
        lastTap = (start, time, touch.tapCount)
    }

    /// The fingers that are down, with their window locations (for drawing touch indicators).
    public var touchLocations: [(finger: Int, location: CGPoint)] {
        activeTouches.sorted { $0.key < $1.key }.map { ($0.key, $0.value.windowLocation) }
    }
}
