import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// Core Animation's timing members (repeats, autoreverse, repeat duration, fill, delayed starts), value
/// functions, the action search, hit testing and CATransition's frames.
@Suite struct MediaTimingMembers {
    func opacity(_ layer: CALayer) -> Float { layer.presentation()!.opacity }

    func fade(duration: Double) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = duration
        return fade
    }

    @Test func repeatCountPlaysTheDurationAgainAndEndsAfterTheLastRepeat() {
        onFreshClock { clock in
            let layer = CALayer()
            layer.opacity = 0.5
            let anim = fade(duration: 1)
            anim.repeatCount = 2.5
            layer.add(anim, forKey: "fade")
            clock.advance(to: 0.25)
            #expect(abs(opacity(layer) - 0.25) < 1e-6)
            clock.advance(to: 1.25)
            #expect(abs(opacity(layer) - 0.25) < 1e-6)
            clock.advance(to: 2.4)
            #expect(abs(opacity(layer) - 0.4) < 1e-6)
            // Two and a half repeats: over at 2.5 s, removed, the model shows.
            clock.advance(to: 2.6)
            #expect(layer.animationKeys() == nil && opacity(layer) == 0.5)
        }
    }

    @Test func autoreversesPlaysBackwardsAndAForwardsFillHoldsTheStart() {
        onFreshClock { clock in
            let layer = CALayer()
            let anim = fade(duration: 1)
            anim.autoreverses = true
            anim.fillMode = .forwards
            anim.isRemovedOnCompletion = false
            layer.add(anim, forKey: "fade")
            clock.advance(to: 0.75)
            #expect(abs(opacity(layer) - 0.75) < 1e-6)
            clock.advance(to: 1.25)
            #expect(abs(opacity(layer) - 0.75) < 1e-6)
            clock.advance(to: 1.9)
            #expect(abs(opacity(layer) - 0.1) < 1e-6)
            // Over after twice the duration; held where the reverse ends, at the from-value.
            clock.advance(to: 3)
            #expect(opacity(layer) == 0)
        }
    }

    @Test func repeatDurationRepeatsForThatLongAndTheDelegateHearsTheEndThen() {
        final class Listener: CAAnimationDelegate {
            var events: [String] = []
            func animationDidStart(_ anim: CAAnimation) { events.append("start \(CACurrentMediaTime())") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(CACurrentMediaTime()) \(flag)") }
        }
        onFreshClock { clock in
            let layer = CALayer()
            let anim = fade(duration: 0.5)
            anim.repeatDuration = 1.25
            let listener = Listener()
            anim.delegate = listener
            // Begins half a second from now, in the layer's (media) time.
            anim.beginTime = CACurrentMediaTime() + 0.5
            layer.add(anim, forKey: "fade")
            #expect(listener.events.isEmpty)
            clock.advance(to: 0.5 + 1.1)
            #expect(abs(opacity(layer) - 0.2) < 1e-6)
            clock.advance(to: 3)
            #expect(listener.events == ["start 0.5", "stop 1.75 true"])
        }
    }

    @Test func aValueFunctionTurnsNumbersIntoATransform() {
        onFreshClock { clock in
            let layer = CALayer()
            let spin = CABasicAnimation(keyPath: "transform")
            spin.valueFunction = CAValueFunction(name: .rotateZ)
            spin.fromValue = 0
            spin.toValue = CGFloat.pi
            spin.duration = 1
            layer.add(spin, forKey: "spin")
            clock.advance(to: 0.5)
            let t = layer.presentation()!.transform
            #expect(abs(t.m11) < 1e-9 && abs(t.m12 - 1) < 1e-9)
            #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")) == nil)
        }
    }

    @Test func actionsAreFoundInCoreAnimationsOrderAndNSNullStopsTheSearch() {
        onFreshClock { _ in
            let layer = Defaulting()
            let mine = ActionLog()
            let delegate = Quiet()
            layer.delegate = delegate
            layer.actions = ["position": mine]
            layer.position = CGPoint(x: 1, y: 1)
            layer.opacity = 0.5
            #expect(mine.keys == ["position"] && Defaulting.fallback.keys == ["opacity"])
            delegate.silence = true
            layer.position = CGPoint(x: 2, y: 2)
            layer.opacity = 0.25
            #expect(mine.keys == ["position"] && Defaulting.fallback.keys == ["opacity"])
            // A view's layer takes no actions of its own, as on iOS.
            let view = UIView(frame: .zero)
            view.layer.actions = ["opacity": mine]
            view.alpha = 0.5
            #expect(mine.keys == ["position"])
        }
    }

    @Test func needsDisplayForKeyAndBoundsChangesMarkTheContents() {
        let layer = Dial()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!layer.needsDisplay())
        layer.opacity = 0.5
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(layer.needsDisplay())
        // Without area the display waits until the layer has some.
        let empty = CALayer()
        empty.setNeedsDisplay()
        empty.displayIfNeeded()
        #expect(empty.needsDisplay())
    }

    @Test func hitTestFindsTheFrontmostDeepestLayerThroughTransforms() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let back = CALayer(), front = CALayer(), clipped = CALayer(), inner = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        front.frame = CGRect(x: 40, y: 40, width: 60, height: 60)
        front.setAffineTransform(CGAffineTransform(scaleX: 0.5, y: 0.5))  // now covers 55…85
        clipped.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        clipped.masksToBounds = true
        inner.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        for layer in [back, front, clipped] { root.addSublayer(layer) }
        clipped.addSublayer(inner)
        #expect(root.hitTest(CGPoint(x: 56, y: 56)) === front)
        #expect(root.hitTest(CGPoint(x: 45, y: 45)) === back)
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) === inner)
        // Outside the clipping layer its sublayer is not hit, though it reaches there.
        #expect(root.hitTest(CGPoint(x: 35, y: 35)) === back)
        #expect(root.hitTest(CGPoint(x: 150, y: 5)) == nil)
        #expect(root.contains(CGPoint(x: 99, y: 1)) && !root.contains(CGPoint(x: 101, y: 1)))
    }

    @Test func replaceSublayerKeepsThePlaceAndModelIsTheLayer() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        root.sublayers = [a, b]
        root.replaceSublayer(a, with: c)
        #expect(root.sublayers!.count == 2 && root.sublayers![0] === c && root.sublayers![1] === b)
        #expect(a.superlayer == nil && c.superlayer === root)
        #expect(root.model() === root)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
    }

    @Test func aTransitionDrawsTheOldRenderingSlidingAwayAndTheNewSlidingIn() {
        onFreshClock { clock in
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let panel = CALayer()
            panel.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            panel.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            parent.addSublayer(panel)
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 1
            push.timingFunction = CAMediaTimingFunction(name: .linear)
            panel.add(push, forKey: "anything")
            #expect(panel.animationKeys() == [kCATransition])
            panel.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            clock.advance(to: 0.25)
            let drawn = parent.snapshot(at: clock.now).sublayers
            #expect(drawn.count == 2)
            #expect(drawn[0].state.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1) && abs(drawn[0].state.position.x - 25) < 1e-6)
            #expect(drawn[1].state.backgroundColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1) && abs(drawn[1].state.position.x - 125) < 1e-6)
            clock.advance(to: 1.5)
            #expect(parent.snapshot(at: clock.now).sublayers.count == 1)
        }
    }

    @Test func aFadeTransitionLaysTheOldRenderingOverTheNewFadingOut() {
        onFreshClock { clock in
            let parent = CALayer(), panel = CALayer()
            panel.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            parent.addSublayer(panel)
            let fade = CATransition()
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            fade.startProgress = 0.5
            panel.add(fade, forKey: nil)
            clock.advance(to: 0.5)
            let drawn = parent.snapshot(at: clock.now).sublayers
            // Progress runs 0.5 → 1 over the duration: three quarters at half time.
            #expect(drawn.count == 2 && abs(drawn[1].state.opacity - 0.25) < 1e-6 && drawn[0].state.opacity == 1)
        }
    }
}

private final class ActionLog: CAAction {
    var keys: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { keys.append(event) }
}

private final class Quiet: NSObject, CALayerDelegate {
    var silence = false
    func action(for layer: CALayer, forKey event: String) -> CAAction? { silence ? NSNull() : nil }
}

private final class Defaulting: CALayer {
    static let fallback = ActionLog()
    override class func defaultAction(forKey event: String) -> CAAction? { event == "opacity" ? fallback : nil }
}

private final class Dial: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool { key == "opacity" || super.needsDisplay(forKey: key) }
}
