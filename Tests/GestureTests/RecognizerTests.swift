import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Taps counted within UIKit's limits: 45 pt, 0.75 s per tap, 0.35 s from a lift to the next touch down.
@Suite struct Taps {
    @Test func aDoubleTapRecognizesOnTheSecondLift() {
        let h = TouchHarness(), log = ActionLog()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        log.watch(double, as: "double")
        h.addView().addGestureRecognizer(double)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        #expect(log.entries.isEmpty && double.state == .possible)
        h.send(.began, 120, 110, at: 0.3)              // 0.2 s after the lift, 22 pt from the first tap
        h.send(.ended, 120, 110, at: 0.4)
        #expect(log.states(of: "double") == [.recognized])
        #expect(log.entries[0].time == 0.4)
        #expect(double.state == .possible)             // reset once the fingers are up
    }

    /// The next tap must come down less than 0.35 s after the lift: at 0.1 + 0.35 it is too late.
    @Test(arguments: [(0.449, true), (0.45, false)])
    func theIntervalBetweenTaps(secondDown: TimeInterval, recognized: Bool) {
        let h = TouchHarness(), log = ActionLog()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        log.watch(double, as: "double")
        h.addView().addGestureRecognizer(double)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        h.send(.began, 100, 100, at: secondDown)
        h.send(.ended, 100, 100, at: secondDown + 0.1)
        #expect(log.states(of: "double") == (recognized ? [.recognized] : []))
    }

    @Test func aSecondTapFarFromTheFirstFails() {
        let h = TouchHarness(), log = ActionLog()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        log.watch(double, as: "double")
        h.addView().addGestureRecognizer(double)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        h.send(.began, 146, 100, at: 0.2)              // 46 pt away
        #expect(double.state == .failed)
        h.send(.ended, 146, 100, at: 0.3)
        #expect(log.entries.isEmpty)
    }

    @Test func aTapHeldLongerThanThreeQuartersOfASecondFails() {
        let h = TouchHarness(), log = ActionLog()
        let tap = UITapGestureRecognizer()
        log.watch(tap, as: "tap")
        h.addView().addGestureRecognizer(tap)
        h.send(.began, 100, 100, at: 0)
        h.wait(until: 0.749)
        #expect(tap.state == .possible)
        h.wait(until: 0.75)
        #expect(tap.state == .failed)
        h.send(.ended, 100, 100, at: 0.8)
        #expect(log.entries.isEmpty)
    }

    @Test func touchesCountTheirTaps() {
        let h = TouchHarness()
        var counts: [Int] = []
        final class Counter: UIView {
            var record: (Int) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches.first!.tapCount) }
        }
        let view = Counter(frame: h.window.bounds)
        view.record = { counts.append($0) }
        h.window.addSubview(view)
        for (i, start) in [0.0, 0.2, 0.4, 1.0, 1.2].enumerated() {
            let x: CGFloat = i == 4 ? 160 : 100                 // the last lands 60 pt away
            h.send(.began, x, 100, at: start)
            h.send(.ended, x, 100, at: start + 0.1)
        }
        // 0.1 s gaps count on; 0.5 s (0.5 → 1.0) starts over; 60 pt away starts over.
        #expect(counts == [1, 2, 3, 1, 1])
    }

    @Test func twoFingerTapsNeedBothFingers() {
        let h = TouchHarness(), log = ActionLog()
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        log.watch(tap, as: "tap")
        h.addView().addGestureRecognizer(tap)
        h.send(.began, 100, 100, at: 0)
        h.send(.began, 200, 100, at: 0.01, finger: 1)
        h.send(.ended, 100, 100, at: 0.1)
        #expect(log.entries.isEmpty)                   // one finger still down
        h.send(.ended, 200, 100, at: 0.11, finger: 1)
        #expect(log.states(of: "tap") == [.recognized])
        // One finger alone is not a two-finger tap.
        h.send(.began, 100, 100, at: 1)
        h.send(.ended, 100, 100, at: 1.1)
        #expect(log.states(of: "tap") == [.recognized])
    }
}

