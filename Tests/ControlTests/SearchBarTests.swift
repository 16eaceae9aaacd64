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

    @Test func theCancelButtonSlidesInOnTheVirtualClock() {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 393, height: 56))
        inWindow(bar, size: CGSize(width: 393, height: 200)) { window in
            let full = bar.searchTextField.frame.width
            bar.setShowsCancelButton(true, animated: true)
            let narrow = bar.searchTextField.frame.width
            #expect(narrow < full)
            // Halfway through the 0.3 s slide the field shows a width between the two.
            Timeline.current.advance(to: 0.15)
            let shown = bar.searchTextField.layer.presentation()!.bounds.width
            #expect(shown > narrow + 1 && shown < full - 1)
            Timeline.current.advance(to: 1)
            window.layoutIfNeeded()
            #expect(bar.searchTextField.layer.presentation()!.bounds.width == narrow)
        }
    }

    @Test func aScopeTapSelectsAndTellsTheDelegate() {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 393, height: 100))
        let recorder = SearchBarRecorder()
        bar.delegate = recorder
        bar.scopeButtonTitles = ["All", "Mail", "Contacts"]
        bar.showsScopeBar = true
        inWindow(bar, size: CGSize(width: 393, height: 200)) { window in
            let scope = bar.subviews.first { $0 is SearchScopeBar }!
            #expect(!scope.isHidden)
            let point = scope.convert(CGPoint(x: scope.bounds.width * 5 / 6, y: scope.bounds.midY), to: window)
            window.sendTouch(finger: 0, phase: .began, at: point)
            window.sendTouch(finger: 0, phase: .ended, at: point)
        }
        #expect(bar.selectedScopeButtonIndex == 2)
        #expect(recorder.calls == ["scope 2"])
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
