import Testing
import Foundation
@testable import QuartzCore

/// Core Animation's layer timing (CAMediaTiming on layers): a layer's local time is
/// (parent time − beginTime)·speed + timeOffset; its animations and sublayers run on it.
@Suite struct LayerTiming {
    func slide(_ layer: CALayer, over duration: Double) -> (CABasicAnimation, Box) {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(100)
        animation.duration = duration
        let box = Box()
        animation.delegate = box
        layer.add(animation, forKey: "slide")
        return (animation, box)
    }
    final class Box: CAAnimationDelegate {
        var stopped: (time: Double, finished: Bool)?
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped = (CACurrentMediaTime(), flag) }
    }

    @Test func freezingScrubbingAndRunningAParentRetimesItsSublayersAnimations() {
        let clock = Timeline()
        Timeline.$current.withValue(clock) {
            let parent = CALayer(), child = CALayer()
            parent.addSublayer(child)
            clock.advance(to: 1)
            let (_, box) = slide(child, over: 1)
            clock.advance(to: 1.25)
            #expect(child.presentation()!.position.x == 25)
            // Freeze at the current local time: nothing moves, the end is no longer scheduled.
            parent.timeOffset = parent.localTime(atMedia: 1.25)
            parent.speed = 0
            #expect(clock.nextEventTime == nil)
            clock.advance(to: 3)
            #expect(child.presentation()!.position.x == 25 && box.stopped == nil)
            // Scrub.
            parent.timeOffset = 1.6
            #expect(abs(child.presentation()!.position.x - 60) < 1e-9)
            // Run forward at double speed from now: the end (local 2.0) comes 0.2 s later.
            parent.beginTime = 3
            parent.speed = 2
            #expect(abs(clock.nextEventTime! - 3.2) < 1e-12)
            clock.advance(to: 3.1)
            #expect(abs(child.presentation()!.position.x - 80) < 1e-9)
            clock.advance(to: 4)
            #expect(box.stopped?.finished == true && abs(box.stopped!.time - 3.2) < 1e-12)
            #expect(abs(child.convertTime(4, from: nil) - 3.6) < 1e-12 && abs(child.convertTime(3.6, to: nil) - 4) < 1e-12)
        }
    }

    @Test func backwardsTimeNeverEndsAnAnimationAndMovingIntoAFrozenLayerFreezes() {
        let clock = Timeline()
        Timeline.$current.withValue(clock) {
            let frozen = CALayer(), layer = CALayer()
            let (_, box) = slide(layer, over: 1)
            clock.advance(to: 0.5)
            frozen.speed = 0
            frozen.timeOffset = 0.5
            frozen.addSublayer(layer)
            #expect(clock.nextEventTime == nil)
            frozen.beginTime = 0.5
            frozen.speed = -1
            clock.advance(to: 0.75)
            #expect(abs(layer.presentation()!.position.x - 25) < 1e-9 && clock.nextEventTime == nil)
            layer.removeFromSuperlayer()   // back on media time (0.75 into the animation): it ends at 1
            #expect(abs(layer.presentation()!.position.x - 75) < 1e-9)
            clock.advance(to: 2)
            #expect(box.stopped?.finished == true && box.stopped!.time == 1)
        }
    }
}
