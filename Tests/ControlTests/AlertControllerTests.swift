import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A window on the default screen with a plain root controller, on its own clock, to present alerts from.
final class AlertStage {
    let clock = Timeline()
    let window: UIWindow
    let root = UIViewController()

    init() {
        window = Timeline.$current.withValue(clock) { UIWindow(screen: .main) }
        on {
            window.rootViewController = root
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
        }
    }

    func on<T>(_ body: () throws -> T) rethrows -> T { try Timeline.$current.withValue(clock) { try body() } }

    /// Runs the clock event by event to `time`, with a layout pass after each event.
    func run(to time: TimeInterval) {
        on {
            while let next = clock.nextEventTime, next <= time {
                clock.advance(to: next)
                window.layoutIfNeeded()
            }
            clock.advance(to: time)
            window.layoutIfNeeded()
        }
    }
    func run(for seconds: TimeInterval) { run(to: clock.now + seconds) }
    func settle() { on { while let next = clock.nextEventTime { run(to: next) } } }

    /// Presents `alert` animated from the root and lets the presentation finish.
    func present(_ alert: UIAlertController) {
        on { root.present(alert, animated: true) }
        settle()
    }

    /// A finger down on `view`'s centre, then lifted 0.1 s later.
    func tap(_ view: UIView) {
        let point = on { view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil) }
        tap(at: point)
    }
    func tap(at point: CGPoint) {
        on { window.sendTouch(finger: 0, phase: .began, at: point); window.layoutIfNeeded() }
        run(for: 0.1)
        on { window.sendTouch(finger: 0, phase: .ended, at: point); window.layoutIfNeeded() }
    }

    func view(of alert: UIAlertController) -> AlertControllerView { alert.view as! AlertControllerView }
    /// The button of the action titled `title` (in the platter or the cancel group).
    func button(_ title: String, in alert: UIAlertController) -> AlertActionButton {
        let view = view(of: alert)
        return (view.buttons + [view.cancelButton].compactMap { $0 }).first { $0.action.title == title }!
    }
    /// The button's frame in the window.
    func frame(_ view: UIView) -> CGRect { on { view.convert(view.bounds, to: nil) } }
}

@Suite("UIAlertController")
struct AlertControllerTests {
    static func alert(_ titles: [(String, UIAlertAction.Style)], style: UIAlertController.Style = .alert,
                      title: String? = "Title", message: String? = "A message.",
                      handler: ((UIAlertAction) -> Void)? = nil) -> UIAlertController {
        let alert = UIAlertController(title: title, message: message, preferredStyle: style)
        for (name, actionStyle) in titles { alert.addAction(UIAlertAction(title: name, style: actionStyle, handler: handler)) }
        return alert
    }

    @Test("modalPresentationStyle reads .custom, as an iPhone reports it, and cannot be changed")
    func presentationStyle() {
        let stage = AlertStage()
        stage.on {
            let alert = Self.alert([("OK", .default)])
            alert.modalPresentationStyle = .fullScreen
            #expect(alert.modalPresentationStyle == .custom)
            #expect(UIAlertController().preferredStyle == .actionSheet)
        }
        let alert = Self.alert([("OK", .default)])
        stage.present(alert)
        #expect(stage.on { alert.presentationController } is AlertPresentationController)
        #expect(stage.root.presentedViewController === alert)
    }

    @Test("An alert is 270 pt wide, centred; two buttons sit side by side with Cancel on the left")
    func twoButtons() {
        let stage = AlertStage()
        let alert = Self.alert([("Delete", .destructive), ("Cancel", .cancel)])
        stage.present(alert)
        let platter = stage.frame(stage.view(of: alert).platter)
        let screen = stage.window.bounds
        #expect(close(platter.width, 270))
        #expect(abs(platter.midX - screen.midX) <= 1.0 / 3)   // on the 3× pixel grid
        #expect(abs(platter.midY - screen.midY) < 0.5)
        let cancel = stage.frame(stage.button("Cancel", in: alert)), delete = stage.frame(stage.button("Delete", in: alert))
        #expect(close(cancel.width, 135) && close(delete.width, 135))
        #expect(close(cancel.height, 44) && close(delete.height, 44))
        #expect(close(cancel.minX, platter.minX) && close(delete.minX, platter.midX))
        #expect(close(cancel.minY, delete.minY) && close(cancel.maxY, platter.maxY))
        #expect(stage.view(of: alert).orderedButtons.map { $0.action.title } == ["Cancel", "Delete"])
    }

