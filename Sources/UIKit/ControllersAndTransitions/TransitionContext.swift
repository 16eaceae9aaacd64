/// The context of one presentation, dismissal, push or pop. It is also the transition's coordinator
/// (as in UIKit): alongside animations queue here until the animator has started, then share its timing
/// — added to the interruptible animator when there is one, otherwise run as Core Animation animations
/// over the transition's duration in the container, which the interaction controller scrubs.
final class TransitionContext: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    let containerView: UIView
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    let targetTransform = CGAffineTransform.identity
    /// "present DetailViewController", "pop ListViewController", …: the transition's timeline marks.
    let label: String
    let animator: UIViewControllerAnimatedTransitioning?
    let interactionController: UIViewControllerInteractiveTransitioning?
    let initiallyInteractive: Bool
    private(set) var isInteractive: Bool
    private(set) var transitionWasCancelled = false
    private(set) var percentComplete: CGFloat = 0
    /// Whether the animator has an interruptible animator (asking it, once, if nobody has yet).
    var isInterruptible: Bool { transitionInterruptibleAnimator() != nil }
    var isCancelled: Bool { transitionWasCancelled }
    private(set) lazy var transitionDuration: TimeInterval = animator?.transitionDuration(using: self) ?? 0
    var completionVelocity: CGFloat { interactionController?.completionSpeed ?? 1 }
    var completionCurve: UIView.AnimationCurve { interactionController?.completionCurve ?? .easeInOut }
    /// Freezes and re-times the container (and views animated alongside outside it) while interactive.
    let scrubber: LayerScrubber
    private(set) var isFinished = false

    private let from: UIViewController, to: UIViewController
    /// Asked when the animator asks: a presentation controller may build its `presentedView` (a wrapper)
    /// in `presentationTransitionWillBegin`.
    private let fromView: () -> UIView?, toView: () -> UIView?
    /// Asked when the animator asks, so a presentation controller's frame reflects the laid-out container.
    private let frames: [ObjectIdentifier: () -> (initial: CGRect, final: CGRect)]
    private var onComplete: ((Bool) -> Void)?
    private var pendingAlongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var alongsideCompletions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var animationsStarted = false
    /// The runtime asks the animator's `interruptibleAnimator(using:)` once and keeps the answer: an
    /// animator that builds a new one per call still gets one animator per transition.
    private var interruptibleQuery: (asked: Bool, answer: UIViewImplicitlyAnimating?) = (false, nil)
    /// The animator's `animateTransition(using:)` was called (the runtime calls it at most once).
    private(set) var calledAnimateTransition = false
    private var warnedAboutInactiveAnimator = false

    init(label: String, container: UIView, animated: Bool, style: UIModalPresentationStyle,
         from: UIViewController, to: UIViewController, fromView: @escaping () -> UIView?, toView: @escaping () -> UIView?,
         frames: [ObjectIdentifier: () -> (initial: CGRect, final: CGRect)],
         animator: UIViewControllerAnimatedTransitioning?, interactionController: UIViewControllerInteractiveTransitioning?,
         onComplete: @escaping (Bool) -> Void) {
        self.label = label
        containerView = container; isAnimated = animated; presentationStyle = style
        self.from = from; self.to = to; self.fromView = fromView; self.toView = toView
        self.frames = frames; self.onComplete = onComplete
        self.animator = animator
        self.interactionController = animated ? interactionController : nil
        let interactive = animated && (interactionController?.wantsInteractiveStart ?? false)
        initiallyInteractive = interactive
        isInteractive = interactive
        scrubber = LayerScrubber(container: container.layer)
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromView() : key == .to ? toView() : nil
    }
    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?().initial ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?().final ?? .zero }

    // MARK: Running

    /// Starts the transition: the interaction controller if there is one, else the animator's
    /// `animateTransition(using:)`, else `withoutAnimation` (which places the views and completes).
    /// Alongside animations queued so far run right after the animations have started.
    func start(withoutAnimation: () -> Void) {
        Timeline.current.markTransitionBegin(label)
        scrubber.start = CACurrentMediaTime()
        guard isAnimated, animator != nil else {
            animationsStarted = true
            runPendingAlongside()
            withoutAnimation()
            return
        }
        _ = transitionDuration
        if let interactionController {
            interactionController.startInteractiveTransition(self)
        } else {
            callAnimateTransition()
        }
        if !animationsStarted { animationsHaveStarted() }
    }

    /// `animateTransition(using:)`, at most once per transition.
    func callAnimateTransition() {
        guard !calledAnimateTransition, let animator else { return }
        calledAnimateTransition = true
        animator.animateTransition(using: self)
    }

    /// The animator's interruptible animator, or nil when it does not implement the method. Asked the
    /// first time the runtime needs it (a percent-driven start, an alongside animation, `isInterruptible`)
    /// and then kept for the rest of the transition, as UIKit uses the animator it got.
    func transitionInterruptibleAnimator() -> UIViewImplicitlyAnimating? {
        if !interruptibleQuery.asked {
            interruptibleQuery = (true, animator?.implementedInterruptibleAnimator(using: self))
        }
        return interruptibleQuery.answer
    }

    /// Called by the interaction controller once the animations run: from now on alongside animations
    /// share the transition's timing.
    func animationsHaveStarted() {
        guard !animationsStarted else { return }
        animationsStarted = true
        runPendingAlongside()
    }

    private func runPendingAlongside() {
        let blocks = pendingAlongside
        pendingAlongside = []
        guard !blocks.isEmpty else { return }
        runAlongside { for block in blocks { block(self) } }
    }

    /// Alongside animations: into the interruptible animator, or one UIView animation with the completion
    /// curve — over the time that remains, or over the whole duration while the scrubber has frozen or
    /// re-timed the transition — or (not animated / over) at once.
    private func runAlongside(_ body: @escaping () -> Void) {
        let remaining = transitionDuration - (CACurrentMediaTime() - scrubber.start)
        if let joined = alongsideAnimator, joined.state != .stopped {
            joined.addAnimations(body)
        } else if isAnimated, !isFinished, remaining > 0, !scrubber.isRetimed {
            UIView.animate(withDuration: remaining, delay: 0, options: completionCurve.options, animations: body)
        } else if isAnimated, !isFinished, scrubber.isRetimed {
            // Frozen or re-timed: the animation is laid along the transition's own time.
            UIView.animate(withDuration: transitionDuration, delay: 0, options: completionCurve.options, animations: body)
        } else {
            UIView.performWithoutAnimation(body)
        }
    }

    /// The interruptible animator alongside animations join. After `animateTransition(using:)` has run,
    /// an animator that is still inactive is not the one running the transition (the animator built a
    /// new one for this call): UIKit would add the animations to it and they would never run; here they
    /// run beside the transition as UIView animations, with a warning.
    private var alongsideAnimator: UIViewImplicitlyAnimating? {
        guard let interruptible = transitionInterruptibleAnimator() else { return nil }
        guard calledAnimateTransition, interruptible.state == .inactive else { return interruptible }
        if !warnedAboutInactiveAnimator {
            warnedAboutInactiveAnimator = true
            UIKitWarnings.warn("interruptibleAnimator(using:) of \(type(of: animator!)) returned an animator that is not running after animateTransition(using:) (\(label)); it must return the same animator for the whole transition. Alongside animations run on their own.")
        }
        return nil
    }

    // MARK: Coordinator

    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: nil, animation: animation, completion: completion)
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !isFinished else { return false }
        if let completion { alongsideCompletions.append(completion) }
        if let view { scrubber.add(view.layer) }
        guard let animation else { return true }
        if animationsStarted {
            runAlongside { animation(self) }
        } else {
            pendingAlongside.append(animation)
        }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    private func setInteractive(_ interactive: Bool) {
        guard interactive != isInteractive else { return }
        isInteractive = interactive
        for handler in interactionHandlers { handler(self) }
    }

    // MARK: Interaction (called by interaction controllers)

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        self.percentComplete = min(max(percentComplete, 0), 1)
    }

    /// Makes the transition interactive; a running interruptible animator pauses (the percent-driven
    /// driver also calls this from `pause()`).
    func pauseInteractiveTransition() {
        guard !isFinished else { return }
        if let joined = interruptibleQuery.answer, joined.isRunning { joined.pauseAnimation() }
        setInteractive(true)
    }

    func finishInteractiveTransition() {
        transitionWasCancelled = false
        setInteractive(false)
    }

    func cancelInteractiveTransition() {
        transitionWasCancelled = true
        setInteractive(false)
    }

    // MARK: Completion

    /// The first call ends the transition; UIKit ignores later ones (two animations each completing the
    /// transition is a common slip that works on iOS), so they are ignored here with a warning.
    func completeTransition(_ didComplete: Bool) {
        guard let onComplete else {
            UIKitWarnings.warn("completeTransition(\(didComplete)) called again for a transition that has already completed (\(label)); ignored.")
            return
        }
        self.onComplete = nil
        isFinished = true
        transitionWasCancelled = !didComplete
        isInteractive = false
        if didComplete { percentComplete = 1 }
        scrubber.restore()
        Timeline.current.markTransitionEnd(label, completed: didComplete)
        onComplete(didComplete)
        (interactionController as? UIPercentDrivenInteractiveTransition)?.transitionDidEnd(self)
    }

    /// The coordinator's completion blocks (called by the transition's bookkeeping at UIKit's point).
    func runAlongsideCompletions() {
        let blocks = alongsideCompletions
        alongsideCompletions = []
        for block in blocks { block(self) }
    }
}