/// `require(toFail:)` and the delegate's dynamic requirements: the waiting recognizer stays `.possible`
/// until the other fails, and fails if the other recognizes.
@Suite struct FailureRequirements {
    final class Rules: NSObject, UIGestureRecognizerDelegate {
        var requireFailureOf: UIGestureRecognizer?
        var requiredToFailBy: UIGestureRecognizer?
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
            other === requireFailureOf
        }
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
            other === requiredToFailBy
        }
    }

    enum Wiring: CaseIterable { case requireToFail, shouldRequireFailureOf, shouldBeRequiredToFailBy, subclassHook }

    /// A single tap whose class requires every multi-tap to fail (the UIGestureRecognizerSubclass hook).
    final class PatientTap: UITapGestureRecognizer {
        override func shouldRequireFailure(of other: UIGestureRecognizer) -> Bool {
            (other as? UITapGestureRecognizer).map { $0.numberOfTapsRequired > numberOfTapsRequired } ?? false
        }
    }

    /// A single tap and a double tap on one view, the single one waiting for the double one to fail.
    func setUp(_ wiring: Wiring, _ h: TouchHarness, _ log: ActionLog, rules: Rules)
        -> (single: UITapGestureRecognizer, double: UITapGestureRecognizer) {
        let view = h.addView()
        let single = wiring == .subclassHook ? PatientTap() : UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        log.watch(single, as: "single")
        log.watch(double, as: "double")
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        switch wiring {
        case .requireToFail: single.require(toFail: double)
        case .shouldRequireFailureOf: rules.requireFailureOf = double; single.delegate = rules
        case .shouldBeRequiredToFailBy: rules.requiredToFailBy = single; double.delegate = rules
        case .subclassHook: break
        }
        return (single, double)
    }

    /// One tap: the single tap waits, still `.possible`, until the double tap fails 0.35 s after the lift,
    /// then recognizes at exactly that moment.
    @Test(arguments: Wiring.allCases)
    func aSingleTapWaitsForTheDoubleTapToFail(wiring: Wiring) {
        let h = TouchHarness(), log = ActionLog(), rules = Rules()
        let (single, double) = setUp(wiring, h, log, rules: rules)
        h.send(.began, 100, 100, at: 0.2)
        h.send(.ended, 100, 100, at: 0.3)
        #expect(log.entries.isEmpty)
        #expect(single.state == .possible && double.state == .possible)
        h.wait(until: 0.6499)
        #expect(log.entries.isEmpty)
        h.wait(until: 1)
        #expect(log.names == ["single"] && log.states(of: "single") == [.recognized])
        #expect(log.entries[0].time == 0.65)            // 0.3 + 0.35 on the tick grid
        #expect(single.state == .possible && double.state == .possible)
    }

    /// Two taps: the double tap recognizes and the waiting single tap fails; it never sends its action.
    @Test(arguments: Wiring.allCases)
    func aDoubleTapWinsAndTheSingleTapFails(wiring: Wiring) {
        let h = TouchHarness(), log = ActionLog(), rules = Rules()
        _ = setUp(wiring, h, log, rules: rules)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        h.send(.began, 100, 100, at: 0.2)
        h.send(.ended, 100, 100, at: 0.3)
        h.wait(until: 2)
        #expect(log.names == ["double"])
        #expect(log.entries[0].time == 0.3)
    }

    /// Without a requirement both fire: the single tap at the first lift, the double tap at the second.
    @Test func withoutARequirementBothRecognize() {
        let h = TouchHarness(), log = ActionLog()
        let view = h.addView()
        let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        log.watch(single, as: "single")
        log.watch(double, as: "double")
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        #expect(log.names == ["single"])
        // The single tap's recognition excluded the double tap for this gesture; the next touch starts over.
        h.send(.began, 100, 100, at: 0.2)
        h.send(.ended, 100, 100, at: 0.3)
        #expect(log.names == ["single", "single"])
    }

    /// Two taps that require each other do not wait forever: the second to ask goes ahead.
    @Test func aMutualRequirementDoesNotDeadlock() {
        let h = TouchHarness(), log = ActionLog()
        let view = h.addView()
        let a = UITapGestureRecognizer(), b = UITapGestureRecognizer()
        log.watch(a, as: "a")
        log.watch(b, as: "b")
        view.addGestureRecognizer(a)
        view.addGestureRecognizer(b)
        a.require(toFail: b)
        b.require(toFail: a)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        #expect(log.names == ["b"])
        #expect(a.state == .possible && b.state == .possible)   // both reset for the next gesture
        h.send(.began, 100, 100, at: 1)
        h.send(.ended, 100, 100, at: 1.1)
        #expect(log.names == ["b", "b"])
    }

    /// A pan that requires a long press to fail: moving early fails the press (10 pt), so the pan begins
    /// on the same move; a press that began first makes the pan fail.
    @Test func aPanWaitsForALongPress() {
        let h = TouchHarness(), log = ActionLog()
        let view = h.addView()
        let pan = UIPanGestureRecognizer(), press = UILongPressGestureRecognizer()
        log.watch(pan, as: "pan")
        log.watch(press, as: "press")
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(press)
        pan.require(toFail: press)
        h.send(.began, 100, 100, at: 0)
        h.send(.moved, 100, 112, at: 0.1)               // 12 pt: the press fails, the pan may begin
        #expect(log.names == ["pan"] && pan.state == .began)
        h.send(.ended, 100, 112, at: 0.2)
        #expect(log.names == ["pan", "pan"])
        h.send(.began, 100, 100, at: 1)
        h.wait(until: 1.5)
        #expect(log.names.last == "press" && press.state == .began)
        h.send(.moved, 100, 150, at: 1.6)
        #expect(pan.state == .failed && log.names.last == "press")
        h.send(.ended, 100, 150, at: 1.7)
        #expect(log.states(of: "press") == [.began, .changed, .ended])
        #expect(log.states(of: "pan") == [.began, .ended])
    }
}