    @Test("Three or more buttons are stacked 44 pt apart in the order added, Cancel last")
    func stackedButtons() {
        let stage = AlertStage()
        let alert = Self.alert([("Cancel", .cancel), ("Delete", .destructive), ("Keep", .default)])
        stage.present(alert)
        let view = stage.view(of: alert)
        #expect(view.orderedButtons.map { $0.action.title } == ["Delete", "Keep", "Cancel"])
        let frames = view.orderedButtons.map { stage.frame($0) }
        #expect(frames.allSatisfy { close($0.width, 270) && close($0.height, 44) })
        #expect(close(frames[1].minY, frames[0].maxY) && close(frames[2].minY, frames[1].maxY))
        #expect(abs(frames[2].maxY - stage.frame(view.platter).maxY) < 0.01)
    }

    @Test("Two long titles are stacked instead of side by side")
    func longTitlesStack() {
        let stage = AlertStage()
        let alert = Self.alert([("Keep on This iPhone Only", .default), ("Cancel", .cancel)])
        stage.present(alert)
        let view = stage.view(of: alert)
        #expect(!view.buttonsSideBySide)
        #expect(view.orderedButtons.map { $0.action.title } == ["Keep on This iPhone Only", "Cancel"])
    }

    @Test("Text fields sit in one rounded group between the message and the buttons")
    func textFields() {
        let stage = AlertStage()
        let alert = Self.alert([("Cancel", .cancel), ("Log In", .default)], title: "Sign In", message: nil)
        alert.addTextField { $0.placeholder = "Email" }
        alert.addTextField { $0.placeholder = "Password"; $0.isSecureTextEntry = true }
        #expect(alert.textFields?.count == 2)
        #expect(alert.textFields?[1].isSecureTextEntry == true)
        stage.present(alert)
        let view = stage.view(of: alert)
        let group = stage.frame(view.fieldGroup), title = stage.frame(view.titleLabel)
        let buttons = stage.frame(stage.button("Log In", in: alert))
        #expect(close(group.minY - title.maxY, 16))
        #expect(abs(buttons.minY - group.maxY - 16) < 0.01)
        #expect(close(group.width, 238))
        #expect(stage.frame(alert.textFields![1]).minY > stage.frame(alert.textFields![0]).maxY)
    }

    @Test("An action sheet: 8 pt from the sides, 57 pt rows, Cancel in its own group 8 pt below, above the home indicator")
    func actionSheetLayout() {
        let stage = AlertStage()
        let sheet = Self.alert([("Share", .default), ("Delete", .destructive), ("Cancel", .cancel)], style: .actionSheet,
                               title: nil, message: nil)
        stage.present(sheet)
        let view = stage.view(of: sheet)
        let screen = stage.window.bounds, bottom = stage.window.safeAreaInsets.bottom
        let cancel = stage.frame(view.cancelGroup), group = stage.frame(view.platter)
        #expect(view.buttons.map { $0.action.title } == ["Share", "Delete"])
        #expect(view.cancelButton?.action.title == "Cancel")
        #expect(cancel.minX == 8 && cancel.maxX == screen.width - 8)
        #expect(cancel.height == 57)
        #expect(cancel.maxY == screen.height - (bottom > 0 ? bottom : 8))
        #expect(abs(cancel.minY - group.maxY - 8) < 0.01)
        #expect(abs(group.height - 2 * 57) < 0.01)
        #expect(stage.frame(stage.button("Share", in: sheet)).height == 57)
    }