extension UIView.AnimationCurve {
    var options: UIView.AnimationOptions { UIView.AnimationOptions(rawValue: UInt(rawValue) << 16) }
}

/// UIKit's percent-driven mechanics without an interruptible animator: the container's
/// layer (and the layers of views animated alongside outside it) are frozen with `speed = 0` and scrubbed
/// with `timeOffset`; finishing and cancelling run their time forwards or backwards at the completion
/// speed. Every layer keeps its own time base: its local time when the transition started.
final class LayerScrubber {
    private var layers: [CALayer]
    /// Media time at which the transition started (the context's clock for alongside animations too).
    var start: TimeInterval = 0
    private var startLocal: [ObjectIdentifier: TimeInterval] = [:]
    private(set) var isRetimed = false

    init(container: CALayer) { layers = [container] }

    private var container: CALayer { layers[0] }

    /// Adds a layer outside the ones already scrubbed (inside one, it is scrubbed already).
    func add(_ layer: CALayer) {
        guard !layers.contains(where: { Self.isAncestor($0, of: layer) || Self.isAncestor(layer, of: $0) }) else { return }
        layers.append(layer)
        if isRetimed { freeze(layer, at: elapsed) }
    }

    private static func isAncestor(_ a: CALayer, of b: CALayer) -> Bool {
        var current: CALayer? = b
        while let l = current { if l === a { return true }; current = l.superlayer }
        return false
    }

