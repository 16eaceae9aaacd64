import Foundation

/// Searching from a navigation item, as iOS 18 declares UISearchController. Put in
/// `navigationItem.searchController`, its search bar sits under the (large) title and hides as the list
/// scrolls up (UINavigationController+BarTracking.swift). Activating it (`isActive = true`, or the field
/// beginning to edit) tells the delegate, makes the field first responder (no keyboard offscreen), shows
/// the Cancel button and scope bar as configured, dims the content under the bar when
/// `obscuresBackgroundDuringPresentation`, and shows the results controller's view over the content once
/// there is text; the results updater hears every change.
///
/// With `hidesNavigationBarDuringPresentation` the bar's title rows slide away while it is active. Search
/// suggestions are not shown (docs/UIKIT-COMPATIBILITY.md, "Text input").
open class UISearchController: UIViewController {
    /// When the scope bar shows (iOS 16).
    public enum ScopeBarActivation: Int, Sendable {
        /// As `automaticallyShowsScopeBar` says: with the search, when it is on.
        case automatic = 0
        /// Shown when the search is presented, until it is dismissed.
        case onTextEntry
        /// Shown when the search is presented.
        case onSearchActivation
        /// The app shows and hides it (`searchBar.showsScopeBar`).
        case manual
    }

    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        setUpSearch()
    }
    public convenience init() { self.init(searchResultsController: nil) }
    public override convenience init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.init(searchResultsController: nil)
    }
    /// See `UIView.init?(coder:)`: nothing is decoded.
    public required init?(coder: NSCoder) {
        searchResultsController = nil
        super.init(coder: coder)
        setUpSearch()
    }
    private func setUpSearch() {
        searchBar.searchBarStyle = .minimal
        searchBar.searchTextField.addAction(UIAction { [weak self] _ in self?.textChanged() }, for: .editingChanged)
        searchBar.searchTextField.addAction(UIAction { [weak self] _ in self?.fieldBeganEditing() }, for: .editingDidBegin)
        searchBar.cancelButtonTappedHook = { [weak self] in self?.isActive = false }
    }

    /// The bar this controller searches with (the one the navigation item shows).
    public let searchBar = UISearchBar()
    /// Shown over the content while searching with text (nil: the searched controller shows the results).
    public let searchResultsController: UIViewController?
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    open weak var delegate: UISearchControllerDelegate?

    /// Dims the content under the bar while the search is active (true by default, as since iOS 15).
    open var obscuresBackgroundDuringPresentation = true
    /// While active, the navigation bar's title rows slide away and the search bar sits under the status bar.
    open var hidesNavigationBarDuringPresentation = true
    /// Shows the results controller as soon as there is text.
    open var automaticallyShowsSearchResultsController = true
    /// Whether the results controller's view shows now; set it to show or hide it yourself.
    open var showsSearchResultsController: Bool {
        get { storedShowsResults }
        set { storedShowsResults = newValue; updateResultsView() }
    }
    private var storedShowsResults = false
    /// Shows the Cancel button while active.
    open var automaticallyShowsCancelButton = true
    /// Shows the scope bar while active (when the bar has scope titles).
    open var automaticallyShowsScopeBar = true
    open var scopeBarActivation: ScopeBarActivation = .automatic
    /// Stacked under the title on an iPhone: where the navigation item places the bar.
    open var searchBarPlacement: UINavigationItem.SearchBarPlacement { .stacked }
    /// Inert: search suggestions are not shown offscreen; stored.
    open var ignoresSearchSuggestionsForSearchBarPlacementStacked = true

    /// The navigation item that shows this controller's bar (set by the item).
    weak var hostItem: UINavigationItem?

    // MARK: Activation

    open var isActive: Bool {
        get { storedActive }
        set { setActive(newValue) }
    }
    private var storedActive = false

    private func setActive(_ active: Bool) {
        guard active != storedActive else { return }
        if active {
            delegate?.willPresentSearchController(self)
            storedActive = true
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: searchBar.window != nil) }
            if showsScopeWhenActive { searchBar.setShowsScope(true, animated: false) }
            if !searchBar.searchTextField.isEditing { searchBar.searchTextField.becomeFirstResponder() }
            searchBar.enclosingNavigationController?.searchPresentationChanged(animated: searchBar.window != nil)
            updateDimming()
            updateResults()
            delegate?.didPresentSearchController(self)
        } else {
            delegate?.willDismissSearchController(self)
            storedActive = false
            searchBar.searchTextField.resignFirstResponder()
            searchBar.text = ""
            if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: searchBar.window != nil) }
            if showsScopeWhenActive { searchBar.setShowsScope(false, animated: false) }
            storedShowsResults = false
            searchBar.enclosingNavigationController?.searchPresentationChanged(animated: searchBar.window != nil)
            updateDimming()
            updateResultsView()
            searchResultsUpdater?.updateSearchResults(for: self)
            delegate?.didDismissSearchController(self)
        }
    }

    private var showsScopeWhenActive: Bool {
        guard !(searchBar.scopeButtonTitles ?? []).isEmpty else { return false }
        switch scopeBarActivation {
        case .automatic: return automaticallyShowsScopeBar
        case .onTextEntry, .onSearchActivation: return true
        case .manual: return false
        }
    }

    private func fieldBeganEditing() { if !storedActive { setActive(true) } }

    private func textChanged() { updateResults() }

    /// Text shows the results controller (when automatic); the updater hears the change.
    private func updateResults() {
        if automaticallyShowsSearchResultsController { storedShowsResults = !(searchBar.text ?? "").isEmpty }
        updateResultsView()
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    // MARK: Over the content

    private var dimmingView: UIView?

    /// The view the search covers: the searched controller's (the navigation item's owner).
    private var coveredView: UIView? {
        guard let nav = searchBar.enclosingNavigationController, let top = nav.topViewController else { return nil }
        return top.viewIfLoaded
    }

    private func coverFrame(in covered: UIView) -> CGRect {
        let top = covered.safeAreaInsets.top
        return CGRect(x: covered.bounds.minX, y: covered.bounds.minY + top, width: covered.bounds.width,
                      height: max(covered.bounds.height - top, 0))
    }

    private func updateDimming() {
        if storedActive && obscuresBackgroundDuringPresentation, let covered = coveredView?.superview {
            let dim = dimmingView ?? UIView()
            dim.backgroundColor = UIColor(white: 0, alpha: 0.2)
            dim.isUserInteractionEnabled = false
            covered.addSubview(dim)
            dim.frame = coverFrame(in: coveredView!).offsetBy(dx: coveredView!.frame.minX, dy: coveredView!.frame.minY - coveredView!.bounds.minY)
            dimmingView = dim
        } else {
            dimmingView?.removeFromSuperview()
            dimmingView = nil
        }
    }

    private func updateResultsView() {
        guard let results = searchResultsController else { return }
        let show = storedActive && storedShowsResults
        if show, let covered = coveredView, let container = covered.superview {
            if results.parent !== self { addChild(results) }
            container.addSubview(results.view)
            results.view.frame = coverFrame(in: covered).offsetBy(dx: covered.frame.minX, dy: covered.frame.minY - covered.bounds.minY)
            results.didMove(toParent: self)
        } else if results.isViewLoaded, results.view.superview != nil {
            results.willMove(toParent: nil)
            results.view.removeFromSuperview()
            results.removeFromParent()
        }
    }
}

