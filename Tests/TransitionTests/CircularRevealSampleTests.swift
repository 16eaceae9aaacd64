import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster
import TransitionTesting

// A circular ("bubble") reveal as public transition code writes it: the presented view is masked by a
// CAShapeLayer whose circle path grows from the tapped button to cover the screen, with a CABasicAnimation
// on "path" and the delegate completing the transition. Only `import UIKit` APIs are used below the line.

// ---------------------------------------------------------------------------------------------------------
final class CircularRevealAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
    let origin: CGPoint
    private var context: UIViewControllerContextTransitioning?

    init(origin: CGPoint) { self.origin = origin }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        guard let toView = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.addSubview(toView)
        let bounds = transitionContext.containerView.bounds
        let far = max(hypot(origin.x, origin.y), hypot(bounds.width - origin.x, origin.y),
                      hypot(origin.x, bounds.height - origin.y), hypot(bounds.width - origin.x, bounds.height - origin.y))
        let small = UIBezierPath(ovalIn: CGRect(x: origin.x - 1, y: origin.y - 1, width: 2, height: 2))
        let large = UIBezierPath(ovalIn: CGRect(x: origin.x - far, y: origin.y - far, width: 2 * far, height: 2 * far))
        let mask = CAShapeLayer()
        mask.path = large.cgPath
        toView.layer.mask = mask
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = small.cgPath
        grow.toValue = large.cgPath
        grow.duration = transitionDuration(using: transitionContext)
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        grow.delegate = self
        mask.add(grow, forKey: "reveal")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        context?.view(forKey: .to)?.layer.mask = nil
        context?.completeTransition(!(context?.transitionWasCancelled ?? false))
        context = nil
    }
}

final class RevealDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let origin: CGPoint
    init(origin: CGPoint) { self.origin = origin }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CircularRevealAnimator(origin: origin)
    }
}
// ---------------------------------------------------------------------------------------------------------

@Suite struct CircularRevealSample {
    @Test func theRevealGrowsAsACircleFromTheButton() {
        let home = UIViewController()
        home.view.backgroundColor = .white
        onStage(home) { stage in
            let detail = UIViewController()
            detail.view.backgroundColor = .systemRed
            detail.modalPresentationStyle = .fullScreen
            let origin = CGPoint(x: 300, y: 700)
            let reveal = RevealDelegate(origin: origin)
            detail.transitioningDelegate = reveal
            home.present(detail, animated: true)
            let start = stage.clock.now
            stage.run(to: start + 0.25)
            // Half way on a linear path animation: radius 1 + (far − 1)/2.
            let bounds = stage.window.bounds
            let far = hypot(origin.x, origin.y)
            let radius = 1 + (far - 1) / 2
            let frame = LayerRenderer(scale: 1).render(stage.window.layer.snapshot(at: stage.clock.now), size: bounds.size)
            func pixel(_ p: CGPoint) -> RGBA8 { frame[Int(p.x), Int(p.y)] }
            let red = RGBA8(r: 255, g: 59, b: 48, a: 255), white = RGBA8(r: 255, g: 255, b: 255, a: 255)
            // Straight up and towards the top left: inside the circle red, outside still the white screen.
            for (dx, dy) in [(0.0, -1.0), (-0.7071, -0.7071)] {
                func at(_ r: CGFloat) -> CGPoint { CGPoint(x: origin.x + CGFloat(dx) * r, y: origin.y + CGFloat(dy) * r) }
                #expect(pixel(at(radius - 3)) == red)
                #expect(pixel(at(radius + 3)) == white)
            }
            // Looked at before recording: a red disc around the button's point, its edge smooth.
            assertImageSnapshot(frame, named: "circular-reveal-50")
            stage.settle()
            #expect(detail.view.layer.mask == nil && home.presentedViewController === detail)
        }
    }

    @Test func pathsWithDifferentElementsSwitchHalfWay() {
        let layer = CAShapeLayer()
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.path = circle
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = square
        morph.toValue = circle
        morph.duration = 1
        morph.beginTime = 10
        layer.add(morph, forKey: "morph")
        #expect(layer.presentationState(at: 10.4).shape?.path == square)
        #expect(layer.presentationState(at: 10.6).shape?.path == circle)
    }
}
