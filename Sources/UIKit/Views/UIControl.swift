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

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    public private(set) var isTracking = false
    private var actions: [(action: UIAction, events: Event)] = []

    public func addAction(_ action: UIAction, for controlEvents: Event) { actions.append((action, controlEvents)) }
    public func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        actions.removeAll { $0.action.identifier == identifier && !$0.events.intersection(controlEvents).isEmpty }
    }

    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && !$0.events.intersection(controlEvents).isEmpty }
    }

    public func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.intersection(controlEvents).isEmpty {
            entry.action.sender = self
            entry.action.handler(entry.action)
        }
        for entry in targetActions where !entry.events.intersection(controlEvents).isEmpty {
            entry.send(self)
        }
    }

    // MARK: Target–action

    /// Actions added with `addTarget(_:action:for:)`: the target, held weakly, and how to call it.
    private var targetActions: [(target: ObjectIdentifier, events: Event, send: (UIControl) -> Void)] = []

    /// `button.addTarget(self, action: #selector(close), for: .touchUpInside)` becomes
    /// `button.addTarget(self, action: Owner.close, for: .touchUpInside)`: the unapplied method (no selectors
    /// on Linux), as gesture recognizers take it. The target is held weakly, as on iOS.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void,
                                             for controlEvents: Event) {
        targetActions.append((ObjectIdentifier(target), controlEvents, { [weak target] _ in
            if let target { action(target)() }
        }))
    }
    /// For an action method that takes the sender (`@objc func toggle(_ sender: UISwitch)`).
    public func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void,
                                                                 for controlEvents: Event) {
        targetActions.append((ObjectIdentifier(target), controlEvents, { [weak target] control in
            if let target, let sender = control as? Sender { action(target)(sender) }
        }))
    }
    /// For an action method that takes the sender and the event.
    public func addTarget<Target: AnyObject, Sender: UIControl>(_ target: Target,
                                                                 action: @escaping (Target) -> (Sender, UIEvent?) -> Void,
                                                                 for controlEvents: Event) {
        targetActions.append((ObjectIdentifier(target), controlEvents, { [weak target] control in
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
            return left.isEmpty ? nil : (entry.target, left, entry.send)
        }
    }
    /// The events that have actions (targets or `UIAction`s).
    public var allControlEvents: Event {
        (actions.map(\.events) + targetActions.map(\.events)).reduce(Event()) { $0.union($1) }
    }

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
        isTracking = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let inside = isInsideTrackingArea(touch)
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        isTracking = false
        isHighlighted = false
        if isInsideTrackingArea(touch) {
            sendActions(for: [.touchUpInside, .primaryActionTriggered])
        } else {
            sendActions(for: .touchUpOutside)
        }
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isTracking = false
        isHighlighted = false
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
    }

    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
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
