/// A slider as iOS 13 and later draw it: a 4 pt rounded track, filled with the tint colour up to the
/// thumb and grey after it, a 28 pt white thumb with a soft shadow, and optional images at the ends.
/// Dragging the thumb moves it with the finger and sends `.valueChanged` (at each change when
/// `isContinuous`, else when the finger lifts). The geometry comes from `trackRect(forBounds:)`,
/// `thumbRect(forBounds:trackRect:value:)` and the value-image rects, which subclasses may override.
open class UISlider: UIControl {
    /// The track's thickness and the thumb's diameter (estimates from iOS 17/18 screenshots).
    static let trackHeight: CGFloat = 4
    static let thumbDiameter: CGFloat = 28
    /// How far the thumb reaches past each end of the track (estimate).
    static let thumbOverhang: CGFloat = 2
    /// The space between a value image and the track (estimate).
    static let imageGap: CGFloat = 10
    /// The slider's natural height (estimate; its width has no intrinsic value).
    static let height: CGFloat = 31
    /// The animation of `setValue(_:animated:)` (estimate).
    static let valueAnimationDuration: TimeInterval = 0.3
    /// The grey of the track after the thumb: the system fill (120,120,128 at 20 % light, 36 % dark).
    static let maximumTrackColor = UIColor.systemFill

    private let canvas = UIView()
    let minimumTrack = UIView()
    private let maximumTrack = UIView()
    let thumb = ControlKnob()
    private let minimumImageView = UIImageView()
    private let maximumImageView = UIImageView()
    /// Custom images (`setThumbImage`, `setMinimumTrackImage`, `setMaximumTrackImage`), shown instead of the
    /// system thumb and track parts when set.
    private let thumbImageView = UIImageView()
    private let minimumTrackImageView = UIImageView()
    private let maximumTrackImageView = UIImageView()

