// UIKit's own modal animations, one per `UIModalTransitionStyle`, used when the transitioning delegate gives
// no animator (`systemModalAnimator`). Apple publishes none of their timings: the numbers are estimates,
// each with its source in docs/UIKIT-COMPATIBILITY.md, "Modal transition styles".

/// The timings of the system modal animations (estimates).
enum ModalStyleTiming {
    /// Cover vertical: 0.5 s on cubic-bezier(0.32, 0.72, 0, 1), a fast start that settles slowly (Ionic's
    /// reconstruction of iOS's modal animation, ios.enter.ts and ios.leave.ts).
    static let coverDuration: TimeInterval = 0.5
    static var coverCurve: UICubicTimingParameters {
        UICubicTimingParameters(controlPoint1: CGPoint(x: 0.32, y: 0.72), controlPoint2: CGPoint(x: 0, y: 1))
    }
    /// Cross-dissolve: 0.5 s ease-in-out.
    static let dissolveDuration: TimeInterval = 0.5
    /// Flip and partial curl: 0.75 s ease-in-out (the flip and curl duration of Apple's UICatalog sample,
    /// `kTransitionDuration`).
    static let flipDuration: TimeInterval = 0.75
    static let curlDuration: TimeInterval = 0.75
    /// The flip's perspective: the eye 1000 pt in front of the screen (m34 = −1/1000), as `UIView.transition`'s
    /// flips.
    static let flipEyeDistance: CGFloat = 1000
}

/// `.coverVertical`: the presented view slides up from the bottom edge, and back down on dismissal; what
/// lies below stays still.
final class CoverVerticalAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ModalStyleTiming.coverDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let offscreen = { (frame: CGRect) in frame.offsetBy(dx: 0, dy: container.bounds.height - frame.minY) }
        let slide = UIViewPropertyAnimator(duration: ModalStyleTiming.coverDuration, timingParameters: ModalStyleTiming.coverCurve)
        if presenting {
            guard let presented = context.viewController(forKey: .to), let view = context.view(forKey: .to) else {
                context.completeTransition(true); return
            }
            let final = context.finalFrame(for: presented)
            container.addSubview(view)
            view.frame = offscreen(final)
            slide.addAnimations { view.frame = final }
        } else {
            guard let view = context.view(forKey: .from) else { context.completeTransition(true); return }
            if let presenterView = context.view(forKey: .to) { container.insertSubview(presenterView, at: 0) }
            slide.addAnimations { view.frame = offscreen(view.frame) }
        }
        slide.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        slide.startAnimation()
    }
}