extension UISearchBar {
    /// The navigation controller whose bar shows this search bar.
    var enclosingNavigationController: UINavigationController? {
        var view: UIView? = superview
        while let current = view {
            if let nav = current.owningViewController as? UINavigationController { return nav }
            view = current.superview
        }
        return nil
    }
}

/// Told as the search is presented and dismissed; every method optional (defaults below).
public protocol UISearchControllerDelegate: NSObjectProtocol {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
    /// Inert: the search presents itself (this is never called offscreen; the default does nothing).
    func presentSearchController(_ searchController: UISearchController)
    /// Never called: the bar's placement does not change on a phone in portrait.
    func searchController(_ searchController: UISearchController, willChangeTo newPlacement: UINavigationItem.SearchBarPlacement)
    /// Never called: the bar's placement does not change on a phone in portrait.
    func searchController(_ searchController: UISearchController, didChangeFrom previousPlacement: UINavigationItem.SearchBarPlacement)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
    public func presentSearchController(_ searchController: UISearchController) {}
    public func searchController(_ searchController: UISearchController, willChangeTo newPlacement: UINavigationItem.SearchBarPlacement) {}
    public func searchController(_ searchController: UISearchController, didChangeFrom previousPlacement: UINavigationItem.SearchBarPlacement) {}
}

/// Told whenever the search's text or activity changes.
public protocol UISearchResultsUpdating: NSObjectProtocol {
    func updateSearchResults(for searchController: UISearchController)
}
