/// The pull-to-refresh control of a scroll view (`UIScrollView.refreshControl`), drawn as iOS 17/18 draws
/// it: hidden above the content at rest; as the content is pulled down its spinner's spokes appear one by
/// one in the gap; pulled `RefreshControlMetrics.triggerDistance` past the top it starts refreshing and
/// sends `.valueChanged`; while refreshing the spinner turns and the scroll view's adjusted inset grows
/// by the control's height, so the content rests below it until `endRefreshing()`.
///
/// As on iOS, `beginRefreshing()` does not scroll: an app that starts refreshing by itself scrolls the
/// control into view (`setContentOffset(CGPoint(x: 0, y: -adjustedContentInset.top), animated: true)`).
open class UIRefreshControl: UIControl {
    public private(set) var isRefreshing = false
    /// Shown under the spinner, centred.
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.attributedText = attributedTitle
            titleLabel.isHidden = attributedTitle == nil
            setNeedsLayout()
        }
    }
    /// The spinner's colour (the system grey by default; nil resets it).
    open override var tintColor: UIColor! {
        get { ownSpinnerColor ?? SpinnerMetrics.defaultColor }
        set {
            ownSpinnerColor = newValue
            spinner.color = newValue ?? SpinnerMetrics.defaultColor
        }
    }
    private var ownSpinnerColor: UIColor?

    let spinner = ActivitySpinnerView()
    private let titleLabel = UILabel()
    /// How far the content is pulled past its resting place (points; 0 at rest).
    private(set) var pullDistance: CGFloat = 0
    /// After a refresh started by a pull, the content must come back to rest before another pull counts.
    private var needsRest = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    public convenience init() { self.init(frame: .zero) }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        isOpaque = false
        titleLabel.isHidden = true
        titleLabel.textAlignment = .center
        addSubview(spinner)
        addSubview(titleLabel)
        spinner.visibleSpokes = 0
    }

    /// Starts refreshing (no `.valueChanged`: that is for a pull) and grows the scroll view's inset.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.visibleSpokes = SpinnerMetrics.spokeCount
        spinner.startAnimating()
        scrollView?.adjustedContentInsetInputsChanged()
        setNeedsLayout()
    }

    /// Stops refreshing: the spinner stops and the inset shrinks back; content left below its new resting
    /// place scrolls back up (animated), unless a finger holds it.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        guard let scrollView else { return }
        scrollView.adjustedContentInsetInputsChanged()
        let top = -scrollView.adjustedContentInset.top
        if scrollView.contentOffset.y < top && !scrollView.isTracking && !scrollView.isDragging {
            scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
        }
        layoutForPull(in: scrollView)
    }

    private var scrollView: UIScrollView? { superview as? UIScrollView }

    /// The scroll view moved: follow the pull, and start refreshing once it passes the threshold.
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        layoutForPull(in: scrollView)
        if pullDistance <= 0 { needsRest = false }
        guard !isRefreshing, !needsRest, isEnabled, pullDistance >= RefreshControlMetrics.triggerDistance else { return }
        needsRest = true
        beginRefreshing()
        sendActions(for: .valueChanged)
    }

    /// The control sits just above the content (its bottom at the content's top, less the app's own
    /// top inset); the spinner is centred in the gap the pull opens, up to the control's height.
    private func layoutForPull(in scrollView: UIScrollView) {
        let height = RefreshControlMetrics.refreshingHeight
        let restingTop = scrollView.adjustedContentInset.top - (isRefreshing ? height : 0)
        pullDistance = -scrollView.contentOffset.y - restingTop
        let frame = CGRect(x: 0, y: -scrollView.contentInset.top - height, width: scrollView.bounds.width, height: height)
        if self.frame != frame { self.frame = frame }
        if !isRefreshing {
            let shown = min(max(pullDistance / RefreshControlMetrics.triggerDistance, 0), 1)
            spinner.visibleSpokes = Int((shown * CGFloat(SpinnerMetrics.spokeCount)).rounded(.up))
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let height = bounds.height
        // Refreshing: the middle of the control; pulling: the middle of the gap opened so far.
        let gap = isRefreshing ? height : min(max(pullDistance, 0), height)
        var centreY = height - gap / 2
        if !titleLabel.isHidden {
            centreY -= RefreshControlMetrics.titleShift
            let size = titleLabel.intrinsicContentSize
            titleLabel.bounds = CGRect(origin: .zero, size: size)
            titleLabel.center = CGPoint(x: bounds.midX, y: centreY + RefreshControlMetrics.titleOffset)
        }
        spinner.center = CGPoint(x: bounds.midX, y: centreY)
    }
}

/// The refresh control's numbers. Apple publishes none; see docs/UIKIT-COMPATIBILITY.md, "Insets, large
/// titles and scroll-edge bars".
enum RefreshControlMetrics {
    /// The control's height, and what a refresh adds to the adjusted inset (UIRefreshControl's frame on
    /// iOS 17/18 is 60 pt tall; estimate).
    static let refreshingHeight: CGFloat = 60
    /// How far past the resting place the content must be pulled to start refreshing (estimate).
    static let triggerDistance: CGFloat = 100
    /// With a title: the spinner moves up by this, and the title's centre sits this far below it.
    static let titleShift: CGFloat = 10
    static let titleOffset: CGFloat = 24
}
