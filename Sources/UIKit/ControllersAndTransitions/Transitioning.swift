public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// Vends the objects that run a custom modal transition. Every method is optional (a protocol extension
/// supplies nil), as in UIKit. The interaction controllers are asked only when an animation controller
/// was returned.
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}
extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// Animates one transition in a fixed time.
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// Optional. When implemented it must return the same animator for the whole transition (checked).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    func animationEnded(_ transitionCompleted: Bool)
}
extension UIViewControllerAnimatedTransitioning {
    /// Not implemented: UIKit scrubs the transition's Core Animation animations instead.
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        NoInterruptibleAnimator.marker
    }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What the protocol extension answers for `interruptibleAnimator(using:)` when an animator does not
/// implement it (the stand-in for Objective-C's `respondsToSelector:`). Never used as an animator.
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating, @unchecked Sendable {
    static let marker = NoInterruptibleAnimator()
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed: Bool { get { false } set {} }
    var fractionComplete: CGFloat { get { 0 } set {} }
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
}

extension UIViewControllerAnimatedTransitioning {
    /// The interruptible animator, or nil when the animator does not implement the method.
    func implementedInterruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating? {
        let animator = interruptibleAnimator(using: context)
        return animator === NoInterruptibleAnimator.marker ? nil : animator
    }
}

/// Drives a transition's progress (usually from a gesture).
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    /// false: the transition starts like a non-interactive one and may become interactive later
    /// (`pauseInteractiveTransition()`), which needs an interruptible animator or UIKit's scrubbing.
    var wantsInteractiveStart: Bool { get }
}
extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// What an animator and an interaction controller know about the transition they run.
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var targetTransform: CGAffineTransform { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// `.zero` for a controller whose view is not on screen at the start (the presented or pushed one).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The presented controller: `frameOfPresentedViewInContainerView`; a controller that leaves: `.zero`.
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// What alongside animations and completion blocks learn about the transition.
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var initiallyInteractive: Bool { get }
    var isInterruptible: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    var completionVelocity: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var containerView: UIView { get }
    var targetTransform: CGAffineTransform { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// Runs extra animations with a transition (same timing; scrubbed and reversed with it) and blocks when it
/// ends. Available from `UIViewController.transitionCoordinator` while a transition runs.
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Views animated here must be inside the container (else use `animateAlongsideTransition(in:…)`).
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// For a view outside the container: it is frozen and scrubbed with the transition while interactive.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Called each time the transition becomes interactive or stops being interactive.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}
extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
    /// Apple's `completion: … = nil` default.
    @discardableResult
    public func animateAlongsideTransition(in view: UIView?, animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}

// MARK: - Content containers

/// What a parent (a container controller or a presentation controller) and its children tell each other
/// about size: the child's preferred content size, the size the parent gives it, and coming size and
/// trait changes. Every requirement is required, as in UIKit; `UIViewController` and
/// `UIPresentationController` implement them all in their class bodies, so subclasses override them.
public protocol UIContentContainer: AnyObject {
    /// The size the container would like; setting it on a controller tells its parent or presentation
    /// controller (`preferredContentSizeDidChange(forChildContentContainer:)`).
    var preferredContentSize: CGSize { get }
    func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer)
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer)
    func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator)
    func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator)
}

// MARK: - Adaptive presentation

/// Decides how a presentation adapts to a compact width and hears of dismissals the user starts. Every
/// method is optional (protocol extension defaults).
///
/// When UIKit calls what, here (a render's screen is a phone in portrait: compact width, regular height):
/// - At presentation of a `.popover`, `.formSheet`, `.pageSheet` or `.automatic` controller (never
///   `.custom` or the full-screen styles): `adaptivePresentationStyle(for:traitCollection:)` (whose
///   default asks `adaptivePresentationStyle(for:)`, whose default is the presentation controller's own
///   adaptive style); when the answer is neither `.none` nor the requested style,
///   `presentationController(_:viewControllerForAdaptivePresentationStyle:)` (a controller to present
///   instead), then `presentationController(_:willPresentWithAdaptiveStyle:transitionCoordinator:)`
///   (also with `.none` when nothing adapts), and for a popover shown as a sheet
///   `presentationController(_:prepare:)`.
/// - A dismissal the user starts (pulling a sheet down; not `dismiss(animated:)` from code):
///   `presentationControllerShouldDismiss(_:)` unless `isModalInPresentation` already refuses; refused →
///   `presentationControllerDidAttemptToDismiss(_:)`; allowed → `presentationControllerWillDismiss(_:)`,
///   the dismissal, then `presentationControllerDidDismiss(_:)` once it completes.
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    func adaptivePresentationStyle(for controller: UIPresentationController,
                                   traitCollection: UITraitCollection) -> UIModalPresentationStyle
    func presentationController(_ controller: UIPresentationController,
                                viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController?
    func presentationController(_ presentationController: UIPresentationController,
                                willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: UIViewControllerTransitionCoordinator?)
    func presentationController(_ presentationController: UIPresentationController,
                                prepare adaptivePresentationController: UIPresentationController)
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}
extension UIAdaptivePresentationControllerDelegate {
    /// Default: the presentation controller's own answer (without asking the delegate again: a delegate that
    /// implements neither adaptive method, only the dismissal ones, is the common case).
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        controller.defaultAdaptivePresentationStyle(for: controller.traitCollection)
    }
    /// Default: `adaptivePresentationStyle(for:)`, as UIKit falls back to it.
    public func adaptivePresentationStyle(for controller: UIPresentationController,
                                          traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        adaptivePresentationStyle(for: controller)
    }
    public func presentationController(_ controller: UIPresentationController,
                                       viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController? { nil }
    public func presentationController(_ presentationController: UIPresentationController,
                                       willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                       transitionCoordinator: UIViewControllerTransitionCoordinator?) {}
    public func presentationController(_ presentationController: UIPresentationController,
                                       prepare adaptivePresentationController: UIPresentationController) {}
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

// MARK: - Tab bar controller delegate

/// Vends a tab bar controller's transition objects and hears of selections. Every method is optional
/// (protocol extension defaults); the interaction controller is asked only when an animation controller
/// was returned. `shouldSelect`/`didSelect` are called for a tap on the tab bar only, never when
/// `selectedIndex` or `selectedViewController` is set in code; the animators are asked for both, as in UIKit.
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// Inert: there is no "More" customization sheet offscreen; never called.
    func tabBarController(_ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController])
    /// Inert: there is no "More" customization sheet offscreen; never called.
    func tabBarController(_ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController], changed: Bool)
    /// Inert: there is no "More" customization sheet offscreen; never called.
    func tabBarController(_ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool)
    /// Inert: renders are portrait; the answer is never asked for.
    func tabBarControllerSupportedInterfaceOrientations(_ tabBarController: UITabBarController) -> UIInterfaceOrientationMask
    /// Inert: renders are portrait; the answer is never asked for.
    func tabBarControllerPreferredInterfaceOrientationForPresentation(_ tabBarController: UITabBarController) -> UIInterfaceOrientation
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
}
extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(_ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]) {}
    public func tabBarController(_ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController], changed: Bool) {}
    public func tabBarController(_ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool) {}
    public func tabBarControllerSupportedInterfaceOrientations(_ tabBarController: UITabBarController) -> UIInterfaceOrientationMask { .all }
    public func tabBarControllerPreferredInterfaceOrientationForPresentation(_ tabBarController: UITabBarController) -> UIInterfaceOrientation { .portrait }
    public func tabBarController(_ tabBarController: UITabBarController,
                                 interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func tabBarController(_ tabBarController: UITabBarController,
                                 animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
}
