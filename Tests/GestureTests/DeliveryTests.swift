import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import TestSupport

/// UIScreenEdgePanGestureRecognizer: 13 pt region (11 at the bottom), 15 pt hysteresis, first touch only.
@Suite struct EdgePan {
    func makeEdgePan(_ h: TouchHarness, _ edges: UIRectEdge, log: StateLog) -> UIScreenEdgePanGestureRecognizer {
        let root = UIView(frame: h.window.bounds)
        h.window.addSubview(root)
        let pan = UIScreenEdgePanGestureRecognizer(target: log, action: StateLog.handle)
        pan.edges = edges
        root.addGestureRecognizer(pan)
        return pan
    }

    @Test(arguments: [(CGFloat(13), true), (13.5, false), (2, true)])
    func leftEdgeRegion(x: CGFloat, accepted: Bool) {
        let h = TouchHarness(), log = StateLog()
        let pan = makeEdgePan(h, .left, log: log)
        h.send(.began, x, 400, at: 0)
        #expect((pan.state == .possible) == accepted)
        h.send(.moved, x + 40, 400, at: 0.05)
        #expect(log.states == (accepted ? [.began] : []))
    }

    @Test(arguments: [(CGFloat(841), true), (840.5, false), (851, true)])
    func bottomEdgeRegionIsEleven(y: CGFloat, accepted: Bool) {
        let h = TouchHarness(), log = StateLog()
        let pan = makeEdgePan(h, .bottom, log: log)
        h.send(.began, 200, y, at: 0)
        #expect((pan.state == .possible) == accepted)
    }

    @Test func rightEdgeOnlyWhenRequested() {
        let h = TouchHarness(), log = StateLog()
        let pan = makeEdgePan(h, .left, log: log)
        h.send(.began, 390, 400, at: 0)
        #expect(pan.state == .failed)
        h.send(.ended, 390, 400, at: 0.1)
        #expect(pan.state == .possible)
    }

    @Test func hysteresisIsFifteenWithTheSlopRemoved() {
        let h = TouchHarness(), log = StateLog()
        _ = makeEdgePan(h, .right, log: log)
        h.send(.began, 390, 400, at: 0)
        h.send(.moved, 376, 400, at: 0.02)             // 14 pt
        #expect(log.states.isEmpty)
        h.send(.moved, 370, 400, at: 0.04)             // 20 pt → −20 + 15
        #expect(log.states == [.began])
        #expect(log.translations[0] == CGPoint(x: -5, y: 0))
    }

    @Test func movingAlongTheEdgeFails() {
        let h = TouchHarness(), log = StateLog()
        let pan = makeEdgePan(h, .left, log: log)
        h.send(.began, 5, 400, at: 0)
        h.send(.moved, 8, 380, at: 0.05)               // mostly along the edge: outside the 155° window
        #expect(pan.state == .failed && log.states.isEmpty)
    }

    @Test func onlyTheFirstTouchCounts() {
        let h = TouchHarness(), log = StateLog()
        let pan = makeEdgePan(h, .left, log: log)
        h.send(.began, 5, 400, at: 0)
        h.send(.began, 200, 400, at: 0.01, finger: 1)
        #expect(pan.numberOfTouches == 1)
        h.send(.moved, 260, 400, at: 0.02, finger: 1)
        #expect(pan.state == .possible)
        h.send(.moved, 45, 400, at: 0.03)
        #expect(log.states == [.began])
    }
}

