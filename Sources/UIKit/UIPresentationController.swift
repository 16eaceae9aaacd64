/// Manages the container, chrome and layout of a presented controller.
open class UIPresentationController {
    public let presentedViewController: UIViewController
    public let presentingViewController: UIViewController
    public internal(set) var containerView: UIView?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    /// The view the animator moves; may be a wrapper around the presented controller's view.
    open var presentedView: UIView? { presentedViewController.view }
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// false (default): the presenter's view stays under the container and is neither the `.from` view
    /// of the presentation nor the `.to` view of the dismissal.
    open var shouldRemovePresentersView: Bool { false }
    open var shouldPresentInFullscreen: Bool { true }
    open var presentationStyle: UIModalPresentationStyle { .custom }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}
}

/// `.fullScreen` and `.overFullScreen`: the presented view fills the container; full screen removes the
/// presenter's view once the presentation completes.
final class FullScreenPresentationController: UIPresentationController {
    let style: UIModalPresentationStyle
    init(presented: UIViewController, presenting: UIViewController, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }
    override var shouldRemovePresentersView: Bool { style == .fullScreen }
    override var presentationStyle: UIModalPresentationStyle { style }
}

/// The container view: its layout pass is the presentation controller's.
final class UITransitionView: UIView {
    weak var presentationController: UIPresentationController?
    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
