/// Manages the container, chrome and layout of a presented controller.
open class UIPresentationController: NSObject, UIContentContainer {
    /// Not called here (the screen's size never changes during a render); overridable, as on iOS.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

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

    /// Where a full-screen presenter's view lived before the presentation moved it (put back on dismissal).
    var presenterPlace: (superview: UIView?, index: Int, frame: CGRect)?
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

/// `.pageSheet` / `.formSheet` (and `.automatic`) on a phone in portrait: a sheet from 10 pt below the
/// top safe area to the bottom, top corners rounded (10 pt); the presenter stays on screen and gets no
/// disappear callbacks. The presenter's scale-down look is not drawn.
final class SheetPresentationController: UIPresentationController {
    let style: UIModalPresentationStyle
    init(presented: UIViewController, presenting: UIViewController, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }
    override var presentationStyle: UIModalPresentationStyle { style }
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        let top = containerView.safeAreaInsets.top + 10
        return CGRect(x: 0, y: top, width: containerView.bounds.width, height: containerView.bounds.height - top)
    }
    override func presentationTransitionWillBegin() {
        guard let view = presentedView else { return }
        view.layer.cornerRadius = 10
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.clipsToBounds = true
    }
    override func containerViewDidLayoutSubviews() {
        guard let view = presentedView, view.superview === containerView, !presentedViewController.isBeingPresented,
              !presentedViewController.isBeingDismissed else { return }
        view.frame = frameOfPresentedViewInContainerView
    }
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