/// Hit testing and what a view gets while recognizers watch its touches.
@Suite struct Delivery {
    final class TouchRecorder: UIView {
        var events: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("cancelled") }
    }

    @Test func hitTestingSkipsHiddenTransparentAndNonInteractiveViewsFrontToBack() {
        let h = TouchHarness()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        h.window.addSubview(back)
        h.window.addSubview(front)
        let point = CGPoint(x: 100, y: 100)
        #expect(h.window.hitTest(point, with: nil) === front)
        front.isHidden = true
        #expect(h.window.hitTest(point, with: nil) === back)
        front.isHidden = false
        front.alpha = 0.009
        #expect(h.window.hitTest(point, with: nil) === back)
        front.alpha = 0.01
        #expect(h.window.hitTest(point, with: nil) === front)
        front.isUserInteractionEnabled = false
        #expect(h.window.hitTest(point, with: nil) === back)
        // Outside a parent's bounds its subviews are not reached, even if they stick out.
        let child = UIView(frame: CGRect(x: 180, y: 180, width: 100, height: 100))
        back.addSubview(child)
        #expect(h.window.hitTest(CGPoint(x: 250, y: 250), with: nil) === h.window)
        #expect(h.window.hitTest(CGPoint(x: 190, y: 190), with: nil) === child)
    }

    @Test func recognizersOfTheHitViewAndItsAncestorsSeeTheTouch() {
        let h = TouchHarness(), outer = StateLog(), inner = StateLog(), sibling = StateLog()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 400))
        let other = UIView(frame: CGRect(x: 0, y: 400, width: 393, height: 400))
        h.window.addSubview(parent)
        parent.addSubview(child)
        parent.addSubview(other)
        parent.addGestureRecognizer(UIPanGestureRecognizer(target: outer, action: StateLog.handle))
        child.addGestureRecognizer(UIPanGestureRecognizer(target: inner, action: StateLog.handle))
        other.addGestureRecognizer(UIPanGestureRecognizer(target: sibling, action: StateLog.handle))
        h.send(.began, 100, 100, at: 0)
        h.send(.moved, 100, 150, at: 0.05)
        h.send(.ended, 100, 150, at: 0.1)
        // Both see it; the nearer one begins first and excludes the other (no simultaneity by default).
        #expect(inner.states == [.began, .ended])
        #expect(outer.states.isEmpty)
        #expect(sibling.states.isEmpty)
    }

    @Test func simultaneousRecognitionWhenTheDelegateAllowsIt() {
        final class Both: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        let h = TouchHarness(), outer = StateLog(), inner = StateLog(), delegate = Both()
        let parent = UIView(frame: h.window.bounds)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 400))
        h.window.addSubview(parent)
        parent.addSubview(child)
        let outerPan = UIPanGestureRecognizer(target: outer, action: StateLog.handle)
        outerPan.delegate = delegate
        parent.addGestureRecognizer(outerPan)
        child.addGestureRecognizer(UIPanGestureRecognizer(target: inner, action: StateLog.handle))
        h.send(.began, 100, 100, at: 0)
        h.send(.moved, 100, 150, at: 0.05)
        #expect(inner.states == [.began] && outer.states == [.began])
    }

    @Test func shouldReceiveTouchCanKeepARecognizerOut() {
        final class Refuse: NSObject, UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { false }
        }
        let h = TouchHarness(), log = StateLog(), delegate = Refuse()
        let view = UIView(frame: h.window.bounds)
        h.window.addSubview(view)
        let pan = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        h.send(.began, 100, 100, at: 0)
        h.send(.moved, 100, 200, at: 0.05)
        #expect(log.states.isEmpty && pan.numberOfTouches == 0)
    }

    @Test func aPanCancelsTheTouchesOfTheViewUnderIt() {
        let h = TouchHarness(), log = StateLog()
        let panel = UIView(frame: CGRect(x: 0, y: 400, width: 393, height: 452))
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 200, height: 60))
        h.window.addSubview(panel)
        panel.addSubview(button)
        panel.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        var actions: [String] = []
        button.addAction(UIAction { _ in actions.append("up inside") }, for: .touchUpInside)
        button.addAction(UIAction { _ in actions.append("cancel") }, for: .touchCancel)
        // A drag that starts on the button: the pan takes it, the button is cancelled and never fires.
        h.send(.began, 200, 530, at: 0)
        #expect(button.isTracking)
        h.send(.moved, 200, 560, at: 0.05)
        #expect(log.states == [.began])
        #expect(actions == ["cancel"] && !button.isTracking)
        h.send(.moved, 200, 535, at: 0.1)
        h.send(.ended, 200, 535, at: 0.15)
        #expect(actions == ["cancel"])
        #expect(log.states == [.began, .changed, .ended])
        // A tap on the same button still fires: the pan never began.
        h.send(.began, 200, 530, at: 1)
        h.send(.ended, 200, 532, at: 1.1)
        #expect(actions == ["cancel", "up inside"])
    }

    @Test func withoutCancelsTouchesInViewTheViewKeepsGettingTouches() {
        let h = TouchHarness(), log = StateLog()
        let view = TouchRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        let pan = UIPanGestureRecognizer(target: log, action: StateLog.handle)
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        h.send(.began, 100, 100, at: 0)
        h.send(.moved, 100, 150, at: 0.05)
        h.send(.ended, 100, 150, at: 0.1)
        #expect(view.events == ["began", "moved", "ended"])
        pan.cancelsTouchesInView = true
        h.send(.began, 100, 100, at: 1)
        h.send(.moved, 100, 150, at: 1.05)
        h.send(.ended, 100, 150, at: 1.1)
        #expect(view.events == ["began", "moved", "ended", "began", "cancelled"])
    }

    @Test func tapRecognizesOnLiftAndFailsWhenTheFingerWanders() {
        let h = TouchHarness(), log = StateLog()
        let view = TouchRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        view.addGestureRecognizer(UITapGestureRecognizer(target: log, action: StateLog.handleTap))
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 104, 103, at: 0.1)
        #expect(log.states == [.recognized])
        #expect(view.events == ["began", "cancelled"])
        // 45 pt is UIKit's allowance; 46 pt fails.
        h.send(.began, 100, 100, at: 1)
        h.send(.moved, 100, 146, at: 1.05)
        h.send(.ended, 100, 146, at: 1.1)
        #expect(log.states == [.recognized])
        #expect(view.events.suffix(3) == ["began", "moved", "ended"])
    }

    @Test func closureAndNoArgumentActionForms() {
        final class Screen { var closed = 0; func close() { closed += 1 } }
        let h = TouchHarness(), screen = Screen()
        let view = UIView(frame: h.window.bounds)
        h.window.addSubview(view)
        let byMethod = UITapGestureRecognizer(target: screen, action: Screen.close)
        view.addGestureRecognizer(byMethod)
        h.send(.began, 100, 100, at: 0)
        h.send(.ended, 100, 100, at: 0.1)
        #expect(screen.closed == 1)
        view.removeGestureRecognizer(byMethod)
        #expect(view.gestureRecognizers == nil && byMethod.view == nil)
        var typed: [CGPoint] = []
        view.addGestureRecognizer(UITapGestureRecognizer { (tap: UITapGestureRecognizer) in typed.append(tap.location(in: nil)) })
        h.send(.began, 100, 100, at: 1)
        h.send(.ended, 100, 100, at: 1.1)
        #expect(screen.closed == 1 && typed == [CGPoint(x: 100, y: 100)])
    }
}

