import Synchronization

/// What a menu holds: actions and submenus (an NSObject, as on iOS).
open class UIMenuElement: NSObject {
    /// The element's title (Apple's is read-only on the base class; UIAction's is settable there).
    public let title: String
    init(title: String) { self.title = title; super.init() }
}

/// An action with a closure handler (UIKit's iOS 14 API; no selectors needed).
public final class UIAction: UIMenuElement {
    public let identifier: Identifier
    public let handler: (UIAction) -> Void
    public internal(set) weak var sender: AnyObject?

    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public init(title: String = "", identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
        self.identifier = identifier ?? Identifier(ActionIdentifiers.next())
        self.handler = handler
        super.init(title: title)
    }
}

/// Identifiers for actions created without one: a counter, not random UUIDs, so runs are reproducible;
/// atomic, so actions made on several threads (parallel renders and tests) never share one.
enum ActionIdentifiers {
    private static let counter = Atomic<Int>(0)
    static func next() -> String { "action-\(counter.add(1, ordering: .relaxed).newValue)" }
}

/// The base of the controls: target–action and `UIAction` dispatch, and touch tracking. Touches arrive as
/// on iOS (`touchesBegan` … `touchesEnded`) and become the tracking calls subclasses override
/// (`beginTracking`, `continueTracking`, `endTracking`, `cancelTracking`) and the touch events
/// (`.touchDown`, drags in and out, `.touchUpInside`…).
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Where a control places its content across (Apple's UIControlContentHorizontalAlignment).
    public enum ContentHorizontalAlignment: Int, Sendable { case center, left, right, fill, leading, trailing }
    /// Where a control places its content up and down (Apple's UIControlContentVerticalAlignment).
    public enum ContentVerticalAlignment: Int, Sendable { case center, top, bottom, fill }

    public override init(frame: CGRect) { super.init(frame: frame) }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    /// A control whose primary action (sent with `.primaryActionTriggered`) is `primaryAction`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    public private(set) var isTracking = false
    /// The state the control's look depends on: highlighted, disabled, selected (override to add states of
    /// your own in `.application`'s bits).
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }
    /// Whether the tracked touch is inside the control (with UIKit's 70 pt allowance around it).
    public private(set) var isTouchInside = false

    /// How subclasses that lay out content (buttons) place it across; `.center` by default.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// How subclasses that lay out content place it up and down; `.center` by default.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }
    /// `contentHorizontalAlignment` with leading and trailing turned into left and right (the app is left to right).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: return .left
        case .trailing: return .right
        default: return contentHorizontalAlignment
        }
    }

    /// Inert: no context menus are shown offscreen (a long press opens none); stored and read back.
    open var isContextMenuInteractionEnabled = false
    /// Inert: no menu is shown offscreen, so a tap sends the control's actions as usual; stored and read back.
    open var showsMenuAsPrimaryAction = false
    /// Inert: tool tips appear under a pointer, which a render has not; stored and read back.
    open var toolTip: String?
    /// Inert: symbol effects on a control's images are not drawn; stored and read back.
    open var isSymbolAnimationEnabled = true

    // MARK: Actions

    private var actions: [(action: UIAction, events: Event)] = []

    public func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    public func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        actions.removeAll { $0.action.identifier == identifier && !$0.events.intersection(controlEvents).isEmpty }
    }

    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && !$0.events.intersection(controlEvents).isEmpty }
    }

    /// Sends the actions of `controlEvents`: each `UIAction` through `sendAction(_:)`, then each target's method.
    public func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.intersection(controlEvents).isEmpty {
            sendAction(entry.action)
        }
        for entry in targetActions where !entry.events.intersection(controlEvents).isEmpty {
            entry.send(self)
        }
    }

    /// Runs `action`'s handler with this control as its sender; override to see every `UIAction` sent.
    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
    }

    /// Sends the actions of `.primaryActionTriggered`, as a tap on the control would.
    open func performPrimaryAction() { sendActions(for: .primaryActionTriggered) }

    // MARK: Target–action

    /// Actions added with `addTarget(_:action:for:)`: the target, held weakly, and how to call it.
    private var targetActions: [(target: ObjectIdentifier, object: Weak, events: Event, send: (UIControl) -> Void)] = []
    private struct Weak { weak var object: AnyObject? }

    /// `button.addTarget(self, action: #selector(close), for: .touchUpInside)` becomes
    /// `button.addTarget(self, action: Owner.close, for: .touchUpInside)`: the unapplied method (no selectors
    /// on Linux), as gesture recognizers take it. The target is held weakly, as on iOS.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void,
                                             for controlEvents: Event) {
        targetActions.append((ObjectIdentifier(target), Weak(object: target), controlEvents, { [weak target] _ in
            if let target { action(target)() }
        }))
    }
    /// For an action method that takes the sender (`@objc func toggle(_ sender: UISwitch)`).
    public func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void,
                                                                 for controlEvents: Event) {
        targetActions.append((ObjectIdentifier(target), Weak(object: target), controlEvents, { [weak target] control in
            if let target, let sender = control as? Sender { action(target)(sender) }
        }))
    }
    /// For an action method that takes the sender and the event.
    public func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target,
                                                                 action: @escaping (Target) -> (Sender, UIEvent?) -> Void,
                                                                 for controlEvents: Event) {
        targetActions.append((ObjectIdentifier(target), Weak(object: target), controlEvents, { [weak target] control in
            if let target, let sender = control as? Sender { action(target)(sender, nil) }
        }))
    }
    /// Removes `target`'s actions for `controlEvents` (nil: every target's). A method cannot be named
    /// without selectors, so every action of the target for those events goes.
    public func removeTarget<Target: AnyObject>(_ target: Target?, action: (Target) -> () -> Void, for controlEvents: Event) {
        removeTargetActions(target.map(ObjectIdentifier.init), for: controlEvents)
    }
    /// `removeTarget(nil, action: nil, for: .allEvents)` and `removeTarget(self, action: nil, for: …)`.
    public func removeTarget(_ target: AnyObject?, action: Never?, for controlEvents: Event) {
        removeTargetActions(target.map(ObjectIdentifier.init), for: controlEvents)
    }
    public func removeTarget<Target: AnyObject, Sender: UIControl>(_ target: Target?, action: (Target) -> (Sender) -> Void,
                                                                   for controlEvents: Event) {
        removeTargetActions(target.map(ObjectIdentifier.init), for: controlEvents)
    }
    private func removeTargetActions(_ target: ObjectIdentifier?, for controlEvents: Event) {
        targetActions = targetActions.compactMap { entry in
            guard target == nil || entry.target == target else { return entry }
            let left = entry.events.subtracting(controlEvents)
            return left.isEmpty ? nil : (entry.target, entry.object, left, entry.send)
        }
    }

    /// Calls `action` on `target` now, as UIKit does for each target when the control sends its actions
    /// (`#selector(save)` becomes the unapplied method `Owner.save`); the event is unused.
    public func sendAction<Target: AnyObject>(_ action: (Target) -> () -> Void, to target: Target?, for event: UIEvent?) {
        if let target { action(target)() }
    }
    /// For an action method that takes the sender.
    public func sendAction<Target: AnyObject, Sender: UIControl>(_ action: (Target) -> (Sender) -> Void, to target: Target?,
                                                                  for event: UIEvent?) {
        if let target, let sender = self as? Sender { action(target)(sender) }
    }

    /// The events that have actions (targets or `UIAction`s).
    public var allControlEvents: Event {
        (actions.map(\.events) + targetActions.map(\.events)).reduce(Event()) { $0.union($1) }
    }

    /// The targets that have actions and still exist: NSObjects as themselves, other objects by identity.
    public var allTargets: Set<AnyHashable> {
        Set(targetActions.compactMap { entry in
            entry.object.object.map { ($0 as? NSObject).map(AnyHashable.init) ?? AnyHashable(ObjectIdentifier($0)) }
        })
    }

    /// One entry per action `target` has for `controlEvent`, or nil when it has none. Apple's entries are
    /// selector names; a method reference has no name here, so each entry is the text "method".
    public func actions(forTarget target: AnyObject?, forControlEvent controlEvent: Event) -> [String]? {
        guard let target else { return nil }
        let found = targetActions.filter { $0.target == ObjectIdentifier(target) && !$0.events.intersection(controlEvent).isEmpty }
        return found.isEmpty ? nil : found.map { _ in "method" }
    }

    /// Calls `iterator` for each handler, `UIAction`s first (action, nil, events) and then targets (nil,
    /// (target, "method"), events), until it sets its last argument to true.
    public func enumerateEventHandlers(_ iterator: (UIAction?, (target: Any?, action: String)?, Event, inout Bool) -> Void) {
        var stop = false
        for entry in actions {
            iterator(entry.action, nil, entry.events, &stop)
            if stop { return }
        }
        for entry in targetActions {
            iterator(nil, (entry.object.object, "method"), entry.events, &stop)
            if stop { return }
        }
    }

    // MARK: Tracking

    /// Called when a touch comes down on the control; return false to stop tracking it (no
    /// `continueTracking`/`endTracking` for this touch). The base returns true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called as the tracked touch moves; return false to stop tracking it. The base returns true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called when the tracked touch lifts.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Called when the tracked touch is cancelled (a gesture recognizer took it).
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether the control sends `.primaryActionTriggered` with `.touchUpInside` (buttons); controls with a
    /// value send it with `.valueChanged` instead.
    var sendsPrimaryActionOnTouchUp: Bool { true }

    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isEnabled else { return nil }
        // A control receives touches on its subviews itself, as UIKit's controls do.
        return super.hitTest(point, with: event).map { _ in self }
    }

    /// UIKit keeps a touch "inside" up to 70 pt beyond the bounds.
    private func isInsideTrackingArea(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // Called by hand without touches (as some code does to show a press), it still highlights.
        let touch = touches.first
        isTouchInside = true
        isHighlighted = true
        if let touch { isTracking = beginTracking(touch, with: event) }
        sendActions(for: (touch?.tapCount ?? 1) > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let wasInside = isTouchInside
        let inside = isInsideTrackingArea(touch)
        isTouchInside = inside
        isHighlighted = inside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        if inside != wasInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let inside = isInsideTrackingArea(touch)
        isTouchInside = inside
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isHighlighted = false
        if inside {
            sendActions(for: sendsPrimaryActionOnTouchUp ? [.touchUpInside, .primaryActionTriggered] : .touchUpInside)
        } else {
            sendActions(for: .touchUpOutside)
        }
        isTouchInside = false
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        sendActions(for: .touchCancel)
    }
}

