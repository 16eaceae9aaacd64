import Foundation

/// A bar that fills from the leading edge as a task progresses: a rounded 4 pt track (iOS 14+'s look) with
/// the tint filling `progress` of its width. `setProgress(_:animated: true)` moves the fill through
/// `UIView.animate`, so the scene's clock drives it.
open class UIProgressView: UIView {
    public enum Style: Int, Sendable {
        /// The rounded bar of an ordinary screen.
        case `default`
        /// The square-ended bar of a toolbar, on no track of its own.
        case bar
    }

    /// The track and the fill drawn over it.
    let track = UIImageView(frame: .zero)
    let fill = UIImageView(frame: .zero)

    open var progressViewStyle: Style = .default {
        didSet { applyColors(); setNeedsLayout() }
    }
    /// The fraction done, 0…1 (values outside are pinned, as on iOS).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0
    /// The fill's colour; nil: the tint colour.
    open var progressTintColor: UIColor? {
        didSet { applyColors() }
    }
    /// The track's colour; nil: the style's (a light grey fill for `.default`, none for `.bar`).
    open var trackTintColor: UIColor? {
        didSet { applyColors() }
    }
    /// An image stretched over the fill instead of its colour.
    open var progressImage: UIImage? {
        didSet { fill.image = progressImage; applyColors() }
    }
    /// An image stretched over the track instead of its colour.
    open var trackImage: UIImage? {
        didSet { track.image = trackImage; applyColors() }
    }
    /// Foundation's `Progress` to follow; its `fractionCompleted` becomes `progress` when set.
    ///
    /// Inert: only the value at the moment it is set is shown; later changes to the `Progress` do not move
    /// the bar (Foundation on Linux has no key-value observing to hear them). Set `progress` as it changes.
    open var observedProgress: Progress? {
        didSet { if let observedProgress { progress = Float(observedProgress.fractionCompleted) } }
    }

    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(origin: .zero, size: CGSize(width: 0, height: ProgressMetrics.height)))
        progressViewStyle = style
        applyColors()   // an initializer's own assignment runs no observer
    }
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        isUserInteractionEnabled = false
        track.layer.masksToBounds = true
        fill.layer.masksToBounds = true
        addSubview(track)
        addSubview(fill)
        applyColors()
    }

    /// Moves the fill to `progress` (pinned to 0…1), over 0.25 s ease-in-out when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = min(max(progress.isNaN ? 0 : progress, 0), 1)
        if animated && window != nil {
            layoutIfNeeded()
            UIView.animate(withDuration: ProgressMetrics.animationDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]) {
                self.layoutBar()
            }
        } else {
            setNeedsLayout()
        }
    }

    /// iOS's intrinsic height (4 pt) and no intrinsic width.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: ProgressMetrics.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: ProgressMetrics.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutBar()
    }
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }

    /// The track fills the bounds; the fill covers `progress` of it from the leading edge, both with
    /// round ends in the default style.
    private func layoutBar() {
        let radius = progressViewStyle == .default ? bounds.height / 2 : 0
        track.frame = bounds
        track.layer.cornerRadius = radius
        fill.frame = CGRect(x: 0, y: 0, width: bounds.width * CGFloat(storedProgress), height: bounds.height)
        fill.layer.cornerRadius = radius
    }

    private func applyColors() {
        fill.backgroundColor = progressImage == nil ? (progressTintColor ?? tintColor) : nil
        let defaultTrack: UIColor = progressViewStyle == .default ? ProgressMetrics.trackColor : .clear
        track.backgroundColor = trackImage == nil ? (trackTintColor ?? defaultTrack) : nil
    }
}

/// The progress view's numbers (Apple publishes none; estimates from iOS 17/18 screenshots, listed in
/// docs/UIKIT-COMPATIBILITY.md): the 4 pt height iOS 14+ reports, the track's grey, the animation's length.
enum ProgressMetrics {
    static let height: CGFloat = 4
    /// `systemFill`: #787880 at 20 % (light), 36 % (dark); on white it reads as iOS's #E5E5EA-like track.
    static let trackColor: UIColor = .systemFill
    static let animationDuration: TimeInterval = 0.25
}
