import Testing
@testable import QuartzCore
@testable import UIKit

/// UIKit Dynamics on the virtual clock, against the physics it models.
@Suite struct DynamicsTests {
    final class Listener: UIDynamicAnimatorDelegate {
        var resumed = 0, paused = 0
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumed += 1 }
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { paused += 1 }
    }

    /// Runs `body` with a fresh timeline and a 400 × 800 reference view.
    func world(_ body: (Timeline, UIView) -> Void) {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) {
            body(timeline, UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800)))
        }
    }

    @Test func freeFallIsHalfGTSquaredAtAThousandPointsPerSecondSquared() {
        world { timeline, reference in
            let item = UIView(frame: CGRect(x: 150, y: 50, width: 100, height: 100))
            reference.addSubview(item)
            let animator = UIDynamicAnimator(referenceView: reference)
            animator.addBehavior(UIGravityBehavior(items: [item]))
            #expect(animator.isRunning)
            timeline.advance(to: 0.5)
            #expect(abs(item.center.y - 100 - 125) < 1e-6)       // ½ · 1000 · 0.5²
            #expect(item.center.x == 200)
            #expect(abs(animator.elapsedTime() - 0.5) < 1e-9)
            // Heavier items fall alike; a magnitude of 2 doubles the acceleration.
            let gravity = animator.behaviors[0] as! UIGravityBehavior
            gravity.magnitude = 2
            #expect(abs(gravity.gravityDirection.dy - 2) < 1e-12 && abs(gravity.angle - .pi / 2) < 1e-12)
            animator.removeAllBehaviors()
            #expect(!animator.isRunning && timeline.isIdle)
        }
    }

    /// The physics steps at 240 Hz whatever the display's rate: a throw against walls ends in the same place.
    @Test func resultsDoNotDependOnTheFrameRate() {
        func run(frameRate: Int) -> CGPoint {
            let timeline = Timeline()
            timeline.frameRate = frameRate
            return Timeline.$current.withValue(timeline) {
                let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
                let item = UIView(frame: CGRect(x: 100, y: 100, width: 80, height: 50))
                reference.addSubview(item)
                let animator = UIDynamicAnimator(referenceView: reference)
                let collision = UICollisionBehavior(items: [item])
                collision.translatesReferenceBoundsIntoBoundary = true
                let material = UIDynamicItemBehavior(items: [item])
                material.elasticity = 0.6
                material.friction = 0.3
                animator.addBehavior(collision)
                animator.addBehavior(material)
                animator.addBehavior(UIGravityBehavior(items: [item]))
                material.addLinearVelocity(CGPoint(x: 1800, y: -900), for: item)
                material.addAngularVelocity(4, for: item)
                timeline.advance(to: 1.25)  // a frame at each of the rates
                return item.center
            }
        }
        let reference = run(frameRate: 60)
        #expect(run(frameRate: 24) == reference && run(frameRate: 120) == reference)
    }

    @Test func snapSettlesAtThePointAndPausesThroughTheDelegate() {
        world { timeline, reference in
            let item = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 60))
            reference.addSubview(item)
            let animator = UIDynamicAnimator(referenceView: reference)
            let listener = Listener()
            animator.delegate = listener
            animator.addBehavior(UISnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 600)))
            #expect(listener.resumed == 1)
            var time = 0.0
            while animator.isRunning && time < 5 { time += 0.1; timeline.advance(to: time) }
            #expect(!animator.isRunning && listener.paused == 1 && timeline.isIdle)
            #expect(abs(item.center.x - 300) < 0.5 && abs(item.center.y - 600) < 0.5)
            #expect(time < 2.5)
            // A velocity added to a resting item wakes the animator.
            let push = UIDynamicItemBehavior(items: [item])
            animator.addBehavior(push)
            push.addLinearVelocity(CGPoint(x: 0, y: -500), for: item)
            #expect(animator.isRunning && listener.resumed == 2)
        }
    }

    @Test func collisionKeepsItemsInsideTheReferenceBounds() {
        world { timeline, reference in
            let items = (0..<3).map { index in UIView(frame: CGRect(x: 40 + CGFloat(index) * 120, y: 300, width: 80, height: 80)) }
            items.forEach(reference.addSubview)
            let animator = UIDynamicAnimator(referenceView: reference)
            let collision = UICollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            let material = UIDynamicItemBehavior(items: items)
            material.elasticity = 0.8
            animator.addBehavior(collision)
            animator.addBehavior(material)
            animator.addBehavior(UIGravityBehavior(items: items))
            material.addLinearVelocity(CGPoint(x: 2500, y: -1800), for: items[0])
            material.addLinearVelocity(CGPoint(x: -1500, y: 900), for: items[2])
            for frame in 1...180 {
                timeline.advance(to: Double(frame) / 60)
                for item in items {
                    let body = animator.existingBody(for: item)!
                    for corner in body.corners {
                        #expect(corner.x > -2 && corner.x < 402 && corner.y > -2 && corner.y < 802, "frame \(frame)")
                    }
                }
            }
        }
    }

    @Test func attachmentSpringOscillatesAtItsFrequency() {
        world { timeline, reference in
            let item = UIView(frame: CGRect(x: 200, y: 350, width: 100, height: 100))  // centre (250, 400)
            reference.addSubview(item)
            let animator = UIDynamicAnimator(referenceView: reference)
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 400))
            spring.length = 0
            spring.frequency = 2
            spring.damping = 0
            animator.addBehavior(spring)
            // Times the centre crosses the anchor going left, sampled at the step rate.
            var crossings: [Double] = []
            var previous = item.center.x - 200
            for step in 1...480 {
                let time = Double(step) / 240
                timeline.advance(to: time)
                let x = item.center.x - 200
                if previous > 0 && x <= 0 { crossings.append(time - Double(x / (x - previous)) / 240) }
                previous = x
            }
            #expect(crossings.count == 4)
            let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
            #expect(abs(period - 0.5) < 0.005)
        }
    }

    @Test func rigidAttachmentHoldsItsLengthAndAPushGivesAHundredPointsPerSecond() {
        world { timeline, reference in
            let bob = UIView(frame: CGRect(x: 250, y: 150, width: 100, height: 100))
            reference.addSubview(bob)
            let animator = UIDynamicAnimator(referenceView: reference)
            animator.addBehavior(UIAttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 200, y: 200)))
            let push = UIPushBehavior(items: [bob], mode: .instantaneous)
            push.pushDirection = CGVector(dx: 0, dy: 1)
            animator.addBehavior(push)
            let inertia = UIDynamicItemBehavior(items: [bob])
            animator.addBehavior(inertia)
            timeline.advance(to: 1.0 / 60)  // the first display frame: four steps
            #expect(!push.active)
            #expect(abs(inertia.linearVelocity(for: bob).y - 100) < 1)   // 100 pt/s for mass 1, mostly along the rod's normal
            animator.addBehavior(UIGravityBehavior(items: [bob]))
            for frame in 1...60 {
                timeline.advance(to: Double(frame) / 60)
                #expect(abs(hypot(bob.center.x - 200, bob.center.y - 200) - 100) < 1.5)
            }
        }
    }

    final class ContactLog: UICollisionBehaviorDelegate {
        var began: [AnyHashable?] = []
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                               withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) { began.append(identifier) }
    }

    @Test func lineBoundariesStopItemsAndTellTheDelegate() {
        world { timeline, reference in
            let item = UIView(frame: CGRect(x: 150, y: 100, width: 100, height: 50))
            reference.addSubview(item)
            let animator = UIDynamicAnimator(referenceView: reference)
            let collision = UICollisionBehavior(items: [item])
            collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 0, y: 400), to: CGPoint(x: 400, y: 400))
            let log = ContactLog()
            collision.collisionDelegate = log
            animator.addBehavior(collision)
            animator.addBehavior(UIGravityBehavior(items: [item]))
            var time = 0.0
            while animator.isRunning && time < 3 { time += 0.1; timeline.advance(to: time) }
            #expect(!animator.isRunning)
            #expect(abs(item.frame.maxY - 400) < 1)
            #expect(log.began == ["shelf"])
            #expect(collision.boundaryIdentifiers == ["shelf"])
        }
    }
}
