import Foundation

/// The presentation controller of a sheet: `.pageSheet`, `.formSheet` and `.automatic` on a phone, or one a
/// transitioning delegate returns for a `.custom` presentation. The sheet rests at one of its `detents`;
/// above the largest undimmed detent a dimming covers what is behind, and at the large detent the presenter
/// recedes into a card with rounded corners under a light status bar (see SheetChrome). The user drags it
/// between detents and down to dismiss it (see SheetInteraction).
///
/// On a phone in portrait the sheet is always edge-attached and as wide as the screen, so the members
/// about floating sheets, page sizing and compact height have no visible effect (their doc comments say so).
open class UISheetPresentationController: UIPresentationController {

    // MARK: Detents

    /// The heights the sheet rests at, smallest to largest (Apple's requirement; sorted by value here).
    /// Never empty: an empty array is refused with a warning, as UIKit requires at least one detent.
    open var detents: [Detent] {
        get { storedDetents }
        set {
            guard !newValue.isEmpty else {
                UIKitWarnings.warn("UISheetPresentationController.detents must have at least one detent; [] ignored (kept \(storedDetents.map(\.identifier.rawValue))).")
                return
            }
            storedDetents = newValue
            changeLayout()
        }
    }
    private var storedDetents: [Detent] = [.large()]

    /// The detent the sheet rests at. nil, or an identifier not among the active detents: the smallest
    /// detent (Apple's header). Setting it does not call the delegate; inside `animateChanges` the sheet
    /// moves with the spring, otherwise at the next layout.
    open var selectedDetentIdentifier: Detent.Identifier? {
        didSet { changeLayout() }
    }

    /// The largest detent at which nothing behind the sheet is dimmed or pushed back and the content behind
    /// takes touches. nil or unknown: every detent is dimmed.
    open var largestUndimmedDetentIdentifier: Detent.Identifier? {
        didSet { changeLayout() }
    }

    /// Asks custom detents to resolve again at the next layout (inside `animateChanges`, animated).
    open func invalidateDetents() { changeLayout() }

    /// Runs `changes` (setting detents, the selected detent, the grabber, the corner radius, …) and moves the
    /// sheet and what is behind it to the new layout with the sheet spring. The layout has happened by the
    /// time it returns (the animation runs on).
    open func animateChanges(_ changes: () -> Void) {
        animatingChanges += 1
        changes()
        animatingChanges -= 1
        guard isSettled else { return }
        stopMotion()
        motion = SheetMotion.animate(velocity: 0) { self.layOutSheet() }
    }
    private var animatingChanges = 0

    /// The spring moving the sheet to a detent (after `animateChanges` or a release), if any.
    var motion: UIViewPropertyAnimator?
    /// Catches that spring where it is: the values shown now become the model's.
    func stopMotion() {
        if let motion, motion.state == .active { motion.stopAnimation(true) }
        motion = nil
    }

    // MARK: Appearance

    /// Shows the grabber at the top centre of the sheet (36 × 5 pt, estimate; see SheetMetrics).
    open var prefersGrabberVisible = false { didSet { changeLayout() } }
    /// The sheet's top corner radius; nil: the system's (10 pt, estimate). Only the frontmost sheet uses it;
    /// a sheet another sheet covers keeps the system radius, as Apple documents.
    open var preferredCornerRadius: CGFloat? { didSet { changeLayout() } }
    /// Whether scrolling a scroll view of the sheet that is at its top expands the sheet to a larger detent
    /// (true, the default) instead of scrolling. Dragging down from a scroll view at its top always moves
    /// the sheet.
    open var prefersScrollingExpandsWhenScrolledToEdge = true

    /// Inert: a render's screen is a phone in portrait, where a sheet is never shown in compact height; stored.
    open var prefersEdgeAttachedInCompactHeight = false
    /// Inert: the edge-attached sheet of a compact width is always as wide as the screen (Apple: "not
    /// respected in compact width regular height"); stored.
    open var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    /// Inert: on a compact width page and form sizing are both the screen's width; stored. Default false, as
    /// on iOS 18.
    open var prefersPageSizing = false
    /// Inert: only a floating sheet (regular width) centres itself over a source view; stored.
    open var sourceView: UIView?

    // MARK: Presentation controller

    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    /// The style this controller was made for (UIKit's own controller of a page or form sheet).
    var sheetStyle: UIModalPresentationStyle = .pageSheet
    open override var presentationStyle: UIModalPresentationStyle { sheetStyle }

