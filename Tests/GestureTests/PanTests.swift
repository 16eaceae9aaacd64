import Testing
@testable import QuartzCore
@testable import UIKit
import TestSupport

/// UIPanGestureRecognizer: hysteresis, translation, velocity and touch counts.
@Suite struct Pan {
    func makePan(_ h: TouchHarness, log: StateLog) -> (UIView, UIPanGestureRecognizer) {
        let view = UIView(frame: CGRect(x: 0, y: 100, width: 393, height: 400))
        h.window.addSubview(view)
        let pan = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        view.addGestureRecognizer(pan)
        return (view, pan)
    }

    @Test func beginsAfterTenPointsWithTheSlopRemovedPerAxis() {
        let h = TouchHarness(), log = StateLog()
        let (view, pan) = makePan(h, log: log)
        #expect(view.gestureRecognizers?.count == 1 && pan.view === view)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 106, 207, at: 0.01)          // 9.2 pt: still possible
        #expect(pan.state == .possible && log.states.isEmpty)
        h.send(.moved, 108, 210, at: 0.02)          // 12.8 pt: begins
        #expect(log.states == [.began])
        // Each axis loses up to 10 pt: (8, 10) → (0, 0).
        #expect(log.translations[0] == CGPoint(x: 0, y: 0))
        h.send(.moved, 120, 190, at: 0.03)
        #expect(log.states == [.began, .changed])
        #expect(log.translations[1] == CGPoint(x: 12, y: -20))
        h.send(.ended, 120, 190, at: 0.04)
        #expect(log.states == [.began, .changed, .ended])
        #expect(pan.state == .possible)              // reset once the touches are up
    }

