import Testing
import Foundation
import UIKit
import Raster
import Stage
import Playback

/// A circular reveal rendered as a clip (one session, one renderer: damage tracking and the cached
/// backdrop on, as every clip, GIF, PNG sequence and filmstrip is made) shows in every frame the circle of
/// that moment: each streamed frame equals a still rendered from a fresh run at the same time.
@Suite struct StreamedReveal {
    /// The presented screen, masked by a CAShapeLayer whose circle path grows from the button (CABasicAnimation
    /// on "path", completed by its delegate), as public transition code writes it.
    final class RevealAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
        let origin: CGPoint
        private var context: UIViewControllerContextTransitioning?
        init(origin: CGPoint) { self.origin = origin }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            context = transitionContext
            guard let toView = transitionContext.view(forKey: .to) else { return }
            transitionContext.containerView.addSubview(toView)
            let far: CGFloat = 800
            let mask = CAShapeLayer()
            mask.path = UIBezierPath(ovalIn: CGRect(x: origin.x - far, y: origin.y - far, width: 2 * far, height: 2 * far)).cgPath
            toView.layer.mask = mask
            let grow = CABasicAnimation(keyPath: "path")
            grow.fromValue = UIBezierPath(ovalIn: CGRect(x: origin.x - 1, y: origin.y - 1, width: 2, height: 2)).cgPath
            grow.toValue = mask.path
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

    final class Home: UIViewController, UIViewControllerTransitioningDelegate {
        let button = UIButton(type: .system)
        override func viewDidLoad() {
            view.backgroundColor = .white
            button.frame = CGRect(x: 280, y: 560, width: 60, height: 44)
            button.backgroundColor = .systemBlue
            button.addAction(UIAction { [unowned self] _ in
                let detail = UIViewController()
                detail.view.backgroundColor = .systemRed
                detail.modalPresentationStyle = .fullScreen
                detail.transitioningDelegate = self
                self.present(detail, animated: true)
            }, for: .touchUpInside)
            view.addSubview(button)
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            RevealAnimator(origin: CGPoint(x: button.frame.midX, y: button.frame.midY))
        }
    }

    final class RevealScene: Scene {
        static let name = "circular-reveal"
        static let summary = "A red screen revealed by a growing circle"
        let home = Home()
        init() {}
        func makeRootViewController() -> UIViewController { home }
        func script() -> Script {
            var script = Script()
            script.tap { [unowned self] in self.home.button }
            script.waitUntilIdle()
            return script
        }
    }

    @Test func everyStreamedFrameEqualsAFreshStill() throws {
        let settings = RenderSettings(device: .iPhoneSE, scale: 1, fps: 30)
        let plan = try Stage.plan(RevealScene.definition, settings: settings)
        let span = try #require(plan.transitions.first)
        // The frames from just before the reveal to just after it.
        let times = (0..<plan.frameCount).map(plan.time(ofFrame:)).filter { $0 >= span.start - 0.05 && $0 <= span.end + 0.05 }
        #expect(times.count >= 12)
        let streamed = try Stage.frames(RevealScene.definition, settings: settings, times: times)
        for (time, frame) in zip(times, streamed) {
            let still = try #require(Stage.frames(RevealScene.definition, settings: settings, times: [time]).first)
            let same = frame == still
            #expect(same, "t = \(time)")
        }
        // Half way the circle has grown past the button but not to the top-left corner.
        let middle = times.count / 2
        let red = RGBA8(r: 255, g: 59, b: 48, a: 255)
        #expect(streamed[middle][2, 2] == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(streamed[middle][250, 582] == red)
    }

    /// What the frame loop lays over each finished frame (the device's chrome, the phone's bezel, the finger's
    /// dot fading after the tap) is drawn the same in a stream as in a fresh still.
    @Test func chromeBezelAndTouchesStreamAsTheyAreFresh() throws {
        let settings = RenderSettings(device: .iPhone16, scale: 0.5, fps: 30, touches: true, chrome: true, bezel: true)
        let plan = try Stage.plan(RevealScene.definition, settings: settings)
        // From before the tap, through the dot's fade after the lift, to the settled screen.
        let times = stride(from: 0, to: plan.frameCount, by: 2).map(plan.time(ofFrame:))
        let streamed = try Stage.frames(RevealScene.definition, settings: settings, times: times)
        #expect(streamed.count == times.count && times.count >= 10)
        for (time, frame) in zip(times, streamed) {
            let still = try #require(Stage.frames(RevealScene.definition, settings: settings, times: [time]).first)
            #expect(frame == still, "t = \(time)")
        }
    }
}