/// UILongPressGestureRecognizer: Apple's defaults (0.5 s, 10 pt), began exactly at the duration.
@Suite struct LongPress {
    @Test func beginsExactlyAtTheMinimumDurationChangesOnMovesEndsOnLift() {
        let h = TouchHarness(), log = ActionLog()
        let press = UILongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0 && press.numberOfTouchesRequired == 1)
        log.watch(press, as: "press")
        h.addView().addGestureRecognizer(press)
        h.send(.began, 100, 100, at: 0.3)
        h.send(.moved, 106, 108, at: 0.4)               // 10 pt: still allowed
        h.wait(until: 1)
        #expect(log.states(of: "press") == [.began])
        #expect(log.entries[0].time == 0.8)             // 0.3 + 0.5, frame 48 at 60 fps exactly
        h.send(.moved, 100, 300, at: 1.1)               // any distance once it began
        h.send(.moved, 100, 310, at: 1.2)
        h.send(.ended, 100, 320, at: 1.3)
        #expect(log.states(of: "press") == [.began, .changed, .changed, .changed, .ended])
        #expect(press.location(in: nil) == CGPoint(x: 100, y: 320))
    }

    @Test func movingTooFarOrLiftingEarlyFails() {
        let h = TouchHarness(), log = ActionLog()
        let press = UILongPressGestureRecognizer()
        log.watch(press, as: "press")
        h.addView().addGestureRecognizer(press)
        h.send(.began, 100, 100, at: 0)
        h.send(.moved, 100, 110.5, at: 0.2)             // 10.5 pt
        #expect(press.state == .failed)
        h.wait(until: 1)
        h.send(.ended, 100, 110.5, at: 1.1)
        h.send(.began, 100, 100, at: 2)
        h.send(.ended, 100, 100, at: 2.4)               // lifted before 0.5 s
        h.wait(until: 3)
        #expect(log.entries.isEmpty)
    }

    @Test func aTapThenAPressAndTwoFingers() {
        let h = TouchHarness(), log = ActionLog()
        let tapPress = UILongPressGestureRecognizer()
        tapPress.numberOfTapsRequired = 1
        log.watch(tapPress, as: "tap-press")
        h.addView().addGestureRecognizer(tapPress)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        h.send(.began, 100, 100, at: 0.2)
        h.wait(until: 1)
        #expect(log.entries.map(\.time) == [0.7])
        h.send(.ended, 100, 100, at: 1.1)

        let h2 = TouchHarness(), log2 = ActionLog()
        let twoFinger = UILongPressGestureRecognizer()
        twoFinger.numberOfTouchesRequired = 2
        log2.watch(twoFinger, as: "two")
        h2.addView().addGestureRecognizer(twoFinger)
        h2.send(.began, 100, 100, at: 0)
        h2.send(.began, 150, 100, at: 0.1, finger: 1)   // the duration counts from the second finger
        h2.wait(until: 1)
        #expect(log2.entries.map(\.time) == [0.6])
        h2.send(.ended, 100, 100, at: 1.1)              // lifting any finger ends it
        #expect(log2.states(of: "two") == [.began, .ended])
    }
}