    private func base(of layer: CALayer) -> TimeInterval {
        if let t = startLocal[ObjectIdentifier(layer)] { return t }
        let t = layer.localTime(atMedia: start)
        startLocal[ObjectIdentifier(layer)] = t
        return t
    }

    /// Seconds of transition time shown now.
    var elapsed: TimeInterval { container.localTime(atMedia: CACurrentMediaTime()) - base(of: container) }

    /// Stops the transition's time at `elapsed` seconds.
    func freeze(at elapsed: TimeInterval) {
        for layer in layers { freeze(layer, at: elapsed) }
        isRetimed = true
    }

    private func freeze(_ layer: CALayer, at elapsed: TimeInterval) {
        let offset = base(of: layer) + elapsed
        layer.speed = 0
        layer.timeOffset = offset
    }

    /// Runs the transition's time from `elapsed` at `speed` (negative: backwards).
    func run(from elapsed: TimeInterval, speed: Double) {
        let now = CACurrentMediaTime()
        for layer in layers {
            freeze(layer, at: elapsed)
            layer.beginTime = layer.superlayer.map { $0.localTime(atMedia: now) } ?? now
            layer.speed = Float(speed)
        }
        isRetimed = true
    }

    /// Writes the values the transition's animations show now into the model and removes those
    /// animations (a cancelled transition ends at its start values, as a reversed property animator does).
    /// Their completions hear `finished: false`.
    func settleTransitionAnimations() {
        let now = CACurrentMediaTime()
        var settled: [(CALayer, [String])] = []
        for root in layers {
            let since = base(of: root)
            var stack = [root]
            while let layer = stack.popLast() {
                stack.append(contentsOf: layer.sublayers ?? [])
                let keys = (layer.animationKeys() ?? []).filter { (layer.animation(forKey: $0)?.beginTime ?? -.infinity) >= since }
                guard !keys.isEmpty else { continue }
                let animations = keys.compactMap { layer.animation(forKey: $0) }
                let ids = Set(animations.map(ObjectIdentifier.init))
                let state = layer.presentationState(at: now, applying: { ids.contains(ObjectIdentifier($0)) })
                var keyPaths: [String] = []
                for case let animation as CAPropertyAnimation in animations {
                    if let keyPath = animation.keyPath, !keyPaths.contains(keyPath) { keyPaths.append(keyPath) }
                }
                UIView.performWithoutAnimation {
                    for keyPath in keyPaths { layer.setValue(AnimatableKeyPath.value(keyPath, in: state), forKey: keyPath) }
                }
                settled.append((layer, keys))
            }
        }
        for (layer, keys) in settled { for key in keys { layer.removeAnimation(forKey: key) } }
    }

    /// Back to the layers' own time (identity timing).
    func restore() {
        guard isRetimed else { return }
        isRetimed = false
        for layer in layers {
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
        }
    }
}
