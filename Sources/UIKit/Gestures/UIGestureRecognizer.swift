/// Gesture recognizers: Apple's state machine, delegate and target–action, with closures instead of selectors.
///
/// Touches reach a recognizer through `UIWindow.sendTouch`, which collects, at touch down, the enabled
/// recognizers of the hit view and its ancestors (`UITouch.gestureRecognizers`) and gives them every phase of
/// the touch before the view gets it. Subclasses override the `touches…` hooks and set `state`; the setter
/// does what UIKit does around a transition (ask the delegates, exclude rivals, cancel the view's touches,
/// send the actions).
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's recognition is its end, as in UIKit.
        public static var recognized: State { .ended }
    }

    public weak var delegate: UIGestureRecognizerDelegate?
    public internal(set) weak var view: UIView?
    /// When it begins (or recognizes), the touches it sees are cancelled in the view (`touchesCancelled`).
    public var cancelsTouchesInView = true
    /// Stored for source compatibility; touches always reach the view at once here (see UIKIT-COMPATIBILITY.md).
    public var delaysTouchesBegan = false
    public var delaysTouchesEnded = true
    public var name: String?

    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if state == .began || state == .changed { state = .cancelled }
            else if state == .possible, isInSequence { fail(); settleIfIdle() }
        }
    }

    // MARK: Target–action

    private struct ActionEntry {
        let owner: ObjectIdentifier?
        let send: (UIGestureRecognizer) -> Void
    }
    private var targets: [ActionEntry] = []

    public override init() { super.init() }

    /// `UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))` becomes
    /// `UIPanGestureRecognizer(target: self, action: Driver.handlePan)`: the unapplied method reference; the
    /// target is held weakly, as UIKit does.
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target, action: @escaping (Target) -> (Recognizer) -> Void) {
        self.init()
        addTarget(target, action: action)
    }
    /// For an action method without the recognizer parameter (`@objc func close()`).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }
    /// No action yet (`target: nil, action: nil`, or a target whose action comes later with `addTarget`).
    public convenience init(target: AnyObject?, action: Never?) {
        self.init()
    }
    /// A closure action (no target): `UITapGestureRecognizer { recognizer in … }`.
    public convenience init(handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init()
        addAction(handler)
    }
    /// A closure action receiving the recognizer as its own class: `{ (pan: UIPanGestureRecognizer) in … }`.
    public convenience init<Recognizer: UIGestureRecognizer>(handler: @escaping (Recognizer) -> Void) {
        self.init()
        addAction(handler)
    }

    public func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void) {
        let name = "\(Target.self)"
        targets.append(ActionEntry(owner: ObjectIdentifier(target)) { [weak target] recognizer in
            guard let target else { recognizer.targetIsGone(name); return }
            action(target)(Self.cast(recognizer))
        })
    }
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        let name = "\(Target.self)"
        targets.append(ActionEntry(owner: ObjectIdentifier(target)) { [weak target] recognizer in
            guard let target else { recognizer.targetIsGone(name); return }
            action(target)()
        })
    }

    // MARK: Diagnostics

    /// "UIPanGestureRecognizer on PanelView": how marks and warnings name a recognizer.
    var diagnosticName: String {
        let on = view.map { view in
            "\(type(of: view))" + (view.accessibilityIdentifier.map { " '\($0)'" } ?? "")
        } ?? "no view"
        return "\(type(of: self))\(name.map { " '\($0)'" } ?? "") on \(on)"
    }

    /// State changes go on the timeline (`gesture.began UIPanGestureRecognizer on PanelView`), so traces,
    /// plots and `--trace-gestures` show which recognizer won a touch and when. `.changed` is left out: it
    /// comes with every touch sample.
    private func markState(_ state: State) {
        let word: String
        switch state {
        case .began: word = "began"
        case .ended: word = "ended"
        case .cancelled: word = "cancelled"
        case .failed: word = "failed"
        case .possible, .changed: return
        }
        Timeline.current.mark("gesture.\(word) \(diagnosticName)")
    }

    private var warnedTwin = false
    /// Two recognizers of one class on one view, neither allowed to recognize with the other nor waiting for
    /// it, compete for the same touches and only the first can win: usually one was added twice (in
    /// `viewDidLoad` and again in `viewWillAppear`, say). Said once per pair.
    static func warnAboutTwins(_ recognizers: [UIGestureRecognizer], on view: UIView) {
        for (index, first) in recognizers.enumerated() {
            for second in recognizers[(index + 1)...] where type(of: first) == type(of: second) {
                guard !first.warnedTwin || !second.warnedTwin,
                      !first.allowsSimultaneity(with: second),
                      !first.requiresFailure(of: second), !second.requiresFailure(of: first) else { continue }
                first.warnedTwin = true
                second.warnedTwin = true
                ModalTransition.warn("two \(type(of: first))s on \(type(of: view)) compete for the same touches, and only one can win. If one was added twice, add it once; if both are meant, let them recognize together (the delegate's shouldRecognizeSimultaneouslyWith) or order them (require(toFail:)).")
            }
        }
    }

    private var warnedTargetGone = false
    /// An action whose target was released does nothing, as on iOS (targets are weak), which is easy to miss:
    /// say it once per recognizer.
    private func targetIsGone(_ target: String) {
        Timeline.current.mark("gesture.action-lost \(diagnosticName)")
        guard !warnedTargetGone else { return }
        warnedTargetGone = true
        ModalTransition.warn("\(diagnosticName) has an action whose target (\(target)) was released, so nothing is called. Gesture recognizers hold their targets weakly: keep a strong reference to the target (a property of the view controller).")
    }
    /// Removes every action of `target` (nil: every action). Without selectors, one method cannot be named.
    public func removeTarget(_ target: AnyObject?) {
        guard let target else { targets.removeAll(); return }
        targets.removeAll { $0.owner == ObjectIdentifier(target) }
    }
    public func addAction(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        targets.append(ActionEntry(owner: nil, send: handler))
    }
    public func addAction<Recognizer: UIGestureRecognizer>(_ handler: @escaping (Recognizer) -> Void) {
        targets.append(ActionEntry(owner: nil) { handler(Self.cast($0)) })
    }

    private static func cast<Recognizer: UIGestureRecognizer>(_ recognizer: UIGestureRecognizer) -> Recognizer {
        guard let typed = recognizer as? Recognizer else {
            misuse("a \(type(of: recognizer)) sent its action to a method that takes a \(Recognizer.self)")
        }
        return typed
    }

    // MARK: State

    private var currentState: State = .possible
    /// A recognition that waits for other recognizers to fail (UIKit keeps the state `.possible` meanwhile).
    private var pendingState: State?
    /// Recognizers whose recognition waits for this one to fail or recognize.
    private var waiters: [WeakRecognizer] = []

    /// Subclasses move the state; the transitions UIKit forbids are programmer errors.
    public var state: State {
        get { currentState }
        set { transition(to: newValue) }
    }

    private func transition(to new: State) {
        let old = currentState
        switch (old, new) {
        case (.possible, .began), (.possible, .ended):
            if pendingState != nil { pendingState = new; return }
            let required = failureRequirements
            // A recognizer this one requires to fail has recognized: this one fails.
            if required.contains(where: \.hasRecognizedInSequence) { fail(); return }
            // Some are undecided: wait for them (a single tap waits for the double tap to fail).
            // Two recognizers that require each other would wait forever: one already waiting on this one
            // does not hold it back.
            let undecided = required.filter { other in
                other.isUndecided && !(other.pendingState != nil && waiters.contains { $0.value === other })
            }
            guard undecided.isEmpty else {
                pendingState = new
                for other in undecided where !other.waiters.contains(where: { $0.value === self }) {
                    other.waiters.append(WeakRecognizer(value: self))
                }
                return
            }
            guard shouldBegin() else { fail(); return }
            currentState = new
            markState(new)
            excludeRivals()
            releaseWaiters()
            if cancelsTouchesInView { cancelTouchesInView() }
            sendActions()
        case (.possible, .failed):
            fail()
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            currentState = new
            markState(new)
            sendActions()
        case (_, .possible) where old == .possible:
            break
        default:
            misuse("\(type(of: self)): state cannot go from \(old) to \(new)")
        }
    }

    /// Fails, and lets the recognizers waiting for this failure go on; with no finger down (a waiting
    /// recognizer that a rival excluded) it resets at once.
    private func fail() {
        pendingState = nil
        if currentState != .failed { markState(.failed) }
        currentState = .failed
        releaseWaiters()
        settleIfIdle()
    }

    /// This one has decided (failed or recognized): the recognizers waiting on it decide again.
    private func releaseWaiters() {
        let released = waiters.compactMap(\.value)
        waiters = []
        for waiter in released { waiter.reconsider() }
    }

    /// Tries a waiting recognition again (it may wait for another recognizer still).
    private func reconsider() {
        guard let pending = pendingState, currentState == .possible else { return }
        pendingState = nil
        transition(to: pending)
        settleIfIdle()
    }

    private func sendActions() {
        for target in targets { target.send(self) }
    }

    /// The delegate, then the view, may veto; a rival that already recognized (and does not allow
    /// simultaneity) wins.
    private func shouldBegin() -> Bool {
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
        if let view, !view.gestureRecognizerShouldBegin(self) { return false }
        return !rivals.contains { ($0.state == .began || $0.state == .changed) && !allowsSimultaneity(with: $0) }
    }

    private func excludeRivals() {
        for rival in rivals where rival.state == .possible && !allowsSimultaneity(with: rival) {
            rival.fail()
        }
    }

    private func allowsSimultaneity(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// The other recognizers that see any of this one's touches.
    private var rivals: [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for touch in touches {
            for other in touch.gestureRecognizers ?? [] where other !== self && !result.contains(where: { $0 === other }) {
                result.append(other)
            }
        }
        return result
    }

    private func cancelTouchesInView() {
        for touch in touches where touch.deliversToView {
            touch.deliversToView = false
            guard let view = touch.view else { continue }
            view.touchesCancelled([touch], with: UIEvent(timestamp: touch.timestamp, touches: [touch]))
        }
    }

    // MARK: Failure requirements

    struct WeakRecognizer { weak var value: UIGestureRecognizer? }
    private var requiredToFail: [WeakRecognizer] = []

    /// This recognizer recognizes only once `otherGestureRecognizer` has failed; until then it stays
    /// `.possible`, and if the other recognizes, this one fails. The requirement applies while the other
    /// is watching a gesture (it has touches, or waits for more, as a double tap between its taps).
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        checkUsage(otherGestureRecognizer !== self, "require(toFail:): a recognizer cannot wait for its own failure")
        requiredToFail.removeAll { $0.value == nil }
        guard !requiredToFail.contains(where: { $0.value === otherGestureRecognizer }) else { return }
        requiredToFail.append(WeakRecognizer(value: otherGestureRecognizer))
    }

    /// Subclass hook (UIGestureRecognizerSubclass): a class-wide failure requirement on `other`.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Subclass hook (UIGestureRecognizerSubclass): `other` must wait for this one to fail.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether this recognizer must wait for `other` to fail: `require(toFail:)`, either delegate, or
    /// either subclass hook, as UIKit combines them.
    private func requiresFailure(of other: UIGestureRecognizer) -> Bool {
        requiredToFail.contains { $0.value === other }
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
            || shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: self)
    }

    /// The recognizers this one waits for now: those it requires (statically) and the rivals a delegate
    /// or subclass makes it require, while they are watching a gesture.
    private var failureRequirements: [UIGestureRecognizer] {
        var candidates = requiredToFail.compactMap(\.value)
        for rival in rivals where !candidates.contains(where: { $0 === rival }) { candidates.append(rival) }
        return candidates.filter { $0.isInSequence && $0.isEnabled && requiresFailure(of: $0) }
    }

    /// Still deciding a gesture it is watching.
    private var isUndecided: Bool { currentState == .possible }
    /// Began or recognized in the gesture it is watching.
    private var hasRecognizedInSequence: Bool {
        currentState == .began || currentState == .changed || currentState == .ended
    }

    // MARK: Timers

    /// True from the first touch of a gesture until the recognizer resets.
    private(set) var isInSequence = false
    private var timers: [Int] = []

    /// Runs `body` after `seconds` on the virtual clock unless the recognizer resets first, then resets it
    /// if the gesture is over. The time is an exact sum on the script's tick grid, so a long press that
    /// begins 0.5 s after a touch down at a frame time lands on a frame time too.
    func schedule(after seconds: TimeInterval, _ body: @escaping () -> Void) {
        let clock = Timeline.current
        var id = 0
        id = clock.schedule(at: Timeline.exactSum(clock.now, seconds)) { [weak self] in
            guard let self, let index = self.timers.firstIndex(of: id) else { return }
            self.timers.remove(at: index)
            body()
            self.settleIfIdle()
        }
        timers.append(id)
    }

    private func cancelTimers() {
        for id in timers { Timeline.current.cancel(id) }
        timers = []
    }

    /// Whether an undecided recognizer with no touches waits for more (a multi-tap between its taps)
    /// instead of failing when the last finger lifts.
    var awaitsMoreTouches: Bool { false }

    // MARK: Touches

    /// The touches of the current sequence, in the order they came down (ignored ones excluded).
    public private(set) var touches: [UITouch] = []

    public var numberOfTouches: Int { touches.count }

    /// The centroid of the touches, in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        guard !touches.isEmpty else { return lastLocation.map { convertFromWindow($0, to: view) } ?? .zero }
        return convertFromWindow(Self.centroid(of: touches), to: view)
    }
    open func location(ofTouch index: Int, in view: UIView?) -> CGPoint {
        checkUsage(touches.indices.contains(index), "location(ofTouch:in:): no touch \(index) (there are \(touches.count))")
        return touches[index].location(in: view)
    }

    /// Where the touches were when the last one lifted, so `location(in:)` answers in `.ended`.
    private var lastLocation: CGPoint?

    static func centroid(of touches: [UITouch]) -> CGPoint {
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touches { x += touch.windowLocation.x; y += touch.windowLocation.y }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    func convertFromWindow(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    /// Stops sending `touch` to this recognizer (UIKit's `ignore(_:for:)`).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        touches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when the touch sequence is over and the state returns to `.possible`.
    open func reset() {}
    /// Subclass hook (iOS 13.4): whether to take the touches of `event`; asked before the delegate.
    open func shouldReceive(_ event: UIEvent) -> Bool { true }
    /// Inert: touches here have no estimated properties (force, azimuth) to update.
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}
    /// Inert: not consulted: a recognizer that begins fails every undecided rival it is not simultaneous
    /// with (see docs/UIKIT-COMPATIBILITY.md, gestures); returns true as UIKit's default does.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Inert: not consulted (see `canPrevent(_:)`); returns true as UIKit's default does.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Inert: every touch here is a finger (`UITouch.TouchType.direct`); stored only.
    open var allowedTouchTypes: [NSNumber] = [0]
    /// Inert: there are no presses (remote or keyboard buttons) offscreen; stored only.
    open var allowedPressTypes: [NSNumber] = []
    /// Inert: every touch here is a finger, so there is no other touch type to exclude; stored only.
    open var requiresExclusiveTouchType = true

    // MARK: Delivery (from UIWindow)

    /// Undecided and not waiting (a waiting recognition takes no more touches), or began and continuing.
    var isTracking: Bool {
        (currentState == .possible && pendingState == nil) || currentState == .began || currentState == .changed
    }

    /// Whether this recognizer takes a new touch: UIKit asks its own hook and the delegate about the event,
    /// then the delegate about the touch, once per touch.
    func accepts(_ touch: UITouch) -> Bool {
        guard isEnabled else { return false }
        let event = UIEvent(timestamp: touch.timestamp, touches: [touch])
        guard shouldReceive(event), delegate?.gestureRecognizer(self, shouldReceive: event) ?? true else { return false }
        return delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true
    }

    func deliver(_ touch: UITouch, phase: UITouch.Phase, event: UIEvent) {
        switch phase {
        case .began:
            touches.append(touch)
            isInSequence = true
            // A recognizer whose blocker went away (removed, released) without deciding tries again.
            if pendingState != nil, !failureRequirements.contains(where: \.isUndecided) { reconsider() }
            if isTracking { touchesBegan([touch], with: event) }
        case .moved, .stationary:
            if isTracking { touchesMoved([touch], with: event) }
        case .ended, .cancelled:
            if isTracking {
                if phase == .ended { touchesEnded([touch], with: event) } else { touchesCancelled([touch], with: event) }
            }
            if touches.count == 1, touches[0] === touch { lastLocation = touch.windowLocation }
            touches.removeAll { $0 === touch }
            settleIfIdle()
        }
    }

    /// Several of this recognizer's touches moved in one event (two fingers of a pinch).
    func deliverMoves(_ moved: [UITouch], event: UIEvent) {
        let mine = moved.filter { touch in touches.contains { $0 === touch } }
        guard !mine.isEmpty, isTracking else { return }
        touchesMoved(Set(mine), with: event)
    }

    /// When no finger is down: an undecided recognizer fails (unless it waits for more touches or for
    /// another's failure), a continuing one is cancelled, and a decided one resets to `.possible`.
    func settleIfIdle() {
        guard touches.isEmpty, isInSequence else { return }
        switch currentState {
        case .possible:
            if pendingState != nil || awaitsMoreTouches { return }
            fail()
            return
        case .began, .changed:
            state = .cancelled
        default:
            break
        }
        guard touches.isEmpty, isInSequence, pendingState == nil else { return }
        isInSequence = false
        cancelTimers()
        currentState = .possible
        reset()
    }
}

/// UIKit's optional delegate methods, with the defaults UIKit uses when they are not implemented.
public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// iOS 13.4: asked before `shouldReceive touch`, with an event holding the new touch.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool
}

public extension UIGestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool { true }
}

extension UIView {
    /// Apple declares it settable and optional; nil and [] mean none.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { recognizer.view = nil }
            attachedGestureRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view { old.removeGestureRecognizer(gestureRecognizer) }
        gestureRecognizer.view = self
        attachedGestureRecognizers.append(gestureRecognizer)
    }

    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }
}