/// UISwipeGestureRecognizer against the thresholds worked out by hand.
@Suite struct Swipes {
    /// 150 pt right in 0.15 s at 120 Hz: 8⅓ pt per sample. At sample k (t = k/120) the swipe needs
    /// 50 · (1 − 0.94 t) pt: sample 5 has 41.7 < 48.04, sample 6 has 50 ≥ 47.65, so it recognizes at 0.05 s.
    @Test func aQuickSwipeRecognizesWhenItPassesTheShrinkingDistance() {
        let h = TouchHarness(), log = ActionLog()
        let swipe = UISwipeGestureRecognizer()
        #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
        log.watch(swipe, as: "swipe")
        h.addView().addGestureRecognizer(swipe)
        h.send(.began, 100, 300, at: 0)
        for k in 1...18 { h.send(.moved, 100 + 150 * CGFloat(k) / 18, 300, at: Double(k) / 120) }
        h.send(.ended, 250, 300, at: 0.15)
        #expect(log.states(of: "swipe") == [.recognized])
        #expect(abs(log.entries[0].time - 0.05) < 1e-12)
        #expect(swipe.location(in: nil) == CGPoint(x: 100, y: 300))    // where it started
    }

    /// A slow one: 60 pt/s up needs 60 t ≥ 50 (1 − 0.94 t), t ≥ 0.467 s; at 0.46 s (27.6 pt) not yet.
    @Test func aSlowSwipeNeedsLessDistance() {
        let h = TouchHarness(), log = ActionLog()
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = [.up, .down]
        log.watch(swipe, as: "swipe")
        h.addView().addGestureRecognizer(swipe)
        h.send(.began, 100, 300, at: 0)
        h.send(.moved, 100, 300 - 60 * 0.46, at: 0.46)
        #expect(log.entries.isEmpty)
        h.send(.moved, 100, 300 - 60 * 0.47, at: 0.47)
        #expect(log.states(of: "swipe") == [.recognized])
    }

    @Test func theWrongWayTooFarSidewaysOrTooFewFingersFail() {
        let h = TouchHarness()
        let swipe = UISwipeGestureRecognizer()
        h.addView().addGestureRecognizer(swipe)
        h.send(.began, 200, 300, at: 0)
        h.send(.moved, 185, 300, at: 0.02)              // left, 15 pt
        #expect(swipe.state == .failed)
        h.send(.ended, 185, 300, at: 0.03)
        // Sideways: 200 · (1 − 0.98 · 0.01) = 198.04 pt allowed at 0.01 s.
        h.send(.began, 100, 300, at: 1)
        h.send(.moved, 160, 510, at: 1.01)
        #expect(swipe.state == .failed)
        h.send(.ended, 160, 510, at: 1.02)
        swipe.numberOfTouchesRequired = 2
        h.send(.began, 100, 300, at: 2)
        h.send(.moved, 200, 300, at: 2.05)
        #expect(swipe.state == .failed)
        h.send(.ended, 200, 300, at: 2.1)
        // Two fingers moving right together.
        h.send(.began, 100, 300, at: 3)
        h.send(.began, 100, 360, at: 3, finger: 1)
        h.sendTogether([(0, 180, 300), (1, 180, 360)], at: 3.05)
        #expect(swipe.state == .recognized)
    }
}

