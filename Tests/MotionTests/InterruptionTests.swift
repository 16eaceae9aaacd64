import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Samples a value at 240 Hz from `start` to `end`, running `events` at their times (between samples),
/// and answers the largest change between consecutive samples.
func largestStep(from start: Double = 0, to end: Double, clock: Timeline, events: [(Double, () -> Void)] = [],
                 _ value: () -> Double) -> Double {
    var pending = events.sorted { $0.0 < $1.0 }
    var previous: Double?
    var largest = 0.0
    var i = 0
    while true {
        let t = start + Double(i) / 240
        guard t <= end + 1e-12 else { break }
        while let next = pending.first, next.0 <= t {
            clock.advance(to: next.0)
            next.1()
            pending.removeFirst()
        }
        clock.advance(to: t)
        let v = value()
        if let previous { largest = max(largest, abs(v - previous)) }
        previous = v
        i += 1
    }
    return largest
}

/// A new animation on a property that is already animating starts from where the property visibly is
/// (as in UIKit): additive keys add on top; other keys restart from the presentation value with
/// beginFromCurrentState (always, for UIViewPropertyAnimator) and from the model value otherwise.
@Suite struct Interruption {
    /// The motions below peak at a few hundred pt/s (100 pt of ease-in-out in a second: ~190 pt/s; a
    /// damping-0.5 spring over 50 pt: ~400 pt/s), under 2 pt per 1/240 s. More than 3 pt between two
    /// samples is a jump.
    static let bound = 3.0

    @Test func theContinuityCheckCatchesAJump() {
        // Without .beginFromCurrentState a non-additive key restarts from its model value: UIKit jumps.
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let step = largestStep(to: 2, clock: clock, events: [
                (0, { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }) }),
                (0.5, { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0.8 }) }),
            ]) { view.shownAlpha * 100 }
            #expect(step > 40)   // 0.5 → 0 at once (in alpha × 100)
        }
    }

    @Test func beginFromCurrentStateDoesNotJump() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let step = largestStep(to: 2, clock: clock, events: [
                (0, { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }) }),
                (0.5, { UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                                       animations: { view.alpha = 0.8 }) }),
            ]) { view.shownAlpha * 100 }
            #expect(step < Self.bound)
        }
    }

    @Test func additiveKeysStackAndKeepTheOldMomentum() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let first = SpringCurve.uikit(duration: 1, dampingRatio: 0.6, initialVelocity: 0)
            let second = SpringCurve.uikit(duration: 1, dampingRatio: 0.8, initialVelocity: 0)
            var samples: [(Double, CGFloat, CGFloat)] = []   // time, x, corner radius
            let step = largestStep(to: 2.5, clock: clock, events: [
                (0, { UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                                     animations: { view.center.x = 105; view.layer.cornerRadius = 20; view.bounds.size.width = 110 }) }),
                (0.3, { UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [],
                                       animations: { view.center.x = -95; view.layer.cornerRadius = 0; view.bounds.size.width = 10 }) }),
            ]) {
                let shown = view.layer.presentation()!
                samples.append((CACurrentMediaTime(), shown.position.x, shown.cornerRadius))
                return Double(shown.position.x)
            }
            // Peak speeds of UIKit's 1 s springs (computed from the closed form): ζ 0.6 → 5.50, ζ 0.8 → 3.81
            // distances per second. Both can add up; a jump (restarting from the model) would be ~50 pt.
            #expect(step < (100 * 5.50 + 200 * 3.81) / 240)
            // Both animations run: presentation = model + (old − new)·(1 − p) of each.
            for (t, x, radius) in samples where t > 0.3 && t < 1 {
                let expected = -95 + (5 - 105) * (1 - first.progress(at: t)) + (105 - (-95)) * (1 - second.progress(at: t - 0.3))
                #expect(abs(Double(x) - expected) < 1e-6, "t = \(t)")
                let expectedRadius = 0 + (0 - 20) * (1 - first.progress(at: t)) + (20 - 0) * (1 - second.progress(at: t - 0.3))
                #expect(abs(Double(radius) - expectedRadius) < 1e-6)
            }
        }
    }

    @Test func propertyAnimatorInterruptionsNeverJump() {
        // Start, pause, resume, reverse while running, reverse back, pause, continue with a spring, then a
        // UIView.animate on top: x must move smoothly throughout.
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 100; view.alpha = 0 }
            var alphaStep = 0.0, lastAlpha: Double?
            let step = largestStep(to: 4, clock: clock, events: [
                (0, { animator.startAnimation() }),
                (0.3, { animator.pauseAnimation() }),
                (0.5, { animator.startAnimation() }),
                (0.8, { animator.isReversed = true }),
                (1.0, { animator.isReversed = false }),
                (1.1, { animator.pauseAnimation() }),
                (1.3, { animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 0.5), durationFactor: 1) }),
                (1.6, { UIView.animate(withDuration: 0.5, delay: 0, options: [.beginFromCurrentState], animations: { view.center.x = 20; view.alpha = 1 }) }),
            ]) {
                if let lastAlpha { alphaStep = max(alphaStep, abs(view.shownAlpha - lastAlpha)) }
                lastAlpha = view.shownAlpha
                return Double(view.shownX)
            }
            #expect(step < Self.bound)
            #expect(alphaStep < Self.bound / 100)
            #expect(abs(view.shownX - 20) < 1e-9)
        }
    }

    @Test func reversingASpringThatWasContinuedKeepsItsVelocity() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var position: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.7) { view.center.x = 100 }
            animator.addCompletion { position = $0 }
            let step = largestStep(to: 3, clock: clock, events: [
                (0, { animator.startAnimation() }),
                (0.2, { animator.pauseAnimation() }),
                (0.3, { animator.startAnimation() }),     // the same spring, from where it was
                (0.45, { animator.isReversed = true }),   // retraces it back to 0
            ]) { Double(view.shownX) }
            #expect(step < Self.bound)
            #expect(position == .start && view.center.x == 0 && abs(view.shownX) < 1e-9)
        }
    }

    @Test func stoppingFreezesWhereItIs() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.4) { view.center.x = 100 }
            let step = largestStep(to: 2, clock: clock, events: [
                (0, { animator.startAnimation() }),
                (0.55, { animator.stopAnimation(true) }),
            ]) { Double(view.shownX) }
            // A ζ 0.4 spring fitted to 1 s peaks at 9.16 distances per second: 916 pt/s, 3.8 pt per sample.
            #expect(step < 100 * 9.17 / 240)
            #expect(abs(view.center.x - view.shownX) < 1e-9 && view.layer.animationKeys() == nil)
        }
    }
}