    /// The frame at the selected detent.
    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        return SheetLayout.frame(top: restingTop, in: containerView.bounds, smallestTop: layout.smallestTop)
    }

    open override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let containerView else { return }
        chrome.install(in: containerView, presenter: presentingViewController, sheet: self)
        if let view = presentedView { chrome.styleSheet(view, cornerRadius: frontCornerRadius, grabber: prefersGrabberVisible) }
        let target = chromeState(atTop: restingTop)
        if let coordinator = presentedViewController.activeTransition, coordinator.isAnimated {
            coordinator.animate(alongsideTransition: { _ in self.chrome.apply(target) }, completion: nil)
        } else {
            chrome.apply(target)
        }
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if completed {
            interaction.attach(to: presentedView)
            shownDetentIdentifier = currentDetentIdentifier
        } else {
            chrome.uninstall()
        }
    }

    open override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        // A swipe moves what is behind with the finger; the dismissal animator only slides the sheet away.
        guard !interaction.isDrivingDismissal else { return }
        let target = SheetChrome.State.hidden
        if let coordinator = presentedViewController.activeTransition, coordinator.isAnimated {
            coordinator.animate(alongsideTransition: { _ in self.chrome.apply(target) }, completion: nil)
        } else {
            chrome.apply(target)
        }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        guard completed else { return }
        interaction.detach()
        chrome.uninstall()
        if let view = presentedView { chrome.unstyleSheet(view) }
    }

    open override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        guard isSettled else { return }
        if animatingChanges > 0 { return }   // animateChanges lays out inside its animation
        layOutSheet()
    }

    // MARK: Internals

    let chrome = SheetChrome()
    lazy var interaction = SheetInteraction(sheet: self)

    /// The detent the sheet rested at last (the delegate hears when a drag changes it).
    var shownDetentIdentifier: Detent.Identifier?

    /// Shown and not moving: a presentation or dismissal under way, or a finger on the sheet, owns the layout.
    var isSettled: Bool {
        guard containerView != nil, let view = presentedView, view.superview === containerView else { return false }
        return !presentedViewController.isBeingPresented && !presentedViewController.isBeingDismissed && !interaction.isDragging
    }

    /// A property changed: lay out again (animated inside `animateChanges`, at the next layout otherwise).
    private func changeLayout() {
        guard animatingChanges == 0 else { return }
        containerView?.setNeedsLayout()
    }

    /// The sheet where its selected detent puts it, with its chrome: called from layout passes and
    /// `animateChanges` (inside its animation block).
    func layOutSheet() {
        guard let containerView, let view = presentedView else { return }
        let top = restingTop
        view.frame = SheetLayout.frame(top: top, in: containerView.bounds, smallestTop: layout.smallestTop)
        chrome.styleSheet(view, cornerRadius: frontCornerRadius, grabber: prefersGrabberVisible)
        chrome.apply(chromeState(atTop: top))
        shownDetentIdentifier = currentDetentIdentifier
    }

    /// The sheet's corner radius while it is the front sheet.
    var frontCornerRadius: CGFloat { preferredCornerRadius ?? SheetMetrics.cornerRadius }

    /// The detents resolved in the container now.
    var layout: SheetLayout {
        guard let containerView else { return SheetLayout(detents: [], containerHeight: 0, bottomInset: 0) }
        let context = resolutionContext(in: containerView)
        let resolved = storedDetents.compactMap { detent in detent.resolvedValue(in: context).map { (detent.identifier, $0) } }
        let values = resolved.isEmpty ? [(Detent.Identifier.large, context.maximumDetentValue)] : resolved
        return SheetLayout(detents: values.map { ($0.0, min(max($0.1, 0), context.maximumDetentValue)) },
                           containerHeight: containerView.bounds.height, bottomInset: containerView.safeAreaInsets.bottom,
                           maximumValue: context.maximumDetentValue)
    }

    func resolutionContext(in container: UIView) -> SheetDetentResolutionContext {
        let top = container.safeAreaInsets.top + SheetMetrics.topGap
        let maximum = max(container.bounds.height - top - container.safeAreaInsets.bottom, 0)
        return SheetDetentResolutionContext(containerTraitCollection: container.traitCollection, maximumDetentValue: maximum)
    }

    /// The selected detent when it is active, else the smallest (Apple's header).
    var currentDetentIdentifier: Detent.Identifier? {
        let layout = layout
        if let selectedDetentIdentifier, layout.detents.contains(where: { $0.identifier == selectedDetentIdentifier }) {
            return selectedDetentIdentifier
        }
        return layout.detents.first?.identifier
    }

    /// The top of the sheet at its current detent (container coordinates).
    var restingTop: CGFloat {
        let layout = layout
        guard let id = currentDetentIdentifier, let top = layout.top(of: id) else { return layout.largestTop }
        return top
    }

    /// What is behind the sheet when its top is at `top`: see `SheetLayout.chrome`.
    func chromeState(atTop top: CGFloat) -> SheetChrome.State {
        layout.chrome(atTop: top, largestUndimmed: largestUndimmedDetentIdentifier)
    }

    /// The delegate, seen as a sheet's.
    var sheetDelegate: UISheetPresentationControllerDelegate? { delegate as? UISheetPresentationControllerDelegate }

    /// Where the sheet may forward touches through its container: at an undimmed detent.
    override var passesTouchesThrough: Bool { chrome.isUndimmed }

    /// A page sheet slides up on the sheet spring (and down on dismissal) for the cover-vertical style; the
    /// other transition styles keep their own animations.
    override func systemAnimator(presenting: Bool) -> UIViewControllerAnimatedTransitioning? {
        presentedViewController.modalTransitionStyle == .coverVertical ? SheetTransitionAnimator(presenting: presenting) : nil
    }
    override var systemDismissalInteraction: UIViewControllerInteractiveTransitioning? { interaction.dismissalDriver }
}

