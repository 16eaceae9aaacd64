import Foundation

/// iOS's spinning activity indicator: eight spokes turning one step at a time while it animates, on the
/// scene's clock (the drawing is the shared `ActivitySpinnerView`, which the refresh control uses too).
/// A new indicator is stopped and, as `hidesWhenStopped` is true, hidden until `startAnimating()`.
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        /// The 20 pt spinner.
        case medium = 100
        /// The 37 pt spinner.
        case large = 101
        /// Deprecated in iOS 13: the large spinner in white.
        case whiteLarge = 0
        /// Deprecated in iOS 13: the medium spinner in white.
        case white = 1
        /// Deprecated in iOS 13: the medium spinner in grey.
        case gray = 2
    }

    /// The spinner drawn, centred in the bounds; replaced when the style changes its size.
    private(set) var spinner: ActivitySpinnerView
    private var explicitColor: UIColor?

    /// The indicator's look; the deprecated styles map to `.medium`/`.large` with a colour, as iOS 13+ maps them.
    open var style: Style = .medium {
        didSet { if style != oldValue { rebuildSpinner() } }
    }
    /// The spokes' colour; setting nil goes back to the style's (grey, or white for the deprecated white styles).
    open var color: UIColor! {
        get { explicitColor ?? Self.styleColor(style) }
        set { explicitColor = newValue; spinner.color = color }
    }
    /// Hidden whenever stopped (true by default, as on iOS); turning it off shows a stopped indicator.
    open var hidesWhenStopped = true {
        didSet { if !spinner.isAnimating { isHidden = hidesWhenStopped } }
    }
    open var isAnimating: Bool { spinner.isAnimating }

    public convenience init(style: Style) {
        self.init(frame: CGRect(origin: .zero, size: CGSize(width: Self.diameter(style), height: Self.diameter(style))))
        self.style = style
        rebuildSpinner()
    }
    public override init(frame: CGRect) {
        spinner = ActivitySpinnerView(diameter: Self.diameter(.medium))
        super.init(frame: frame)
        isUserInteractionEnabled = false
        addSubview(spinner)
        updateHidden()
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        spinner = ActivitySpinnerView(diameter: Self.diameter(.medium))
        super.init(coder: coder)
        addSubview(spinner)
        updateHidden()
    }

    /// Starts turning the spokes at the scene's current time (and shows the indicator).
    open func startAnimating() {
        spinner.startAnimating()
        updateHidden()
    }
    /// Stops the spokes where they are (and hides the indicator when `hidesWhenStopped`).
    open func stopAnimating() {
        spinner.stopAnimating()
        updateHidden()
    }

    /// The spinner's box: 20 × 20 pt (medium) or 37 × 37 pt (large), as iOS reports.
    open override var intrinsicContentSize: CGSize {
        let side = Self.diameter(style)
        return CGSize(width: side, height: side)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let side = Self.diameter(style)
        let scale = UIScreen.main.scale
        spinner.frame = CGRect(x: pixelAligned(bounds.midX - side / 2, scale: scale),
                               y: pixelAligned(bounds.midY - side / 2, scale: scale), width: side, height: side)
    }

    private func updateHidden() {
        if hidesWhenStopped { isHidden = !spinner.isAnimating }
    }

    private func rebuildSpinner() {
        let wasAnimating = spinner.isAnimating
        spinner.removeFromSuperview()
        spinner = ActivitySpinnerView(diameter: Self.diameter(style))
        spinner.color = color
        addSubview(spinner)
        if wasAnimating { spinner.startAnimating() }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    static func diameter(_ style: Style) -> CGFloat {
        switch style {
        case .medium, .white, .gray: SpinnerMetrics.diameter
        case .large, .whiteLarge: SpinnerMetrics.largeDiameter
        }
    }
    static func styleColor(_ style: Style) -> UIColor {
        switch style {
        case .medium, .large, .gray: SpinnerMetrics.defaultColor
        case .white, .whiteLarge: .white
        }
    }
}