@Suite struct InterruptionAtTheEdges {
    @Test func resumingASpringPausedInItsOvershootSettlesWithoutAJump() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.3, initialVelocity: 0)
            // The first peak of a ζ 0.3 spring fitted to 1 s.
            let peakTime = stride(from: 0.0, through: 1.0, by: 1.0 / 240).max { spring.progress(at: $0) < spring.progress(at: $1) }!
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { view.center.x = 100 }
            var end: Double?
            animator.addCompletion { _ in end = CACurrentMediaTime() }
            let step = largestStep(to: 3, clock: clock, events: [
                (0, { animator.startAnimation() }),
                (peakTime, { animator.pauseAnimation() }),
                (peakTime + 0.2, { animator.startAnimation() }),
            ]) { Double(view.shownX) }
            #expect(step < 100 * 12.9 / 240)   // a ζ 0.3 spring fitted to 1 s peaks at 12.87 distances/s
            // Paused at the overshoot (progress > 1) it carries on along the same spring from that peak, and
            // has the rest of the spring's second to settle.
            #expect(spring.progress(at: peakTime) > 1.3)
            #expect(end.map { abs($0 - 1.2) < 1e-9 } == true)
        }
    }

    @Test func continuingAnOvershootWithACubicStillTakesTime() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { view.center.x = 100 }
            let step = largestStep(to: 3, clock: clock, events: [
                (0, { animator.startAnimation() }),
                (0.2, { animator.pauseAnimation() }),
                (0.25, { animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeOut), durationFactor: 0.5) }),
            ]) { Double(view.shownX) }
            #expect(step < 100 * 12.9 / 240)   // a ζ 0.3 spring fitted to 1 s peaks at 12.87 distances/s
            #expect(view.shownX == 100 && animator.state == .inactive)
        }
    }
}
