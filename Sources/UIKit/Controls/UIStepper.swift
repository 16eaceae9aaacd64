import QuartzCore

/// A stepper as iOS 13 and later draw it: a 94 × 32 pt rounded grey track split by a divider into a minus
/// and a plus half, each dimmed at its limit (unless the value wraps). A touch on a half steps the value at
/// once; held, it repeats on the scene's clock (`autorepeat`), sooner and then faster.
open class UIStepper: UIControl {
    /// The stepper's size (Apple: the frame's size is ignored).
    static let size = CGSize(width: 94, height: 32)
    /// The track's radius and the divider (estimates from iOS 17/18 screenshots).
    static let trackRadius: CGFloat = 8
    static let dividerSize = CGSize(width: 1, height: 18)
    /// Autorepeat: the first repeat 0.5 s after the touch, the next five 0.2 s apart, then every 0.1 s
    /// (estimates; Apple documents only that holding repeats).
    static let firstRepeatDelay: TimeInterval = 0.5
    static let slowRepeatInterval: TimeInterval = 0.2
    static let slowRepeatCount = 5
    static let fastRepeatInterval: TimeInterval = 0.1

    private let canvas = UIView()
    private let track = UIView()
    private let divider = UIView()
    private let highlight = UIView()
    private let minus = UIImageView()
    private let plus = UIImageView()

