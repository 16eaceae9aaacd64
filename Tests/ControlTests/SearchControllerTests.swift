import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor

/// A list of 40 rows titled "Contacts", searchable.
final class SearchableList: UITableViewController, UISearchResultsUpdating, UISearchControllerDelegate {
    var updates: [String] = []
    var delegateCalls: [String] = []
    init(searchController: UISearchController?) {
        super.init(style: .plain)
        title = "Contacts"
        navigationItem.searchController = searchController
        searchController?.searchResultsUpdater = self
        searchController?.delegate = self
    }
    required init?(coder: NSCoder) { nil }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = ["Ada Lovelace", "Alan Turing", "Barbara Liskov", "Claude Shannon", "Donald Knuth",
                        "Edsger Dijkstra", "Grace Hopper", "John McCarthy", "Ken Thompson", "Margaret Hamilton"][indexPath.row % 10]
        cell.contentConfiguration = content
        return cell
    }
    func updateSearchResults(for searchController: UISearchController) { updates.append(searchController.searchBar.text ?? "") }
    func willPresentSearchController(_ searchController: UISearchController) { delegateCalls.append("willPresent") }
    func didPresentSearchController(_ searchController: UISearchController) { delegateCalls.append("didPresent") }
    func willDismissSearchController(_ searchController: UISearchController) { delegateCalls.append("willDismiss") }
    func didDismissSearchController(_ searchController: UISearchController) { delegateCalls.append("didDismiss") }
}

/// A navigation controller with a large title over a searchable list, on the 393 × 852 screen.
func onSearchStage<T>(hides: Bool = true, large: Bool = true, results: UIViewController? = nil,
                      style: UIUserInterfaceStyle = .light,
                      _ body: (UIWindow, UINavigationController, SearchableList) -> T) -> T {
    Timeline.$current.withValue(Timeline()) {
        UIApplication.$shared.withValue(UIApplication()) {
            LayerRenderer.installContextRasterizer()
            let search = UISearchController(searchResultsController: results)
            let list = SearchableList(searchController: search)
            list.navigationItem.hidesSearchBarWhenScrolling = hides
            let nav = UINavigationController(rootViewController: list)
            nav.navigationBar.prefersLargeTitles = large
            let window = UIWindow(screen: .main)
            window.overrideUserInterfaceStyle = style
            window.rootViewController = nav
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            return body(window, nav, list)
        }
    }
}

@Suite("Search controller in a navigation bar")
struct SearchControllerTests {
    /// Scrolls the list `d` points up from rest (207: status bar 59, bar 44 + 52 + 52), then lays out.
    func scroll(_ list: SearchableList, movedUp d: CGFloat, _ window: UIWindow) {
        list.tableView.contentOffset.y = -207 + d
        window.layoutIfNeeded()
        window.layoutIfNeeded()
    }

    @Test func theSearchRowSitsUnderTheLargeTitleAndTheInsetCountsIt() {
        onSearchStage { window, nav, list in
            let bar = nav.navigationBar
            #expect(bar.frame == CGRect(x: 0, y: 59, width: 393, height: 148))
            #expect(list.view.safeAreaInsets.top == 207)
            #expect(list.tableView.adjustedContentInset.top == 207 && list.tableView.contentOffset.y == -207)
            let searchBar = list.navigationItem.searchController!.searchBar
            let field = searchBar.searchTextField
            // The field: 36 pt, within the bar's 16 pt margins, 6 pt under the large-title row.
            let fieldInBar = field.convert(field.bounds, to: bar)
            #expect(fieldInBar == CGRect(x: 16, y: 102, width: 361, height: 36))
            #expect(field.alpha == 1 && field.leftView!.alpha == 1)
        }
    }

    @Test func scrollingUpHidesTheSearchRowFirstThenCollapsesTheLargeTitle() {
        onSearchStage { window, nav, list in
            let bar = nav.navigationBar
            let field = list.navigationItem.searchController!.searchBar.searchTextField
            // (moved up, bar height, field height, field content opacity)
            let expected: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [
                (0, 148, 36, 1), (8, 140, 28, 6.0 / 14), (13, 135, 23, 1.0 / 14), (26, 122, 10, 0), (52, 96, 0, 0),
                (78, 70, 0, 0), (104, 44, 0, 0), (300, 44, 0, 0),
            ]
            for (d, height, fieldHeight, alpha) in expected {
                scroll(list, movedUp: d, window)
                #expect(bar.frame.height == height, "bar at \(d)")
                #expect(list.view.safeAreaInsets.top == 59 + height, "safe area at \(d)")
                #expect(list.tableView.contentOffset.y == -207 + d, "the offset stays at \(d)")
                #expect(abs(field.frame.height - fieldHeight) < 1e-9, "field at \(d)")
                #expect(field.isHidden == (fieldHeight == 0), "field hidden at \(d)")
                #expect(abs(field.leftView!.alpha - alpha) < 1e-6, "glyph at \(d)")   // opacity is a Float
            }
            // The large title begins to collapse only once the search row is gone.
            scroll(list, movedUp: 52, window)
            #expect(bar.shownItemView!.largeTitleRow == 52)
            scroll(list, movedUp: 78, window)
            #expect(bar.shownItemView!.largeTitleRow == 26)
            // Under the bar: the standard appearance fades in over 12 pt.
            scroll(list, movedUp: 110, window)
            #expect(bar.scrollEdgeProgress == 0.5)
            // Back at rest, all as it was.
            scroll(list, movedUp: 0, window)
            #expect(bar.frame.height == 148 && field.frame.height == 36 && bar.scrollEdgeProgress == 0)
        }
    }

