/// The bar's numbers while it follows a scroll view. Apple publishes none of them; see
/// docs/UIKIT-COMPATIBILITY.md, "Insets, large titles and scroll-edge bars".
enum BarScrollMetrics {
    /// How far content scrolls under the bar while the standard appearance fades in over the scroll-edge
    /// one (estimate: a short crossfade; not published).
    static let edgeFadeDistance: CGFloat = 12
    /// The large title's scale once the content is pulled `fullScalePull` points past its top (estimate).
    static let maximumLargeTitleScale: CGFloat = 1.1
    static let fullScalePull: CGFloat = 100
}

/// Which controller's scroll view the navigation bar follows, and the part of the large-title row that
/// counts in that controller's safe area (0…52 pt: the row as it collapses; it never counts more than 52,
/// so pulling down does not move the least content offset).
struct NavigationBarTracking {
    weak var controller: UIViewController?
    weak var scrollView: UIScrollView?
    var largeTitleInset = NavigationBarMetrics.largeTitleRowHeight
    /// The part of the search row (a navigation item with a search controller) that counts, 0…52 pt.
    var searchInset = SearchFieldMetrics.navigationRowHeight
    /// Set when an active search gave the title rows back: the content counts as at rest until the scroll
    /// view has taken the full bar's inset (its offset moves with it), so the rows do not collapse meanwhile.
    var restingAfterSearch = false
}

extension UINavigationController {
    /// In the layout pass (between transitions): finds the top controller's content scroll view
    /// (`contentScrollView(for: .top)`) and sets the bar from how far its content has scrolled from rest
    /// (`d`, 0 with the first row under a full bar): the large-title row is `52 − d` (clipped to 0; more
    /// than 52 while pulled down), the inline title fades in over the last 11 pt of the collapse (from the
    /// large title's baseline reaching the row's top edge), and the standard appearance fades in over
    /// `edgeFadeDistance` once content passes under the bar.
    func trackContentScrollView() {
        let row = NavigationBarMetrics.largeTitleRowHeight
        guard let top = topViewController, top.isViewLoaded else {
            barTracking = NavigationBarTracking()
            return
        }
        let scrollView = top.contentScrollView(for: .top)
        if barTracking.controller !== top || barTracking.scrollView !== scrollView {
            if barTracking.scrollView?.insetState.trackingNavigationController === self {
                barTracking.scrollView?.insetState.trackingNavigationController = nil
            }
            barTracking = NavigationBarTracking(controller: top, scrollView: scrollView)
            scrollView?.insetState.trackingNavigationController = self
        }
        let large = navigationBar.showsLargeTitle(at: (navigationBar.items?.count ?? 0) - 1)
        // A search controller's row sits under the title rows; it hides first as the content scrolls up.
        let searchRow = top.navigationItem.searchController != nil ? SearchFieldMetrics.navigationRowHeight : 0
        // An active search that hides the title rows: the search row alone, at rest, nothing followed.
        guard !navigationBar.titleRowsHiddenForSearch else {
            setSearchInset(searchRow, of: top, scrollView: scrollView)
            navigationBar.setSearchRow(SearchFieldMetrics.navigationRowHeight)
            navigationBar.scrollEdgeProgress = 0
            return
        }
        guard let scrollView, !isNavigationBarHidden else {
            if searchRow > 0 { setSearchInset(searchRow, of: top, scrollView: scrollView) }
            navigationBar.setSearchRow(SearchFieldMetrics.navigationRowHeight)
            setLargeTitleInset(row, of: top, scrollView: scrollView)
            navigationBar.setLargeTitleScrollState(row: row, inlineAlpha: 0, scale: 1)
            navigationBar.scrollEdgeProgress = 0
            return
        }
        // The inset at rest is today's adjusted inset with the large-title row fully counted again.
        let countsBar = scrollView.adjustedInsetAxes.vertical && scrollView.safeAreaInsets.top > 0
        let restInset = scrollView.adjustedContentInset.top + (large && countsBar ? row - barTracking.largeTitleInset : 0)
            + (countsBar && searchRow > 0 ? searchRow - barTracking.searchInset : 0)
        // Before the scroll view has taken its first adjusted inset (entering the window) it is at rest.
        if barTracking.restingAfterSearch {
            let fullBar = view.safeAreaInsets.top + NavigationBarMetrics.rowHeight + (large ? row : 0) + searchRow
            let caughtUp = !countsBar || (scrollView.safeAreaInsets.top == fullBar && scrollView.contentOffset.y == -scrollView.adjustedContentInset.top)
            if caughtUp { barTracking.restingAfterSearch = false }
        }
        let scrolled = scrollView.hasReportedAdjustedInset && !barTracking.restingAfterSearch ? scrollView.contentOffset.y + restInset : 0
        // The search row collapses over the first 52 pt up (unless it stays); the title rows after it.
        var d = scrolled
        if searchRow > 0 {
            let hides = top.navigationItem.hidesSearchBarWhenScrolling
            let visible = hides ? min(max(searchRow - scrolled, 0), searchRow) : searchRow
            setSearchInset(visible, of: top, scrollView: scrollView)
            navigationBar.setSearchRow(visible)
            if hides && scrolled > 0 { d = max(scrolled - searchRow, 0) }
        }
        if large {
            let visible = max(row - d, 0)
            setLargeTitleInset(min(visible, row), of: top, scrollView: scrollView)
            let baselineInset = NavigationBarMetrics.largeTitleBaselineInset
            let inlineAlpha = min(max((d - (row - baselineInset)) / baselineInset, 0), 1)
            let pull = min(max(-d, 0), BarScrollMetrics.fullScalePull) / BarScrollMetrics.fullScalePull
            let scale = 1 + (BarScrollMetrics.maximumLargeTitleScale - 1) * pull
            navigationBar.setLargeTitleScrollState(row: visible, inlineAlpha: inlineAlpha, scale: scale)
            navigationBar.scrollEdgeProgress = min(max((d - row) / BarScrollMetrics.edgeFadeDistance, 0), 1)
        } else {
            setLargeTitleInset(row, of: top, scrollView: scrollView)
            navigationBar.setLargeTitleScrollState(row: row, inlineAlpha: 0, scale: 1)
            navigationBar.scrollEdgeProgress = min(max(d / BarScrollMetrics.edgeFadeDistance, 0), 1)
        }
    }

