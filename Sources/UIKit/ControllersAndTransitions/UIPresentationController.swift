/// Manages the container, chrome and layout of a presented controller.
open class UIPresentationController: NSObject, UIContentContainer {
    public let presentedViewController: UIViewController
    /// Set at creation; a controller made by `UIViewController.presentationController` before the
    /// presentation learns its presenter when the presentation starts.
    public internal(set) var presentingViewController: UIViewController
    public internal(set) var containerView: UIView?
    /// Decides adaptation to the compact width and hears of user-initiated dismissals (see
    /// `UIAdaptivePresentationControllerDelegate` for what is called when).
    open weak var delegate: UIAdaptivePresentationControllerDelegate?

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

    // MARK: Adaptation

    /// The style to use in the current (compact-width) environment: `adaptivePresentationStyle(for:)`
    /// with this controller's traits.
    open var adaptivePresentationStyle: UIModalPresentationStyle { adaptivePresentationStyle(for: traitCollection) }
    /// The delegate's answer (`adaptivePresentationStyle(for:traitCollection:)`), or when there is no
    /// delegate the controller's own default: `.none` (no adaptation) for custom and sheet presentations,
    /// `.fullScreen` for a popover on a compact width. An answer other than `.fullScreen`,
    /// `.overFullScreen`, `.formSheet`, `.pageSheet` or `.none` counts as `.none`, as UIKit ignores it.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        let answer = delegate?.adaptivePresentationStyle(for: self, traitCollection: traitCollection)
            ?? defaultAdaptivePresentationStyle(for: traitCollection)
        switch answer {
        case .fullScreen, .overFullScreen, .formSheet, .pageSheet, .none: return answer
        default: return .none
        }
    }
    /// What a controller adapts to without a delegate (the delegate's defaults answer it too).
    func defaultAdaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle { .none }

    // MARK: Traits

    /// Traits laid over the presented controller's (its `traitCollection` combines them, specified traits
    /// winning; the user interface style reaches its views too). Setting it tells the presented controller.
    open var overrideTraitCollection: UITraitCollection? {
        get { storedOverrideTraitCollection }
        set {
            let befores = presentedViewController.subtreeTraits()
            storedOverrideTraitCollection = newValue
            UIViewController.reportTraitChanges(befores)
        }
    }
    private var storedOverrideTraitCollection: UITraitCollection?
    /// The presenter's traits (the environment the presentation happens in), with `overrideTraitCollection`.
    open var traitCollection: UITraitCollection {
        let base = presentingViewController === presentedViewController
            ? UIScreen.main.traitCollection : presentingViewController.traitCollection
        guard let storedOverrideTraitCollection else { return base }
        return UITraitCollection(traitsFrom: [base, storedOverrideTraitCollection])
    }
    /// Inert: the presenter's traits do not change while a presentation is on screen here (the screen and
    /// the appearance are fixed per run); never called.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Transition and layout callbacks

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    // MARK: UIContentContainer

    /// The presented controller's preferred size (UIKit forwards it).
    open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }
    /// Called when the presented controller's `preferredContentSize` changes. The default lays the
    /// container out again, so `frameOfPresentedViewInContainerView` can follow the new size.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
        containerView?.setNeedsLayout()
    }
    /// Inert: Auto Layout's fitting sizes are not observed for changes; never called.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer) {}
    /// The size the presented controller gets: the parent's size (UIKit's default).
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }
    /// Inert: a render's screen never changes size (no rotation, no split view); never called.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    /// Inert: the environment's traits never change during a render; never called.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {}

    /// Where a full-screen presenter's view lived before the presentation moved it (put back on dismissal).
    var presenterPlace: (superview: UIView?, index: Int, frame: CGRect)?
    /// The style the controller was asked for when it was made (a popover shown as a sheet remembers it).
    var requestedStyle: UIModalPresentationStyle?

    // Hooks for UIKit's own controllers (the sheet's): its animator when the transitioning delegate gives
    // none, the interaction controller of a dismissal the user drives, and whether the container lets
    // touches through to what is behind.
    func systemAnimator(presenting: Bool) -> UIViewControllerAnimatedTransitioning? { nil }
    var systemDismissalInteraction: UIViewControllerInteractiveTransitioning? { nil }
    var passesTouchesThrough: Bool { false }
}

extension UIPresentationController: UITraitEnvironment {}

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
    /// A sheet at an undimmed detent lets touches outside it through to what is behind.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self && presentationController?.passesTouchesThrough == true ? nil : hit
    }
    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}

// MARK: - Setting a presentation up

/// What a presentation shows and how: the controller that runs it, the controller shown (the adaptive
/// delegate may swap in another), the style the transition reports, and the delegate's
/// `willPresentWithAdaptiveStyle` call, made once the transition's coordinator exists.
struct PresentationSetup {
    let controller: UIPresentationController
    let presented: UIViewController
    let style: UIModalPresentationStyle
    let willPresent: (UIViewControllerTransitionCoordinator?) -> Void
}

