import Foundation

/// The presentation controller of a `.popover` presentation. On the compact width of a phone a popover
/// adapts (UIKit's documented default: full screen; or what the delegate's `adaptivePresentationStyle`
/// answers, `.none` keeping it). Kept, it is drawn as a sheet here: the arrow, the source anchoring and the
/// popover chrome are not drawn, so `sourceView`, `sourceRect`, `barButtonItem`, `permittedArrowDirections`
/// and the layout members are stored for code that sets them (an iPad-sized screen would need them).
open class UIPopoverPresentationController: UIPresentationController {
    /// Inert: no arrow is drawn (a kept popover is drawn as a sheet); stored.
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
    /// The arrow's direction: `.unknown`, as no arrow is drawn.
    open var arrowDirection: UIPopoverArrowDirection { .unknown }
    /// Inert: the popover is not anchored to a source (drawn as a sheet); stored.
    open var sourceView: UIView?
    /// Inert: the popover is not anchored to a source; stored.
    open var sourceRect: CGRect = .zero
    /// Inert: the popover is not anchored to a source; stored.
    open var sourceItem: UIPopoverPresentationControllerSourceItem?
    /// Inert: the popover is not anchored to a bar item; stored.
    open var barButtonItem: UIBarButtonItem?
    /// Inert: the popover is not anchored to a source; stored.
    open var canOverlapSourceViewRect = false
    /// Inert: the views under a kept popover take no touches anyway (it covers them as a sheet); stored.
    open var passthroughViews: [UIView]?
    /// The colour behind the presented view (a kept popover's sheet shows it at its rounded corners).
    open var backgroundColor: UIColor?
    /// Inert: no popover is placed within margins; stored.
    open var popoverLayoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    open override var presentationStyle: UIModalPresentationStyle { .popover }
    /// A popover adapts to full screen on a compact width, as UIKit documents.
    override func defaultAdaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        traitCollection.horizontalSizeClass == .compact ? .fullScreen : .none
    }
    open override var frameOfPresentedViewInContainerView: CGRect { PlainSheet.frame(in: containerView) }
    open override func presentationTransitionWillBegin() {
        (delegate as? UIPopoverPresentationControllerDelegate)?.prepareForPopoverPresentation(self)
        if let view = presentedView { PlainSheet.round(view) }
        if let backgroundColor { containerView?.backgroundColor = backgroundColor }
    }
    open override func containerViewDidLayoutSubviews() {
        PlainSheet.relayout(presentedView, of: presentedViewController, in: containerView, to: frameOfPresentedViewInContainerView)
    }
}

/// Where a popover's arrow may point (or points).
public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: .max)
}

/// Something a popover can point at: a view or a bar item.
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}
extension UIView: UIPopoverPresentationControllerSourceItem {}
extension UIBarItem: UIPopoverPresentationControllerSourceItem {}

/// A popover's delegate: the adaptive delegate's calls, and the popover's own (optional, with defaults).
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// Called when a kept popover is about to be presented (not when it adapts to another style).
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
}
extension UIPopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {}
}
