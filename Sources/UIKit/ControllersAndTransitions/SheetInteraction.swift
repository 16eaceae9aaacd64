import Foundation

/// Runs a swipe's dismissal: UIKit's transition, made interactive, with the finger placing the views.
final class SheetDismissalDriver: UIViewControllerInteractiveTransitioning {
    private(set) var context: UIViewControllerContextTransitioning?
    var wantsInteractiveStart: Bool { true }
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
    }
}

/// The sheet's own pan: a scroll view inside the sheet waits for it to decide (it fails at once when the
/// scroll view should scroll instead).
final class SheetPanGestureRecognizer: UIPanGestureRecognizer {
    weak var sheetView: UIView?
    override func shouldBeRequiredToFail(by other: UIGestureRecognizer) -> Bool {
        guard let scroll = other.view as? UIScrollView, other === scroll.panGestureRecognizer, let sheetView else { return false }
        return scroll.isDescendant(of: sheetView)
    }
}

/// The user's hand on a sheet: a pan on the sheet moves it with the finger between its detents, rubber-bands
/// it beyond the largest one, and pulls it down to dismiss: crossing below the smallest detent asks
/// `presentationControllerShouldDismiss` (refused, or `isModalInPresentation`: `presentationControllerDidAttemptToDismiss`
/// and the sheet resists), then calls `presentationControllerWillDismiss` and starts the dismissal as an
/// interactive transition. On release the sheet springs to the nearest resting place for the projected
/// position: a detent (a dismissal under way cancels, with no did-dismiss) or off screen (the dismissal
/// finishes, then `presentationControllerDidDismiss`). What is behind follows the sheet all along.
final class SheetInteraction: NSObject, UIGestureRecognizerDelegate {
    private unowned let sheet: UISheetPresentationController
    private var pan: SheetPanGestureRecognizer?
    private(set) var isDragging = false
    /// Exists while a swipe's dismissal transition runs.
    private(set) var dismissalDriver: SheetDismissalDriver?
    var isDrivingDismissal: Bool { dismissalDriver != nil }
    private var startTop: CGFloat = 0
    /// Whether this drag has asked to dismiss, and whether it was refused.
    private var attempted = false, refused = false

    init(sheet: UISheetPresentationController) { self.sheet = sheet }

    func attach(to view: UIView?) {
        guard let view, pan == nil else { return }
        let recognizer = SheetPanGestureRecognizer(target: self, action: SheetInteraction.handle)
        recognizer.sheetView = view
        recognizer.delegate = self
        view.addGestureRecognizer(recognizer)
        pan = recognizer
    }

    func detach() {
        if let pan { pan.view?.removeGestureRecognizer(pan) }
        pan = nil
    }

    // MARK: Deciding to move the sheet

