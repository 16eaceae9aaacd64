/// The system animator for `preferredTransition = .zoom(…)`: pushes and presentations zoom the controller's
/// view out of its source view; pops and dismissals zoom it back in (ZoomGeometry.swift has the shapes).
/// Used when no delegate supplies an animator. The motion is one spring (iOS 17's perceptual spring,
/// 0.5 s, no bounce — an estimate: WWDC24 "Enhance your UI animations and transitions" describes the
/// zoom as a fluid spring without giving its parameters), through `UIView.animate`, so the virtual clock
/// drives it.
final class ZoomTransitionAnimator: UIViewControllerAnimatedTransitioning {
    /// The spring's perceptual duration and bounce (estimates, see above).
    static let springDuration: TimeInterval = 0.5
    static let springBounce: CGFloat = 0
    /// The dimming when `ZoomOptions.dimmingColor` is nil: black at 10 % (estimated from iOS 18 screen
    /// recordings, light and dark alike).
    static let defaultDimmingColor = UIColor(white: 0, alpha: 0.1)

    let transition: UIViewController.Transition
    /// The controller shown zoomed, and the one its source view belongs to.
    unowned let zoomed: UIViewController
    unowned let source: UIViewController
    /// true: zooming in (push, present); false: zooming back out (pop, dismiss).
    let zoomsIn: Bool
    /// Whether the zoomed controller was pushed (the left-edge swipe also dismisses it).
    let isNavigation: Bool

    init(transition: UIViewController.Transition, zoomed: UIViewController, source: UIViewController,
         zoomsIn: Bool, isNavigation: Bool) {
        self.transition = transition; self.zoomed = zoomed; self.source = source
        self.zoomsIn = zoomsIn; self.isNavigation = isNavigation
    }

    /// The zoom's animator for a push or pop from `from` to `to`, when the pushed (or popped) controller
    /// prefers the zoom; nil otherwise.
    static func navigation(_ operation: UINavigationController.Operation, from: UIViewController, to: UIViewController) -> ZoomTransitionAnimator? {
        let zoomed = operation == .push ? to : from
        guard let transition = zoomed.preferredTransition, transition.isZoom else { return nil }
        return ZoomTransitionAnimator(transition: transition, zoomed: zoomed, source: operation == .push ? from : to,
                                      zoomsIn: operation == .push, isNavigation: true)
    }

    /// The zoom's animator for presenting or dismissing `presented`, when it prefers the zoom; nil otherwise.
    static func modal(_ presented: UIViewController, presenter: UIViewController, presenting: Bool) -> ZoomTransitionAnimator? {
        guard let transition = presented.preferredTransition, transition.isZoom else { return nil }
        return ZoomTransitionAnimator(transition: transition, zoomed: presented, source: presenter,
                                      zoomsIn: presenting, isNavigation: false)
    }

    static var spring: SpringCurve { SpringCurve.perceptual(duration: springDuration, bounce: Double(springBounce)) }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.spring.settlingDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let stage = ZoomStage(animator: self, context: context) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let start = zoomsIn ? stage.geometry.collapsed : stage.geometry.expanded
        let end = zoomsIn ? stage.geometry.expanded : stage.geometry.collapsed
        UIView.performWithoutAnimation { stage.apply(start) }
        UIView.animate(springDuration: Self.springDuration, bounce: Self.springBounce, animations: {
            stage.apply(end)
        }, completion: { _ in
            let completed = !context.transitionWasCancelled
            stage.end(zoomedIn: self.zoomsIn == completed)
            if self.zoomsIn == completed { self.installDismissGestures() }
            context.completeTransition(completed)
        })
    }

    /// Called when the zoomed controller is on screen after a zoom: its swipe and pinch may dismiss it.
    func installDismissGestures() {
        if transition.dismissGestures?.view !== zoomed.view {
            transition.dismissGestures = ZoomDismissGestures(transition: transition, zoomed: zoomed, isNavigation: isNavigation)
        }
    }
}

/// The views of one zoom: an overlay just above the transition's container (so a frozen, scrubbed
/// container does not freeze the zoom's own motion) holding the dimming (and blur), and a clipping view
/// with the zoomed controller's view inside. The source view is hidden meanwhile.
final class ZoomStage {
    let geometry: ZoomGeometry
    let container: UIView
    let overlay = UIView()
    let dimming = UIView()
    let blur: UIVisualEffectView?
    let clip = UIView()
    let zoomedView: UIView
    let finalFrame: CGRect
    private var hiddenSource: UIView?

