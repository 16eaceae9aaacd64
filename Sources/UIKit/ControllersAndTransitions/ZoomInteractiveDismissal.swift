/// The zoom's interactive dismissal: a finger (a pan, or a pinch) holds the zoomed view, which follows it
/// and shrinks with the distance, its corners those of the display, while the source's screen shows
/// through the clearing dimming; on release it zooms into the source (found again through the provider)
/// or springs back. The pop's or dismissal's alongside animations (the navigation bar's) follow the
/// progress, scrubbed through the context as UIKit's percent-driven transitions scrub them.
final class ZoomInteractiveDismissal: UIViewControllerInteractiveTransitioning {
    /// Where the finger came down, in window coordinates (the point of the view that stays under it).
    let anchorInWindow: CGPoint
    private(set) var context: TransitionContext?
    private var animator: ZoomTransitionAnimator?
    private(set) var stage: ZoomStage?
    /// The state shown now, and the dismissal's progress (0 … 1) in it.
    private(set) var current: ZoomFrame?
    private(set) var progress: CGFloat = 0
    private var anchor: CGPoint = .zero
    /// The decision on release (nil while the finger is down).
    private(set) var finished: Bool?

    init(anchorInWindow: CGPoint) { self.anchorInWindow = anchorInWindow }

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext,
              let animator = context.animator as? ZoomTransitionAnimator,
              let stage = ZoomStage(animator: animator, context: context) else {
            transitionContext.completeTransition(false)
            return
        }
        self.context = context
        self.animator = animator
        self.stage = stage
        anchor = stage.overlay.convert(anchorInWindow, from: nil)
        // Alongside animations are laid along the transition's frozen time and scrubbed by the progress.
        context.scrubber.freeze(at: 0)
        context.animationsHaveStarted()
        let frame = stage.geometry.expanded
        UIView.performWithoutAnimation { stage.apply(frame) }
        current = frame
    }

    /// The finger moved the view by `translation` (window points) and the gesture scales it by `scale`.
    func update(translation: CGVector, scale: CGFloat) {
        guard let context, let stage, finished == nil, !context.isFinished else { return }
        let frame = stage.geometry.interactive(translation: translation, scale: scale, anchor: anchor)
        UIView.performWithoutAnimation { stage.apply(frame) }
        current = frame
        progress = ZoomGeometry.dismissProgress(scale: scale)
        context.updateInteractiveTransition(progress)
        context.scrubber.freeze(at: Double(progress) * context.transitionDuration)
    }

    /// The finger lifted: zoom into the source (`finish`) or spring back. `velocity` is the finger's, in
    /// points per second, carried into the spring along the motion's main axis.
    func end(finish: Bool, velocity: CGVector) {
        guard let context, let stage, let animator, let current, finished == nil, !context.isFinished else { return }
        finished = finish
        if finish {
            context.finishInteractiveTransition()
            // The provider is asked again: the source may have moved (or changed) while the finger was down.
            let source = ZoomStage.sourceView(of: animator)
            stage.hide(source)
            let geometry = ZoomGeometry(zoomed: stage.geometry.zoomed, source: source.map { $0.convert($0.bounds, to: stage.overlay) },
                                        alignment: stage.geometry.alignment,
                                        sourceCornerRadius: source?.layer.cornerRadius ?? 0,
                                        displayCornerRadius: stage.geometry.displayCornerRadius)
            run(from: current, to: geometry.collapsed, velocity: velocity, finishing: true)
        } else {
            context.cancelInteractiveTransition()
            run(from: current, to: stage.geometry.expanded, velocity: velocity, finishing: false)
        }
    }

    private func run(from: ZoomFrame, to: ZoomFrame, velocity: CGVector, finishing: Bool) {
        guard let context, let stage, let animator else { return }
        // The spring's initial velocity, relative to the distance left along the main axis.
        let dx = to.contentCenter.x - from.contentCenter.x, dy = to.contentCenter.y - from.contentCenter.y
        let relative: CGFloat = abs(dy) >= abs(dx)
            ? (abs(dy) > 1 ? velocity.dy / dy : 0)
            : (abs(dx) > 1 ? velocity.dx / dx : 0)
        let initial = min(max(relative, -20), 20)
        let spring = SpringCurve.perceptual(duration: ZoomTransitionAnimator.springDuration,
                                            bounce: Double(ZoomTransitionAnimator.springBounce), initialVelocity: Double(initial))
        let duration = max(spring.settlingDuration, 0.05)
        // The alongside animations run the rest of the way (or back) in the spring's time.
        let d = context.transitionDuration
        let left = finishing ? (1 - progress) * d : progress * d
        context.scrubber.run(from: Double(progress) * d, speed: (finishing ? 1 : -1) * max(left / duration, 0.001))
        UIView.animate(springDuration: ZoomTransitionAnimator.springDuration, bounce: ZoomTransitionAnimator.springBounce,
                       initialSpringVelocity: initial, animations: { stage.apply(to) }, completion: { _ in
            guard !context.isFinished else { return }
            if !finishing {
                // A cancelled transition ends at its start values, as a reversed percent-driven one does.
                context.scrubber.freeze(at: 0)
                context.scrubber.settleTransitionAnimations()
            }
            stage.end(zoomedIn: !finishing)
            if !finishing { animator.installDismissGestures() }
            context.completeTransition(finishing)
        })
    }

    /// Decides a pan's release (estimates from iOS 18 screen recordings): a downward fling (or a rightward
    /// one for an edge swipe) finishes, a drag moving back up cancels, otherwise the view dismisses once
    /// it has travelled 100 pt.
    static func panFinishes(translation: CGVector, velocity: CGVector, edgeSwipe: Bool) -> Bool {
        let along = edgeSwipe ? velocity.dx : velocity.dy
        if along > 500 { return true }
        if along < -100 { return false }
        return (translation.dx * translation.dx + translation.dy * translation.dy).squareRoot() > 100
    }

    /// Decides a pinch's release: still closing (or flung shut) finishes, opening cancels, otherwise it
    /// dismisses below 80 % of its size.
    static func pinchFinishes(scale: CGFloat, velocity: CGFloat) -> Bool {
        if velocity < -0.5 { return true }
        if velocity > 0.2 { return false }
        return scale < 0.8
    }
}