    /// Vertical drags only; over a scroll view, only when it is at its top and the drag goes down (or up,
    /// to expand, when `prefersScrollingExpandsWhenScrolledToEdge` and a larger detent exists).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan, gestureRecognizer === pan, let view = pan.view else { return true }
        // Not while the sheet is being presented or dismissed.
        let presented = sheet.presentedViewController
        guard !presented.isBeingPresented, !presented.isBeingDismissed else { return false }
        // The direction so far (the translation restarts at zero as the pan begins; the velocity does not).
        let translation = pan.translation(in: nil)
        let t = translation == .zero ? pan.velocity(in: nil) : translation
        guard abs(t.y) >= abs(t.x) else { return false }
        guard let scroll = scrollView(under: pan.location(in: view), in: view) else { return true }
        let atTop = scroll.contentOffset.y <= -scroll.adjustedContentInset.top + 0.5
        if t.y > 0 { return atTop }
        let layout = sheet.layout
        return atTop && sheet.prefersScrollingExpandsWhenScrolledToEdge && view.frame.minY > layout.largestTop + 0.5
    }

    private func scrollView(under point: CGPoint, in sheetView: UIView) -> UIScrollView? {
        var current = sheetView.hitTest(point, with: nil)
        while let view = current, view !== sheetView {
            if let scroll = view as? UIScrollView, scroll.contentSize.height > scroll.bounds.height - scroll.adjustedContentInset.top - scroll.adjustedContentInset.bottom {
                return scroll
            }
            current = view.superview
        }
        return nil
    }

    // MARK: Following the finger

    private func handle(_ recognizer: UIPanGestureRecognizer) {
        guard let view = sheet.presentedView, let container = sheet.containerView else { return }
        switch recognizer.state {
        case .began:
            // A detent change still moving is caught where it is (its values written into the model).
            sheet.stopMotion()
            isDragging = true
            attempted = false
            refused = false
            startTop = view.frame.minY
        case .changed:
            guard isDragging else { return }
            let layout = sheet.layout
            let proposed = startTop + recognizer.translation(in: nil).y
            if proposed > layout.smallestTop + 0.5, !attempted { beginDismissal() }
            guard isDragging else { return }
            let lowest = refused || (dismissalDriver == nil && attempted) ? layout.smallestTop : layout.dismissedTop
            let top = SheetPhysics.displayedTop(proposed: proposed, highest: layout.largestTop, lowest: lowest, dimension: container.bounds.height)
            place(top, layout: layout)
        case .ended, .cancelled, .failed:
            guard isDragging else { return }
            release(velocity: recognizer.state == .ended ? recognizer.velocity(in: nil).y : 0)
        default:
            break
        }
    }

    /// The sheet crossed below its smallest detent: the user asks to dismiss it.
    private func beginDismissal() {
        attempted = true
        let delegate = sheet.delegate
        if sheet.presentedViewController.refusesUserDismissal || delegate?.presentationControllerShouldDismiss(sheet) == false {
            refused = true
            delegate?.presentationControllerDidAttemptToDismiss(sheet)
            return
        }
        delegate?.presentationControllerWillDismiss(sheet)
        let driver = SheetDismissalDriver()
        dismissalDriver = driver
        let sheet = self.sheet
        sheet.presentingViewController.dismiss(animated: true) { [weak sheet] in
            guard let sheet else { return }
            sheet.delegate?.presentationControllerDidDismiss(sheet)
        }
        if driver.context == nil {
            // A custom animator took the dismissal over: it runs on its own.
            dismissalDriver = nil
            isDragging = false
        }
    }

    private func place(_ top: CGFloat, layout: SheetLayout) {
        guard let view = sheet.presentedView, let container = sheet.containerView else { return }
        UIView.performWithoutAnimation {
            view.frame = SheetLayout.frame(top: top, in: container.bounds, smallestTop: layout.smallestTop)
            sheet.chrome.apply(sheet.chromeState(atTop: top))
        }
        if let context = dismissalDriver?.context {
            let span = layout.dismissedTop - layout.smallestTop
            context.updateInteractiveTransition(span > 0 ? min(max((top - layout.smallestTop) / span, 0), 1) : 0)
        }
    }

    // MARK: Letting go

    private func release(velocity: CGFloat) {
        guard let view = sheet.presentedView, let container = sheet.containerView else { return }
        isDragging = false
        let layout = sheet.layout
        let top = view.frame.minY
        let tops = layout.tops
        let driver = dismissalDriver
        let target = SheetPhysics.target(top: top, velocity: velocity, detentTops: tops,
                                         dismissedTop: driver != nil ? layout.dismissedTop : nil)
        let bounds = container.bounds
        switch target {
        case .dismiss:
            guard let driver, let context = driver.context else { return }
            context.finishInteractiveTransition()
            let relative = velocity / max(layout.dismissedTop - top, 1)
            let start = view.frame
            SheetMotion.animate(velocity: relative, {
                view.frame = start.offsetBy(dx: 0, dy: layout.dismissedTop - start.minY)
                self.sheet.chrome.apply(.hidden)
            }, completion: { [weak self] in
                self?.dismissalDriver = nil
                context.completeTransition(true)
            })
        case .detent(let index):
            let identifier = layout.detents.reversed()[index].identifier
            let restTop = tops[index]
            let changed = identifier != sheet.shownDetentIdentifier
            if changed { sheet.selectedDetentIdentifier = identifier }
            driver?.context?.cancelInteractiveTransition()
            let relative = abs(restTop - top) > 0.5 ? velocity / (restTop - top) : 0
            sheet.motion = SheetMotion.animate(velocity: relative, {
                view.frame = SheetLayout.frame(top: restTop, in: bounds, smallestTop: layout.smallestTop)
                self.sheet.chrome.apply(self.sheet.chromeState(atTop: restTop))
            }, completion: { [weak self] in
                guard let self, let driver else { return }
                self.dismissalDriver = nil
                driver.context?.completeTransition(false)
            })
            if changed {
                sheet.shownDetentIdentifier = identifier
                sheet.sheetDelegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(sheet)
            }
        }
    }
}