extension UIControl {
    /// The states a control's look depends on (Apple's UIControl.State).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }
}

/// A button: a control with a title per state, drawn by its `titleLabel` centred in its bounds. A system
/// button's title is the tint colour (systemBlue) and dims while touched, as iOS shows a press. With a
/// `configuration` (iOS 15's button system) the button draws that instead: background, title and subtitle,
/// sized and coloured by the configuration for the button's state (see UIButton+Configuration.swift).
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close }
    public private(set) var buttonType: ButtonType = .custom

    public override init(frame: CGRect) { super.init(frame: frame) }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public convenience init(type: ButtonType) {
        self.init(frame: .zero)
        buttonType = type
        updateTitle()
    }
    public convenience init(frame: CGRect = .zero, primaryAction: UIAction?) {
        self.init(frame: frame)
        buttonType = .system
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
        }
    }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    var label: UILabel?

    /// The label that draws the title; made with the first title.
    public var titleLabel: UILabel? { label }

    // The configuration's storage (UIButton+Configuration.swift).
    var storedConfiguration: Configuration?
    var configuredBackground: UIView?
    var configuredSubtitle: UILabel?
    var configuredImageView: UIImageView?
    var configuredSpinner: UIActivityIndicatorView?
    var isUpdatingConfiguration = false
    var storedUpdateHandler: ((UIButton) -> Void)?
    /// Whether a state change (highlight, selection, enabling) updates the configuration (true); when
    /// false the look stays until `setNeedsUpdateConfiguration()`.
    open var automaticallyUpdatesConfiguration = true
    /// The colour system buttons and configurations draw with: UIView's tint (inherited, systemBlue at the top).
    var storedTint: UIColor { tintColor }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTitle()
    }

    /// Called when the configuration should be brought up to date for the button's state, before
    /// `configurationUpdateHandler`; override to change `configuration` for a state.
    open func updateConfiguration() {}

    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        updateTitle()
        invalidateIntrinsicContentSize()
    }
    /// The state's own title, else the normal title.
    public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
    public var currentTitle: String? {
        if let storedConfiguration { return storedConfiguration.title }
        return title(for: state)
    }

    public func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateTitle()
    }
    /// The state's own colour, else the normal colour, else the type's: the tint for system buttons (dimmed to
    /// 20 % while highlighted), white for custom ones.
    public func titleColor(for state: State) -> UIColor? {
        if let color = titleColors[state.rawValue] { return color }
        let normal = titleColors[State.normal.rawValue] ?? (buttonType == .custom ? .white : storedTint)
        return buttonType == .system && state.contains(.highlighted) ? normal.withAlphaComponent(0.2) : normal
    }
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }

    // Overrides with a setter (not didSet), so a subclass's own initializer restyles the title too.
    open override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { let old = super.isHighlighted; super.isHighlighted = newValue; if newValue != old { updateTitle() } }
    }
    open override var isSelected: Bool {
        get { super.isSelected }
        set { let old = super.isSelected; super.isSelected = newValue; if newValue != old { updateTitle() } }
    }
    open override var isEnabled: Bool {
        get { super.isEnabled }
        set { let old = super.isEnabled; super.isEnabled = newValue; if newValue != old { updateTitle() } }
    }

    func updateTitle() {
        if storedConfiguration != nil {
            if automaticallyUpdatesConfiguration { setNeedsUpdateConfiguration() }
            return
        }
        guard let title = currentTitle else {
            label?.text = nil
            return
        }
        if label == nil {
            let made = UILabel(frame: bounds)
            made.font = .systemFont(ofSize: 15)
            made.textAlignment = .center
            addSubview(made)
            label = made
        }
        label!.text = title
        label!.textColor = currentTitleColor
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let storedConfiguration {
            layoutConfiguredContent(storedConfiguration)
            return
        }
        label?.frame = bounds
    }

    /// The title's size (no content insets); with a configuration, its content's size plus its insets.
    open override var intrinsicContentSize: CGSize {
        if let storedConfiguration { return configuredSize(storedConfiguration) }
        return label?.intrinsicContentSize ?? .zero
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let storedConfiguration { return configuredSize(storedConfiguration) }
        return label?.intrinsicContentSize ?? .zero
    }
}
