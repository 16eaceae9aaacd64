import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Resuming a paused spring animator: UIKit maps the current progress back onto the spring
/// and runs the rest of the same spring, so a scrubbed transition released at 30 % does not take a whole
/// new settling time; and a spring squeezed into less time than it needs still arrives without a jump.
@Suite struct SpringResume {
    /// The system spring (mass 3, stiffness 1000, damping 500, clamped to critical): 0.6 s to settle.
    let system = SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)

    @Test func cancellingAScrubbedSystemSpringRunsOnlyTheSpringsTail() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var ended: (UIViewAnimatingPosition, Double)?
            let animator = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters())
            animator.addAnimations { view.center.x = 100 }
            animator.addCompletion { ended = ($0, CACurrentMediaTime()) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
            animator.isReversed = true
            clock.advance(to: 1)
            animator.startAnimation()
            // Back to 0 on the same spring, entered where its displacement is the 30 % still to go.
            let enter = system.firstTime(atDisplacement: 0.3, within: 0.6)!
            #expect(enter > 0.1 && enter < 0.2)
            #expect(abs(animator.fractionComplete - CGFloat(enter / 0.6)) < 1e-9)
            for d in [0.0, 0.02, 0.1, 0.3] {
                clock.advance(to: 1 + d)
                #expect(abs(view.shownX - 100 * system.displacement(at: enter + d)) < 1e-6, "d = \(d)")
            }
            clock.advance(to: 3)
            #expect(ended?.0 == .start && view.center.x == 0)
            #expect(ended.map { abs($0.1 - (1 + 0.6 - enter)) < 1e-9 } == true)   // not 1.6
        }
    }

    @Test func finishingAScrubbedDampedSpringContinuesOnIt() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.7) { view.center.x = 100 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.pauseAnimation()
            animator.fractionComplete = 0.6
            animator.startAnimation()
            let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.7, initialVelocity: 0)
            let enter = spring.firstTime(atDisplacement: 0.4, within: 1)!
            for d in [0.0, 0.05, 0.2, 0.5] {
                clock.advance(to: d)
                #expect(abs(view.shownX - 100 * spring.progress(at: enter + d)) < 1e-6, "d = \(d)")
            }
            clock.advance(to: 2)
            #expect(end.map { abs($0 - (1 - enter)) < 1e-9 } == true)
        }
    }

    /// Paused mid-flight and resumed: the spring carries on as if never paused, velocity included.
    @Test func pausingAndResumingASpringKeepsItsMotion() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.center.x = 100 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(to: 0.3)
            animator.pauseAnimation()
            clock.advance(to: 0.5)
            animator.startAnimation()
            let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0)
            for t in [0.5, 0.52, 0.6, 0.9] {
                clock.advance(to: t)
                #expect(abs(view.shownX - 100 * spring.progress(at: t - 0.2)) < 1e-6, "t = \(t)")
            }
            clock.advance(to: 2)
            #expect(end.map { abs($0 - 1.2) < 1e-9 } == true)
        }
    }

    /// A spring given less time than it needs to settle is run faster, never cut short: just before the
    /// end the property is where the model will put it.
    @Test func aSqueezedSpringArrivesWithoutAJump() {
        onFreshClock { clock in
            let same = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let fresh = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var ends: [Double] = []
            // The same system spring, its remaining 0.5 s squeezed into 0.06 s.
            let first = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters())
            first.addAnimations { same.center.x = 100 }
            first.addCompletion { _ in ends.append(CACurrentMediaTime()) }
            // A new physical spring (1.47 s to settle) continuing a linear run in 0.2 s.
            let second = UIViewPropertyAnimator(duration: 1, curve: .linear) { fresh.center.x = 100 }
            second.addCompletion { _ in ends.append(CACurrentMediaTime()) }
            first.startAnimation()
            second.startAnimation()
            clock.advance(to: 0.1)
            first.pauseAnimation()
            second.pauseAnimation()
            first.continueAnimation(withTimingParameters: nil, durationFactor: 0.1)
            second.continueAnimation(withTimingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero),
                                     durationFactor: 0.2)
            clock.advance(to: 0.1 + 0.06 - 1e-9)
            #expect(abs(same.shownX - 100) < 0.11)
            clock.advance(to: 0.1 + 0.2 - 1e-9)
            #expect(abs(fresh.shownX - 100) < 0.11)
            clock.advance(to: 1)
            #expect(ends.count == 2 && abs(ends[0] - 0.16) < 1e-9 && abs(ends[1] - 0.3) < 1e-9)
            #expect(same.shownX == 100 && fresh.shownX == 100)
        }
    }
}
