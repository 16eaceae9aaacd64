import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// A control that records the tracking calls UIControl makes, and can refuse to track.
final class TrackingProbe: UIControl {
    var calls: [String] = []
    var tracks = true
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        calls.append("begin tracking=\(isTracking) inside=\(isTouchInside)")
        return tracks
    }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        calls.append("continue inside=\(isTouchInside)")
        return true
    }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { calls.append("end tracking=\(isTracking)") }
    override func cancelTracking(with event: UIEvent?) { calls.append("cancel") }
    var sentActions: [String] = []
    override func sendAction(_ action: UIAction) {
        sentActions.append(action.title)
        super.sendAction(action)
    }
}

final class ActionTarget: NSObject {
    var count = 0
    func fire() { count += 1 }
    func fire(_ sender: UIControl) { count += 1 }
}

@Suite("UIControl's base")
struct ControlBaseTests {
    @Test("A touch is tracked: begin, continue, end in order, with the touch events between")
    func trackingOrder() {
        let harness = ControlHarness()
        let probe = harness.add(TrackingProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 44)))
        let log = EventLog()
        log.watch(probe)
        harness.send(.began, CGPoint(x: 50, y: 40), at: 0)
        #expect(probe.isTracking && probe.isTouchInside && probe.isHighlighted)
        harness.send(.moved, CGPoint(x: 60, y: 40), at: 0.05)
        harness.send(.ended, CGPoint(x: 60, y: 40), at: 0.1)
        #expect(probe.calls == ["begin tracking=false inside=true", "continue inside=true", "end tracking=true"])
        #expect(log.names == ["down", "dragInside", "upInside", "primary"])
        #expect(!probe.isTracking && !probe.isTouchInside && !probe.isHighlighted)
    }

    @Test("Refusing to track skips continue and end; the touch events still go out")
    func refusedTracking() {
        let harness = ControlHarness()
        let probe = harness.add(TrackingProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 44)))
        probe.tracks = false
        let log = EventLog()
        log.watch(probe)
        harness.send(.began, CGPoint(x: 50, y: 40), at: 0)
        harness.send(.moved, CGPoint(x: 55, y: 40), at: 0.05)
        harness.send(.ended, CGPoint(x: 55, y: 40), at: 0.1)
        #expect(probe.calls == ["begin tracking=false inside=true"])
        #expect(log.names == ["down", "dragInside", "upInside", "primary"])
    }

    @Test("Leaving the 70 pt allowance exits, coming back enters, lifting outside is upOutside")
    func dragOutAndIn() {
        let harness = ControlHarness()
        let probe = harness.add(TrackingProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 44)))
        let log = EventLog()
        log.watch(probe)
        harness.send(.began, CGPoint(x: 50, y: 40), at: 0)
        harness.send(.moved, CGPoint(x: 50, y: 120), at: 0.05)      // 56 pt below: still inside
        #expect(probe.isTouchInside)
        harness.send(.moved, CGPoint(x: 50, y: 160), at: 0.1)       // 96 pt below: outside
        #expect(!probe.isTouchInside && !probe.isHighlighted)
        harness.send(.moved, CGPoint(x: 50, y: 60), at: 0.15)
        harness.send(.moved, CGPoint(x: 50, y: 200), at: 0.2)
        harness.send(.ended, CGPoint(x: 50, y: 200), at: 0.25)
        #expect(log.names == ["down", "dragInside", "exit", "dragOutside", "enter", "dragInside", "exit", "dragOutside", "upOutside"])
        #expect(probe.calls.last == "end tracking=true")
    }

    @Test("A cancelled touch calls cancelTracking and sends touchCancel")
    func cancel() {
        let harness = ControlHarness()
        let probe = harness.add(TrackingProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 44)))
        let log = EventLog()
        log.watch(probe)
        harness.send(.began, CGPoint(x: 50, y: 40), at: 0)
        harness.send(.cancelled, CGPoint(x: 50, y: 40), at: 0.1)
        #expect(probe.calls == ["begin tracking=false inside=true", "cancel"])
        #expect(log.names == ["down", "cancel"])
        #expect(!probe.isTracking)
    }

    @Test("A second quick tap sends touchDownRepeat")
    func downRepeat() {
        let harness = ControlHarness()
        let probe = harness.add(TrackingProbe(frame: CGRect(x: 0, y: 0, width: 100, height: 44)))
        let log = EventLog()
        log.watch(probe, [.touchDown, .touchDownRepeat])
        harness.tap(CGPoint(x: 50, y: 40), at: 0)
        harness.tap(CGPoint(x: 50, y: 40), at: 0.2)
        #expect(log.names == ["down", "down", "downRepeat"])
    }

    @Test("init(frame:primaryAction:), performPrimaryAction and sendAction(_:) for UIActions")
    func primaryAction() {
        var fired = 0
        let probe = TrackingProbe(frame: .zero, primaryAction: UIAction(title: "go") { _ in fired += 1 })
        probe.performPrimaryAction()
        #expect(fired == 1)
        #expect(probe.sentActions == ["go"])
        #expect(probe.allControlEvents == .primaryActionTriggered)
    }

    @Test("Targets: allTargets, actions(forTarget:forControlEvent:), enumerateEventHandlers stopping early")
    func targets() {
        let control = UIControl(frame: .zero)
        let target = ActionTarget()
        control.addTarget(target, action: ActionTarget.fire as (ActionTarget) -> () -> Void, for: .touchUpInside)
        control.addTarget(target, action: ActionTarget.fire(_:), for: [.touchUpInside, .valueChanged])
        control.addAction(UIAction(title: "a") { _ in }, for: .valueChanged)
        #expect(control.allTargets == [AnyHashable(target)])
        #expect(control.actions(forTarget: target, forControlEvent: .touchUpInside)?.count == 2)
        #expect(control.actions(forTarget: target, forControlEvent: .valueChanged)?.count == 1)
        #expect(control.actions(forTarget: target, forControlEvent: .touchDown) == nil)
        var seen: [String] = []
        control.enumerateEventHandlers { action, targetAction, events, stop in
            seen.append(action?.title ?? "target \(events.rawValue)")
            if seen.count == 2 { stop = true }
        }
        #expect(seen == ["a", "target \(UIControl.Event.touchUpInside.rawValue)"])
        control.sendActions(for: .touchUpInside)
        #expect(target.count == 2)
        control.sendAction(ActionTarget.fire as (ActionTarget) -> () -> Void, to: target, for: nil)
        #expect(target.count == 3)
        control.removeTarget(target, action: nil, for: .allEvents)
        #expect(control.allTargets.isEmpty)
    }

    @Test("Content alignment: leading and trailing are left and right; the inert members are kept")
    func alignment() {
        let control = UIControl(frame: .zero)
        #expect(control.contentHorizontalAlignment == .center && control.contentVerticalAlignment == .center)
        control.contentHorizontalAlignment = .leading
        #expect(control.effectiveContentHorizontalAlignment == .left)
        control.contentHorizontalAlignment = .trailing
        #expect(control.effectiveContentHorizontalAlignment == .right)
        control.toolTip = "Tip"
        control.showsMenuAsPrimaryAction = true
        #expect(control.toolTip == "Tip" && control.showsMenuAsPrimaryAction)
    }

    @Test("A button still sends touchUpInside and its primary action on a tap")
    func buttonStillWorks() {
        let harness = ControlHarness()
        var fired = 0
        let button = harness.add(UIButton(primaryAction: UIAction(title: "Go") { _ in fired += 1 }))
        button.frame = CGRect(x: 20, y: 20, width: 80, height: 44)
        let log = EventLog()
        log.watch(button, [.touchUpInside])
        harness.tap(CGPoint(x: 50, y: 40), at: 0)
        #expect(fired == 1)
        #expect(log.names == ["upInside"])
    }
}
