import Testing
import Foundation
@testable import QuartzCore
import UIKit

// Members ported code reaches for around a transition: coordinate spaces, the virtual CFAbsoluteTime,
// selector-style notification observers, a pan's scroll types.

@Suite struct CoordinateSpaces {
    @Test func viewsConvertThroughTheScreenSpace() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 100))
        let badge = UIView(frame: CGRect(x: 10, y: 5, width: 20, height: 20))
        window.addSubview(card)
        card.addSubview(badge)
        let screen = UIScreen.main.coordinateSpace
        #expect(screen.bounds == UIScreen.main.bounds)
        #expect(badge.convert(CGPoint(x: 1, y: 2), to: screen) == CGPoint(x: 31, y: 107))
        #expect(badge.convert(CGPoint(x: 31, y: 107), from: screen) == CGPoint(x: 1, y: 2))
        #expect(badge.convert(badge.bounds, to: screen) == CGRect(x: 30, y: 105, width: 20, height: 20))
        #expect(screen.convert(CGRect(x: 30, y: 105, width: 20, height: 20), to: badge) == badge.bounds)
        // A view as a coordinate space converts as the view itself does.
        let space: UICoordinateSpace = card
        #expect(badge.convert(CGPoint.zero, to: space) == CGPoint(x: 10, y: 5))
        #expect(UIScreen.main.fixedCoordinateSpace.convert(CGPoint(x: 3, y: 4), to: screen) == CGPoint(x: 3, y: 4))
    }
}

@Suite struct AbsoluteTime {
    @Test func followsTheVirtualClockFromAFixedMoment() {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) {
            let start = CFAbsoluteTimeGetCurrent()
            #expect(start == renderStartAbsoluteTime)
            // 9 June 2025, 09:41 UTC, in Foundation's reckoning.
            #expect(Date(timeIntervalSinceReferenceDate: start) == ISO8601DateFormatter().date(from: "2025-06-09T09:41:00Z"))
            timeline.advance(to: 0.25)
            #expect(CFAbsoluteTimeGetCurrent() - start == 0.25)
        }
    }
}

@Suite struct MethodReferenceNotificationObservers {
    final class Listener {
        var heard: [String] = []
        func keyboardWillShow(_ note: Notification) { heard.append("note \(note.name.rawValue)") }
        func legacy(_ note: NSNotification) { heard.append("ns \(note.name.rawValue)") }
        func refresh() { heard.append("refresh") }
    }

    @Test func deliversToTheMethodAndEndsWithTheObserver() {
        let center = NotificationCenter()
        let name = Notification.Name("Test.didChange")
        var listener: Listener? = Listener()
        center.addObserver(listener!, selector: Listener.keyboardWillShow, name: name, object: nil)
        center.addObserver(listener!, selector: Listener.legacy, name: name, object: nil)
        center.addObserver(listener!, selector: Listener.refresh, name: Notification.Name("Other"), object: nil)
        center.post(name: name, object: nil)
        center.post(name: Notification.Name("Other"), object: nil)
        #expect(listener?.heard.sorted() == ["note Test.didChange", "ns Test.didChange", "refresh"])
        weak let released = listener
        listener = nil
        #expect(released == nil, "observing holds the observer weakly")
        center.post(name: name, object: nil)  // nothing left to call; the registrations end themselves
    }

    @Test func theReturnedTokenRemovesTheRegistration() {
        let center = NotificationCenter()
        let listener = Listener()
        let token = center.addObserver(listener, selector: Listener.refresh, name: Notification.Name("Ping"), object: nil)
        center.post(name: Notification.Name("Ping"), object: nil)
        center.removeObserver(token)
        center.post(name: Notification.Name("Ping"), object: nil)
        #expect(listener.heard == ["refresh"])
    }
}

@Suite struct PanScrollTypes {
    @Test func noScrollTypesByDefault() {
        let pan = UIPanGestureRecognizer()
        #expect(pan.allowedScrollTypesMask == [])
        pan.allowedScrollTypesMask = .all
        #expect(pan.allowedScrollTypesMask == [.discrete, .continuous])
    }
}

@Suite struct ControlTargetAction {
    final class Screen {
        var log: [String] = []
        func close() { log.append("close") }
        func toggled(_ sender: UIButton) { log.append("toggled \(sender.tag)") }
        func tapped(_ sender: UIControl, _ event: UIEvent?) { log.append("tapped \(event == nil)") }
    }

    @Test func methodReferencesStandInForSelectors() {
        let screen = Screen()
        let button = UIButton(type: .system)
        button.tag = 7
        button.addTarget(screen, action: Screen.close, for: .touchUpInside)
        button.addTarget(screen, action: Screen.toggled, for: [.touchUpInside, .valueChanged])
        button.addTarget(screen, action: Screen.tapped, for: .touchDown)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchDown)
        #expect(screen.log == ["close", "toggled 7", "tapped true"])
        #expect(button.allControlEvents == [.touchUpInside, .valueChanged, .touchDown])
        button.removeTarget(screen, action: Screen.close, for: .touchUpInside)
        screen.log = []
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .valueChanged)
        #expect(screen.log == ["toggled 7"], "the target's touch-up actions went; its value-changed one stays")
        button.removeTarget(nil, action: nil, for: .allEvents)
        button.sendActions(for: .allEvents)
        #expect(screen.log == ["toggled 7"])
    }

    @Test func theTargetIsHeldWeakly() {
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        let button = UIButton()
        button.addTarget(screen!, action: Screen.close, for: .touchUpInside)
        screen = nil
        #expect(weakScreen == nil)
        button.sendActions(for: .touchUpInside)  // nothing to call
    }
}

@Suite struct NoActionYet {
    @Test func recognizersAndBarItemsWithNilActions() {
        let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
        #expect(swipe.state == .possible && swipe.view == nil)
        let space = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        #expect(space.systemItem == .flexibleSpace)
        let label = UIBarButtonItem(title: "Draft", style: .plain, target: nil, action: nil)
        #expect(label.title == "Draft")
    }
}

@Suite struct FirstResponders {
    final class Field: UIView {
        var refuses = false
        override var canBecomeFirstResponder: Bool { true }
        override var canResignFirstResponder: Bool { !refuses }
    }

    @Test func oneFirstResponderAtATimeAndEndEditingResignsIt() {
        UIApplication.$shared.withValue(UIApplication()) {
            let form = UIView()
            let name = Field(), email = Field()
            form.addSubview(name)
            form.addSubview(email)
            #expect(!UIView().becomeFirstResponder(), "a plain view cannot become first responder")
            #expect(name.becomeFirstResponder() && name.isFirstResponder)
            #expect(email.becomeFirstResponder() && email.isFirstResponder && !name.isFirstResponder)
            email.refuses = true
            #expect(!name.becomeFirstResponder() && email.isFirstResponder, "the current one refused to resign")
            #expect(!form.endEditing(false) && email.isFirstResponder)
            #expect(form.endEditing(true) && !email.isFirstResponder)
            #expect(name.becomeFirstResponder() && UIView().endEditing(false) && name.isFirstResponder,
                    "endEditing on a view outside the responder's branch leaves it")
        }
    }
}

@Suite struct PlaceholderAnimator {
    @Test func noArgumentAnimatorIsAnInactiveInstantOne() {
        let animator = UIViewPropertyAnimator()
        #expect(animator.state == .inactive && animator.duration == 0 && !animator.isRunning)
        #expect(animator.timingParameters is UICubicTimingParameters)
    }
}