// MARK: - Detents

extension UISheetPresentationController {
    /// A height where a sheet rests: a system detent (`medium()`, `large()`) or a custom one whose resolver
    /// answers a height within the sheet's safe area (the bottom inset is added to it), or nil when inactive.
    public final class Detent: NSObject {
        /// A detent's name (the system's `.medium` and `.large`, or one given to a custom detent).
        public struct Identifier: Hashable, Equatable, RawRepresentable, Sendable {
            public let rawValue: String
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }

        public let identifier: Identifier
        private let resolver: (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?

        init(identifier: Identifier, resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// About half the screen: half the maximum detent value (estimate), inactive in compact height (Apple).
        public static func medium() -> Detent {
            Detent(identifier: .medium) { context in
                context.containerTraitCollection.verticalSizeClass == .compact ? nil : (context.maximumDetentValue / 2).rounded()
            }
        }

        /// The full height: the maximum detent value.
        public static func large() -> Detent {
            Detent(identifier: .large) { $0.maximumDetentValue }
        }

        /// A detent computed by `resolver` each time the sheet lays out (or after `invalidateDetents()`).
        /// Without an identifier it gets a unique one, as in UIKit.
        public static func custom(identifier: Identifier? = nil,
                                  resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) -> Detent {
            Detent(identifier: identifier ?? Identifier("custom-\(UUID().uuidString)"), resolver: resolver)
        }

        /// The detent's value in `context`, or nil when it is inactive there.
        public func resolvedValue(in context: any UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            resolver(context)
        }
    }
}

/// What a custom detent's resolver knows: the container's traits (without the sheet's override traits) and
/// the largest value a detent may have (the large detent's).
public protocol UISheetPresentationControllerDetentResolutionContext: NSObjectProtocol {
    var containerTraitCollection: UITraitCollection { get }
    var maximumDetentValue: CGFloat { get }
}

final class SheetDetentResolutionContext: NSObject, UISheetPresentationControllerDetentResolutionContext {
    let containerTraitCollection: UITraitCollection
    let maximumDetentValue: CGFloat
    init(containerTraitCollection: UITraitCollection, maximumDetentValue: CGFloat) {
        self.containerTraitCollection = containerTraitCollection
        self.maximumDetentValue = maximumDetentValue
    }
}

/// A sheet's delegate: the adaptive delegate's calls (should/will/did dismiss, …), and the detent a drag chose.
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// Called when the user's drag leaves the sheet at another detent; not when `selectedDetentIdentifier`
    /// is set in code (Apple's header).
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}
extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

extension UIViewController {
    /// The sheet presentation controller when the controller is presented (or will be) as a page or form
    /// sheet (`.automatic` included); nil for other styles.
    public var sheetPresentationController: UISheetPresentationController? {
        switch modalPresentationStyle {
        case .pageSheet, .formSheet, .automatic: presentationController as? UISheetPresentationController
        default: currentPresentationController as? UISheetPresentationController
        }
    }
}
