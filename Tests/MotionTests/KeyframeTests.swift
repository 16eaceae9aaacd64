import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Keyframe animations (Core Animation's and UIView's), groups, transform value functions and transaction
/// completion blocks, checked against hand-computed values.
@Suite struct Keyframes {
    static func layer() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        return layer
    }

    @Test func linearKeyframesFollowKeyTimesAndSegmentTimings() {
        let layer = Self.layer()
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = [0, 100, 50]
        animation.keyTimes = [0, 0.25, 1]
        animation.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn)]
        animation.duration = 2
        animation.beginTime = 10
        layer.add(animation, forKey: "x")
        func x(_ t: Double) -> CGFloat { layer.presentationState(at: t).position.x }
        #expect(x(10) == 0)
        #expect(abs(x(10.25) - 50) < 1e-9)          // half of the first quarter
        #expect(abs(x(10.5) - 100) < 1e-9)          // at the second key time
        let eased = CAMediaTimingFunction(name: .easeIn).progress(at: 0.5)
        #expect(abs(x(11.25) - (100 - 50 * CGFloat(eased))) < 1e-9)
        #expect(x(12.5) == 0)                       // after its end, removed: the model
    }

    @Test func discreteHoldsEachValue() {
        let layer = Self.layer()
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.values = [0.2, 0.6, 1.0]
        animation.calculationMode = .discrete
        animation.duration = 3
        animation.beginTime = 10
        layer.add(animation, forKey: "o")
        #expect(layer.presentationState(at: 10.5).opacity == 0.2)
        #expect(layer.presentationState(at: 11.2).opacity == 0.6)
        #expect(layer.presentationState(at: 12.9).opacity == 1.0)
    }

    @Test func pacedKeyframesMoveAtConstantSpeed() {
        let layer = Self.layer()
        let animation = CAKeyframeAnimation(keyPath: "position")
        // 30 pt then 10 pt: paced, the first segment takes 3/4 of the time.
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 10)]
        animation.calculationMode = .paced
        animation.keyTimes = [0, 0.5, 1]   // ignored when paced
        animation.duration = 4
        animation.beginTime = 10
        layer.add(animation, forKey: "p")
        #expect(abs(layer.presentationState(at: 11).position.x - 10) < 1e-9)
        #expect(abs(layer.presentationState(at: 13).position.x - 30) < 1e-9)
        #expect(abs(layer.presentationState(at: 13.5).position.y - 5) < 1e-9)
    }

    @Test func cubicPassesThroughTheValuesOnACatmullRomSpline() {
        let layer = Self.layer()
        let animation = CAKeyframeAnimation(keyPath: "position.y")
        animation.values = [0, 10, 0, 10]
        animation.calculationMode = .cubic
        animation.duration = 3
        animation.beginTime = 10
        layer.add(animation, forKey: "y")
        #expect(abs(layer.presentationState(at: 11).position.y - 10) < 1e-9)
        // Middle of the segment 10 → 0 with neighbours 0 and 10: (−P0 + 9P1 + 9P2 − P3)/16 = (0 + 90 + 0 − 10)/16.
        #expect(abs(layer.presentationState(at: 11.5).position.y - 5) < 1e-9)
        // Middle of the first segment (P0 repeated): (−0 + 9·0 + 9·10 − 0)/16 = 5.625.
        #expect(abs(layer.presentationState(at: 10.5).position.y - 5.625) < 1e-9)
    }

    @Test func pathKeyframesFollowThePathAndTurnWithIt() {
        let layer = Self.layer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.rotationMode = .rotateAuto
        animation.duration = 2
        animation.beginTime = 10
        layer.add(animation, forKey: "path")
        let early = layer.presentationState(at: 10.5), late = layer.presentationState(at: 11.5)
        #expect(abs(early.position.x - 50) < 1e-9 && early.position.y == 0)
        #expect(late.position.x == 100 && abs(late.position.y - 50) < 1e-9)
        #expect(abs(late.transform.m12 - 1) < 1e-9 && abs(late.transform.m11) < 1e-9)   // turned 90°
    }

    @Test func valueFunctionsAnimateTheirComponent() {
        let layer = Self.layer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.beginTime = 10
        layer.add(spin, forKey: "spin")
        // A full turn passes through half a turn (matrices alone could not say which way).
        let half = layer.presentationState(at: 10.5).transform
        #expect(abs(half.m11 + 1) < 1e-9 && abs(half.m12) < 1e-9)
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.5
        grow.toValue = 1.5
        grow.duration = 1
        grow.beginTime = 20
        layer.add(grow, forKey: "spin")
        let scaled = layer.presentationState(at: 20.5).transform
        #expect(scaled.m11 == 1 && scaled.m22 == 1 && scaled.m33 == 1)
        #expect(abs(layer.presentationState(at: 20.25).transform.m11 - 0.75) < 1e-9)
        layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(layer.value(forKeyPath: "transform.scale.y") as? CGFloat == 3)
    }

    @Test func byValueFillsTheMissingEnd() {
        let layer = Self.layer()
        layer.position = CGPoint(x: 5, y: 5)
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 10
        move.duration = 1
        move.beginTime = 10
        layer.add(move, forKey: "by")
        #expect(abs(layer.presentationState(at: 10.5).position.x - 10) < 1e-9)
        move.fromValue = 100
        #expect(abs(layer.presentationState(at: 10.5).position.x - 105) < 1e-9)
    }

    @Test func groupsTimeTheirChildrenFromTheGroupsStart() {
        let layer = Self.layer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.beginTime = 1
        move.duration = 1
        let group = CAAnimationGroup()
        group.animations = [fade, move]
        group.duration = 2
        group.beginTime = 10
        layer.add(group, forKey: "group")
        let early = layer.presentationState(at: 10.5), late = layer.presentationState(at: 11.5)
        #expect(abs(early.opacity - 0.5) < 1e-6 && early.position.x == 0)
        #expect(late.opacity == 1 && abs(late.position.x - 50) < 1e-9)
    }

    @Test func transactionCompletionWaitsForItsAnimations() {
        onFreshClock { clock in
            let layer = Self.layer()
            var done: [Double] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { done.append(CACurrentMediaTime()) }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 0.5
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
            clock.advance(to: 0.4)
            #expect(done.isEmpty)
            clock.advance(to: 0.6)
            #expect(done == [0.5])
            // No animations: right after the commit.
            CATransaction.begin()
            CATransaction.setCompletionBlock { done.append(CACurrentMediaTime()) }
            CATransaction.commit()
            clock.advance(to: 0.7)
            #expect(done == [0.5, 0.6])
        }
    }

    @Test func viewKeyframesHoldBetweenTheirFrames() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            var finished: Bool?
            UIView.animateKeyframes(withDuration: 2, delay: 0,
                                    options: UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue),
                                    animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 105 }
            }, completion: { finished = $0 })
            #expect(view.alpha == 0)
            clock.advance(to: 0.25)
            #expect(abs(view.layer.presentation()!.opacity - 0.75) < 1e-6)
            clock.advance(to: 0.75)
            #expect(abs(view.layer.presentation()!.opacity - 0.5) < 1e-6)   // held until the next keyframe
            #expect(abs(view.layer.presentation()!.position.x - 42.5) < 1e-9)
            clock.advance(to: 1.5)
            #expect(abs(view.layer.presentation()!.opacity - 0.25) < 1e-6)
            clock.advance(to: 2.1)
            #expect(finished == true && view.layer.animationKeys() == nil)
        }
    }

    @Test func viewKeyframesEaseInOutOverTheWholeByDefault() {
        onFreshClock { clock in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            UIView.animateKeyframes(withDuration: 1, delay: 0, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
            })
            clock.advance(to: 0.25)
            let expected = 1 - CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.25)
            #expect(abs(Double(view.layer.presentation()!.opacity) - expected) < 1e-6)
        }
    }
}
