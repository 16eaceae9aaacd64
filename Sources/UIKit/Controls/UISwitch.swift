/// An on/off switch as iOS 17/18 draws it: a 51 × 31 pt capsule track, grey when off and `onTintColor`
/// (systemGreen) when on, with a white 27 pt knob that slides across. A tap toggles it; dragging the knob
/// across moves it to the side the finger is on; while held the knob stretches. Changes by touch send
/// `.valueChanged` (and `.primaryActionTriggered`); `setOn(_:animated:)` sends nothing, as on iOS.
open class UISwitch: UIControl {
    /// iOS 14's styles; on iPhone only the sliding switch exists.
    public enum Style: Int, Sendable { case automatic, checkbox, sliding }

    /// The switch's fixed size (Apple: "this class enforces a size appropriate for the control").
    static let size = CGSize(width: 51, height: 31)
    /// The knob: 27 pt, 2 pt in from the track's edge.
    static let knobDiameter: CGFloat = 27
    static let knobInset: CGFloat = 2
    /// The held knob's width (estimate from screen recordings of iOS 17: about a quarter wider).
    static let heldKnobWidth: CGFloat = 34
    /// The toggle's motion: a critically damped spring of perceptual duration 0.35 s (estimate).
    static let toggleDuration: TimeInterval = 0.35
    /// The grey of the off track: translucent, as the system's fill colours are (light: 120,120,128 at
    /// 16 % = #E9E9EB over white; dark: at 32 %); estimate from screenshots, see docs/UIKIT-COMPATIBILITY.md.
    static let offTrackColor = UIColor.secondarySystemFill

    /// Holds the parts, so a disabled switch fades as one.
    let content = UIView()
    private let track = UIView()
    let onTrack = UIView()
    let knob = ControlKnob()
    private var storedOn = false
    /// While a finger holds the switch: whether the knob shows on (it follows a drag), and whether the
    /// finger has moved far enough to be a drag rather than a tap.
    private var heldSide: Bool?
    private var didDrag = false
    private var touchStartX: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        content.isUserInteractionEnabled = false
        content.frame = CGRect(origin: .zero, size: Self.size)
        addSubview(content)
        for part in [track, onTrack] {
            part.isUserInteractionEnabled = false
            part.layer.cornerRadius = Self.size.height / 2
            content.addSubview(part)
        }
        content.addSubview(knob)
        track.backgroundColor = Self.offTrackColor
        updateColors()
        UIView.performWithoutAnimation { layoutParts() }
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required convenience init?(coder: NSCoder) { self.init(frame: .zero) }

    // MARK: Value

    open var isOn: Bool {
        get { storedOn }
        set { setOn(newValue, animated: false) }
    }

    /// Sets the state, sliding the knob and cross-fading the track when `animated`; sends no actions.
    open func setOn(_ on: Bool, animated: Bool) {
        storedOn = on
        if animated {
            UIView.animate(springDuration: Self.toggleDuration, bounce: 0, animations: { self.layoutParts() })
        } else {
            UIView.performWithoutAnimation { layoutParts() }
        }
    }

    // MARK: Appearance

    /// The track's colour when on; nil draws systemGreen.
    open var onTintColor: UIColor? { didSet { updateColors() } }
    /// The knob's colour; nil draws white.
    open var thumbTintColor: UIColor? { didSet { updateColors() } }
    /// Inert: iOS 7 and later ignore switch images; stored and read back.
    open var onImage: UIImage?
    /// Inert: iOS 7 and later ignore switch images; stored and read back.
    open var offImage: UIImage?
    /// Inert: a title shows only beside a Mac Catalyst checkbox; stored and read back.
    open var title: String?
    /// The style asked for; on iPhone every style draws the sliding switch.
    open var preferredStyle: Style = .automatic
    /// The style drawn: always `.sliding` (the checkbox is a Mac Catalyst style).
    open var style: Style { .sliding }

    open override var isEnabled: Bool {
        get { super.isEnabled }
        // A disabled switch shows at half strength (estimate from iOS screenshots).
        set { super.isEnabled = newValue; content.alpha = newValue ? 1 : 0.5 }
    }

    private func updateColors() {
        onTrack.backgroundColor = onTintColor ?? .systemGreen
        knob.color = thumbTintColor ?? .white
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    /// Places the parts for the state shown: the knob on its side (stretched while held), the on track
    /// faded in when on.
    private func layoutParts() {
        let bounds = CGRect(origin: .zero, size: Self.size)
        content.frame = bounds
        track.frame = bounds
        onTrack.frame = bounds
        let shownOn = heldSide ?? storedOn
        onTrack.alpha = shownOn ? 1 : 0
        let width = heldSide == nil ? Self.knobDiameter : Self.heldKnobWidth
        let x = shownOn ? bounds.width - Self.knobInset - width : Self.knobInset
        knob.place(CGRect(x: x, y: Self.knobInset, width: width, height: Self.knobDiameter))
    }

    // MARK: Touches

    override var sendsPrimaryActionOnTouchUp: Bool { false }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        heldSide = storedOn
        didDrag = false
        touchStartX = touch.location(in: self).x
        UIView.animate(springDuration: Self.toggleDuration, bounce: 0, animations: { self.layoutParts() })
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        // Beyond a few points the touch is a drag: the knob goes to the side the finger is on.
        if abs(x - touchStartX) > 4 { didDrag = true }
        guard didDrag else { return true }
        let side = x > Self.size.width / 2
        if side != heldSide {
            heldSide = side
            UIView.animate(springDuration: Self.toggleDuration, bounce: 0, animations: { self.layoutParts() })
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let newValue = didDrag ? (heldSide ?? storedOn) : (isTouchInside ? !storedOn : storedOn)
        heldSide = nil
        let changed = newValue != storedOn
        setOn(newValue, animated: true)
        if changed { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        heldSide = nil
        setOn(storedOn, animated: true)
    }
}
