import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Runs `body` on a fresh virtual clock, so tests never share time (used across MotionTests).
func onFreshClock(_ body: (Timeline) -> Void) {
    let timeline = Timeline()
    Timeline.$current.withValue(timeline) { body(timeline) }
}

extension UIView {
    /// The presentation value of the centre's x now.
    var shownX: CGFloat { layer.presentation()!.position.x }
    var shownY: CGFloat { layer.presentation()!.position.y }
    var shownAlpha: Double { Double(layer.presentation()!.opacity) }
}

/// UIViewPropertyAnimator as timelines: property values at chosen times through start, pause, scrub,
/// reverse, continue, stop and finish.
@Suite struct PropertyAnimatorTimelines {
    let ease = CAMediaTimingFunction(name: .easeInEaseOut)

    @Test func blocksRunWhenTheAnimatorStarts() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            #expect(animator.state == .inactive && !animator.isRunning && animator.duration == 1)
            #expect(view.center.x == 0)   // the block has not run
            clock.advance(to: 0.2)
            animator.startAnimation()
            #expect(view.center.x == 100)  // the model changes at once…
            #expect(view.shownX == 0)      // …the presentation follows the clock
            #expect(animator.state == .active && animator.isRunning)
            clock.advance(to: 0.45)
            #expect(abs(view.shownX - 25) < 1e-9)
            #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
        }
    }

    @Test func pauseScrubAndResumeLinear() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var finished: (UIViewAnimatingPosition, Double)?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100; view.alpha = 0 }
            animator.addCompletion { finished = ($0, CACurrentMediaTime()) }
            animator.startAnimation()
            clock.advance(to: 0.25)
            animator.pauseAnimation()
            #expect(animator.state == .active && !animator.isRunning)
            clock.advance(to: 0.5)
            #expect(abs(view.shownX - 25) < 1e-9 && abs(view.shownAlpha - 0.75) < 1e-6)
            #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
            animator.fractionComplete = 0.6
            #expect(abs(view.shownX - 60) < 1e-9 && abs(view.shownAlpha - 0.4) < 1e-6)
            animator.startAnimation()   // resumes for the remaining 0.4 s
            clock.advance(to: 0.7)
            #expect(abs(view.shownX - 80) < 1e-9)
            clock.advance(to: 2)
            #expect(finished?.0 == .end && abs(finished!.1 - 0.9) < 1e-12)
            #expect(animator.state == .inactive && view.layer.animationKeys() == nil)
            #expect(view.center.x == 100 && view.alpha == 0)
        }
    }

    @Test func scrubbingIsLinearByDefaultAndFollowsTheCurveWhenAsked() {
        for linear in [true, false] {
            onFreshClock { clock in
                let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
                animator.scrubsLinearly = linear
                animator.startAnimation()
                clock.advance(to: 0.25)
                animator.pauseAnimation()
                let shown = 100 * ease.progress(at: 0.25)
                #expect(abs(view.shownX - shown) < 1e-9)
                // Read back: the visual progress when scrubbing linearly (so writing it back moves nothing),
                // the time fraction otherwise.
                #expect(abs(animator.fractionComplete - (linear ? shown / 100 : 0.25)) < 1e-9)
                animator.fractionComplete = animator.fractionComplete
                #expect(abs(view.shownX - shown) < 1e-9)
                animator.fractionComplete = 0.4
                #expect(abs(view.shownX - (linear ? 40 : 100 * ease.progress(at: 0.4))) < 1e-9)
                // Resuming maps the visual progress back onto the curve: t' = curve⁻¹(p), no jump.
                let p = view.shownX / 100
                let resumeAt = linear ? ease.timeFraction(forProgress: p) : 0.4
                animator.startAnimation()
                #expect(abs(view.shownX - 100 * p) < 1e-9)
                clock.advance(to: 0.25 + (1 - resumeAt) / 2)
                #expect(abs(view.shownX - 100 * ease.progress(at: (1 + resumeAt) / 2)) < 1e-6)
            }
        }
    }

    @Test func reversingARunningAnimatorRetracesTheCurve() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.center.x = 100 }
            animator.addCompletion { positions.append($0) }
            let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0)
            animator.startAnimation()
            clock.advance(to: 0.3)
            animator.isReversed = true
            #expect(animator.isRunning && animator.isReversed)
            for d in [0.05, 0.1, 0.2, 0.29] {
                clock.advance(to: 0.3 + d)
                #expect(abs(view.shownX - 100 * spring.progress(at: 0.3 - d)) < 1e-6, "d = \(d)")
            }
            // fractionComplete counts in the direction of travel.
            #expect(abs(animator.fractionComplete - 0.99) < 1e-9)
            clock.advance(to: 2)
            #expect(positions == [.start])
            #expect(view.center.x == 0 && view.layer.animationKeys() == nil)   // the model is set back to the start
        }
    }

    @Test func reversingWhilePausedFlipsTheDirectionOfTheNextRun() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            var position: UIViewAnimatingPosition?
            animator.addCompletion { position = $0 }
            animator.startAnimation()
            clock.advance(to: 0.6)
            animator.pauseAnimation()
            animator.isReversed = true
            #expect(abs(view.shownX - 60) < 1e-9)          // nothing moves
            #expect(abs(animator.fractionComplete - 0.4) < 1e-9)
            clock.advance(to: 1)
            animator.startAnimation()
            clock.advance(to: 1.3)
            #expect(abs(view.shownX - 30) < 1e-9)
            clock.advance(to: 1.6)
            #expect(position == .start && view.center.x == 0)
        }
    }

    @Test func continueWithACubicAndADurationFactor() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.pauseAnimation()
            let easeIn = CAMediaTimingFunction(name: .easeIn)
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeIn), durationFactor: 2)
            // No jump: the new curve is entered where it has progress 0.5, and the rest takes 2 × 1 s.
            #expect(abs(view.shownX - 50) < 1e-9)
            let start = easeIn.timeFraction(forProgress: 0.5)
            for d in [0.5, 1.0, 1.5] {
                clock.advance(to: 0.5 + d)
                #expect(abs(view.shownX - 100 * easeIn.progress(at: start + (1 - start) * d / 2)) < 1e-6)
            }
            clock.advance(to: 3)
            #expect(end.map { abs($0 - 2.5) < 1e-12 } == true)
        }
    }

    @Test func continueWithASpringStartsAFreshSpringFromWhereItIs() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.pauseAnimation()                     // inactive → active, paused at the start
            animator.fractionComplete = 0.5
            #expect(abs(view.shownX - 50) < 1e-9)
            clock.advance(to: 1)
            let parameters = UISpringTimingParameters(dampingRatio: 0.6, initialVelocity: CGVector(dx: 2, dy: 0))
            animator.continueAnimation(withTimingParameters: parameters, durationFactor: 0.5)
            // A spring over the remaining 50 pt, fitted to 0.5 s, with 2 × 50 pt/s of initial velocity.
            let spring = SpringCurve.uikit(duration: 0.5, dampingRatio: 0.6, initialVelocity: 2)
            for d in [0.0, 0.05, 0.15, 0.3, 0.45] {
                clock.advance(to: 1 + d)
                #expect(abs(view.shownX - (100 - 50 * spring.displacement(at: d))) < 1e-6, "d = \(d)")
            }
            clock.advance(to: 2)
            #expect(end.map { abs($0 - 1.5) < 1e-12 } == true)
        }
    }

    @Test func durationFactorZeroKeepsTheRemainingTime() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var end: Double?
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.pauseAnimation()
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            clock.advance(to: 1.5)
            #expect(abs(view.shownX - 75) < 1e-9)
            clock.advance(to: 3)
            #expect(end == 2)
        }
    }

    @Test func stopWritesThePresentationIntoTheModelAndFinishChoosesTheEnd() {
        for position in [UIViewAnimatingPosition.end, .start, .current] {
            onFreshClock { clock in
                let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
                var reported: [UIViewAnimatingPosition] = []
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100; view.alpha = 0.2 }
                animator.addCompletion { reported.append($0) }
                animator.startAnimation()
                clock.advance(to: 0.3)
                animator.stopAnimation(false)
                #expect(animator.state == .stopped && !animator.isRunning)
                #expect(abs(view.center.x - 30) < 1e-9 && abs(view.alpha - 0.76) < 1e-6)
                #expect(view.layer.animationKeys() == nil)
                clock.advance(to: 0.8)
                #expect(abs(view.shownX - 30) < 1e-9 && reported.isEmpty)
                animator.finishAnimation(at: position)
                #expect(animator.state == .inactive && reported == [position])
                let expected: CGFloat = position == .end ? 100 : position == .start ? 0 : 30
                #expect(abs(view.center.x - expected) < 1e-9)
            }
        }
    }

    @Test func stopWithoutFinishingNeverCallsTheCompletions() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var called = false
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.addCompletion { _ in called = true }
            animator.startAnimation()
            clock.advance(to: 0.4)
            animator.stopAnimation(true)
            #expect(animator.state == .inactive && abs(view.center.x - 40) < 1e-9)
            clock.advance(to: 3)
            #expect(!called && clock.isIdle)
        }
    }

    @Test func completionsRunInOrderWithThePosition() {
        onFreshClock { clock in
            let view = UIView(frame: .zero)
            var log: [String] = []
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: .easeOut) { view.alpha = 0 }
            animator.addCompletion { log.append("first \($0)") }
            animator.addCompletion { log.append("second \($0)") }
            animator.startAnimation()
            animator.addCompletion { log.append("third \($0)") }
            clock.advance(to: 0.49)
            #expect(log.isEmpty)
            clock.advance(to: 0.5)
            #expect(log == ["first end", "second end", "third end"])
        }
    }

    @Test func animationsAddedBeforeTheStartHonourTheirDelayFactor() {
        onFreshClock { clock in
            let a = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let b = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { a.center.x = 100 }
            animator.addAnimations({ b.center.x = 100 }, delayFactor: 0.5)   // delay 1 s, lasts 1 s
            animator.startAnimation()
            clock.advance(to: 1)
            #expect(abs(a.shownX - 50) < 1e-9 && b.shownX == 0)
            clock.advance(to: 1.5)
            #expect(abs(a.shownX - 75) < 1e-9 && abs(b.shownX - 50) < 1e-9)
        }
    }

    @Test func animationsAddedWhileRunningFollowApplesExample() {
        // Apple's example: duration 2, delayFactor 0.25, added at fractionComplete 0.25 → waits 0.5 s and
        // runs 1.0 s, ending with the animator.
        onFreshClock { clock in
            let a = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let b = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { a.center.x = 100 }
            animator.startAnimation()
            clock.advance(to: 0.5)
            animator.addAnimations({ b.center.x = 100 }, delayFactor: 0.25)
            clock.advance(to: 1)
            #expect(b.shownX == 0)
            clock.advance(to: 1.5)
            #expect(abs(b.shownX - 50) < 1e-9)
            clock.advance(to: 1.9)
            #expect(abs(b.shownX - 90) < 1e-9)
        }
    }

    @Test func pausesOnCompletionKeepsTheAnimatorActive() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var completions = 0
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.pausesOnCompletion = true
            animator.addCompletion { _ in completions += 1 }
            animator.startAnimation()
            clock.advance(to: 1.5)
            #expect(animator.state == .active && !animator.isRunning && completions == 0)
            #expect(animator.fractionComplete == 1 && abs(view.shownX - 100) < 1e-9)
            animator.isReversed = true
            animator.startAnimation()
            clock.advance(to: 2)
            #expect(abs(view.shownX - 50) < 1e-9)
            clock.advance(to: 3)
            #expect(animator.state == .active && !animator.isRunning && completions == 0 && view.shownX == 0)
            animator.stopAnimation(false)
            animator.finishAnimation(at: .start)
            #expect(completions == 1 && view.center.x == 0)
        }
    }

    @Test func startAfterDelay() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.startAnimation(afterDelay: 0.5)
            #expect(animator.delay == 0.5 && animator.isRunning)
            clock.advance(to: 0.5)
            #expect(view.shownX == 0)
            clock.advance(to: 0.75)
            #expect(abs(view.shownX - 25) < 1e-9)
        }
    }

    @Test func runningPropertyAnimatorStartsAtOnceWithTheOptionsCurve() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var position: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: 1, delay: 0.1, options: .curveEaseOut, animations: { view.center.x = 100 },
                completion: { position = $0 })
            #expect(animator.state == .active && animator.isRunning)
            clock.advance(to: 0.6)
            #expect(abs(view.shownX - 100 * CAMediaTimingFunction(name: .easeOut).progress(at: 0.5)) < 1e-9)
            clock.advance(to: 1.1)
            #expect(position == .end)
        }
    }

    @Test func springsThatDecideTheirOwnDurationIgnoreTheAnimatorsDuration() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var end: Double?
            // The system spring: mass 3, stiffness 1000, damping 500, clamped to critical (ω0 = √(1000/3)).
            let animator = UIViewPropertyAnimator(duration: 5, timingParameters: UISpringTimingParameters())
            animator.addAnimations { view.center.x = 100 }
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            #expect(abs(animator.duration - 0.6) < 1e-9)
            animator.startAnimation()
            let w0 = (1000.0 / 3).squareRoot()
            for t in [0.05, 0.1, 0.2, 0.4] {
                clock.advance(to: t)
                #expect(abs(view.shownX - 100 * (1 - (1 + w0 * t) * exp(-w0 * t))) < 1e-9)
            }
            clock.advance(to: 1)
            #expect(end.map { abs($0 - 0.6) < 1e-12 } == true)
        }
        let physical = UIViewPropertyAnimator(duration: 3, timingParameters:
            UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero))
        #expect(abs(physical.duration - 1.473) < 1e-3)
        let bouncy = UIViewPropertyAnimator(duration: 3, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: 0.3))
        #expect(bouncy.duration == SpringCurve.perceptual(duration: 0.5, bounce: 0.3).settlingDuration)
        let fitted = UIViewPropertyAnimator(duration: 3, dampingRatio: 0.8)
        #expect(fitted.duration == 3)
    }

    @Test func positionSpringsTakeTheirVelocityPerComponent() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let velocity = CGVector(dx: 3, dy: -1)
            let animator = UIViewPropertyAnimator(duration: 0.8, timingParameters:
                UISpringTimingParameters(dampingRatio: 0.7, initialVelocity: velocity))
            animator.addAnimations {
                view.center = CGPoint(x: 100, y: 200)
                view.bounds.size = CGSize(width: 30, height: 30)
            }
            animator.startAnimation()
            // x uses dx, y uses dy; every other property (here the size) uses dx.
            let sx = SpringCurve.uikit(duration: 0.8, dampingRatio: 0.7, initialVelocity: 3)
            let sy = SpringCurve.uikit(duration: 0.8, dampingRatio: 0.7, initialVelocity: -1)
            for t in [0.05, 0.2, 0.5] {
                clock.advance(to: t)
                let shown = view.layer.presentation()!
                #expect(abs(shown.position.x - 100 * sx.progress(at: t)) < 1e-9)
                #expect(abs(shown.position.y - 200 * sy.progress(at: t)) < 1e-9)
                #expect(abs(shown.bounds.width - (10 + 20 * sx.progress(at: t))) < 1e-9)
            }
        }
    }

    @Test func animatorsAlwaysBeginFromTheCurrentState() {
        onFreshClock { clock in
            let view = UIView(frame: .zero)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            clock.advance(to: 0.5)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
            animator.startAnimation()
            #expect(abs(view.shownAlpha - 0.5) < 1e-6)
            clock.advance(to: 1)
            #expect(abs(view.shownAlpha - 0.75) < 1e-6)
        }
    }
}