/// The pan and pinch the system adds to a controller shown with the zoom. A pan that starts downward (or,
/// on a pushed controller, rightward from the left edge), or a pinch that closes, begins the interactive
/// dismissal — if `ZoomOptions.interactiveDismissShouldBegin` agrees — as a pop or a user dismissal.
final class ZoomDismissGestures {
    unowned let transition: UIViewController.Transition
    weak var zoomed: UIViewController?
    weak var view: UIView?
    let isNavigation: Bool
    private(set) var pan: UIPanGestureRecognizer!
    private(set) var pinch: UIPinchGestureRecognizer!
    private var driver: ZoomInteractiveDismissal?
    private var edgeSwipe = false
    /// How close to the left edge a pushed controller's swipe must start to count as the edge swipe.
    static let edgeWidth: CGFloat = 24

    init(transition: UIViewController.Transition, zoomed: UIViewController, isNavigation: Bool) {
        self.transition = transition
        self.zoomed = zoomed
        self.isNavigation = isNavigation
        view = zoomed.view
        // Weak: an app that replaces `preferredTransition` drops these, and the recognizers then do nothing.
        pan = UIPanGestureRecognizer { [weak self] (pan: UIPanGestureRecognizer) in self?.handlePan(pan) }
        pan.maximumNumberOfTouches = 1
        pinch = UIPinchGestureRecognizer { [weak self] (pinch: UIPinchGestureRecognizer) in self?.handlePinch(pinch) }
        zoomed.view.addGestureRecognizer(pan)
        zoomed.view.addGestureRecognizer(pinch)
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: nil), v = pan.velocity(in: nil)
        let translation = CGVector(dx: t.x, dy: t.y), velocity = CGVector(dx: v.x, dy: v.y)
        switch pan.state {
        case .began:
            let location = pan.location(in: nil)
            let start = CGPoint(x: location.x - t.x, y: location.y - t.y)
            let startInView = zoomed?.view.convert(start, from: nil) ?? start
            edgeSwipe = isNavigation && startInView.x <= Self.edgeWidth && t.x > abs(t.y)
            let willBegin = edgeSwipe || (t.y > 0 && t.y >= abs(t.x))
            driver = begin(at: start, location: pan.location(in: zoomed?.view), velocity: velocity, willBegin: willBegin)
            driver?.update(translation: translation, scale: ZoomGeometry.dragScale(distance: hypot(t.x, t.y)))
        case .changed:
            driver?.update(translation: translation, scale: ZoomGeometry.dragScale(distance: hypot(t.x, t.y)))
        case .ended:
            driver?.end(finish: ZoomInteractiveDismissal.panFinishes(translation: translation, velocity: velocity, edgeSwipe: edgeSwipe),
                        velocity: velocity)
            driver = nil
        case .cancelled, .failed:
            driver?.end(finish: false, velocity: velocity)
            driver = nil
        default:
            break
        }
    }

    private var pinchStart: CGPoint = .zero

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        let location = pinch.location(in: nil)
        let translation = CGVector(dx: location.x - pinchStart.x, dy: location.y - pinchStart.y)
        switch pinch.state {
        case .began:
            pinchStart = location
            driver = begin(at: location, location: pinch.location(in: zoomed?.view),
                           velocity: .zero, willBegin: pinch.scale < 1)
            driver?.update(translation: .zero, scale: ZoomGeometry.pinchScale(pinch.scale))
        case .changed:
            driver?.update(translation: translation, scale: ZoomGeometry.pinchScale(pinch.scale))
        case .ended:
            driver?.end(finish: ZoomInteractiveDismissal.pinchFinishes(scale: pinch.scale, velocity: pinch.velocity), velocity: .zero)
            driver = nil
        case .cancelled, .failed:
            driver?.end(finish: false, velocity: .zero)
            driver = nil
        default:
            break
        }
    }

    /// Starts the pop or the user dismissal driven by a new interaction; nil when it may not begin (the
    /// options refuse, the controller is not on top, a transition runs, or the presentation refuses).
    private func begin(at anchor: CGPoint, location: CGPoint, velocity: CGVector, willBegin: Bool) -> ZoomInteractiveDismissal? {
        guard driver == nil, let zoomed else { return nil }
        let options = transition.zoomOptions
        let asked = UIViewController.Transition.ZoomOptions.InteractionContext(location: location, velocity: velocity, willBegin: willBegin)
        guard options.interactiveDismissShouldBegin?(asked) ?? willBegin else { return nil }
        let driver = ZoomInteractiveDismissal(anchorInWindow: anchor)
        if let navigation = zoomed.navigationController, navigation.topViewController === zoomed {
            let below = navigation.viewControllers.dropLast().last
            // A delegate animator for the pop takes the zoom over: the gesture leaves it alone.
            guard navigation.canBeginInteractivePop, let below,
                  navigation.delegate?.navigationController(navigation, animationControllerFor: .pop, from: zoomed, to: below) == nil
            else { return nil }
            navigation.interactivePop = driver
            navigation.popViewController(animated: true)
            navigation.interactivePop = nil
        } else if zoomed.presentingViewController != nil, let controller = zoomed.presentationController,
                  zoomed.transitioningDelegate?.animationController(forDismissed: zoomed) == nil {
            transition.pendingInteraction = driver
            controller.dismissAsUser(animated: true)
            transition.pendingInteraction = nil
        }
        return driver.context == nil ? nil : driver
    }
}
