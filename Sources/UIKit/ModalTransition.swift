/// Runs modal presentations and dismissals in UIKit's order (reference §4.3): delegate queries,
/// appearance "will" callbacks, presentation-controller will-begin, container layout, the animator,
/// then did-end, animationEnded, "did" callbacks and the caller's completion.
enum ModalTransition {
    static func present(_ presented: UIViewController, from source: UIViewController, animated: Bool,
                        completion: (() -> Void)?) {
        let presenter = presentationContext(for: source)
        guard presenter.presentedViewController == nil else {
            warn("Attempt to present \(type(of: presented)) on \(type(of: presenter)) which is already presenting \(type(of: presenter.presentedViewController!)); ignored, as UIKit does.")
            return
        }
        guard let window = presenter.view.window else {
            warn("Attempt to present \(type(of: presented)) on \(type(of: presenter)) whose view is not in a window; ignored, as UIKit does.")
            return
        }
        let style = presented.modalPresentationStyle == .automatic ? .fullScreen : presented.modalPresentationStyle
        let delegate = presented.transitioningDelegate
        let controller: UIPresentationController = style == .custom
            ? (delegate?.presentationController(forPresented: presented, presenting: presenter, source: source)
               ?? UIPresentationController(presentedViewController: presented, presenting: presenter))
            : FullScreenPresentationController(presented: presented, presenting: presenter, style: style)
        let animator: UIViewControllerAnimatedTransitioning? = animated
            ? (delegate?.animationController(forPresented: presented, presenting: presenter, source: source)
               ?? CoverVerticalAnimator(presenting: true))
            : nil

        presenter.presentedViewController = presented
        presented.presentingViewController = presenter
        presented.presentationController = controller
        presented.isBeingPresented = true

        let container = UITransitionView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentationController = controller
        controller.containerView = container
        window.addSubview(container)

        presented.loadViewIfNeeded()
        presented.viewWillAppear(animated)
        if controller.shouldRemovePresentersView { presenter.viewWillDisappear(animated) }
        controller.presentationTransitionWillBegin()
        container.setNeedsLayout()
        container.layoutIfNeeded()

        let removesPresenter = controller.shouldRemovePresentersView
        let finalFrame = controller.frameOfPresentedViewInContainerView
        let context = ModalTransitionContext(
            container: container, animated: animated, style: style, from: presenter, to: presented,
            fromView: removesPresenter ? presenter.view : nil, toView: controller.presentedView,
            frames: [ObjectIdentifier(presented): (.zero, finalFrame),
                     ObjectIdentifier(presenter): (presenter.view.frame, removesPresenter ? .zero : presenter.view.frame)]
        ) { completed in
            Timeline.current.mark("transition.end present \(type(of: presented)) \(completed ? "completed" : "cancelled")")
            presented.isBeingPresented = false
            controller.presentationTransitionDidEnd(completed)
            animator?.animationEnded(completed)
            if completed {
                if removesPresenter { presenter.view.removeFromSuperview() }
                presented.viewDidAppear(animated)
                if removesPresenter { presenter.viewDidDisappear(animated) }
                completion?()
            } else {
                // A cancelled presentation: undo it, with the appearance callbacks reversed.
                presented.viewWillDisappear(animated)
                controller.presentedView?.removeFromSuperview()
                endPresentation(of: presented, by: presenter, container: container)
                presented.viewDidDisappear(animated)
                if removesPresenter { presenter.viewDidAppear(animated) }
            }
        }
        Timeline.current.mark("transition.begin present \(type(of: presented))")
        if let animator {
            _ = animator.transitionDuration(using: context)
            animator.animateTransition(using: context)
        } else {
            if let view = controller.presentedView {
                if view.superview == nil { container.addSubview(view) }
                view.frame = finalFrame
            }
            context.completeTransition(true)
        }
    }

