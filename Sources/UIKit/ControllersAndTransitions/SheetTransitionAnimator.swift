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
