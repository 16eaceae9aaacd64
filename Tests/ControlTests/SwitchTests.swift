import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

@Suite("UISwitch")
struct SwitchTests {
    @Test("51 × 31 whatever frame it is given, as its intrinsic size too")
    func size() {
        let toggle = UISwitch(frame: CGRect(x: 5, y: 6, width: 200, height: 100))
        #expect(toggle.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
        #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(toggle.style == .sliding)
        toggle.preferredStyle = .checkbox
        #expect(toggle.style == .sliding)
    }

    @Test("A tap toggles it and sends valueChanged once; setOn sends nothing")
    func tapToggles() {
        let harness = ControlHarness()
        let toggle = harness.add(UISwitch())
        let log = EventLog()
        log.watch(toggle, [.valueChanged, .primaryActionTriggered, .touchUpInside])
        toggle.setOn(true, animated: false)
        #expect(log.names.isEmpty)
        harness.tap(CGPoint(x: 45, y: 35), at: 0)
        #expect(!toggle.isOn)
        // endTracking (where the switch changes) runs before the touch-up events go out, as in UIKit.
        #expect(log.names == ["value", "primary", "upInside"])
        harness.tap(CGPoint(x: 45, y: 35), at: 1)
        #expect(toggle.isOn)
        #expect(log.count("value") == 2)
    }

    @Test("Dragging the knob across turns it on; dragging back before lifting leaves it as it was")
    func dragAcross() {
        let harness = ControlHarness()
        let toggle = harness.add(UISwitch())
        let log = EventLog()
        log.watch(toggle, [.valueChanged])
        harness.send(.began, CGPoint(x: 30, y: 35), at: 0)
        harness.send(.moved, CGPoint(x: 50, y: 35), at: 0.1)
        harness.send(.moved, CGPoint(x: 66, y: 35), at: 0.2)
        #expect(!toggle.isOn)                    // not yet: the value changes when the finger lifts
        harness.send(.ended, CGPoint(x: 66, y: 35), at: 0.3)
        #expect(toggle.isOn && log.names == ["value"])
        harness.send(.began, CGPoint(x: 60, y: 35), at: 1)
        harness.send(.moved, CGPoint(x: 25, y: 35), at: 1.1)
        harness.send(.moved, CGPoint(x: 65, y: 35), at: 1.2)
        harness.send(.ended, CGPoint(x: 65, y: 35), at: 1.3)
        #expect(toggle.isOn && log.names == ["value"])
    }

    @Test("setOn(_:animated: true) slides the knob and fades the green in on the clock")
    func animatedToggle() {
        let harness = ControlHarness()
        let toggle = harness.add(UISwitch())
        harness.on { toggle.setOn(true, animated: true) }
        #expect(harness.shownFrame(toggle.knob).minX == 2)
        harness.wait(until: 0.1)
        let midX = harness.shownFrame(toggle.knob).minX
        let midAlpha = harness.shownOpacity(toggle.onTrack)
        #expect(midX > 4 && midX < 20)
        #expect(midAlpha > 0.1 && midAlpha < 0.9)
        harness.wait(until: 2)
        #expect(harness.shownFrame(toggle.knob).minX == 22)
        #expect(harness.shownOpacity(toggle.onTrack) == 1)
    }

    @Test("Held, the knob stretches toward the middle; released, it is 27 pt again")
    func heldKnobStretches() {
        let harness = ControlHarness()
        let toggle = harness.add(UISwitch())
        harness.send(.began, CGPoint(x: 30, y: 35), at: 0)
        harness.wait(until: 1)
        #expect(harness.shownFrame(toggle.knob) == CGRect(x: 2, y: 2, width: 34, height: 27))
        harness.send(.ended, CGPoint(x: 30, y: 35), at: 1.1)
        harness.wait(until: 3)
        #expect(harness.shownFrame(toggle.knob) == CGRect(x: 22, y: 2, width: 27, height: 27))
    }

    @Test("Disabled: no touches reach it, and it draws at half strength")
    func disabled() {
        let harness = ControlHarness()
        let toggle = harness.add(UISwitch())
        toggle.isEnabled = false
        harness.tap(CGPoint(x: 45, y: 35), at: 0)
        #expect(!toggle.isOn)
        #expect(toggle.content.alpha == 0.5)
    }
}