/// UIPinchGestureRecognizer and UIRotationGestureRecognizer with two fingers moving in one event.
@Suite struct TwoFingers {
    /// Span 100 → +5 pt per event at 120 Hz: it begins at the second event (10 pt) with scale 1.1; each
    /// event adds 0.05 in 1/120 s, so the velocity is 6 scale/s; ten events end at 1.5.
    @Test func pinchScaleAndVelocity() {
        let h = TouchHarness(), log = ActionLog()
        let pinch = UIPinchGestureRecognizer()
        var seen: [(CGFloat, CGFloat)] = []
        pinch.addAction { (p: UIPinchGestureRecognizer) in seen.append((p.scale, p.velocity)) }
        log.watch(pinch, as: "pinch")
        h.addView().addGestureRecognizer(pinch)
        h.send(.began, 150, 400, at: 0)
        h.send(.began, 250, 400, at: 0, finger: 1)
        for k in 1...10 {
            let d = 2.5 * CGFloat(k)
            h.sendTogether([(0, 150 - d, 400), (1, 250 + d, 400)], at: Double(k) / 120)
        }
        #expect(log.states(of: "pinch") == [.began] + Array(repeating: .changed, count: 8))
        #expect(abs(seen[0].0 - 1.1) < 1e-12 && abs(seen[0].1 - 6) < 1e-9)
        #expect(abs(seen.last!.0 - 1.5) < 1e-12 && abs(seen.last!.1 - 6) < 1e-9)
        #expect(pinch.location(in: nil) == CGPoint(x: 200, y: 400))
        // Writing the scale re-bases it and zeroes the velocity (Apple's documentation).
        pinch.scale = 1
        #expect(pinch.velocity == 0)
        h.sendTogether([(0, 100, 400), (1, 300, 400)], at: 11 / 120)    // 150 → 200
        #expect(abs(pinch.scale - 200.0 / 150.0) < 1e-12)
        h.send(.ended, 100, 400, at: 0.1)
        #expect(log.states(of: "pinch").last == .changed)   // one finger left: not over yet
        h.send(.ended, 300, 400, at: 0.11, finger: 1)
        #expect(log.states(of: "pinch").last == .ended)
    }

    @Test func aPinchFailsIfAFingerLiftsFirstAndIgnoresAThird() {
        let h = TouchHarness()
        let pinch = UIPinchGestureRecognizer()
        h.addView().addGestureRecognizer(pinch)
        h.send(.began, 150, 400, at: 0)
        h.send(.began, 250, 400, at: 0, finger: 1)
        h.send(.began, 200, 500, at: 0, finger: 2)
        #expect(pinch.numberOfTouches == 2)
        h.send(.ended, 250, 400, at: 0.1, finger: 1)
        #expect(pinch.state == .failed)
    }

    /// A quarter turn clockwise on screen in 0.5 s: rotation π/2, velocity π rad/s.
    @Test func rotationFollowsTheLineBetweenTheFingers() {
        let h = TouchHarness()
        let rotation = UIRotationGestureRecognizer()
        var states: [UIGestureRecognizer.State] = []
        rotation.addAction { (r: UIRotationGestureRecognizer) in states.append(r.state) }
        h.addView().addGestureRecognizer(rotation)
        let c = CGPoint(x: 200, y: 400), r: CGFloat = 75
        h.send(.began, c.x - r, c.y, at: 0)
        h.send(.began, c.x + r, c.y, at: 0, finger: 1)
        for k in 1...60 {
            let a = CGFloat.pi / 2 * CGFloat(k) / 60
            h.sendTogether([(0, c.x - r * cos(a), c.y - r * sin(a)), (1, c.x + r * cos(a), c.y + r * sin(a))],
                           at: Double(k) / 120)
        }
        #expect(states.first == .began && states.dropFirst().allSatisfy { $0 == .changed })
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
        #expect(abs(rotation.velocity - .pi) < 1e-6)
    }
}
