import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

/// Feature goldens of alerts and action sheets, light and dark at 2×, over a screen with colour behind
/// the blur; each looked at against iOS 17/18 before recording.
@Suite("Alert goldens")
struct AlertGoldenTests {
    /// A screen of coloured bands and text (so the blur has something to show), the alert presented on it
    /// without animation, `act` run after, drawn at time 1.
    static func render(_ alert: @escaping () -> UIAlertController, height: CGFloat, style: UIUserInterfaceStyle,
                       act: (UIWindow, UIAlertController) -> Void = { _, _ in }) -> PixelBuffer {
        // Text fields draw their text through CGContext when laid out, before the renderer exists.
        LayerRenderer.installContextRasterizer()
        let clock = Timeline()
        let size = CGSize(width: 393, height: height)
        return Timeline.$current.withValue(clock) {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.overrideUserInterfaceStyle = style
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            root.view.backgroundColor = .systemBackground
            let colours: [UIColor] = [.systemOrange, .systemTeal, .systemPink, .systemIndigo]
            for (index, colour) in colours.enumerated() {
                let band = UIView(frame: CGRect(x: 0, y: 40 + CGFloat(index) * height / 5, width: size.width, height: height / 10))
                band.backgroundColor = colour
                root.view.addSubview(band)
            }
            let label = UILabel(frame: CGRect(x: 20, y: 8, width: 353, height: 24))
            label.text = "Behind the alert"
            label.font = .systemFont(ofSize: 20, weight: .bold)
            root.view.addSubview(label)
            window.layoutIfNeeded()
            let shown = alert()
            root.present(shown, animated: false)
            window.layoutIfNeeded()
            act(window, shown)
            window.layoutIfNeeded()
            clock.advance(to: 1)
            window.layoutIfNeeded()
            return LayerRenderer(scale: 2).render(window.layer.snapshot(at: 1), size: size,
                                                  background: style == .dark ? .black : .white)
        }
    }

    static func name(_ base: String, _ style: UIUserInterfaceStyle) -> String { "\(base)-\(style == .dark ? "dark" : "light")" }
    static let styles: [UIUserInterfaceStyle] = [.light, .dark]

    static func twoActions() -> UIAlertController {
        let alert = UIAlertController(title: "Allow “Maps” to use your location?",
                                      message: "Your location is used to show nearby places.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Allow", style: .default))
        alert.addAction(UIAlertAction(title: "Don’t Allow", style: .cancel))
        return alert
    }

    static func threeActions() -> UIAlertController {
        let alert = UIAlertController(title: "Delete “Morning Walk”?",
                                      message: "This recording will be deleted from iCloud and all your devices.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
        alert.addAction(UIAlertAction(title: "Keep on This iPhone", style: .default))
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        return alert
    }

    static func textFields() -> UIAlertController {
        let alert = UIAlertController(title: "Sign In to Wi-Fi", message: "Enter the password for “Café Lumen”.", preferredStyle: .alert)
        alert.addTextField { $0.text = "guest" }
        alert.addTextField { $0.placeholder = "Password"; $0.isSecureTextEntry = true }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let join = UIAlertAction(title: "Join", style: .default)
        join.isEnabled = false
        alert.addAction(join)
        alert.preferredAction = join
        return alert
    }

    static func messageOnly() -> UIAlertController {
        let alert = UIAlertController(title: nil, message: "Your changes have been saved.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        return alert
    }

    static func sheetTwoActions() -> UIAlertController {
        let sheet = UIAlertController(title: "Delete Photo?", message: "This photo will be deleted from all your devices.",
                                      preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Delete Photo", style: .destructive))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        return sheet
    }

    static func sheetThreeActions() -> UIAlertController {
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Share Photo…", style: .default))
        sheet.addAction(UIAlertAction(title: "Duplicate", style: .default))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        return sheet
    }

    static func sheetMessageOnly() -> UIAlertController {
        let sheet = UIAlertController(title: nil, message: "This photo is also in 2 albums.", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Remove from Album", style: .destructive))
        return sheet
    }

    /// A finger held on the alert's second button (its highlight).
    static func holdSecondButton(_ window: UIWindow, _ alert: UIAlertController) {
        let view = alert.view as! AlertControllerView
        let button = view.orderedButtons[1]
        window.sendTouch(finger: 0, phase: .began, at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
    }

    @Test("Alert: two actions side by side, cancel on the left and bold", arguments: styles)
    func alertTwo(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.twoActions, height: 400, style: style), named: Self.name("alert-2-actions", style))
    }

    @Test("Alert: three actions stacked, destructive red, cancel last, the second held", arguments: styles)
    func alertThree(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.threeActions, height: 400, style: style, act: Self.holdSecondButton),
                            named: Self.name("alert-3-actions", style))
    }

    @Test("Alert: two text fields, a disabled preferred action", arguments: styles)
    func alertFields(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.textFields, height: 400, style: style), named: Self.name("alert-text-fields", style))
    }

    @Test("Alert: a message only", arguments: styles)
    func alertMessage(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.messageOnly, height: 400, style: style), named: Self.name("alert-message-only", style))
    }

    @Test("Action sheet: title, message, a destructive action and cancel apart", arguments: styles)
    func sheetTwo(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.sheetTwoActions, height: 420, style: style), named: Self.name("sheet-2-actions", style))
    }

    @Test("Action sheet: three actions, no title", arguments: styles)
    func sheetThree(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.sheetThreeActions, height: 420, style: style), named: Self.name("sheet-3-actions", style))
    }

    @Test("Action sheet: a message only, no cancel action", arguments: styles)
    func sheetMessage(_ style: UIUserInterfaceStyle) {
        assertImageSnapshot(Self.render(Self.sheetMessageOnly, height: 420, style: style), named: Self.name("sheet-message-only", style))
    }

    @Test("Renders are deterministic")
    func deterministic() {
        #expect(Self.render(Self.threeActions, height: 400, style: .dark, act: Self.holdSecondButton)
                == Self.render(Self.threeActions, height: 400, style: .dark, act: Self.holdSecondButton))
    }
}
