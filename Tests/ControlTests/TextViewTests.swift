import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor

private let paragraphs = """
    A text view shows text that wraps at its width and scrolls when it is taller than the view.

    Its text container is inset 8 points from the top and bottom, and each line fragment keeps 5 points \
    of padding at both ends, as on iOS.
    """

final class TextViewRecorder: NSObject, UITextViewDelegate {
    var calls: [String] = []
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { calls.append("shouldBegin"); return true }
    func textViewDidBeginEditing(_ textView: UITextView) { calls.append("didBegin") }
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool { calls.append("shouldEnd"); return true }
    func textViewDidEndEditing(_ textView: UITextView) { calls.append("didEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        calls.append("shouldChange \(range.location) '\(text)'"); return true
    }
    func textViewDidChangeSelection(_ textView: UITextView) { calls.append("didChangeSelection") }
    func textViewDidChange(_ textView: UITextView) { calls.append("didChange") }
}

@Suite("Text view")
struct TextViewTests {
    @Test func theDefaultsAreIOSs() {
        let view = UITextView()
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.textContainer.lineFragmentPadding == 5)
        #expect(view.font?.pointSize == 12 && view.text == "" && view.isEditable && view.isSelectable)
    }

    @Test func theContentSizeIsTheWrappedTextsAndNarrowerWrapsTaller() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        view.font = .systemFont(ofSize: 17)
        view.text = paragraphs
        inWindow(view, size: CGSize(width: 400, height: 400)) { window in
            let wide = view.contentSize
            #expect(wide.width == 300)
            // More than the view is tall: it scrolls.
            #expect(wide.height > 120)
            let lineHeight = view.font!.lineHeight
            // At least the two paragraphs, the blank line between and wrapped lines.
            #expect(wide.height >= 16 + 4 * lineHeight)
            view.frame.size.width = 200
            window.layoutIfNeeded()
            #expect(view.contentSize.height > wide.height)
            // The text starts at the inset and padding.
            let label = view.subviews.first { $0 is UILabel }!
            #expect(label.frame.minX == 5 && label.frame.minY == 8 && label.frame.width == 190)
            #expect(view.contentSize.height == label.frame.height + 16)
        }
    }

    @Test func withScrollingOffItSizesItselfToItsTextAtItsWidth() {
        let view = UITextView()
        view.font = .systemFont(ofSize: 17)
        view.text = paragraphs
        view.isScrollEnabled = false
        let fitted = view.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
        #expect(fitted.width == 300)
        view.translatesAutoresizingMaskIntoConstraints = false
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        inWindow(host, size: CGSize(width: 300, height: 600)) { window in
            host.addSubview(view)
            NSLayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: host.leadingAnchor),
                view.trailingAnchor.constraint(equalTo: host.trailingAnchor),
                view.topAnchor.constraint(equalTo: host.topAnchor),
            ])
            window.layoutIfNeeded()
            #expect(view.frame.width == 300)
            #expect(abs(view.frame.height - fitted.height) < 1e-9)
            #expect(view.contentSize.height == view.frame.height)
        }
    }

    @Test func scrollRangeToVisibleBringsTheLastLineIn() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        view.font = .systemFont(ofSize: 17)
        view.text = paragraphs
        inWindow(view, size: CGSize(width: 300, height: 300)) { _ in
            #expect(view.contentOffset.y == 0)
            view.scrollRangeToVisible(NSRange(location: (paragraphs as NSString).length - 1, length: 1))
            #expect(view.contentOffset.y > 0)
            #expect(view.contentOffset.y + 80 <= view.contentSize.height + 1e-9)
            view.scrollRangeToVisible(NSRange(location: 0, length: 1))
            #expect(view.contentOffset.y == 0)
        }
    }

    @Test func typingAsksTheDelegateAndTellsItOfTheChange() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        let recorder = TextViewRecorder()
        view.delegate = recorder
        view.text = "Hi"
        inWindow(view) { _ in
            view.becomeFirstResponder()
            view.insertText("!")
            view.insertText("\n")
            view.deleteBackward()
            view.resignFirstResponder()
        }
        #expect(view.text == "Hi!")
        #expect(recorder.calls == ["shouldBegin", "didBegin",
                                   "shouldChange 2 '!'", "didChangeSelection", "didChange",
                                   "shouldChange 3 '\n'", "didChangeSelection", "didChange",
                                   "shouldChange 3 ''", "didChangeSelection", "didChange",
                                   "shouldEnd", "didEnd"])
    }

    @Test func rangesPastTheEndAreClampedNotTrappedOn() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        view.text = "Short"
        inWindow(view) { _ in
            view.selectedRange = NSRange(location: 40, length: 10)
            view.insertText("!")
            #expect(view.text == "Short!")
            view.selectedRange = NSRange(location: 2, length: 99)
            view.deleteBackward()
            #expect(view.text == "Sh")
            view.scrollRangeToVisible(NSRange(location: NSNotFound, length: 5))
            #expect(view.contentOffset.y == 0)
        }
    }

    @Test func aViewThatIsNotEditableIgnoresTyping() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        view.text = "Fixed"
        view.isEditable = false
        view.insertText("x")
        #expect(view.text == "Fixed")
    }
}
