import Testing
import Foundation
import UIKit
import Stage
@testable import Playback

/// `Script.type(_:into:interval:)`: the field becomes first responder, each key arrives through
/// `insertText(_:)` (so the delegate and `.editingChanged` see it) one interval apart on the virtual clock,
/// a backspace deletes, and the step after typing waits for the last interval.
@Suite struct TypingScriptTests {
    final class FormScreen: UIViewController, UITextFieldDelegate {
        nonisolated(unsafe) static var events: [String] = []
        nonisolated(unsafe) static var field: UITextField?
        let field = UITextField(frame: CGRect(x: 20, y: 120, width: 300, height: 34))
        override func viewDidLoad() {
            view.backgroundColor = .systemBackground
            field.borderStyle = .roundedRect
            field.placeholder = "Name"
            field.delegate = self
            field.addAction(UIAction { [unowned self] _ in
                Self.events.append(String(format: "%.2f %@", CACurrentMediaTime(), self.field.text ?? ""))
            }, for: .editingChanged)
            view.addSubview(field)
            Self.field = field
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            Self.events.append(String(format: "%.2f touch", CACurrentMediaTime()))
        }
        func textFieldDidBeginEditing(_ textField: UITextField) {
            Self.events.append(String(format: "%.2f began", CACurrentMediaTime()))
        }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            string != "!"   // the delegate refuses one key
        }
    }
    final class TypingScene: Scene {
        static let name = "typing"
        static let summary = "Keys typed into a text field"
        let screen = FormScreen()
        init() {}
        func makeRootViewController() -> UIViewController { screen }
        func script() -> Script {
            var script = Script()
            script.wait(0.5)
            script.type("Hi!\u{8}o", into: { [unowned self] in self.screen.field }, interval: 0.25)
            script.tap(at: { CGPoint(x: 200, y: 600) })
            return script
        }
    }

    @Test func keysArriveOneIntervalApartThroughTheDelegate() throws {
        FormScreen.events = []
        let plan = try Stage.plan(TypingScene.definition, settings: RenderSettings(scale: 1))
        #expect(plan.unfinished.isEmpty)
        // The script starts after the clip's 0.2 s lead-in. Editing begins at 0.7 with the first key; "!"
        // refused by the delegate sends nothing; the backspace takes the "i" away; the tap after the last key
        // comes one interval after it.
        #expect(FormScreen.events == ["0.70 began", "0.70 H", "0.95 Hi", "1.45 H", "1.70 Ho", "1.95 touch"], "\(FormScreen.events)")
        #expect(FormScreen.field?.text == "Ho")
    }
}
