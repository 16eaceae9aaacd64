import Testing
@testable import QuartzCore
@testable import UIKit

/// Model vs presentation, the virtual clock, and UIView animation blocks.
@Suite struct ViewAnimations {
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

/// Every animatable view and layer property goes through the same machinery.
@Suite struct AnimatableProperties {
    @Test func everyPropertyIsHalfwayHalfwayThroughALinearAnimation() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            let bare = UIView(frame: .zero)   // backgroundColor nil: animates as a fade of the new colour
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.frame = CGRect(x: 100, y: 50, width: 200, height: 50)
                view.alpha = 0.5
                view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
                view.transform3D = CATransform3DMakeScale(2, 2, 1)
                view.layer.cornerRadius = 10
                view.layer.shadowOpacity = 0.4
                view.layer.shadowRadius = 13
                view.layer.shadowOffset = CGSize(width: 0, height: 7)
                view.layer.shadowColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                view.layer.borderWidth = 4
                view.layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                view.layer.zPosition = 6
                bare.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
            })
            clock.advance(to: 0.5)
            let s = view.layer.presentation()!.modelState
            #expect(s.bounds.size == CGSize(width: 150, height: 75))
            #expect(s.position == CGPoint(x: 125, y: 62.5))
            #expect(abs(s.opacity - 0.75) < 1e-6)
            #expect(s.backgroundColor == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
            #expect(s.transform == CATransform3DMakeScale(1.5, 1.5, 1))
            #expect(s.cornerRadius == 5 && abs(s.shadowOpacity - 0.2) < 1e-6 && s.shadowRadius == 8)
            #expect(s.shadowOffset == CGSize(width: 0, height: 2))
            #expect(s.shadowColor == CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
            #expect(s.borderWidth == 2 && s.borderColor == CGColor(red: 0.5, green: 0, blue: 0, alpha: 1))
            #expect(s.zPosition == 3)
            #expect(bare.layer.presentation()!.backgroundColor == CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))
            clock.advance(to: 1)
            #expect(view.layer.animationKeys() == nil && view.layer.presentation()!.modelState == view.layer.modelState)
        }
    }

    @Test func keyValueCodingReachesAnimatableKeysAndTheirMembers() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        layer.setValue(7.0, forKeyPath: "position.x")
        layer.setValue(2, forKey: "borderWidth")
        layer.setValue(0.5, forKey: "opacity")
        #expect(layer.position == CGPoint(x: 7, y: 4) && layer.borderWidth == 2 && layer.opacity == 0.5)
        #expect(layer.value(forKeyPath: "position.y") as? CGFloat == 4)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(layer.value(forKey: "bounds.size.height") as? CGFloat == 20)
    }

    @Test func springDurationAndBounce() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
            var completedAt: Double?
            UIView.animate(springDuration: 0.5, bounce: 0.3, animations: { view.center.x = 100 },
                           completion: { _ in completedAt = CACurrentMediaTime() })
            let spring = SpringCurve.perceptual(duration: 0.5, bounce: 0.3)
            for t in [0.05, 0.15, 0.3, 0.6] {
                clock.advance(to: t)
                #expect(abs(view.shownX - 100 * spring.progress(at: t)) < 1e-9)
            }
            clock.advance(to: 5)
            // The animation lasts the spring's settling time.
            #expect(completedAt.map { abs($0 - spring.settlingDuration) < 1e-12 } == true)
        }
    }
}

/// Defaults and protocol conformance of UIViewPropertyAnimator.
@Suite struct PropertyAnimatorConfiguration {
    @Test func defaults() {
        let animator = UIViewPropertyAnimator(duration: 0.4, controlPoint1: CGPoint(x: 0.1, y: 0.6), controlPoint2: CGPoint(x: 0.3, y: 1))
        #expect(animator.state == .inactive && !animator.isRunning && !animator.isReversed)
        #expect(animator.isInterruptible && animator.scrubsLinearly && !animator.pausesOnCompletion)
        #expect(animator.isUserInteractionEnabled && !animator.isManualHitTestingEnabled)
        #expect(animator.delay == 0 && animator.duration == 0.4 && animator.fractionComplete == 0)
        let cubic = animator.timingParameters?.cubicTimingParameters
        #expect(cubic?.controlPoint1 == CGPoint(x: 0.1, y: 0.6) && animator.timingParameters?.timingCurveType == .cubic)
        let implicit: UIViewImplicitlyAnimating = animator
        let animating: UIViewAnimating = implicit
        #expect(animating.state == .inactive)
        #expect(UIViewAnimatingState.stopped.rawValue == 2 && UIViewAnimatingPosition.current.rawValue == 2)
    }
}
