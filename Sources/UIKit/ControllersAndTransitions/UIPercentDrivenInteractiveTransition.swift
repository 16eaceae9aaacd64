/// Drives a transition's animations by a percentage. With an interruptible animator the
/// percentage is the animator's `fractionComplete`, and finishing or cancelling continues or reverses it;
/// without one, the transition's Core Animation animations (UIView.animate blocks in
/// `animateTransition`, alongside animations) are frozen and scrubbed by time offset. Either way finishing
/// takes (1 − p)·D / completionSpeed and cancelling p·D / completionSpeed.
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    public override init() { super.init() }

    /// The transition's duration (the animator's `transitionDuration(using:)`); 0 when no transition runs.
    open var duration: CGFloat { CGFloat(context?.transitionDuration ?? 0) }
    /// The last value given to `update(_:)` (or where `pause()` caught the transition); back to 0 when the
    /// transition has ended, so `pause()` then `percentComplete != 0` tells a running transition from none.
    open private(set) var percentComplete: CGFloat = 0
    /// Must be above 0; 0 or less reads back as 1, as in UIKit.
    open var completionSpeed: CGFloat {
        get { storedCompletionSpeed > 0 ? storedCompletionSpeed : 1 }
        set { storedCompletionSpeed = newValue }
    }
    private var storedCompletionSpeed: CGFloat = 1
    /// Stored for the coordinator's context; the remaining time plays on the animations' own curves here.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// Used only with an interruptible animator: the curve of the finishing or cancelling run.
    open var timingCurve: UITimingCurveProvider?
    open var wantsInteractiveStart = true

    private var context: TransitionContext?
    private var animator: UIViewImplicitlyAnimating?
    private var cancelEnd: Int?

    /// With an interruptible animator the driver runs that animator (paused at 0 for an interactive
    /// start, started otherwise) and `animateTransition(using:)` is not called; without one it calls
    /// `animateTransition(using:)` and freezes the animations it made (for an interactive start).
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, context.animator != nil else {
            misuse("UIPercentDrivenInteractiveTransition.startInteractiveTransition: UIKit starts interaction controllers; do not call it yourself")
        }
        self.context = context
        animator = nil
        percentComplete = 0
        if let interruptible = context.transitionInterruptibleAnimator() {
            animator = interruptible
            context.animationsHaveStarted()
            if context.isInteractive {
                pauseAnimator(interruptible)
            } else if interruptible.state == .inactive {
                interruptible.startAnimation()
            }
        } else {
            context.callAnimateTransition()
            context.animationsHaveStarted()
            if context.isInteractive { context.scrubber.freeze(at: 0) }
        }
    }

    /// Catches a running transition: it becomes interactive where it is.
    open func pause() {
        guard let context, !context.isFinished else { return }
        context.pauseInteractiveTransition()
        if let animator {
            pauseAnimator(animator)
            percentComplete = animator.fractionComplete
        } else {
            cancelPendingEnd()
            let d = max(context.transitionDuration, 0)
            let elapsed = min(max(context.scrubber.elapsed, 0), d)
            context.scrubber.freeze(at: elapsed)
            percentComplete = d > 0 ? CGFloat(elapsed / d) : 0
        }
        context.updateInteractiveTransition(percentComplete)
    }

    open func update(_ percentComplete: CGFloat) {
        guard let context, !context.isFinished else { return }
        if !context.isInteractive { pause() }
        let p = min(max(percentComplete, 0), 1)
        self.percentComplete = p
        context.updateInteractiveTransition(p)
        if let animator {
            pauseAnimator(animator)
            animator.fractionComplete = p
        } else {
            context.scrubber.freeze(at: Double(p) * context.transitionDuration)
        }
    }

    open func finish() { complete(finishing: true) }

    open func cancel() { complete(finishing: false) }

    private func complete(finishing: Bool) {
        guard let context, !context.isFinished else { return }
        if finishing { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        let p = Double(percentComplete), speed = Double(completionSpeed)
        if let animator {
            pauseAnimator(animator)
            animator.isReversed = !finishing
            if timingCurve != nil || speed != 1 {
                let factor = (finishing ? 1 - p : p) / speed
                animator.continueAnimation(withTimingParameters: timingCurve, durationFactor: CGFloat(factor))
            } else {
                animator.startAnimation()
            }
            return
        }
        cancelPendingEnd()
        let d = context.transitionDuration
        context.scrubber.run(from: p * d, speed: finishing ? speed : -speed)
        guard !finishing else { return }
        // Backwards time never reaches an animation's end: at the start, the animations are settled at
        // their start values and removed, which runs their completions (the animator completes).
        cancelEnd = Timeline.current.schedule(at: CACurrentMediaTime() + p * d / speed) { [weak self, context] in
            self?.cancelEnd = nil
            guard !context.isFinished else { return }
            context.scrubber.freeze(at: 0)
            context.scrubber.settleTransitionAnimations()
            context.scrubber.restore()
        }
    }

    /// Called when the transition it drives has ended, finished or cancelled (after the transition's own
    /// completion work): the driver is idle again, as in UIKit, which resets its interaction controller —
    /// no context, no animator, `percentComplete` 0 — so a later gesture on the same driver starts a new
    /// transition instead of "catching" the ended one (the panel scenes' TransitionDriver relies on this).
    func transitionDidEnd(_ ended: TransitionContext) {
        guard context === ended else { return }
        cancelPendingEnd()
        context = nil
        animator = nil
        percentComplete = 0
    }

    private func pauseAnimator(_ animator: UIViewImplicitlyAnimating) {
        if animator.state == .inactive || animator.isRunning { animator.pauseAnimation() }
        // A cancelling run caught again: forward again from the same place (a paused animator only
        // flips its direction).
        if animator.isReversed { animator.isReversed = false }
    }

    private func cancelPendingEnd() {
        if let cancelEnd { Timeline.current.cancel(cancelEnd) }
        cancelEnd = nil
    }
}