    @Test func slopRemovalKeepsTheExcessOnEachAxis() {
        let h = TouchHarness(), log = StateLog()
        _ = makePan(h, log: log)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 75, 203, at: 0.02)
        #expect(log.states == [.began])
        #expect(log.translations[0] == CGPoint(x: -15, y: 0))
    }

    @Test func liftingBeforeTheHysteresisFailsWithoutAnAction() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        var seen: [UIGestureRecognizer.State] = []
        pan.addAction { seen.append($0.state) }
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 105, 205, at: 0.01)
        h.send(.ended, 105, 205, at: 0.02)
        #expect(log.states.isEmpty && seen.isEmpty)
        #expect(pan.state == .possible)
    }

    @Test func setTranslationMovesTheReference() {
        let h = TouchHarness(), log = StateLog()
        let (view, pan) = makePan(h, log: log)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 240, at: 0.05)
        #expect(pan.translation(in: view) == CGPoint(x: 0, y: 30))
        h.on { pan.setTranslation(.zero, in: nil) }
        #expect(pan.translation(in: view) == .zero)
        h.send(.moved, 100, 250, at: 0.1)
        #expect(pan.translation(in: view) == CGPoint(x: 0, y: 10))
        h.on { pan.setTranslation(CGPoint(x: 5, y: -5), in: view) }
        #expect(pan.translation(in: nil) == CGPoint(x: 5, y: -5))
    }

    @Test func translationAndVelocityFollowTheViewsScale() {
        let h = TouchHarness(), log = StateLog()
        let (view, pan) = makePan(h, log: log)
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 230, at: 0.1)
        h.send(.moved, 100, 260, at: 0.2)
        #expect(close(pan.translation(in: nil).y, 50, 1e-9))
        #expect(close(pan.translation(in: view).y, 25, 1e-9))
        #expect(close(pan.velocity(in: nil).y, 300, 1e-9))
        #expect(close(pan.velocity(in: view).y, 150, 1e-9))
    }

    /// v = 0.2 · latest + 0.8 · previous, per-event samples Δposition / Δt.
    @Test func velocityBlendsTheLastTwoSamples() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        h.send(.began, 0, 200, at: 0)
        h.send(.moved, 30, 200, at: 0.1)             // sample 300 pt/s; only one: velocity = 300
        #expect(close(pan.velocity(in: nil).x, 300, 1e-9))
        h.send(.moved, 40, 200, at: 0.2)             // sample 100 → 0.2·100 + 0.8·300 = 260
        #expect(close(pan.velocity(in: nil).x, 260, 1e-9))
        h.send(.moved, 40.5, 200, at: 0.2005)        // Δt < 1 ms reads as 0 → 0.2·0 + 0.8·100 = 80
        #expect(close(pan.velocity(in: nil).x, 80, 1e-9))
    }

    /// A finger moving as x(t) = 400 t − 300 t² (velocity 400 − 600 t) sampled at 120 Hz: the estimate is the
    /// blend of the two last finite differences, each the velocity at its interval's midpoint.
    @Test func velocityFromSyntheticSamplesTracksTheAnalyticSpeed() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        func x(_ t: Double) -> CGFloat { 400 * t - 300 * t * t }
        h.send(.began, 50, 300, at: 0)
        let dt = 1.0 / 120
        for i in 1...48 {
            let t = Double(i) * dt
            h.send(.moved, 50 + x(t), 300, at: t)
            guard i >= 2 else { continue }
            let expected = 0.2 * (400 - 600 * (t - dt / 2)) + 0.8 * (400 - 600 * (t - 1.5 * dt))
            #expect(close(pan.velocity(in: nil).x, expected, 1e-6))
            // Lags the true speed by 1.3 samples: within 8 pt/s here.
            #expect(abs(pan.velocity(in: nil).x - (400 - 600 * t)) < 8)
        }
    }

    @Test func aSecondFingerDoesNotMakeTheTranslationJump() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 250, at: 0.05)
        let before = pan.translation(in: nil)
        h.send(.began, 200, 300, at: 0.06, finger: 1)
        #expect(pan.numberOfTouches == 2)
        #expect(pan.translation(in: nil) == before)
        #expect(pan.location(in: nil) == CGPoint(x: 150, y: 275))
        h.send(.moved, 200, 320, at: 0.07, finger: 1)      // centroid moves 10
        #expect(pan.translation(in: nil) == CGPoint(x: before.x, y: before.y + 10))
        h.send(.ended, 200, 320, at: 0.08, finger: 1)
        #expect(pan.translation(in: nil) == CGPoint(x: before.x, y: before.y + 10))
        #expect(log.states.last == .changed)
        h.send(.ended, 100, 250, at: 0.09)
        #expect(log.states.last == .ended)
    }

    @Test func maximumNumberOfTouchesIgnoresExtraFingers() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        pan.maximumNumberOfTouches = 1
        h.send(.began, 100, 200, at: 0)
        h.send(.began, 300, 200, at: 0.01, finger: 1)
        #expect(pan.numberOfTouches == 1)
        h.send(.moved, 300, 300, at: 0.02, finger: 1)
        #expect(pan.state == .possible)
    }

    @Test func minimumNumberOfTouchesWaitsForTheSecondFinger() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        pan.minimumNumberOfTouches = 2
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 240, at: 0.02)
        #expect(pan.state == .possible)
        h.send(.began, 200, 240, at: 0.03, finger: 1)
        h.send(.moved, 200, 280, at: 0.04, finger: 1)
        #expect(pan.state == .began)
    }

    @Test func delegateCanVetoTheBeginning() {
        final class No: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        let delegate = No()
        pan.delegate = delegate
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 260, at: 0.02)
        #expect(pan.state == .failed && log.states.isEmpty)
        h.send(.moved, 100, 300, at: 0.03)
        #expect(log.states.isEmpty)
        h.send(.ended, 100, 300, at: 0.04)
        #expect(pan.state == .possible)
    }

    @Test func disablingAnActivePanCancelsIt() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 260, at: 0.02)
        pan.isEnabled = false
        #expect(log.states == [.began, .cancelled])
        h.send(.moved, 100, 300, at: 0.03)
        h.send(.ended, 100, 300, at: 0.04)
        #expect(log.states == [.began, .cancelled])
    }

    @Test func theTargetIsHeldWeakly() {
        let h = TouchHarness()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        h.window.addSubview(view)
        weak var weakLog: StateLog?
        do {
            let log = StateLog()
            weakLog = log
            view.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        }
        #expect(weakLog == nil)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 260, at: 0.02)           // no target left: nothing to call, no crash
        #expect(view.gestureRecognizers?.first?.state == .began)
    }

    @Test func removeTargetStopsItsActions() {
        let h = TouchHarness(), log = StateLog()
        let (_, pan) = makePan(h, log: log)
        pan.removeTarget(log)
        h.send(.began, 100, 200, at: 0)
        h.send(.moved, 100, 260, at: 0.02)
        #expect(log.states.isEmpty)
    }
}