    @Test("The handler runs after the dismissal has finished, as UIKit orders them")
    func handlerAfterDismissal() {
        let stage = AlertStage()
        var log: [String] = []
        let alert = Self.alert([("Delete", .destructive), ("Cancel", .cancel)]) { action in
            log.append("handler \(action.title!) presented=\(stage.root.presentedViewController != nil)")
        }
        stage.present(alert)
        let start = stage.clock.now
        stage.tap(stage.button("Delete", in: alert))
        #expect(log.isEmpty)
        #expect(stage.root.presentedViewController === alert)
        stage.run(to: start + 0.3)
        #expect(log.isEmpty)
        stage.settle()
        #expect(log == ["handler Delete presented=false"])
        #expect(stage.root.presentedViewController == nil)
        #expect(alert.viewIfLoaded?.window == nil)
    }

    @Test("The button is highlighted while the finger is on it")
    func highlight() {
        let stage = AlertStage()
        let alert = Self.alert([("OK", .default), ("Cancel", .cancel)])
        stage.present(alert)
        let button = stage.button("OK", in: alert)
        let point = stage.on { button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil) }
        stage.on { stage.window.sendTouch(finger: 0, phase: .began, at: point) }
        #expect(button.isHighlighted)
        stage.on { stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: point.x, y: point.y + 120)) }
        #expect(!button.isHighlighted)
        stage.on { stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: point.x, y: point.y + 120)) }
        stage.settle()
        #expect(stage.root.presentedViewController === alert)
    }

    @Test("A finger slid from one button to another highlights the one under it and performs the one it lifts on")
    func slideBetweenButtons() {
        let stage = AlertStage()
        var titles: [String] = []
        let alert = Self.alert([("Delete", .destructive), ("Keep", .default), ("Cancel", .cancel)]) { titles.append($0.title!) }
        stage.present(alert)
        let cancel = stage.button("Cancel", in: alert), keep = stage.button("Keep", in: alert)
        let from = stage.frame(cancel), to = stage.frame(keep)
        stage.on { stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: from.midX, y: from.midY)) }
        #expect(cancel.isHighlighted && !keep.isHighlighted)
        stage.on { stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: to.midX, y: to.midY)) }
        #expect(!cancel.isHighlighted && keep.isHighlighted)
        stage.on { stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: to.midX, y: to.midY)) }
        #expect(!keep.isHighlighted)
        stage.settle()
        #expect(titles == ["Keep"])
    }

    @Test("A finger lifted just outside the alert performs nothing (no 70 pt slack as for other controls)")
    func liftOutside() {
        let stage = AlertStage()
        var calls = 0
        let alert = Self.alert([("OK", .default), ("Cancel", .cancel)]) { _ in calls += 1 }
        stage.present(alert)
        let ok = stage.frame(stage.button("OK", in: alert))
        stage.on { stage.window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: ok.midX, y: ok.midY)) }
        stage.on { stage.window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: ok.midX, y: ok.maxY + 20)) }
        stage.on { stage.window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: ok.midX, y: ok.maxY + 20)) }
        stage.settle()
        #expect(calls == 0)
        #expect(stage.root.presentedViewController === alert)
    }

    @Test("A tap on a disabled action does nothing; enabling it later makes it work")
    func disabledAction() {
        let stage = AlertStage()
        var calls = 0
        let alert = Self.alert([("Save", .default)]) { _ in calls += 1 }
        alert.actions[0].isEnabled = false
        stage.present(alert)
        stage.tap(stage.button("Save", in: alert))
        stage.settle()
        #expect(calls == 0)
        #expect(stage.root.presentedViewController === alert)
        stage.on { alert.actions[0].isEnabled = true }
        stage.run(for: 0.1)
        stage.tap(stage.button("Save", in: alert))
        stage.settle()
        #expect(calls == 1)
        #expect(stage.root.presentedViewController == nil)
    }

    @Test("Only the first tap counts: a second button tapped during the dismissal is ignored")
    func onlyFirstTap() {
        let stage = AlertStage()
        var titles: [String] = []
        let alert = Self.alert([("A", .default), ("B", .default), ("C", .default)]) { titles.append($0.title!) }
        stage.present(alert)
        let b = stage.button("B", in: alert), c = stage.button("C", in: alert)
        stage.tap(b)
        stage.tap(c)
        stage.settle()
        #expect(titles == ["B"])
    }

    @Test("The preferred action is bold instead of Cancel; one not added is refused with a warning")
    func preferredAction() {
        let stage = AlertStage()
        let alert = Self.alert([("Cancel", .cancel), ("Save", .default)])
        stage.present(alert)
        #expect(stage.button("Cancel", in: alert).emphasized && !stage.button("Save", in: alert).emphasized)
        stage.on { alert.preferredAction = alert.actions[1] }
        #expect(stage.button("Save", in: alert).emphasized && !stage.button("Cancel", in: alert).emphasized)
        let warnings = WarningLog()
        UIKitWarnings.$sink.withValue({ warnings.append($0) }) {
            alert.preferredAction = UIAlertAction(title: "Stranger", style: .default)
        }
        #expect(alert.preferredAction === alert.actions[1])
        #expect(warnings.lines.count == 1)
    }

    @Test("Action sheets ignore the preferred action: Cancel stays bold")
    func sheetIgnoresPreferred() {
        let stage = AlertStage()
        let sheet = Self.alert([("Share", .default), ("Cancel", .cancel)], style: .actionSheet)
        sheet.preferredAction = sheet.actions[0]
        stage.present(sheet)
        #expect(stage.button("Cancel", in: sheet).emphasized && !stage.button("Share", in: sheet).emphasized)
        #expect(stage.button("Cancel", in: sheet).titleLabel.font.pointSize == 20)
    }

    @Test("A tap outside an action sheet is its cancel action; without one it does nothing")
    func tapOutsideSheet() {
        let stage = AlertStage()
        var log: [String] = []
        let sheet = Self.alert([("Share", .default), ("Cancel", .cancel)], style: .actionSheet) { log.append($0.title!) }
        stage.present(sheet)
        stage.tap(at: CGPoint(x: 200, y: 150))
        stage.settle()
        #expect(log == ["Cancel"])
        #expect(stage.root.presentedViewController == nil)

        let noCancel = Self.alert([("Share", .default)], style: .actionSheet) { log.append($0.title!) }
        stage.present(noCancel)
        stage.tap(at: CGPoint(x: 200, y: 150))
        stage.settle()
        #expect(log == ["Cancel"])
        #expect(stage.root.presentedViewController === noCancel)
    }

    @Test("A tap outside an alert does nothing")
    func tapOutsideAlert() {
        let stage = AlertStage()
        let alert = Self.alert([("OK", .default), ("Cancel", .cancel)])
        stage.present(alert)
        stage.tap(at: CGPoint(x: 200, y: 100))
        stage.settle()
        #expect(stage.root.presentedViewController === alert)
    }

    @Test("A second cancel action and a text field on an action sheet are refused with warnings")
    func refusals() {
        let warnings = WarningLog()
        UIKitWarnings.$sink.withValue({ warnings.append($0) }) {
            let alert = Self.alert([("Cancel", .cancel)])
            alert.addAction(UIAlertAction(title: "Also Cancel", style: .cancel))
            #expect(alert.actions.map(\.title) == ["Cancel"])
            let sheet = Self.alert([], style: .actionSheet)
            sheet.addTextField()
            #expect(sheet.textFields?.isEmpty == true)
        }
        #expect(warnings.lines.count == 2)
        #expect(warnings.lines[0].contains("only have one action"))
        #expect(warnings.lines[1].contains("Text fields can only be added"))
    }

    @Test("The presenter's tint is dimmed to grey while the alert is up; the alert's buttons keep theirs")
    func tintDimming() {
        final class TintProbe: UIView {
            var changes = 0
            override func tintColorDidChange() { changes += 1 }
        }
        let stage = AlertStage()
        let probe = TintProbe(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let ownTint = UIView(frame: .zero)
        stage.on {
            stage.root.view.addSubview(probe)
            probe.addSubview(ownTint)
            ownTint.tintColor = .systemRed
        }
        let blue = stage.on { probe.tintColor.cgColor }
        let before = probe.changes
        let alert = Self.alert([("OK", .default)])
        stage.present(alert)
        let dimmed = stage.on { probe.tintColor.cgColor }
        #expect(dimmed.red == dimmed.green && dimmed.green == dimmed.blue && dimmed != blue)
        let red = stage.on { ownTint.tintColor.cgColor }
        #expect(red.red == red.green && red.green == red.blue)   // a tint of its own is dimmed too
        #expect(probe.changes == before + 1)
        #expect(stage.on { stage.button("OK", in: alert).tintColor.cgColor } == blue)
        stage.on { alert.dismiss(animated: true) }
        stage.settle()
        #expect(stage.on { probe.tintColor.cgColor } == blue)
        #expect(probe.changes == before + 2)
    }

    @Test("The presenter stays on screen and hears no appearance callbacks; the alert hears its own")
    func appearanceCallbacks() {
        final class Logged: UIViewController {
            var log: [String] = []
            override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
            override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
            override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
            override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
        }
        final class LoggedAlert: UIAlertController {
            var log: [String] = []
            override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
            override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
            override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
            override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
        }
        let stage = AlertStage()
        let presenter = Logged()
        stage.on { stage.root.present(presenter, animated: false) }
        stage.settle()
        presenter.log = []
        let alert = LoggedAlert(title: "Title", message: nil, preferredStyle: .alert)
        var handled = false
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in handled = true; alert.log.append("handler") })
        var presented = false
        stage.on { presenter.present(alert, animated: true) { presented = true } }
        stage.settle()
        #expect(presented)
        #expect(presenter.view.window != nil)
        stage.tap(stage.button("OK", in: alert))
        stage.settle()
        #expect(handled)
        #expect(presenter.log.isEmpty)
        #expect(alert.log == ["willAppear", "didAppear", "willDisappear", "didDisappear", "handler"])
    }

    @Test("copy() gives an action with the same title, style, handler and state, in no alert")
    func actionCopy() {
        var calls = 0
        let action = UIAlertAction(title: "Save", style: .destructive) { _ in calls += 1 }
        action.isEnabled = false
        let copy = action.copy() as! UIAlertAction
        #expect(copy !== action && copy.title == "Save" && copy.style == .destructive && !copy.isEnabled)
        copy.handler?(copy)
        #expect(calls == 1)
        #expect(copy.alertController == nil)
    }

    @Test("The alert pops in from 1.2× and fades in over the dimming; it fades out on dismissal")
    func popAnimation() {
        let stage = AlertStage()
        let alert = Self.alert([("OK", .default)])
        stage.on { stage.root.present(alert, animated: true) }
        stage.run(for: 1.0 / 60)
        let view = stage.view(of: alert)
        let early = stage.on { view.platter.layer.presentationState(at: stage.clock.now) }
        #expect(early.transform.m11 > 1.1 && early.transform.m11 < 1.2)
        #expect(early.opacity < 0.3)
        let dimming = (stage.on { alert.presentationController } as! AlertPresentationController).dimmingView
        #expect(stage.on { dimming.layer.presentationState(at: stage.clock.now).opacity } < 0.3)
        stage.settle()
        #expect(view.platter.transform == .identity && view.platter.alpha == 1 && dimming.alpha == 1)
        stage.on { alert.dismiss(animated: true) }
        stage.run(for: 0.1)
        let fading = stage.on { view.platter.layer.presentationState(at: stage.clock.now) }
        #expect(fading.opacity < 0.9 && fading.opacity > 0)
        #expect(fading.transform.m11 == 1)
    }

    @Test("The action sheet slides up from below the screen and back down")
    func slideAnimation() {
        let stage = AlertStage()
        let sheet = Self.alert([("Share", .default), ("Cancel", .cancel)], style: .actionSheet)
        stage.on { stage.root.present(sheet, animated: true) }
        stage.run(for: 1.0 / 60)
        let view = stage.view(of: sheet)
        let distance = view.sheetSlideDistance
        let early = stage.on { view.content.layer.presentationState(at: stage.clock.now) }
        #expect(early.transform.m42 > distance * 0.8)
        stage.settle()
        #expect(view.content.transform == .identity)
        stage.on { sheet.dismiss(animated: true) }
        stage.run(for: 0.2)
        let late = stage.on { view.content.layer.presentationState(at: stage.clock.now) }
        #expect(late.transform.m42 > distance * 0.3)
    }
}

/// Equal to a thousandth of a point (frames converted between views pick up rounding).
func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.001 }

/// Warnings captured from `UIKitWarnings` (a class, so the sink closure can append).
final class WarningLog: @unchecked Sendable {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}