    private var storedValue: Float = 0
    private var storedMinimum: Float = 0
    private var storedMaximum: Float = 1
    /// Where the finger held the thumb, from the thumb's centre, and the value when the drag began.
    private var grabOffset: CGFloat = 0
    private var valueAtTouchDown: Float = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpParts()
    }

    // MARK: Value

    /// The value, kept between `minimumValue` and `maximumValue` (0 by default); setting it sends nothing.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// 0 by default; raising it above `maximumValue` raises the maximum too, as on iOS.
    open var minimumValue: Float {
        get { storedMinimum }
        set { storedMinimum = newValue; if storedMaximum < newValue { storedMaximum = newValue }; setValue(storedValue, animated: false) }
    }
    /// 1 by default; lowering it below `minimumValue` lowers the minimum too.
    open var maximumValue: Float {
        get { storedMaximum }
        set { storedMaximum = newValue; if storedMinimum > newValue { storedMinimum = newValue }; setValue(storedValue, animated: false) }
    }
    /// Whether `.valueChanged` goes out as the thumb moves (true) or once when the finger lifts.
    open var isContinuous = true

    /// Sets the value (clamped), moving the thumb with an animation when `animated`; sends nothing.
    open func setValue(_ value: Float, animated: Bool) {
        storedValue = min(max(value, storedMinimum), storedMaximum)
        if animated {
            UIView.animate(withDuration: Self.valueAnimationDuration) { self.layoutParts() }
        } else {
            UIView.performWithoutAnimation { layoutParts() }
        }
    }

    // MARK: Appearance

    /// The track before the thumb; nil draws the tint colour.
    open var minimumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The track after the thumb; nil draws the system's grey.
    open var maximumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The thumb; nil draws white.
    open var thumbTintColor: UIColor? { didSet { updateColors() } }
    /// The image left of the track (drawn in `minimumValueImageRect(forBounds:)`).
    open var minimumValueImage: UIImage? { didSet { minimumImageView.image = minimumValueImage; setNeedsLayout() } }
    /// The image right of the track (drawn in `maximumValueImageRect(forBounds:)`).
    open var maximumValueImage: UIImage? { didSet { maximumImageView.image = maximumValueImage; setNeedsLayout() } }

    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]
    /// The thumb drawn for `state` (`.normal`'s when a state has none): the image at its size, centred
    /// where the system thumb's centre would be, instead of the white knob.
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) { thumbImages[state.rawValue] = image; imagesDidChange() }
    open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state.rawValue] }
    /// The track before the thumb for `state`: the image stretched from the track's start to the thumb's
    /// centre at its own height (make it resizable with cap insets so its ends keep their shape).
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) { minimumTrackImages[state.rawValue] = image; imagesDidChange() }
    open func minimumTrackImage(for state: UIControl.State) -> UIImage? { minimumTrackImages[state.rawValue] }
    /// The track after the thumb for `state`, from the thumb's centre to the track's end.
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) { maximumTrackImages[state.rawValue] = image; imagesDidChange() }
    open func maximumTrackImage(for state: UIControl.State) -> UIImage? { maximumTrackImages[state.rawValue] }
    /// The thumb image for the current state, else the normal one (nil: the system thumb).
    open var currentThumbImage: UIImage? { thumbImages[state.rawValue] ?? thumbImages[0] }
    open var currentMinimumTrackImage: UIImage? { minimumTrackImages[state.rawValue] ?? minimumTrackImages[0] }
    open var currentMaximumTrackImage: UIImage? { maximumTrackImages[state.rawValue] ?? maximumTrackImages[0] }

    open override var isEnabled: Bool {
        get { super.isEnabled }
        set { super.isEnabled = newValue; canvas.alpha = newValue ? 1 : 0.5; imagesDidChange() }
    }
    open override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { super.isHighlighted = newValue; imagesDidChange() }
    }
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    // MARK: Geometry (overridable; drawing uses these)

    /// The image on the left: its natural size, centred up and down at the left edge (empty without one).
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = minimumValueImage?.size else { return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The image on the right: its natural size at the right edge (empty without one).
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = maximumValueImage?.size else { return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The track: 4 pt tall, centred, between the value images (with a gap beside each image), inset by
    /// the thumb's overhang so the thumb stays inside the bounds.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        var minX = bounds.minX, maxX = bounds.maxX
        if minimumValueImage != nil { minX = minimumValueImageRect(forBounds: bounds).maxX + Self.imageGap }
        if maximumValueImage != nil { maxX = maximumValueImageRect(forBounds: bounds).minX - Self.imageGap }
        return CGRect(x: minX + Self.thumbOverhang, y: bounds.midY - Self.trackHeight / 2,
                      width: max(maxX - minX - 2 * Self.thumbOverhang, 0), height: Self.trackHeight)
    }
    /// The thumb for `value`: 28 pt (a custom thumb image: its size), its centre moving from one end of the
    /// track to the other (reaching 2 pt past each end).
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let range = storedMaximum - storedMinimum
        let fraction = range > 0 ? CGFloat((min(max(value, storedMinimum), storedMaximum) - storedMinimum) / range) : 0
        let size = thumbSize
        let travel = rect.width + 2 * Self.thumbOverhang - size.width
        let x = rect.minX - Self.thumbOverhang + travel * fraction
        return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }
    /// The system thumb's 28 pt, or the current thumb image's size.
    private var thumbSize: CGSize {
        currentThumbImage?.size ?? CGSize(width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    // MARK: Drawing

    private func setUpParts() {
        canvas.isUserInteractionEnabled = false
        addSubview(canvas)
        for part in [minimumTrack, maximumTrack, minimumTrackImageView, maximumTrackImageView, minimumImageView, maximumImageView] {
            part.isUserInteractionEnabled = false
            canvas.addSubview(part)
        }
        minimumTrack.layer.cornerRadius = Self.trackHeight / 2
        maximumTrack.layer.cornerRadius = Self.trackHeight / 2
        minimumImageView.contentMode = .center
        maximumImageView.contentMode = .center
        minimumImageView.tintColor = .secondaryLabel
        maximumImageView.tintColor = .secondaryLabel
        canvas.addSubview(thumb)
        thumbImageView.isUserInteractionEnabled = false
        canvas.addSubview(thumbImageView)
        updateColors()
        imagesDidChange()
    }

    /// Shows the images for the current state, hiding the system parts they replace.
    private func imagesDidChange() {
        thumbImageView.image = currentThumbImage
        minimumTrackImageView.image = currentMinimumTrackImage
        maximumTrackImageView.image = currentMaximumTrackImage
        thumb.isHidden = currentThumbImage != nil
        thumbImageView.isHidden = currentThumbImage == nil
        minimumTrack.isHidden = currentMinimumTrackImage != nil
        minimumTrackImageView.isHidden = currentMinimumTrackImage == nil
        maximumTrack.isHidden = currentMaximumTrackImage != nil
        maximumTrackImageView.isHidden = currentMaximumTrackImage == nil
        setNeedsLayout()
    }

    private func updateColors() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? Self.maximumTrackColor
        thumb.color = thumbTintColor ?? .white
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    /// Places the images, the two parts of the track (split under the thumb's centre) and the thumb.
    private func layoutParts() {
        canvas.frame = bounds
        minimumImageView.frame = minimumValueImageRect(forBounds: bounds)
        maximumImageView.frame = maximumValueImageRect(forBounds: bounds)
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        let split = min(max(thumbFrame.midX, track.minX), track.maxX)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
        maximumTrack.frame = CGRect(x: split, y: track.minY, width: track.maxX - split, height: track.height)
        // Track images keep their own height, centred on the track.
        let minimumHeight = currentMinimumTrackImage?.size.height ?? track.height
        let maximumHeight = currentMaximumTrackImage?.size.height ?? track.height
        minimumTrackImageView.frame = CGRect(x: track.minX, y: track.midY - minimumHeight / 2, width: split - track.minX, height: minimumHeight)
        maximumTrackImageView.frame = CGRect(x: split, y: track.midY - maximumHeight / 2, width: track.maxX - split, height: maximumHeight)
        thumb.place(thumbFrame)
        thumbImageView.frame = thumbFrame
    }

    // MARK: Touches

    override var sendsPrimaryActionOnTouchUp: Bool { false }

    /// A touch must land on the thumb (with some slop around it), as on iOS; the track alone is not a target.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let location = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        guard thumbFrame.insetBy(dx: -10, dy: -10).contains(location) else { return false }
        grabOffset = location.x - thumbFrame.midX
        valueAtTouchDown = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let track = trackRect(forBounds: bounds)
        let width = thumbSize.width
        let travel = track.width + 2 * Self.thumbOverhang - width
        guard travel > 0 else { return true }
        let centre = touch.location(in: self).x - grabOffset
        let fraction = (centre - (track.minX - Self.thumbOverhang + width / 2)) / travel
        let newValue = storedMinimum + Float(min(max(fraction, 0), 1)) * (storedMaximum - storedMinimum)
        guard newValue != storedValue else { return true }
        setValue(newValue, animated: false)
        if isContinuous { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous && storedValue != valueAtTouchDown { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }
}