    /// The top item's search became active or inactive: with `hidesNavigationBarDuringPresentation`, the
    /// title rows slide away and the bar is the search row alone (or come back), over 0.3 s ease-in-out
    /// (estimate) on the virtual clock; the controller's safe area follows.
    func searchPresentationChanged(animated: Bool) {
        guard let top = topViewController else { return }
        let hide = top.navigationItem.searchController.map { $0.isActive && $0.hidesNavigationBarDuringPresentation } ?? false
        guard hide != navigationBar.titleRowsHiddenForSearch else { return }
        if !hide { barTracking.restingAfterSearch = true }
        let change = { [self] in
            navigationBar.setTitleRowsHiddenForSearch(hide)
            top.viewIfLoaded?.setNeedsEngineSync()
            top.viewIfLoaded?.setNeedsLayout()
            view.setNeedsLayout()
            view.layoutIfNeeded()
            navigationBar.layoutIfNeeded()
        }
        if animated && view.window != nil {
            UIView.animate(withDuration: SearchFieldMetrics.cancelDuration, delay: 0, options: [.curveEaseInOut], animations: change)
        } else {
            change()
        }
    }

    /// A new search-row inset changes the controller's safe area, as the large-title one does.
    private func setSearchInset(_ inset: CGFloat, of controller: UIViewController, scrollView: UIScrollView?) {
        guard barTracking.searchInset != inset else { return }
        barTracking.searchInset = inset
        controller.viewIfLoaded?.setNeedsEngineSync()
        controller.viewIfLoaded?.setNeedsLayout()
        scrollView?.setNeedsLayout()
    }

    /// A new large-title inset changes the controller's safe area: its views lay out again.
    private func setLargeTitleInset(_ inset: CGFloat, of controller: UIViewController, scrollView: UIScrollView?) {
        guard barTracking.largeTitleInset != inset else { return }
        barTracking.largeTitleInset = inset
        // Constraints to safe-area guides take the new inset at the next solve.
        controller.viewIfLoaded?.setNeedsEngineSync()
        controller.viewIfLoaded?.setNeedsLayout()
        scrollView?.setNeedsLayout()
    }
}