extension UIPresentationController {
    /// UIKit's own controller for a style: sheets for `.pageSheet`, `.formSheet`, `.automatic` and
    /// `.popover` (a popover is drawn as a sheet when it does not adapt), full screen for the rest (the
    /// current-context styles cover the window here).
    static func systemController(for style: UIModalPresentationStyle, presenting presented: UIViewController,
                                 presenter: UIViewController?) -> UIPresentationController {
        let controller: UIPresentationController
        switch style {
        case .popover:
            controller = UIPopoverPresentationController(presentedViewController: presented, presenting: presenter ?? presented)
        case .pageSheet, .formSheet, .automatic:
            let sheet = UISheetPresentationController(presentedViewController: presented, presenting: presenter ?? presented)
            sheet.sheetStyle = style == .automatic ? .pageSheet : style
            controller = sheet
        default:
            controller = FullScreenPresentationController(presented: presented, presenting: presenter ?? presented,
                                                          style: ModalTransition.effectiveStyle(style))
        }
        controller.requestedStyle = style
        return controller
    }

    /// Chooses the controller for presenting `presented` from `presenter`, in UIKit's order: for `.custom`
    /// the transitioning delegate's (or a plain one); otherwise the one `presentationController` made
    /// already (keeping its delegate) or a new one; then, on a compact width, adaptation of `.popover`,
    /// `.formSheet`, `.pageSheet` and `.automatic` through the adaptive delegate (see
    /// `UIAdaptivePresentationControllerDelegate`).
    static func setUp(presenting presented: UIViewController, from presenter: UIViewController,
                      source: UIViewController) -> PresentationSetup {
        let requested = presented.effectiveModalPresentationStyle
        if requested == .custom {
            let controller = presented.transitioningDelegate?.presentationController(forPresented: presented, presenting: presenter, source: source)
                ?? UIPresentationController(presentedViewController: presented, presenting: presenter)
            return PresentationSetup(controller: controller, presented: presented, style: .custom, willPresent: { _ in })
        }
        let controller = presented.presentationController ?? systemController(for: requested, presenting: presented, presenter: presenter)
        controller.presentingViewController = presenter
        let adapts: Set<UIModalPresentationStyle> = [.popover, .formSheet, .pageSheet, .automatic]
        let traits = presenter.traitCollection
        guard adapts.contains(requested), traits.horizontalSizeClass == .compact else {
            return PresentationSetup(controller: controller, presented: presented, style: ModalTransition.effectiveStyle(requested),
                                     willPresent: { _ in })
        }
        let adapted = controller.adaptivePresentationStyle(for: traits)
        let delegate = controller.delegate
        guard adapted != .none, adapted != controller.presentationStyle else {
            let style = requested == .popover ? UIModalPresentationStyle.popover : controller.presentationStyle
            return PresentationSetup(controller: controller, presented: presented, style: style, willPresent: { coordinator in
                delegate?.presentationController(controller, willPresentWithAdaptiveStyle: .none, transitionCoordinator: coordinator)
            })
        }
        let shown = delegate?.presentationController(controller, viewControllerForAdaptivePresentationStyle: adapted) ?? presented
        let adaptive = systemController(for: adapted, presenting: shown, presenter: presenter)
        adaptive.delegate = delegate
        if requested == .popover, adapted == .formSheet || adapted == .pageSheet {
            delegate?.presentationController(controller, prepare: adaptive)
        }
        return PresentationSetup(controller: adaptive, presented: shown, style: adaptive.presentationStyle, willPresent: { coordinator in
            delegate?.presentationController(controller, willPresentWithAdaptiveStyle: adapted, transitionCoordinator: coordinator)
        })
    }

    /// A dismissal the user starts (pulling a sheet down), in UIKit's order: refused by
    /// `isModalInPresentation` (the presented controller's or a child's) or by the delegate's
    /// `presentationControllerShouldDismiss` → `presentationControllerDidAttemptToDismiss`, false;
    /// otherwise `presentationControllerWillDismiss`, the animated dismissal, and
    /// `presentationControllerDidDismiss` when it completes, true. Nothing happens (false) while the
    /// presentation is not on screen or is still moving.
    @discardableResult
    package func dismissAsUser(animated: Bool = true) -> Bool {
        let presented = presentedViewController
        guard containerView != nil, presented.currentPresentationController === self, presented.presentingViewController != nil,
              !presented.isBeingPresented, !presented.isBeingDismissed else { return false }
        if presented.refusesUserDismissal || delegate?.presentationControllerShouldDismiss(self) == false {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return false
        }
        delegate?.presentationControllerWillDismiss(self)
        presentingViewController.dismiss(animated: animated) { [self] in
            delegate?.presentationControllerDidDismiss(self)
        }
        return true
    }
}

extension UIViewController {
    /// `isModalInPresentation` here or in a child (a navigation controller's top controller counts).
    var refusesUserDismissal: Bool { isModalInPresentation || children.contains { $0.refusesUserDismissal } }
}

// MARK: - UIKit's own modal animations

/// The animator UIKit uses when the transitioning delegate gives none, from the presented controller's
/// `modalTransitionStyle` (the animators are in ModalStyleAnimators.swift).
func systemModalAnimator(for presented: UIViewController, presenting: Bool) -> UIViewControllerAnimatedTransitioning {
    switch presented.effectiveModalTransitionStyle {
    case .coverVertical: CoverVerticalAnimator(presenting: presenting)
    case .crossDissolve: ModalCrossDissolveAnimator(presenting: presenting)
    case .flipHorizontal: ModalFlipAnimator(presenting: presenting)
    case .partialCurl: ModalCurlAnimator(presenting: presenting)
    }
}
