/// UIKit's sheet animation for the cover-vertical style: the sheet slides up from the bottom edge to its
/// detent (and back down on dismissal) on the sheet spring (SheetMotion). Interruptible, so the
/// presentation controller's alongside animations (the dimming, the receding presenter) share its spring.
final class SheetTransitionAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    private var animator: UIViewPropertyAnimator?
    init(presenting: Bool) { self.presenting = presenting }

    /// The spring settles in about this long (it decides its own duration).
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: context).startAnimation()
    }

    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator { return animator }
        let made = UIViewPropertyAnimator(duration: 0.5, timingParameters: SheetMotion.timing(velocity: 0))
        animator = made
        let container = context.containerView
        let offscreen = { (frame: CGRect) in frame.offsetBy(dx: 0, dy: container.bounds.height - frame.minY) }
        if presenting {
            if let presented = context.viewController(forKey: .to), let view = context.view(forKey: .to) {
                let final = context.finalFrame(for: presented)
                if view.superview !== container { container.addSubview(view) }
                UIView.performWithoutAnimation { view.frame = offscreen(final) }
                made.addAnimations { view.frame = final }
            }
        } else if let view = context.view(forKey: .from) {
            let start = view.frame
            made.addAnimations { view.frame = offscreen(start) }
        }
        made.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        return made
    }
}

/// The sheet's spring: UIKit's system spring (mass 3, stiffness 1000, damping 500, critically damped, about
/// 0.5 s; react-navigation's `TransitionIOSSpec` uses the same numbers for iOS modals), with a release velocity.
enum SheetMotion {
    static func timing(velocity: CGFloat) -> UISpringTimingParameters {
        UISpringTimingParameters(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: velocity, dy: velocity))
    }

    /// Runs `body` on the spring; `velocity` is relative (1 = the whole distance per second).
    @discardableResult
    static func animate(velocity: CGFloat, _ body: @escaping () -> Void, completion: (() -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: timing(velocity: velocity))
        animator.addAnimations(body)
        if let completion { animator.addCompletion { _ in completion() } }
        animator.startAnimation()
        return animator
    }
}
