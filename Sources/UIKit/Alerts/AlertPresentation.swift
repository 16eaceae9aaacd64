import Foundation

/// The alert controller's own transitioning delegate (UIKit gives every alert one): its presentation
/// controller and its animators.
final class AlertTransitioningDelegate: UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        AlertPresentationController(presentedViewController: presented, presenting: presenting)
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertAnimator(presenting: true)
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertAnimator(presenting: false)
    }
}

/// Lays a dimming over the presenter (which stays on screen and gets no appearance callbacks) and lets
/// the alert controller's view fill the container. The status bar is left alone, as on iOS.
final class AlertPresentationController: UIPresentationController {
    let dimmingView = UIView(frame: .zero)

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = AlertMetrics.dimming
        dimmingView.isUserInteractionEnabled = false
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        UIView.performWithoutAnimation {
            dimmingView.frame = containerView.bounds
            dimmingView.alpha = 0
            containerView.insertSubview(dimmingView, at: 0)
        }
        // The presenter's tints turn grey while the alert is up (its own buttons keep theirs).
        presentingViewController.viewIfLoaded?.tintAdjustmentMode = .dimmed
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        // Without an animation (`present(_:animated: false)`) nothing faded the dimming in.
        if completed { dimmingView.alpha = 1 } else { endTintDimming(); dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() { endTintDimming() }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if !completed { presentingViewController.viewIfLoaded?.tintAdjustmentMode = .dimmed }
    }

    private func endTintDimming() { presentingViewController.viewIfLoaded?.tintAdjustmentMode = .automatic }

    override func containerViewWillLayoutSubviews() {
        guard let containerView else { return }
        dimmingView.frame = containerView.bounds
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

/// The alert pops in: its platter scales from 1.2× to its size while it fades in over the dimming; it
/// fades out on dismissal. The action sheet's groups slide up from below the screen and back down. Every
/// move is one critically damped spring of 0.404 s (SDCAlertView's values), the dimming fading with it.
final class AlertAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        AlertMetrics.springDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let alert = context.viewController(forKey: key) as? UIAlertController,
              let view = alert.viewIfLoaded as? AlertControllerView else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let dimming = (alert.presentationController as? AlertPresentationController)?.dimmingView
        let container = context.containerView
        if presenting {
            UIView.performWithoutAnimation {
                view.frame = context.finalFrame(for: alert)
                container.addSubview(view)
                view.layoutIfNeeded()
                if view.isAlert {
                    view.platter.transform = CGAffineTransform(scaleX: AlertMetrics.popInitialScale, y: AlertMetrics.popInitialScale)
                    view.platter.alpha = 0
                } else {
                    view.content.transform = CGAffineTransform(translationX: 0, y: view.sheetSlideDistance)
                }
            }
        }
        let distance = view.sheetSlideDistance
        animate(context) { [presenting] in
            dimming?.alpha = presenting ? 1 : 0
            if view.isAlert {
                if presenting { view.platter.transform = .identity }
                view.platter.alpha = presenting ? 1 : 0
            } else {
                view.content.transform = presenting ? .identity : CGAffineTransform(translationX: 0, y: distance)
            }
        } completion: { [presenting] in
            if !presenting {
                // The view leaves with the container; shown as new if the alert is presented again.
                UIView.performWithoutAnimation {
                    view.platter.alpha = 1
                    view.content.transform = .identity
                }
            }
        }
    }

    private func animate(_ context: UIViewControllerContextTransitioning, _ changes: @escaping () -> Void,
                         completion: @escaping () -> Void) {
        UIView.animate(withDuration: AlertMetrics.springDuration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [], animations: changes) { _ in
            let cancelled = context.transitionWasCancelled
            if !cancelled { completion() }
            context.completeTransition(!cancelled)
        }
    }
}