    private var storedValue: Double = 0
    private var storedMinimum: Double = 0
    private var storedMaximum: Double = 100
    private var storedStep: Double = 1
    /// The half a finger holds (-1 minus, +1 plus), the value when the touch began, and the pending repeat.
    private var heldDirection: Int?
    private var valueAtTouchDown: Double = 0
    private var repeatEvent: (clock: Timeline, id: Int)?
    private var repeatsDone = 0

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUpParts()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpParts()
    }

    // MARK: Value

    /// The value, kept between `minimumValue` and `maximumValue` (0 by default); setting it sends nothing.
    open var value: Double {
        get { storedValue }
        set { storedValue = min(max(newValue, storedMinimum), storedMaximum); updateAppearance() }
    }
    /// 0 by default; must be less than `maximumValue` (iOS raises an exception otherwise).
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            checkUsage(newValue < storedMaximum, "UIStepper.minimumValue: \(newValue) is not below maximumValue \(storedMaximum); lower it or raise maximumValue first")
            storedMinimum = newValue
            value = storedValue
        }
    }
    /// 100 by default; must be greater than `minimumValue`.
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            checkUsage(newValue > storedMinimum, "UIStepper.maximumValue: \(newValue) is not above minimumValue \(storedMinimum); raise it or lower minimumValue first")
            storedMaximum = newValue
            value = storedValue
        }
    }
    /// 1 by default; must be greater than 0.
    open var stepValue: Double {
        get { storedStep }
        set {
            checkUsage(newValue > 0, "UIStepper.stepValue: \(newValue) must be greater than 0")
            storedStep = newValue
        }
    }
    /// Whether stepping past a limit continues from the other (false by default).
    open var wraps = false { didSet { updateAppearance() } }
    /// Whether a held half keeps stepping (true by default).
    open var autorepeat = true
    /// Whether `.valueChanged` goes out at each step (true) or once when the finger lifts (false).
    open var isContinuous = true

    open override var isEnabled: Bool {
        get { super.isEnabled }
        set { super.isEnabled = newValue; updateAppearance() }
    }

    // MARK: Images

    private var backgroundImages: [UInt: UIImage] = [:]
    private var dividerImages: [String: UIImage] = [:]
    private var incrementImages: [UInt: UIImage] = [:]
    private var decrementImages: [UInt: UIImage] = [:]

    /// Inert: the system track is drawn whatever background image is set; stored and read back.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { backgroundImages[state.rawValue] = image }
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages[state.rawValue] }
    /// Inert: the system divider is drawn whatever image is set; stored and read back.
    open func setDividerImage(_ image: UIImage?, forLeftSegmentState leftState: UIControl.State,
                              rightSegmentState rightState: UIControl.State) {
        dividerImages["\(leftState.rawValue)-\(rightState.rawValue)"] = image
    }
    open func dividerImage(forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State) -> UIImage? {
        dividerImages["\(leftState.rawValue)-\(rightState.rawValue)"]
    }
    /// The plus half's image for `state` (the normal one when the state has none); nil restores the plus.
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) { incrementImages[state.rawValue] = image; updateAppearance() }
    open func incrementImage(for state: UIControl.State) -> UIImage? { incrementImages[state.rawValue] ?? incrementImages[0] ?? UIImage(systemName: "plus") }
    /// The minus half's image for `state`; nil restores the minus.
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) { decrementImages[state.rawValue] = image; updateAppearance() }
    open func decrementImage(for state: UIControl.State) -> UIImage? { decrementImages[state.rawValue] ?? decrementImages[0] ?? UIImage(systemName: "minus") }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    // MARK: Drawing

    private func setUpParts() {
        canvas.isUserInteractionEnabled = false
        addSubview(canvas)
        track.backgroundColor = .tertiarySystemFill
        track.layer.cornerRadius = Self.trackRadius
        highlight.backgroundColor = .tertiarySystemFill
        highlight.alpha = 0
        divider.backgroundColor = UISegmentedControl.dividerColor
        minus.contentMode = .center
        plus.contentMode = .center
        for part in [track, highlight, divider, minus, plus] {
            part.isUserInteractionEnabled = false
            canvas.addSubview(part)
        }
        updateAppearance()
    }

    /// Whether each half can step now: not at its limit, unless the value wraps.
    private var canDecrement: Bool { isEnabled && (wraps || storedValue > storedMinimum) }
    private var canIncrement: Bool { isEnabled && (wraps || storedValue < storedMaximum) }

    private func updateAppearance() {
        let minusState: UIControl.State = !canDecrement ? .disabled : (heldDirection == -1 ? .highlighted : .normal)
        let plusState: UIControl.State = !canIncrement ? .disabled : (heldDirection == 1 ? .highlighted : .normal)
        minus.image = decrementImage(for: minusState)
        plus.image = incrementImage(for: plusState)
        minus.tintColor = canDecrement ? .label : .tertiaryLabel
        plus.tintColor = canIncrement ? .label : .tertiaryLabel
        canvas.alpha = isEnabled ? 1 : 0.5
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bounds = CGRect(origin: .zero, size: Self.size)
        canvas.frame = bounds
        track.frame = bounds
        let half = bounds.width / 2
        minus.frame = CGRect(x: 0, y: 0, width: half, height: bounds.height)
        plus.frame = CGRect(x: half, y: 0, width: half, height: bounds.height)
        divider.frame = CGRect(x: half - Self.dividerSize.width / 2, y: (bounds.height - Self.dividerSize.height) / 2,
                               width: Self.dividerSize.width, height: Self.dividerSize.height)
        placeHighlight()
    }

    /// The held half's darker fill, rounded on its outer side.
    private func placeHighlight() {
        let half = Self.size.width / 2
        highlight.frame = CGRect(x: heldDirection == 1 ? half : 0, y: 0, width: half, height: Self.size.height)
        highlight.layer.cornerRadius = Self.trackRadius
        highlight.layer.maskedCorners = heldDirection == 1 ? [.layerMaxXMinYCorner, .layerMaxXMaxYCorner]
                                                           : [.layerMinXMinYCorner, .layerMinXMaxYCorner]
        highlight.alpha = heldDirection == nil ? 0 : 1
    }

    // MARK: Touches

    override var sendsPrimaryActionOnTouchUp: Bool { false }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction = touch.location(in: self).x < Self.size.width / 2 ? -1 : 1
        guard direction == 1 ? canIncrement : canDecrement else { return false }
        heldDirection = direction
        valueAtTouchDown = storedValue
        repeatsDone = 0
        updateAppearance()
        placeHighlight()
        step()
        if autorepeat { scheduleRepeat(after: Self.firstRepeatDelay) }
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        // Leaving the half stops the repeats, as lifting would.
        let x = touch.location(in: self).x
        let inHalf = isTouchInside && (heldDirection == 1 ? x >= Self.size.width / 2 : x < Self.size.width / 2)
        if !inHalf { finishHolding(); return false }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) { finishHolding() }
    open override func cancelTracking(with event: UIEvent?) { finishHolding() }

    private func finishHolding() {
        guard heldDirection != nil else { return }
        cancelRepeat()
        heldDirection = nil
        updateAppearance()
        placeHighlight()
        if !isContinuous && storedValue != valueAtTouchDown { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    /// One step in the held direction, wrapping or stopping at the limits.
    private func step() {
        guard let direction = heldDirection else { return }
        var next = storedValue + Double(direction) * storedStep
        if next > storedMaximum { next = wraps ? storedMinimum : storedMaximum }
        if next < storedMinimum { next = wraps ? storedMaximum : storedMinimum }
        guard next != storedValue else { return }
        storedValue = next
        updateAppearance()
        if isContinuous { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
        // At a limit that does not wrap the half is spent: the repeats stop.
        if !(direction == 1 ? canIncrement : canDecrement) { cancelRepeat() }
    }

    private func scheduleRepeat(after delay: TimeInterval) {
        let clock = Timeline.current
        let id = clock.schedule(at: clock.now + delay) { [weak self] in
            guard let self, self.heldDirection != nil else { return }
            self.repeatEvent = nil
            self.repeatsDone += 1
            self.step()
            guard self.heldDirection != nil, self.canStepFurther else { return }
            self.scheduleRepeat(after: self.repeatsDone <= Self.slowRepeatCount ? Self.slowRepeatInterval : Self.fastRepeatInterval)
        }
        repeatEvent = (clock, id)
    }
    private var canStepFurther: Bool { heldDirection == 1 ? canIncrement : canDecrement }

    private func cancelRepeat() {
        if let repeatEvent { repeatEvent.clock.cancel(repeatEvent.id) }
        repeatEvent = nil
    }
}
