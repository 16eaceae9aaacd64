import Testing
@testable import QuartzCore
@testable import UIKit

/// Model vs presentation, the virtual clock, and UIView animation blocks.
@Suite struct ViewAnimations {
    /// Runs `body` on a fresh clock, so tests never share time.
    func onFreshClock(_ body: (Timeline) -> Void) {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) { body(timeline) }
    }

    @Test func modelChangesAtOncePresentationFollowsTheClock() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            #expect(view.alpha == 0)
            #expect(view.layer.presentation()?.opacity == 1)
            clock.advance(to: 0.25)
            #expect(abs(view.layer.presentation()!.opacity - 0.75) < 1e-6)
            clock.advance(to: 1.5)
            #expect(view.layer.presentation()?.opacity == 0)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test func springFrameFollowsTheUIKitCurveAndCompletesAtTheDuration() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 20, y: 139, width: 353, height: 424))
            var completedAt: Double?
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                           options: [], animations: { view.frame = CGRect(x: 0, y: 0, width: 393, height: 852) },
                           completion: { finished in #expect(finished); completedAt = CACurrentMediaTime() })
            let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0)
            for t in [0.05, 0.2, 0.37, 0.6, 0.9] {
                clock.advance(to: t)
                let p = spring.progress(at: t)
                let frame = view.layer.presentation()!.frame
                #expect(abs(frame.minY - 139 * (1 - p)) < 1e-9)
                #expect(abs(frame.width - (353 + 40 * p)) < 1e-9)
            }
            clock.advance(to: 2)
            #expect(completedAt == 1)
        }
    }

    @Test func autoresizedSubviewsAnimateWithTheirSuperview() {
        onFreshClock { clock in
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
            child.autoresizingMask = [.flexibleWidth]
            parent.addSubview(child)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                parent.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
            })
            #expect(child.frame.width == 280)
            clock.advance(to: 0.5)
            #expect(abs(child.layer.presentation()!.bounds.width - 180) < 1e-9)
        }
    }

    @Test func interruptingAPositionAnimationDoesNotJump() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 105 })
            clock.advance(to: 0.5)
            let before = view.layer.presentation()!.position.x
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 0 })
            let after = view.layer.presentation()!.position.x
            #expect(abs(before - after) < 1e-9)
            #expect(abs(before - 55) < 1e-9)
        }
    }

    @Test func completionRunsAtOnceWhenNothingChanges() {
        onFreshClock { clock in
            let view = UIView(frame: .zero)
            var finished: Bool?
            UIView.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { finished = $0 })
            #expect(finished == nil)
            clock.advance(to: 0)
            #expect(finished == true)
        }
    }

    @Test func cubicCurvesMatchTheirControlPoints() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        // Control points are Floats (as in Apple's API): 0.42 is stored as 0.41999999, hence 1e-7.
        #expect(abs(ease.progress(at: 0.5) - 0.5) < 1e-7)
        #expect(ease.progress(at: 0) == 0 && abs(ease.progress(at: 1) - 1) < 1e-9)
        // (0.42, 0, 0.58, 1) at x = 0.25: y = 0.1291619310, by 200-step bisection on the Bernstein form.
        #expect(abs(ease.progress(at: 0.25) - 0.1291619310) < 1e-7)
        let linear = CAMediaTimingFunction(name: .linear)
        #expect(abs(linear.progress(at: 0.3) - 0.3) < 1e-9)
    }
}
