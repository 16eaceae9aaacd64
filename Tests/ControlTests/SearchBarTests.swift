import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor

final class SearchBarRecorder: NSObject, UISearchBarDelegate {
    var calls: [String] = []
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { calls.append("shouldBegin"); return true }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { calls.append("didBegin") }
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { calls.append("shouldEnd"); return true }
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { calls.append("didEnd") }
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { calls.append("textDidChange \(searchText)") }
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        calls.append("shouldChange '\(text)'"); return true
    }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { calls.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { calls.append("cancel") }
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) { calls.append("scope \(selectedScope)") }
}

@Suite("Search bar")
struct SearchBarTests {
    @Test func aStandaloneBarIs56PointsWithA36PointFieldInside() {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 393, height: 56))
        #expect(bar.intrinsicContentSize.height == 56)
        #expect(bar.placeholder == "Search")
        inWindow(bar, size: CGSize(width: 393, height: 200)) { _ in
            #expect(bar.searchTextField.frame == CGRect(x: 8, y: 10, width: 377, height: 36))
            #expect(bar.searchTextField.leftView != nil && bar.searchTextField.subviews.first { $0 is TextFieldBorderView }!.layer.cornerRadius == 10)
        }
        bar.prompt = "Find a contact"
        #expect(bar.intrinsicContentSize.height == 86)
        bar.scopeButtonTitles = ["All", "Mail"]
        bar.showsScopeBar = true
        #expect(bar.intrinsicContentSize.height == 130)
    }

    @Test func theCancelButtonNarrowsTheField() {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 393, height: 56))
        inWindow(bar, size: CGSize(width: 393, height: 200)) { window in
            let full = bar.searchTextField.frame.width
            bar.setShowsCancelButton(true, animated: false)
            window.layoutIfNeeded()
            #expect(bar.showsCancelButton && bar.searchTextField.frame.width < full - 40)
            bar.showsCancelButton = false
            window.layoutIfNeeded()
            #expect(bar.searchTextField.frame.width == full)
        }
    }

    @Test func theFieldsEditingReachesTheBarsDelegate() {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 393, height: 56))
        let recorder = SearchBarRecorder()
        bar.delegate = recorder
        inWindow(bar, size: CGSize(width: 393, height: 200)) { _ in
            bar.becomeFirstResponder()
            bar.searchTextField.insertText("ab")
            bar.searchTextField.insertText("\n")
            bar.resignFirstResponder()
        }
        #expect(bar.text == "ab")
        #expect(recorder.calls == ["shouldBegin", "didBegin", "shouldChange 'ab'", "textDidChange ab", "search", "shouldEnd", "didEnd"])
    }
}