    /// Sets the zoom up: the source's screen in the container, the zoomed view in its clip, the source
    /// found (through the provider) and hidden. nil when the context has no zoomed view.
    init?(animator: ZoomTransitionAnimator, context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let zoomedKey: UITransitionContextViewKey = animator.zoomsIn ? .to : .from
        guard let zoomedView = context.view(forKey: zoomedKey) else { return nil }
        self.container = container
        self.zoomedView = zoomedView
        let zoomedFrame = animator.zoomsIn ? context.finalFrame(for: animator.zoomed) : zoomedView.frame
        finalFrame = zoomedFrame.isEmpty ? container.bounds : zoomedFrame

        // The source's screen: in the container (the pop's and dismissal's `.to` view comes back).
        if !animator.zoomsIn, let back = context.view(forKey: .to), let backController = context.viewController(forKey: .to) {
            if back.superview !== container { container.insertSubview(back, at: 0) }
            let frame = context.finalFrame(for: backController)
            back.frame = frame.isEmpty ? container.bounds : frame
            back.layoutIfNeeded()
        }

        let options = animator.transition.zoomOptions
        overlay.frame = container.frame
        overlay.isUserInteractionEnabled = false
        if let parent = container.superview { parent.insertSubview(overlay, aboveSubview: container) } else { container.addSubview(overlay) }
        dimming.frame = overlay.bounds
        dimming.backgroundColor = options.dimmingColor ?? ZoomTransitionAnimator.defaultDimmingColor
        overlay.addSubview(dimming)
        blur = options.dimmingVisualEffect.map { UIVisualEffectView(effect: $0) }
        if let blur {
            blur.frame = overlay.bounds
            overlay.addSubview(blur)
        }
        clip.clipsToBounds = true
        clip.layer.cornerCurve = .continuous
        overlay.addSubview(clip)
        let clip = self.clip, rest = finalFrame
        UIView.performWithoutAnimation {
            zoomedView.transform = .identity
            zoomedView.frame = CGRect(origin: .zero, size: rest.size)
            clip.frame = rest
            clip.addSubview(zoomedView)
            zoomedView.layoutIfNeeded()
        }

        let display = ZoomGeometry.displayCornerRadius(forScreen: UIScreen.main.bounds.size)
        let sourceView = ZoomStage.sourceView(of: animator)
        let overlay = self.overlay
        let sourceFrame = sourceView.map { $0.convert($0.bounds, to: overlay) }
        let alignment = sourceView.flatMap { view in
            options.alignmentRectProvider?(.init(sourceView: view, zoomedViewController: animator.zoomed))
        }
        geometry = ZoomGeometry(zoomed: finalFrame, source: sourceFrame, alignment: alignment,
                                sourceCornerRadius: sourceView?.layer.cornerRadius ?? 0, displayCornerRadius: display)
        hide(sourceView)
    }

    /// Asks the provider for the source view; nil when it gives none or a view outside a window.
    static func sourceView(of animator: ZoomTransitionAnimator) -> UIView? {
        let context = UIViewController.Transition.ZoomSourceViewProviderContext(
            sourceViewController: animator.source, zoomedViewController: animator.zoomed)
        guard let view = animator.transition.sourceView(context), view.window != nil else { return nil }
        return view
    }

    /// Hides the source view (showing any one hidden before).
    func hide(_ view: UIView?) {
        guard view !== hiddenSource else { return }
        hiddenSource?.isHidden = false
        hiddenSource = view.flatMap { $0.isHidden ? nil : $0 }
        hiddenSource?.isHidden = true
    }

    /// Lays the pieces out as `frame` says (inside an animation block, they animate there).
    func apply(_ frame: ZoomFrame) {
        clip.frame = frame.clip
        clip.layer.cornerRadius = frame.cornerRadius
        clip.alpha = frame.alpha
        zoomedView.center = CGPoint(x: frame.contentCenter.x - frame.clip.minX, y: frame.contentCenter.y - frame.clip.minY)
        zoomedView.transform = CGAffineTransform(scaleX: frame.contentScale, y: frame.contentScale)
        dimming.alpha = frame.dimming
        blur?.alpha = frame.dimming
    }

    /// Takes the zoom down: the zoomed view back in the container at its frame (zoomed in) or out of the
    /// hierarchy (zoomed out), the source shown again.
    func end(zoomedIn: Bool) {
        UIView.performWithoutAnimation {
            for view in [clip, zoomedView, dimming] { view.layer.removeAllAnimations() }
            blur?.layer.removeAllAnimations()
            zoomedView.transform = .identity
            if zoomedIn {
                container.addSubview(zoomedView)
                zoomedView.frame = finalFrame
            } else {
                zoomedView.removeFromSuperview()
                zoomedView.frame = finalFrame
            }
            overlay.removeFromSuperview()
        }
        hide(nil)
    }
}
