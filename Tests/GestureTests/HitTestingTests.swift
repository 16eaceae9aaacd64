import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
@testable import Stage

/// Hit testing of animating views: a property animator's views are found where they are drawn (UIKit's
/// default, `isManualHitTestingEnabled` false), `UIView.animate`'s at their model values.
@Suite struct AnimatedHitTesting {
    /// A 100 pt square at x 0…100 (y 100…200), with a 20 pt child in its middle, moving 200 pt right over
    /// 1 s linearly; the model is at x 200…300 as soon as the animation starts.
    final class Flight {
        let h = TouchHarness()
        let block = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        let dot = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        let log = StateLog()
        init() {
            h.window.addSubview(block)
            block.addSubview(dot)
            block.addGestureRecognizer(UIPanGestureRecognizer(target: log, action: StateLog.handle))
        }
        func animator(manual: Bool = false, interaction: Bool = true) -> UIViewPropertyAnimator {
            h.on {
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { self.block.center.x += 200 }
                animator.isManualHitTestingEnabled = manual
                animator.isUserInteractionEnabled = interaction
                animator.startAnimation()
                return animator
            }
        }
        func hit(_ x: CGFloat, _ y: CGFloat) -> UIView? { h.on { h.window.hitTest(CGPoint(x: x, y: y), with: nil) } }
        func advance(to t: TimeInterval) { h.on { h.clock.advance(to: t) } }
    }

    @Test func aRunningAnimatorsViewIsHitWhereItIsDrawn() {
        let f = Flight()
        _ = f.animator()
        f.advance(to: 0.5)                                  // drawn at x 100…200
        #expect(f.hit(110, 110) === f.block)
        #expect(f.hit(150, 150) === f.dot)                  // its subviews travel with it
        #expect(f.hit(250, 150) === f.h.window)             // the model frame is empty space
        // A finger that lands on it mid-flight starts its pan.
        f.h.send(.began, 120, 150, at: 0.5)
        f.h.send(.moved, 120, 180, at: 0.55)
        #expect(f.log.states == [.began])
    }

    @Test func aPausedAnimatorsViewIsHitWhereItIsDrawn() {
        let f = Flight()
        let animator = f.animator()
        f.advance(to: 0.3)
        f.h.on { animator.pauseAnimation() }
        f.advance(to: 2)                                    // paused: still drawn at x 60…160
        #expect(f.hit(65, 150) === f.block)
        #expect(f.hit(170, 150) === f.h.window)
        f.h.on { animator.fractionComplete = 0.8 }          // scrubbed: x 160…260
        #expect(f.hit(170, 110) === f.block)
        #expect(f.hit(150, 150) === f.h.window)
    }

    @Test func manualHitTestingFallsBackToTheModel() {
        let f = Flight()
        _ = f.animator(manual: true)
        f.advance(to: 0.5)
        #expect(f.hit(150, 150) === f.h.window)
        #expect(f.hit(250, 150) === f.dot)
        #expect(f.hit(210, 110) === f.block)
    }

    @Test func uiViewAnimateIsHitTestedAtTheModel() {
        let f = Flight()
        f.h.on { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { f.block.center.x += 200 }) }
        f.advance(to: 0.5)
        #expect(f.hit(150, 150) === f.h.window)
        #expect(f.hit(250, 150) === f.dot)
    }

    @Test func anAnimatorWithoutUserInteractionKeepsTouchesFromItsViewsUntilItEnds() {
        let f = Flight()
        _ = f.animator(interaction: false)
        f.advance(to: 0.5)
        #expect(f.hit(150, 150) === f.h.window)
        #expect(f.hit(250, 150) === f.h.window)
        f.advance(to: 1.5)                                  // done: its animations are gone
        #expect(f.hit(250, 150) === f.dot)
    }

    @Test func afterTheAnimatorEndsTheModelIsWhereItIsDrawn() {
        let f = Flight()
        _ = f.animator()
        f.advance(to: 1.5)
        #expect(f.hit(150, 150) === f.h.window)
        #expect(f.hit(250, 150) === f.dot)
    }

    /// Scripts aim where a person sees the view, whatever moves it.
    @Test func scriptsAimAtTheDrawnCentre() {
        let f = Flight()
        f.h.on { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { f.block.center.x += 200 }) }
        f.advance(to: 0.25)                                 // drawn at x 50…150
        #expect(f.h.on { Script.centre(of: f.dot) } == CGPoint(x: 100, y: 150))
        #expect(f.h.on { Script.centre(of: f.block) } == CGPoint(x: 100, y: 150))
        f.advance(to: 2)
        #expect(f.h.on { Script.centre(of: f.block) } == CGPoint(x: 250, y: 150))
    }
}
