/// Runs modal presentations and dismissals in UIKit's order (Apple's View Controller Programming Guide
/// for iOS, "Creating Custom Presentations"): delegate queries,
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
        // UIKit's order: presentation controller (adapted to the compact width through its delegate),
        // animation controller, interaction controller (only when there is an animator).
        let setup = UIPresentationController.setUp(presenting: presented, from: presenter, source: source)
        let presented = setup.presented, controller = setup.controller, style = setup.style
        let delegate = presented.transitioningDelegate
        let custom = animated ? delegate?.animationController(forPresented: presented, presenting: presenter, source: source) : nil
        let interaction = custom.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        let zoom: UIViewControllerAnimatedTransitioning? = ZoomTransitionAnimator.modal(presented, presenter: presenter, presenting: true)
        let animator: UIViewControllerAnimatedTransitioning? = animated
            ? (custom ?? zoom ?? controller.systemAnimator(presenting: true) ?? systemModalAnimator(for: presented, presenting: true)) : nil

        presenter.presentedViewController = presented
        presented.presentingViewController = presenter
        presented.presentationController = controller
        presented.isBeingPresented = true

        let container = UITransitionView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentationController = controller
        controller.containerView = container
        window.addSubview(container)

        let removesPresenter = controller.shouldRemovePresentersView
        // Full-screen styles: the presenter's view moves into the container for the transition and leaves
        // the hierarchy when it completes; its place is remembered for the dismissal.
        let presenterView = presenter.view!
        if removesPresenter {
            controller.presenterPlace = (presenterView.superview, presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0,
                                         presenterView.frame)
            let frame = presenterView.superview?.convert(presenterView.frame, to: container) ?? container.bounds
            container.insertSubview(presenterView, at: 0)
            presenterView.frame = frame
        }

        presented.loadViewIfNeeded()
        let presenterFrame = presenterView.frame
        var context: TransitionContext!
        context = TransitionContext(
            label: "present \(type(of: presented))", container: container, animated: animated, style: style,
            from: presenter, to: presented,
            fromView: { removesPresenter ? presenterView : nil }, toView: { controller.presentedView },
            frames: [ObjectIdentifier(presented): { (.zero, controller.frameOfPresentedViewInContainerView) },
                     ObjectIdentifier(presenter): { (presenterFrame, removesPresenter ? .zero : presenterFrame) }],
            animator: animator, interactionController: interaction
        ) { completed in
            controller.presentationTransitionDidEnd(completed)
            animator?.animationEnded(completed)
            context.runAlongsideCompletions()
            presenter.activeTransition = nil
            presented.activeTransition = nil
            if completed {
                if removesPresenter { presenterView.removeFromSuperview() }
                presented.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
                presented.isBeingPresented = false
                completion?()
            } else {
                // A cancelled presentation is undone, with the appearance callbacks reversed.
                presented.beginAppearanceTransition(false, animated: animated)
                if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
                controller.presentedView?.removeFromSuperview()
                if removesPresenter { restorePresenterView(presenterView, controller: controller) }
                endPresentation(of: presented, by: presenter, container: container)
                presented.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
                presented.isBeingPresented = false
            }
        }
        presenter.activeTransition = context
        presented.activeTransition = context

        setup.willPresent(animated ? context : nil)
        presented.beginAppearanceTransition(true, animated: animated)
        if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        controller.presentationTransitionWillBegin()
        container.setNeedsLayout()
        container.layoutIfNeeded()

        context.start {
            if let view = controller.presentedView {
                if view.superview == nil { container.addSubview(view) }
                view.frame = controller.frameOfPresentedViewInContainerView
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
        let delegate = presented.transitioningDelegate
        let custom = animated ? delegate?.animationController(forDismissed: presented) : nil
        // Without a delegate animator, the zoom's own interactive dismissal drives it while a finger does;
        // a sheet the user pulls down drives its own (UIKit's interaction controller).
        let interaction = custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
            ?? (custom == nil ? presented.preferredTransition?.pendingInteraction : nil)
            ?? (custom == nil && animated ? controller.systemDismissalInteraction : nil)
        let zoom: UIViewControllerAnimatedTransitioning? = ZoomTransitionAnimator.modal(presented, presenter: presenter, presenting: false)
        let animator: UIViewControllerAnimatedTransitioning? = animated
            ? (custom ?? zoom ?? controller.systemAnimator(presenting: false) ?? systemModalAnimator(for: presented, presenting: false)) : nil
        let removesPresenter = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        if removesPresenter {
            // The animator puts the presenter's view into the container; it starts where it was.
            presenterView.frame = container.bounds
        }
        presented.isBeingDismissed = true
        // The view that leaves (the controller may drop its wrapper in dismissalTransitionDidEnd).
        let leavingView = controller.presentedView

        var context: TransitionContext!
        context = TransitionContext(
            label: "dismiss \(type(of: presented))", container: container, animated: animated, style: controller.presentationStyle,
            from: presented, to: presenter,
            fromView: { controller.presentedView }, toView: { removesPresenter ? presenterView : nil },
            frames: [ObjectIdentifier(presented): { [presentedFrame = controller.presentedView?.frame ?? .zero] in (presentedFrame, .zero) },
                     ObjectIdentifier(presenter): { [presenterFrame = presenterView.frame] in
                         (removesPresenter ? .zero : presenterFrame, container.bounds) }],
            animator: animator, interactionController: interaction
        ) { completed in
            controller.dismissalTransitionDidEnd(completed)
            animator?.animationEnded(completed)
            context.runAlongsideCompletions()
            presenter.activeTransition = nil
            presented.activeTransition = nil
            guard completed else {
                // Still presented: the appearance callbacks are reversed; a full-screen presenter's view
                // leaves the hierarchy again.
                presented.beginAppearanceTransition(true, animated: animated)
                if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
                if removesPresenter { presenterView.removeFromSuperview() }
                presented.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
                presented.isBeingDismissed = false
                return
            }
            leavingView?.removeFromSuperview()
            if removesPresenter { restorePresenterView(presenterView, controller: controller) }
            endPresentation(of: presented, by: presenter, container: container)
            presented.endAppearanceTransition()
            if removesPresenter { presenter.endAppearanceTransition() }
            presented.isBeingDismissed = false
            completion?()
        }
        presenter.activeTransition = context
        presented.activeTransition = context

        presented.beginAppearanceTransition(false, animated: animated)
        if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
        controller.dismissalTransitionWillBegin()
        context.start {
            context.completeTransition(true)
        }
    }

    /// The style a phone actually uses: `.automatic` is the page sheet (iOS 13 and later); popovers and
    /// `.none` adapt to full screen; the current-context styles cover the whole screen here, because the
    /// container always fills the window (presenting inside a context controller's view is not built).
    static func effectiveStyle(_ style: UIModalPresentationStyle) -> UIModalPresentationStyle {
        switch style {
        case .automatic: .pageSheet
        case .none, .popover, .currentContext: .fullScreen
        case .overCurrentContext: .overFullScreen
        default: style
        }
    }

    /// Puts a full-screen presenter's view back where it was before the presentation.
    private static func restorePresenterView(_ view: UIView, controller: UIPresentationController) {
        guard let (superview, index, frame) = controller.presenterPlace, let superview else { return }
        superview.insertSubview(view, at: min(index, superview.subviews.count))
        view.frame = frame
        controller.presenterPlace = nil
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

    static func warn(_ message: String) { UIKitWarnings.warn(message) }
}

/// Where UIKit's warnings go: standard error (as UIKit logs to the console), each line starting "UIKit: ".
/// Task-local, so a test captures its own (`UIKitWarnings.$sink.withValue`) while others run in parallel.
package enum UIKitWarnings {
    @TaskLocal package static var sink: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("UIKit: \(message)\n".utf8))
    }
    static func warn(_ message: String) { sink(message) }
}
