import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

@Suite("UIStepper")
struct StepperTests {
    /// The stepper's halves in window coordinates (it sits at 20, 20).
    static let minus = CGPoint(x: 20 + 23, y: 36)
    static let plus = CGPoint(x: 20 + 70, y: 36)

    @Test("94 × 32; defaults as Apple documents; the value is clamped")
    func defaults() {
        let stepper = UIStepper(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(stepper.frame.size == CGSize(width: 94, height: 32) && stepper.intrinsicContentSize == stepper.frame.size)
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(stepper.isContinuous && stepper.autorepeat && !stepper.wraps)
        stepper.value = 250
        #expect(stepper.value == 100)
        stepper.maximumValue = 10
        #expect(stepper.value == 10)
        stepper.minimumValue = -5
        stepper.value = -20
        #expect(stepper.value == -5)
    }

    @Test("A tap on plus steps up at touch down and sends valueChanged; minus is spent at the minimum")
    func taps() {
        let harness = ControlHarness()
        let stepper = harness.add(UIStepper())
        let log = EventLog()
        log.watch(stepper, [.valueChanged])
        harness.send(.began, Self.plus, at: 0)
        #expect(stepper.value == 1 && log.names == ["value"])
        harness.send(.ended, Self.plus, at: 0.1)
        harness.tap(Self.minus, at: 1)
        harness.tap(Self.minus, at: 2)
        #expect(stepper.value == 0 && log.count("value") == 2)
    }

    @Test("Wrapping: past the maximum the value starts again at the minimum")
    func wraps() {
        let harness = ControlHarness()
        let stepper = harness.add(UIStepper())
        stepper.maximumValue = 2
        stepper.value = 2
        harness.tap(Self.plus, at: 0)
        #expect(stepper.value == 2)
        stepper.wraps = true
        harness.tap(Self.plus, at: 1)
        #expect(stepper.value == 0)
        harness.tap(Self.minus, at: 2)
        #expect(stepper.value == 2)
    }

    @Test("Held, a half repeats on the scene's clock: after 0.5 s, five more 0.2 s apart, then every 0.1 s")
    func autorepeat() {
        let harness = ControlHarness()
        let stepper = harness.add(UIStepper())
        harness.send(.began, Self.plus, at: 0)
        harness.wait(until: 0.49)
        #expect(stepper.value == 1)
        harness.wait(until: 0.5)
        #expect(stepper.value == 2)
        harness.wait(until: 1.45)
        #expect(stepper.value == 6)           // 0.7, 0.9, 1.1, 1.3
        harness.wait(until: 1.65)
        #expect(stepper.value == 8)           // 1.5, then 1.6
        harness.send(.ended, Self.plus, at: 1.66)
        harness.wait(until: 5)
        #expect(stepper.value == 8)
        stepper.autorepeat = false
        harness.send(.began, Self.plus, at: 6)
        harness.wait(until: 8)
        #expect(stepper.value == 9)
        harness.send(.ended, Self.plus, at: 8)
    }

    @Test("Not continuous: one valueChanged when the finger lifts")
    func notContinuous() {
        let harness = ControlHarness()
        let stepper = harness.add(UIStepper())
        stepper.isContinuous = false
        let log = EventLog()
        log.watch(stepper, [.valueChanged])
        harness.send(.began, Self.plus, at: 0)
        harness.wait(until: 1)
        #expect(stepper.value == 4 && log.names.isEmpty)
        harness.send(.ended, Self.plus, at: 1)
        #expect(log.names == ["value"])
    }
}
