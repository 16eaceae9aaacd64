/// What a scroll view keeps for its insets, guides and refresh control (one stored property in the class).
struct ScrollInsetState {
    /// The adjusted inset last reported to `adjustedContentInsetDidChange()`; nil until the scroll view
    /// has been laid out in a window.
    var reported: UIEdgeInsets?
    var refreshControl: UIRefreshControl?
    /// The navigation controller whose bar follows this scroll view (it lays out again when it scrolls).
    weak var trackingNavigationController: UINavigationController?
}

extension UIScrollView {
    // MARK: Adjusted content inset

    /// `contentInset`, plus the safe area on the axes `contentInsetAdjustmentBehavior` adjusts (Apple's
    /// rules: `.never` none, `.always` both, `.scrollableAxes` the axes that scroll, `.automatic` as
    /// `.scrollableAxes` and always top and bottom for a controller's content scroll view inside a
    /// navigation or tab bar controller), plus a refreshing refresh control's height at the top.
    var computedAdjustedContentInset: UIEdgeInsets {
        var inset = contentInset
        let axes = adjustedInsetAxes
        if axes.vertical || axes.horizontal {
            let safe = safeAreaInsets
            if axes.vertical { inset.top += safe.top; inset.bottom += safe.bottom }
            if axes.horizontal { inset.left += safe.left; inset.right += safe.right }
        }
        if let refreshControl = insetState.refreshControl, refreshControl.isRefreshing {
            inset.top += RefreshControlMetrics.refreshingHeight
        }
        return inset
    }

    /// Which axes take the safe area in.
    var adjustedInsetAxes: (vertical: Bool, horizontal: Bool) {
        switch contentInsetAdjustmentBehavior {
        case .never: return (false, false)
        case .always: return (true, true)
        case .scrollableAxes: return (scrollsVertically, scrollsHorizontally)
        case .automatic: return (scrollsVertically || isContentScrollViewInBarController, scrollsHorizontally)
        }
    }

    /// Scrollable: scrolling on, and the content (with its own insets) taller than the view, or it always bounces.
    private var scrollsVertically: Bool {
        isScrollEnabled && (alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > bounds.height)
    }
    private var scrollsHorizontally: Bool {
        isScrollEnabled && (alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > bounds.width)
    }

    /// The nearest controller's top content scroll view, that controller inside a navigation or tab bar controller.
    private var isContentScrollViewInBarController: Bool {
        var view: UIView? = self
        while let v = view {
            if let controller = v.owningViewController {
                return controller.contentScrollView(for: .top) === self
                    && (controller.navigationController != nil || controller.tabBarController != nil)
            }
            view = v.superview
        }
        return false
    }

    /// Whether the adjusted inset was reported in a window yet (before that, the scroll view is at rest).
    var hasReportedAdjustedInset: Bool { insetState.reported != nil }

    /// `contentInset`, the behaviour or the refresh control changed: report a new adjusted inset at once
    /// (the content offset stays where the app put it, as on iOS).
    func adjustedContentInsetInputsChanged() {
        // Before the first layout pass nothing is reported here: that pass reports the inset and places the
        // resting offset at −inset (a scroll view never scrolled starts with its content under the bars).
        guard window != nil, insetState.reported != nil else { return }
        reportAdjustedInset(movingRestingOffset: false)
    }

    /// In each layout pass: the content guide's solved size becomes `contentSize`; then a changed adjusted
    /// inset is reported, and a content offset resting at the old least offset (−old inset, as when the
    /// scroll view first enters a window at offset 0) moves to the new one, so the first row sits under the
    /// bars and stays there when they change (not while a finger or deceleration moves it).
    func updateInsetsInLayoutPass() {
        if let guide = autoLayoutStateIfPresent?.systemGuides[.contentLayout],
           layoutEngineIfPresent?.solves(guide) == true {
            let size = solvedContentSize(guide)
            if size != contentSize { contentSize = size }
        }
        guard window != nil else { return }
        reportAdjustedInset(movingRestingOffset: true)
        if insetState.trackingNavigationController == nil { untrackedNavigationController?.viewIfLoaded?.setNeedsLayout() }
    }

    /// The navigation controller whose top controller holds this scroll view, when its bar does not follow
    /// it yet (a scroll view added after the controller's last layout): laid out again, it looks.
    private var untrackedNavigationController: UINavigationController? {
        var view: UIView? = self
        while let v = view {
            if let controller = v.owningViewController {
                guard let nav = controller.navigationController, nav.topViewController === controller else { return nil }
                return nav
            }
            view = v.superview
        }
        return nil
    }

    private func reportAdjustedInset(movingRestingOffset: Bool) {
        let new = adjustedContentInset
        let old = insetState.reported ?? .zero
        guard insetState.reported != new else { return }
        insetState.reported = new
        if movingRestingOffset && !isTracking && !isDragging && !isDecelerating {
            var offset = contentOffset
            if offset.y == -old.top { offset.y = -new.top }
            if offset.x == -old.left { offset.x = -new.left }
            if offset != contentOffset { contentOffset = offset }
        }
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// Where the bars and the refresh control hear that the content moved.
    func contentOffsetDidChange() {
        insetState.refreshControl?.scrollViewDidScroll(self)
        (insetState.trackingNavigationController ?? untrackedNavigationController)?.viewIfLoaded?.setNeedsLayout()
        // Views pinned to the frame guide stay put: the guide moves with the offset in content coordinates.
        if autoLayoutStateIfPresent?.systemGuides[.frameLayout] != nil {
            setNeedsEngineSync()
            setNeedsLayout()
        }
    }

    // MARK: Layout guides

    func scrollGuide(_ kind: UILayoutGuide.Kind, _ identifier: String) -> UILayoutGuide {
        if let guide = autoLayoutStateIfPresent?.systemGuides[kind] { return guide }
        let guide = UILayoutGuide(kind: kind, identifier: identifier)
        guide.owningView = self
        autoLayout.systemGuides[kind] = guide
        return guide
    }

    /// The content guide's solved size on the pixel grid.
    func solvedContentSize(_ guide: UILayoutGuide) -> CGSize {
        let v = guide.layoutVariables, scale = UIScreen.main.scale
        return CGSize(width: max(pixelAligned(CGFloat(v.w.value), scale: scale), 0),
                      height: max(pixelAligned(CGFloat(v.h.value), scale: scale), 0))
    }

    // MARK: Refresh control

    func setRefreshControl(_ control: UIRefreshControl?) {
        guard control !== insetState.refreshControl else { return }
        let old = insetState.refreshControl
        if old?.superview === self { old?.removeFromSuperview() }
        insetState.refreshControl = control
        if let control {
            // Behind the content, as iOS places it.
            insertSubview(control, at: 0)
            control.scrollViewDidScroll(self)
        }
        if old?.isRefreshing == true || control?.isRefreshing == true { adjustedContentInsetInputsChanged() }
    }
}
