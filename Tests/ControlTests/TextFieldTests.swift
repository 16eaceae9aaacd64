import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor

/// Records every delegate call and control event of a text field, in order.
final class FieldRecorder: NSObject, UITextFieldDelegate {
    var calls: [String] = []
    var allowsChange = true
    var allowsClear = true
    var allowsEnd = true
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { calls.append("shouldBegin"); return true }
    func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { calls.append("shouldEnd"); return allowsEnd }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { calls.append("didEnd") }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        calls.append("shouldChange \(range.location),\(range.length) '\(string)'"); return allowsChange
    }
    func textFieldDidChangeSelection(_ textField: UITextField) { calls.append("didChangeSelection") }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { calls.append("shouldClear"); return allowsClear }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { calls.append("shouldReturn"); return true }

    func watch(_ field: UITextField) {
        field.delegate = self
        for (event, name) in [(UIControl.Event.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
                              (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit")] {
            field.addAction(UIAction { [weak self] _ in self?.calls.append(name) }, for: event)
        }
    }
}

/// A field in a window, inside a bound clock and application (first responders are per run).
func inWindow<T>(_ field: UIView, size: CGSize = CGSize(width: 300, height: 100), _ body: (UIWindow) -> T) -> T {
    Timeline.$current.withValue(Timeline()) {
        UIApplication.$shared.withValue(UIApplication()) {
            LayerRenderer.installContextRasterizer()
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.addSubview(field)
            window.layoutIfNeeded()
            return body(window)
        }
    }
}

@Suite("Text field")
struct TextFieldTests {
    @Test func beginAndEndEditingCallTheDelegateAndSendEventsInUIKitsOrder() {
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        let recorder = FieldRecorder()
        recorder.watch(field)
        inWindow(field) { _ in
            #expect(field.becomeFirstResponder())
            #expect(field.isEditing && field.isFirstResponder)
            #expect(field.resignFirstResponder())
            #expect(!field.isEditing)
        }
        #expect(recorder.calls == ["shouldBegin", "didBegin", "editingDidBegin", "shouldEnd", "didEnd", "editingDidEnd"])
    }

    @Test func aDelegateThatRefusesToEndKeepsTheFieldEditing() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let recorder = FieldRecorder()
        recorder.allowsEnd = false
        field.delegate = recorder
        inWindow(field) { _ in
            field.becomeFirstResponder()
            #expect(!field.resignFirstResponder())
            #expect(field.isEditing)
        }
    }

    @Test func insertTextAsksTheDelegateThenChangesTheTextAndSendsEditingChanged() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let recorder = FieldRecorder()
        recorder.watch(field)
        inWindow(field) { _ in
            field.becomeFirstResponder()
            recorder.calls.removeAll()
            field.insertText("Hi")
            field.insertText("!")
            #expect(field.text == "Hi!" && field.hasText)
            field.deleteBackward()
            #expect(field.text == "Hi")
            recorder.allowsChange = false
            field.insertText("x")
            #expect(field.text == "Hi")
        }
        #expect(recorder.calls == ["shouldChange 0,0 'Hi'", "didChangeSelection", "editingChanged",
                                   "shouldChange 2,0 '!'", "didChangeSelection", "editingChanged",
                                   "shouldChange 2,1 ''", "didChangeSelection", "editingChanged",
                                   "shouldChange 2,0 'x'"])
    }

    @Test func returnAsksShouldReturnAndEndsEditingWhenSomethingListensForEndOnExit() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let recorder = FieldRecorder()
        recorder.watch(field)
        inWindow(field) { _ in
            field.becomeFirstResponder()
            recorder.calls.removeAll()
            field.insertText("\n")
            #expect(field.text == "" && !field.isEditing)
        }
        #expect(recorder.calls == ["shouldReturn", "editingDidEndOnExit", "shouldEnd", "didEnd", "editingDidEnd"])
    }

    @Test func theClearButtonShowsForItsModeAndClearsWhenTheDelegateAgrees() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.borderStyle = .roundedRect
        field.text = "Hello"
        let recorder = FieldRecorder()
        recorder.watch(field)
        let clear = { field.subviews.first { $0 is TextFieldClearButton }! }
        inWindow(field) { window in
            field.clearButtonMode = .whileEditing
            window.layoutIfNeeded()
            #expect(clear().isHidden)
            field.becomeFirstResponder()
            window.layoutIfNeeded()
            #expect(!clear().isHidden)
            #expect(clear().frame == field.clearButtonRect(forBounds: field.bounds))
            // The text stops at the button.
            #expect(field.editingRect(forBounds: field.bounds).maxX <= clear().frame.minX)
            recorder.allowsClear = false
            field.clearButtonTapped()
            #expect(field.text == "Hello")
            recorder.allowsClear = true
            recorder.calls.removeAll()
            field.clearButtonTapped()
            #expect(field.text == "")
            window.layoutIfNeeded()
            #expect(clear().isHidden)   // nothing left to clear
            field.resignFirstResponder()
            field.text = "Again"
            field.clearButtonMode = .unlessEditing
            window.layoutIfNeeded()
            #expect(!clear().isHidden)
            field.clearButtonMode = .never
            window.layoutIfNeeded()
            #expect(clear().isHidden)
        }
        #expect(recorder.calls == ["shouldClear", "didChangeSelection", "editingChanged", "shouldEnd", "didEnd", "editingDidEnd"])
    }

    @Test func clearsOnBeginEditingEmptiesTheField() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.text = "Old"
        field.clearsOnBeginEditing = true
        inWindow(field) { _ in
            field.becomeFirstResponder()
            #expect(field.text == "")
        }
    }

    /// A subclass's rect and drawing overrides are what layout and drawing use.
    final class InsetField: UITextField {
        var drawnTextRects: [CGRect] = []
        var drawnPlaceholderRects: [CGRect] = []
        override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 20, dy: 4) }
        override func placeholderRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 30, dy: 4) }
        override func drawText(in rect: CGRect) { drawnTextRects.append(rect); super.drawText(in: rect) }
        override func drawPlaceholder(in rect: CGRect) { drawnPlaceholderRects.append(rect); super.drawPlaceholder(in: rect) }
        override func leftViewRect(forBounds bounds: CGRect) -> CGRect { CGRect(x: 2, y: 3, width: 10, height: 10) }
    }

    @Test func overriddenRectsAndDrawingMethodsAreUsed() {
        let field = InsetField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let left = UIView()
        field.leftView = left
        field.leftViewMode = .always
        field.placeholder = "Name"
        inWindow(field) { window in
            #expect(field.drawnPlaceholderRects.last == CGRect(x: 30, y: 4, width: 140, height: 26))
            #expect(field.drawnTextRects.isEmpty)
            #expect(left.frame == CGRect(x: 2, y: 3, width: 10, height: 10))
            field.text = "Ada"
            window.layoutIfNeeded()
            #expect(field.drawnTextRects.last == CGRect(x: 20, y: 4, width: 160, height: 26))
        }
    }

    @Test func aRoundedRectFieldWithTheSystemFontIs34PointsTall() {
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.placeholder = "Email"
        #expect(field.intrinsicContentSize.height == 34)
        let plain = UITextField()
        plain.text = "Email"
        #expect(plain.intrinsicContentSize.height < 34 && plain.intrinsicContentSize.height >= plain.font!.lineHeight)
        #expect(plain.intrinsicContentSize.width > 0)
    }

    @Test func theCaretFollowsTheTextWhileEditing() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 250, height: 34))
        field.borderStyle = .roundedRect
        let caret = { field.subviews.first { !($0 is TextFieldBorderView) && !($0 is TextFieldTextView) && !($0 is TextFieldClearButton) }! }
        inWindow(field) { window in
            #expect(caret().isHidden)
            field.becomeFirstResponder()
            window.layoutIfNeeded()
            let start = caret().frame
            #expect(!caret().isHidden && start.width == 2)
            field.insertText("Typing")
            window.layoutIfNeeded()
            #expect(caret().frame.minX > start.minX + 30)
            // Secure entry: bullets, so the caret sits elsewhere than after the plain word.
            let plainX = caret().frame.minX
            field.isSecureTextEntry = true
            window.layoutIfNeeded()
            #expect(caret().frame.minX != plainX)
        }
    }

    @Test func adjustsFontSizeToFitWidthShrinksToTheMinimum() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 60, height: 34))
        field.adjustsFontSizeToFitWidth = true
        field.minimumFontSize = 9
        let font = field.fittedFont(for: "A very long line of text indeed", width: 60)
        #expect(font.pointSize == 9)
        let roomy = field.fittedFont(for: "Hi", width: 60)
        #expect(roomy.pointSize == 17)
    }

    @Test func inputTraitsAreStoredWithIOSDefaults() {
        let field = UITextField()
        #expect(field.autocapitalizationType == .sentences && field.keyboardType == .default && field.returnKeyType == .default)
        field.keyboardType = .emailAddress
        field.returnKeyType = .next
        field.textContentType = .emailAddress
        #expect(field.keyboardType == .emailAddress && field.returnKeyType == .next && field.textContentType == .emailAddress)
    }
}