/// `.crossDissolve`: the presented view fades in over what is below, and out on dismissal.
final class ModalCrossDissolveAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ModalStyleTiming.dissolveDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let duration = ModalStyleTiming.dissolveDuration
        if presenting {
            guard let presented = context.viewController(forKey: .to), let view = context.view(forKey: .to) else {
                context.completeTransition(true); return
            }
            container.addSubview(view)
            view.frame = context.finalFrame(for: presented)
            view.alpha = 0
            UIView.animate(withDuration: duration, delay: 0, options: [], animations: { view.alpha = 1 }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        } else {
            guard let view = context.view(forKey: .from) else { context.completeTransition(true); return }
            if let presenterView = context.view(forKey: .to) { container.insertSubview(presenterView, at: 0) }
            UIView.animate(withDuration: duration, delay: 0, options: [], animations: { view.alpha = 0 }) { _ in
                if !context.transitionWasCancelled { view.alpha = 1 }   // it leaves the hierarchy; shown again if presented again
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }
}

/// `.flipHorizontal`: the screen is a card whose front is the view that leaves and whose back is the view
/// that comes; it turns about its vertical axis in perspective over black, right to left on presentation
/// (the right edge swings towards the viewer), left to right on dismissal. Each face is a layer that is not
/// double-sided, so the compositor hides it while it faces away; a face whose view is not in the container
/// (the presenter of an over-full-screen presentation) is a snapshot.
final class ModalFlipAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ModalStyleTiming.flipDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else {
            context.completeTransition(true); return
        }
        var snapshots: [UIView] = []
        func face(_ view: UIView?, of controller: UIViewController, frame: CGRect) -> UIView? {
            if let view { return view }
            guard let snapshot = controller.viewIfLoaded?.snapshotView(afterScreenUpdates: false) else { return nil }
            snapshot.frame = frame
            snapshots.append(snapshot)
            return snapshot
        }
        let toFrame = context.finalFrame(for: toVC).isEmpty ? container.bounds : context.finalFrame(for: toVC)
        let fromFrame = context.initialFrame(for: fromVC).isEmpty ? container.bounds : context.initialFrame(for: fromVC)
        guard let front = face(context.view(forKey: .from), of: fromVC, frame: fromFrame),
              let back = face(context.view(forKey: .to), of: toVC, frame: toFrame) else {
            context.completeTransition(true); return
        }
        if front.superview !== container { container.addSubview(front) }
        front.frame = fromFrame
        container.addSubview(back)
        back.frame = toFrame

        let savedBackground = container.backgroundColor
        let savedSides = (front.layer.isDoubleSided, back.layer.isDoubleSided)
        container.backgroundColor = .black
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / ModalStyleTiming.flipEyeDistance
        container.layer.sublayerTransform = perspective
        front.layer.isDoubleSided = false
        back.layer.isDoubleSided = false

        // Presenting turns the card by −π (right edge towards the viewer), dismissing by +π; the back face
        // starts half a turn behind the front.
        let turn: CGFloat = presenting ? -.pi : .pi
        let group = AnimationCompletionGroup { _ in
            container.layer.sublayerTransform = CATransform3DIdentity
            container.backgroundColor = savedBackground
            front.layer.isDoubleSided = savedSides.0
            back.layer.isDoubleSided = savedSides.1
            front.layer.removeAnimation(forKey: "modalFlip")
            for snapshot in snapshots { snapshot.removeFromSuperview() }
            context.completeTransition(!context.transitionWasCancelled)
        }
        group.pending = 2
        for (view, from) in [(front, CGFloat(0)), (back, -turn)] {
            let rotation = CABasicAnimation(keyPath: "transform.rotation.y")
            rotation.fromValue = from
            rotation.toValue = from + turn
            rotation.duration = ModalStyleTiming.flipDuration
            rotation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            // The front stays turned away until the completion takes its view away; the back ends as its
            // model (identity) faces the viewer.
            rotation.fillMode = .forwards
            rotation.isRemovedOnCompletion = view === back
            rotation.delegate = group
            view.layer.add(rotation, forKey: "modalFlip")
        }
    }
}

/// `.partialCurl`: the presenter's page curls up from the bottom-right corner and stays lifted over the
/// top of the screen, revealing the presented view below it (`PageCurlView`, a flat-fold approximation);
/// a tap on the lifted page dismisses, and the dismissal lays the page back down. UIKit allows the style
/// only for full-screen presentations (it raises otherwise); here another style is warned about and
/// covered vertically.
final class ModalCurlAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        ModalStyleTiming.curlDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        if presenting {
            guard context.presentationStyle == .fullScreen || context.presentationStyle == .overFullScreen else {
                ModalTransition.warn("UIModalTransitionStyle.partialCurl needs a full-screen presentation (UIKit raises here); set modalPresentationStyle = .fullScreen. Shown as cover vertical.")
                CoverVerticalAnimator(presenting: true).animateTransition(using: context)
                return
            }
            guard let presented = context.viewController(forKey: .to), let view = context.view(forKey: .to),
                  let presenter = context.viewController(forKey: .from),
                  let page = (context.view(forKey: .from) ?? presenter.viewIfLoaded)?.snapshotView(afterScreenUpdates: false) else {
                context.completeTransition(true); return
            }
            container.addSubview(view)
            view.frame = context.finalFrame(for: presented)
            let curl = PageCurlView(frame: container.bounds, page: page, dark: container.traitCollection.userInterfaceStyle == .dark)
            curl.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            curl.onTap = { [weak presented] in
                guard let presented, !presented.isBeingPresented, !presented.isBeingDismissed else { return }
                presented.presentingViewController?.dismiss(animated: true)
            }
            container.addSubview(curl)
            UIView.animate(withDuration: ModalStyleTiming.curlDuration, delay: 0, options: [.curveEaseInOut],
                           animations: { curl.progress = 1 }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        } else {
            guard let curl = container.subviews.last(where: { $0 is PageCurlView }) as? PageCurlView else {
                CoverVerticalAnimator(presenting: false).animateTransition(using: context)
                return
            }
            if let presenterView = context.view(forKey: .to) { container.insertSubview(presenterView, at: 0) }
            curl.isUserInteractionEnabled = false
            UIView.animate(withDuration: ModalStyleTiming.curlDuration, delay: 0, options: [.curveEaseInOut],
                           animations: { curl.progress = 0 }) { _ in
                let cancelled = context.transitionWasCancelled
                if cancelled { curl.isUserInteractionEnabled = true } else { curl.removeFromSuperview() }
                context.completeTransition(!cancelled)
            }
        }
    }
}