    @Test func aSearchBarThatStaysKeepsItsRowWhileTheTitleCollapses() {
        onSearchStage(hides: false) { window, nav, list in
            let bar = nav.navigationBar
            scroll(list, movedUp: 52, window)
            #expect(bar.frame.height == 96 && bar.shownItemView!.largeTitleRow == 0)
            #expect(list.navigationItem.searchController!.searchBar.searchTextField.frame.height == 36)
        }
    }

    @Test func withoutALargeTitleTheSearchRowIsUnderTheStandardRow() {
        onSearchStage(large: false) { window, nav, list in
            #expect(nav.navigationBar.frame.height == 96)
            #expect(list.tableView.adjustedContentInset.top == 155)
        }
    }

    @Test func activatingTellsTheDelegateShowsCancelAndUpdatesResults() {
        let results = UIViewController()
        onSearchStage(results: results) { window, nav, list in
            let search = list.navigationItem.searchController!
            search.isActive = true
            window.layoutIfNeeded()
            #expect(search.searchBar.showsCancelButton && search.searchBar.searchTextField.isEditing)
            #expect(list.delegateCalls == ["willPresent", "didPresent"])
            #expect(!results.isViewLoaded || results.view.superview == nil)
            search.searchBar.searchTextField.insertText("Ada")
            #expect(search.showsSearchResultsController && results.view.superview != nil)
            #expect(list.updates == ["", "Ada"])
            search.isActive = false
            #expect(list.delegateCalls == ["willPresent", "didPresent", "willDismiss", "didDismiss"])
            #expect(search.searchBar.text == "" && !search.searchBar.showsCancelButton && results.view.superview == nil)
        }
    }

    /// Runs the clock until nothing is scheduled, laying out after each event (as a scene session does).
    func settle(_ window: UIWindow) {
        let clock = Timeline.current
        while let next = clock.nextEventTime {
            clock.advance(to: next)
            window.layoutIfNeeded()
        }
    }

    @Test func aPushTakesTheSearchBarAwayWithItsScreenAndAPopBringsItBack() {
        onSearchStage { window, nav, list in
            let searchBar = list.navigationItem.searchController!.searchBar
            let detail = UIViewController()
            detail.title = "Ada"
            nav.pushViewController(detail, animated: true)
            window.layoutIfNeeded()
            #expect(searchBar.isDescendant(of: nav.navigationBar))   // leaving with its screen
            settle(window)
            #expect(!searchBar.isDescendant(of: nav.navigationBar))
            #expect(nav.navigationBar.frame.height == 96)
            nav.popViewController(animated: true)
            window.layoutIfNeeded()
            settle(window)
            #expect(searchBar.isDescendant(of: nav.navigationBar))
            #expect(searchBar.alpha == 1 && searchBar.transform == .identity)
            #expect(nav.navigationBar.frame.height == 148 && list.tableView.adjustedContentInset.top == 207)
        }
    }

    @Test func anActiveSearchHidesTheTitleRowsAndTheSearchBarRisesUnderTheStatusBar() {
        onSearchStage { window, nav, list in
            let search = list.navigationItem.searchController!
            search.isActive = true
            settle(window)
            let bar = nav.navigationBar
            #expect(bar.frame == CGRect(x: 0, y: 59, width: 393, height: 52))
            #expect(list.view.safeAreaInsets.top == 111)
            #expect(bar.shownItemView!.largeTitleLabel!.alpha == 0)
            let field = search.searchBar.searchTextField
            #expect(field.convert(field.bounds, to: bar).minY == 6)
            search.isActive = false
            settle(window)
            #expect(bar.frame.height == 148 && list.view.safeAreaInsets.top == 207)
            #expect(list.tableView.contentOffset.y == -207)
            #expect(bar.shownItemView!.largeTitleLabel!.alpha == 1)
            // And it follows the list again.
            scroll(list, movedUp: 26, window)
            #expect(bar.frame.height == 122)
        }
    }

    @Test func withoutHidingTheBarStaysWhileSearching() {
        onSearchStage { window, nav, list in
            let search = list.navigationItem.searchController!
            search.hidesNavigationBarDuringPresentation = false
            search.isActive = true
            settle(window)
            #expect(nav.navigationBar.frame.height == 148)
        }
    }

    @Test func beginningToEditTheFieldActivatesTheSearch() {
        onSearchStage { window, nav, list in
            let search = list.navigationItem.searchController!
            search.searchBar.searchTextField.becomeFirstResponder()
            #expect(search.isActive)
        }
    }
}