/// The WWDC18 projection helper against the closed forms.
@Suite struct Projection {
    @Test func matchesTheGeometricSumOfMillisecondSteps() {
        for rate in [0.998, 0.99] as [CGFloat] {
            for v in [-3000, -250, 0, 800, 2400] as [CGFloat] {
                // Sum of v/1000 · r^k for k ≥ 1 (each millisecond keeps r of the velocity).
                var sum: CGFloat = 0, step = v / 1000
                for _ in 0..<20_000 { step *= rate; sum += step }
                #expect(abs(project(initialVelocity: v, decelerationRate: rate) - sum) < 1e-6)
            }
        }
    }

    @Test func namedRatesAndTheContinuousIntegral() {
        // Factors (seconds): normal 0.4990 (integral 0.4995), fast 0.0990 (integral 0.0995).
        #expect(close(project(initialVelocity: 1000, decelerationRate: .normal), 499, 1e-9))
        #expect(close(project(initialVelocity: 1000, decelerationRate: .fast), 99, 1e-9))
        for rate in [UIScrollView.DecelerationRate.normal, .fast] {
            let integral = -1000 / (1000 * log(rate.rawValue))
            #expect(abs(project(initialVelocity: 1000, decelerationRate: rate) - integral) < 0.51)
        }
    }
}
