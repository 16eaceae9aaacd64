import Foundation

/// A row of dots, one per page, the current one brighter. A tap before the current dot goes back a page,
/// after it forward a page (sending `.valueChanged`); with `allowsContinuousInteraction` a drag along the
/// dots scrubs through the pages. Dot geometry and the platter are estimates from iOS 17/18 screenshots
/// (docs/UIKIT-COMPATIBILITY.md).
open class UIPageControl: UIControl {
    public enum InteractionState: Int, Sendable { case none = 0, discrete, continuous }
    public enum BackgroundStyle: Int, Sendable {
        /// The platter shows only during a continuous interaction.
        case automatic = 0
        /// The platter always shows.
        case prominent
        /// The platter never shows.
        case minimal
    }
    public enum Direction: Int, Sendable {
        case natural = 0, leftToRight, rightToLeft, topToBottom, bottomToTop
    }

    /// How many dots (never negative).
    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            if currentPage > max(0, numberOfPages - 1) { currentPage = max(0, numberOfPages - 1) }
            rebuildDots()
            progress?.pageControlDidChange()
        }
    }
    /// The highlighted dot, pinned to 0…numberOfPages − 1.
    open var currentPage: Int {
        get { storedPage }
        set {
            let page = min(max(0, newValue), max(0, numberOfPages - 1))
            let changed = page != storedPage
            storedPage = page
            displayedPage = storedPage
            if changed { progress?.currentPageDidChange(to: page) }
            applyLook()
        }
    }
    /// The current page's progress (iOS 17): the current indicator becomes a capsule filling with it
    /// (`UIPageControlTimerProgress` fills it with time and turns the pages). Hidden while a finger scrubs.
    open var progress: UIPageControlProgress? {
        didSet {
            guard progress !== oldValue else { return }
            if oldValue?.pageControl === self { oldValue?.pageControl = nil }
            progress?.pageControl = self
            progressDidChange()
            invalidateIntrinsicContentSize()
        }
    }
    private var storedPage = 0
    /// The dot drawn as current (differs from `currentPage` only while `defersCurrentPageDisplay` holds a tap back).
    private var displayedPage = 0
    /// Hides the control when there is a single page.
    open var hidesForSinglePage = false {
        didSet { applyLook() }
    }
    /// The other pages' dots; nil: translucent white (as iOS).
    open var pageIndicatorTintColor: UIColor? {
        didSet { applyLook() }
    }
    /// The current page's dot; nil: opaque white (as iOS).
    open var currentPageIndicatorTintColor: UIColor? {
        didSet { applyLook() }
    }
    open var backgroundStyle: BackgroundStyle = .automatic {
        didSet { applyLook() }
    }
    /// The way the dots run; `.natural` is left to right (the app's direction).
    open var direction: Direction = .natural {
        didSet { invalidateIntrinsicContentSize(); setNeedsLayout() }
    }
    /// How the current page last changed by touch.
    open private(set) var interactionState: InteractionState = .none
    /// Whether a drag along the dots scrubs through the pages (true by default, as on iOS).
    open var allowsContinuousInteraction = true
    /// The image drawn for every page without its own (a symbol is tinted like a dot); nil: a dot.
    open var preferredIndicatorImage: UIImage? {
        didSet { applyLook(); invalidateIntrinsicContentSize(); setNeedsLayout() }
    }
    /// The image drawn for the current page when it has none of its own; nil: the page's indicator image.
    open var preferredCurrentPageIndicatorImage: UIImage? {
        didSet { applyLook(); setNeedsLayout() }
    }
    private var pageImages: [Int: UIImage] = [:]
    private var currentPageImages: [Int: UIImage] = [:]
    /// When true, a tap changes `currentPage` but the dots keep showing the old page until
    /// `updateCurrentPageDisplay()` (deprecated in iOS 14, kept).
    open var defersCurrentPageDisplay = false

    /// The capsule behind the dots, and the dots (image views, so a page can show an image).
    let platter = UIView(frame: .zero)
    private(set) var dots: [UIImageView] = []
    /// The filled part of the current page's progress capsule.
    let progressFill = UIView(frame: .zero)
    private var isScrubbing = false

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
        platter.isUserInteractionEnabled = false
        platter.backgroundColor = PageControlMetrics.platterColor
        addSubview(platter)
        progressFill.isUserInteractionEnabled = false
        applyLook()
    }

    /// The page's own indicator image, else `preferredIndicatorImage`.
    open func indicatorImage(forPage page: Int) -> UIImage? { pageImages[page] ?? preferredIndicatorImage }
    /// Gives one page its own indicator image (nil: back to the preferred one).
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) {
        pageImages[page] = image
        applyLook(); setNeedsLayout()
    }
    /// The page's own current-page image, else `preferredCurrentPageIndicatorImage`, else its indicator image.
    open func currentPageIndicatorImage(forPage page: Int) -> UIImage? {
        currentPageImages[page] ?? preferredCurrentPageIndicatorImage ?? indicatorImage(forPage: page)
    }
    open func setCurrentPageIndicatorImage(_ image: UIImage?, forPage page: Int) {
        currentPageImages[page] = image
        applyLook(); setNeedsLayout()
    }
    /// Shows `currentPage` when `defersCurrentPageDisplay` held it back.
    open func updateCurrentPageDisplay() {
        displayedPage = storedPage
        applyLook()
    }

    /// The smallest size that shows `pageCount` dots: one 16 pt cell per page plus 10 pt of platter at each
    /// end, 26 pt across (turned for vertical directions).
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let count = CGFloat(max(0, pageCount))
        let length = count * PageControlMetrics.pitch + 2 * PageControlMetrics.endPadding + (pageCount > 0 ? progressStretch : 0)
        return isVertical ? CGSize(width: PageControlMetrics.thickness, height: length)
                          : CGSize(width: length, height: PageControlMetrics.thickness)
    }
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private var isVertical: Bool { direction == .topToBottom || direction == .bottomToTop }
    private var isReversed: Bool { direction == .rightToLeft || direction == .bottomToTop }

    /// Where page `index`'s cell centre lies along the dots, from the bounds' centre. A showing progress
    /// capsule makes the current page's cell longer by `progressStretch`, pushing the others apart.
    private func offset(ofPage index: Int) -> CGFloat {
        let position = isReversed ? numberOfPages - 1 - index : index
        let uniform = (CGFloat(position) - CGFloat(numberOfPages - 1) / 2) * PageControlMetrics.pitch
        let stretch = progressStretch
        guard stretch > 0 else { return uniform }
        let current = isReversed ? numberOfPages - 1 - displayedPage : displayedPage
        let shift: CGFloat = position < current ? -1 : position > current ? 1 : 0
        return uniform + shift * stretch / 2
    }

    /// How much longer the current indicator is than a dot while a progress shows (0 when none does).
    private var progressStretch: CGFloat {
        guard let progress, progress.isProgressVisible, numberOfPages > 0,
              currentPageIndicatorImage(forPage: displayedPage) == nil else { return 0 }
        return PageControlMetrics.progressLength - PageControlMetrics.dotDiameter
    }

    /// The progress's value or visibility changed: the capsule redraws (and the dots move when it shows or hides).
    func progressDidChange() {
        applyLook()
        invalidateIntrinsicContentSize()
    }

    /// The timer's page turn: like a tap's, without a touch.
    func advanceByTimer(to page: Int) {
        guard page != storedPage else { return }
        interactionState = .none
        currentPage = page
        sendActions(for: .valueChanged)
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        progress?.pageControlDidChange()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = UIScreen.main.scale
        func pixel(_ value: CGFloat) -> CGFloat { pixelAligned(value, scale: scale) }
        let content = size(forNumberOfPages: numberOfPages)
        platter.frame = CGRect(x: pixel(bounds.midX - content.width / 2), y: pixel(bounds.midY - content.height / 2),
                               width: content.width, height: content.height)
        platter.layer.cornerRadius = min(content.width, content.height) / 2
        let stretch = progressStretch
        for (index, dot) in dots.enumerated() {
            var size = dot.image?.size ?? CGSize(width: PageControlMetrics.dotDiameter, height: PageControlMetrics.dotDiameter)
            if stretch > 0 && index == displayedPage {
                if isVertical { size.height += stretch } else { size.width += stretch }
            }
            let along = offset(ofPage: index)
            let centre = isVertical ? CGPoint(x: bounds.midX, y: bounds.midY + along) : CGPoint(x: bounds.midX + along, y: bounds.midY)
            dot.frame = CGRect(x: pixel(centre.x - size.width / 2), y: pixel(centre.y - size.height / 2), width: size.width, height: size.height)
            dot.layer.cornerRadius = dot.image == nil ? min(size.width, size.height) / 2 : 0
        }
        layoutProgressFill()
    }

    private func rebuildDots() {
        while dots.count > numberOfPages { dots.removeLast().removeFromSuperview() }
        while dots.count < numberOfPages {
            let dot = UIImageView(frame: .zero)
            addSubview(dot)
            dots.append(dot)
        }
        applyLook()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The fill inside the current capsule: from the start of the reading direction, `currentProgress` of it.
    private func layoutProgressFill() {
        guard progressStretch > 0, displayedPage < dots.count, let progress else {
            progressFill.removeFromSuperview()
            return
        }
        let dot = dots[displayedPage]
        if progressFill.superview !== dot { dot.addSubview(progressFill) }
        dot.clipsToBounds = true
        let bounds = dot.bounds, fraction = CGFloat(progress.currentProgress)
        switch (isVertical, isReversed) {
        case (false, false): progressFill.frame = CGRect(x: 0, y: 0, width: bounds.width * fraction, height: bounds.height)
        case (false, true): progressFill.frame = CGRect(x: bounds.width * (1 - fraction), y: 0, width: bounds.width * fraction, height: bounds.height)
        case (true, false): progressFill.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height * fraction)
        case (true, true): progressFill.frame = CGRect(x: 0, y: bounds.height * (1 - fraction), width: bounds.width, height: bounds.height * fraction)
        }
    }

    /// Colours, images, the platter and hiding, for the current state.
    private func applyLook() {
        let current = currentPageIndicatorTintColor ?? PageControlMetrics.currentDotColor
        let other = pageIndicatorTintColor ?? PageControlMetrics.dotColor
        for (index, dot) in dots.enumerated() {
            let isCurrent = index == displayedPage
            let image = isCurrent ? currentPageIndicatorImage(forPage: index) : indicatorImage(forPage: index)
            let color = isCurrent ? current : other
            dot.image = image
            dot.tintColor = color
            dot.backgroundColor = image == nil ? color : nil
        }
        // With a progress the current capsule is the other dots' colour, filled with the current one.
        if progressStretch > 0, displayedPage < dots.count {
            dots[displayedPage].backgroundColor = other
            progressFill.backgroundColor = current
        }
        switch backgroundStyle {
        case .prominent: platter.isHidden = false
        case .minimal: platter.isHidden = true
        case .automatic: platter.isHidden = !isScrubbing
        }
        isHidden = hidesForSinglePage && numberOfPages == 1
        setNeedsLayout()
    }

    // MARK: Touches

    private var touchStart: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        touchStart = touches.first?.location(in: self)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        guard allowsContinuousInteraction, let touch = touches.first, let start = touchStart else { return }
        let point = touch.location(in: self)
        let moved = isVertical ? abs(point.y - start.y) : abs(point.x - start.x)
        if !isScrubbing && moved >= PageControlMetrics.scrubThreshold {
            isScrubbing = true
            progress?.setProgressVisible(false)
            applyLook()
        }
        guard isScrubbing else { return }
        go(to: page(at: point), state: .continuous)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasScrubbing = isScrubbing
        isScrubbing = false
        touchStart = nil
        progress?.setProgressVisible(true)
        if !wasScrubbing, let touch = touches.first, bounds.contains(touch.location(in: self)) {
            // Before the current dot: back a page; after it: forward.
            let point = touch.location(in: self)
            let along = isVertical ? point.y - bounds.midY : point.x - bounds.midX
            let forward = along > offset(ofPage: displayedPage)
            go(to: storedPage + ((forward != isReversed) ? 1 : -1), state: .discrete)
        }
        applyLook()
        super.touchesEnded(touches, with: event)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isScrubbing = false
        touchStart = nil
        progress?.setProgressVisible(true)
        applyLook()
        super.touchesCancelled(touches, with: event)
    }

    /// The page whose cell is nearest `point`.
    private func page(at point: CGPoint) -> Int {
        let along = isVertical ? point.y - bounds.midY : point.x - bounds.midX
        let position = Int((along / PageControlMetrics.pitch + CGFloat(numberOfPages - 1) / 2).rounded())
        let clamped = min(max(0, position), max(0, numberOfPages - 1))
        return isReversed ? numberOfPages - 1 - clamped : clamped
    }

    private func go(to page: Int, state: InteractionState) {
        let target = min(max(0, page), max(0, numberOfPages - 1))
        guard target != storedPage else { return }
        interactionState = state
        storedPage = target
        if !defersCurrentPageDisplay || state == .continuous { displayedPage = target }
        progress?.currentPageDidChange(to: target)
        applyLook()
        sendActions(for: .valueChanged)
    }
}

/// The page control's numbers (Apple publishes none; estimated from iOS 17/18 screenshots at 3×, listed in
/// docs/UIKIT-COMPATIBILITY.md): 7 pt dots on a 16 pt pitch, a 26 pt tall capsule platter with 10 pt ends,
/// iOS's documented default colours (opaque white current dot, translucent white others).
enum PageControlMetrics {
    static let dotDiameter: CGFloat = 7
    static let pitch: CGFloat = 16
    static let endPadding: CGFloat = 10
    static let thickness: CGFloat = 26
    static let scrubThreshold: CGFloat = 10
    /// The current indicator's length while a progress shows (iOS 17 screenshots of timed carousels: about
    /// three and a half dots).
    static let progressLength: CGFloat = 24
    static let currentDotColor: UIColor = .white
    static let dotColor: UIColor = UIColor(white: 1, alpha: 0.3)
    /// A dark wash in light mode, a light one in dark mode (iOS draws a blurred platter).
    static let platterColor = UIColor(dynamicProvider: { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.16) : UIColor(white: 0, alpha: 0.2)
    })
}