    static func dismiss(_ presented: UIViewController, animated: Bool, completion: (() -> Void)?) {
        guard let controller = presented.presentationController, let container = controller.containerView,
              let presenter = presented.presentingViewController else {
            completion?()
            return
        }
        if let deeper = presented.presentedViewController {
            // Dismissing a controller that presents another: take the top one down first, without animation.
            dismiss(deeper, animated: false, completion: nil)
        }
        let animator: UIViewControllerAnimatedTransitioning? = animated
            ? (presented.transitioningDelegate?.animationController(forDismissed: presented)
               ?? CoverVerticalAnimator(presenting: false))
            : nil
        let removesPresenter = controller.shouldRemovePresentersView
        presented.isBeingDismissed = true
        presented.viewWillDisappear(animated)
        if removesPresenter { presenter.viewWillAppear(animated) }
        controller.dismissalTransitionWillBegin()

        let context = ModalTransitionContext(
            container: container, animated: animated, style: controller.presentationStyle,
            from: presented, to: presenter,
            fromView: controller.presentedView, toView: removesPresenter ? presenter.view : nil,
            frames: [ObjectIdentifier(presented): (controller.presentedView?.frame ?? .zero, .zero),
                     ObjectIdentifier(presenter): (.zero, container.bounds)]
        ) { completed in
            Timeline.current.mark("transition.end dismiss \(type(of: presented)) \(completed ? "completed" : "cancelled")")
            presented.isBeingDismissed = false
            controller.dismissalTransitionDidEnd(completed)
            animator?.animationEnded(completed)
            guard completed else {
                presented.viewWillAppear(animated)
                presented.viewDidAppear(animated)
                return
            }
            controller.presentedView?.removeFromSuperview()
            if removesPresenter, presenter.view.window == nil, let window = container.window {
                // The animator should have put the presenter back; make sure it is there.
                presenter.view.frame = container.bounds
                window.insertSubview(presenter.view, belowSubview: container)
            }
            endPresentation(of: presented, by: presenter, container: container)
            presented.viewDidDisappear(animated)
            if removesPresenter { presenter.viewDidAppear(animated) }
            completion?()
        }
        Timeline.current.mark("transition.begin dismiss \(type(of: presented))")
        if let animator {
            _ = animator.transitionDuration(using: context)
            animator.animateTransition(using: context)
        } else {
            context.completeTransition(true)
        }
    }

    /// The container leaves the window and the two controllers forget each other.
    private static func endPresentation(of presented: UIViewController, by presenter: UIViewController, container: UIView) {
        container.removeFromSuperview()
        presenter.presentedViewController = nil
        presented.presentingViewController = nil
        presented.presentationController = nil
    }

    /// The controller that presents: the top of the presented chain above the root of `source`'s
    /// containment tree (UIKit's default presentation context), or the nearest ancestor that defines one.
    private static func presentationContext(for source: UIViewController) -> UIViewController {
        var root = source
        while let parent = root.parent, !root.definesPresentationContext { root = parent }
        while let presented = root.presentedViewController, !presented.isBeingDismissed { root = presented }
        return root
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("UIKit: \(message)\n".utf8))
    }
}

/// UIKit's default modal animation when the delegate returns none: the presented view slides up from the
/// bottom edge (and back down on dismissal), 0.5 s ease-in-out.
final class CoverVerticalAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let offscreen = { (frame: CGRect) in frame.offsetBy(dx: 0, dy: container.bounds.height - frame.minY) }
        if presenting {
            guard let presented = context.viewController(forKey: .to), let view = context.view(forKey: .to) else {
                context.completeTransition(true); return
            }
            let final = context.finalFrame(for: presented)
            container.addSubview(view)
            view.frame = offscreen(final)
            UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: { view.frame = final }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        } else {
            guard let view = context.view(forKey: .from) else { context.completeTransition(true); return }
            if let presenterView = context.view(forKey: .to) { container.insertSubview(presenterView, at: 0) }
            UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: { view.frame = offscreen(view.frame) }) { _ in
                context.completeTransition(!context.transitionWasCancelled)
            }
        }
    }
}
