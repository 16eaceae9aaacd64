import Foundation

/// The navigation controller's toolbar: the top controller's `toolbarItems` in a UIToolbar along the bottom
/// (row plus the bottom safe area), which children's safe areas then end above. Hidden by default; the
/// toolbar view is added only when first shown, so screens that never show it are untouched.
extension UINavigationController {
    /// The row the toolbar adds to the children's bottom safe area (0 while hidden).
    var toolbarInset: CGFloat {
        guard !toolbarHidden, toolbarInstalled else { return 0 }
        return toolbar.rowHeight
    }

    private var shownToolbarFrame: CGRect {
        let height = toolbar.rowHeight + view.safeAreaInsets.bottom
        return CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
    }
    private var hiddenToolbarFrame: CGRect {
        CGRect(x: 0, y: view.bounds.height, width: view.bounds.width, height: shownToolbarFrame.height)
    }

    func changeToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        guard isViewLoaded else { return }
        installToolbarIfNeeded()
        let apply = {
            self.toolbar.frame = hidden ? self.hiddenToolbarFrame : self.shownToolbarFrame
            self.view.setNeedsLayout()
            self.view.layoutIfNeeded()
        }
        guard animated && view.window != nil else {
            toolbar.isHidden = hidden
            apply()
            return
        }
        toolbar.isHidden = false
        if !hidden { toolbar.frame = hiddenToolbarFrame }
        UIView.animate(withDuration: TimeInterval(Self.hideShowBarDuration), animations: apply) { _ in
            if self.toolbarHidden { self.toolbar.isHidden = true }
        }
    }

    /// Adds the toolbar to the view above the content, once.
    private func installToolbarIfNeeded() {
        guard !toolbarInstalled else { return }
        toolbarInstalled = true
        toolbar.isHidden = toolbarHidden
        view.addSubview(toolbar)
        toolbar.setItems(topViewController?.toolbarItems, animated: false)
        toolbar.frame = toolbarHidden ? hiddenToolbarFrame : shownToolbarFrame
    }

    /// Keeps the toolbar on the bottom edge through layout passes (not while it slides).
    func layoutToolbar() {
        // Shown before the view loaded: it joins at the first layout pass.
        if !toolbarInstalled && !toolbarHidden { installToolbarIfNeeded() }
        guard toolbarInstalled, toolbar.layer.animationKeys()?.isEmpty ?? true else { return }
        toolbar.frame = toolbarHidden ? hiddenToolbarFrame : shownToolbarFrame
    }

    /// The toolbar shows `controller`'s items (a push or pop fades them over to the arriving controller's).
    func showToolbarItems(of controller: UIViewController?, animated: Bool) {
        guard toolbarInstalled else { return }
        let items = controller?.toolbarItems
        let shown = toolbar.items
        if (shown ?? []).map(ObjectIdentifier.init) == (items ?? []).map(ObjectIdentifier.init) { return }
        toolbar.setItems(items, animated: animated)
    }

    /// A child changed its items: the toolbar follows when it is the top controller.
    func toolbarItemsChanged(of controller: UIViewController, animated: Bool) {
        guard controller === topViewController else { return }
        showToolbarItems(of: controller, animated: animated)
    }
}
