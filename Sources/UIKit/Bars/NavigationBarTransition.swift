/// The system navigation bar transition between the leaving item's drawing and the arriving one's, as start
/// and end states of their parts' translations and opacities (the bar runs them alongside the push or pop).
///
/// Push: the old title slides to where the new back button's title will be and fades out, while that back
/// title slides in from the old title's place and fades in (the title "becomes" the back button); the new
/// title comes in from the right (its centre starts at three quarters of the bar's width) fading in; the old
/// back title slides a quarter width to the left and fades; the chevron fades in if the old item had none
/// (and simply stays if it had); bar button items cross-fade; large titles slide a quarter width and
/// cross-fade. Pop is the reverse.
/// Measured on iOS 17 screen recordings (UIKit's own numbers are private).
struct NavigationBarTransition {
    private struct Part {
        let view: UIView
        let startOffset: CGFloat
        let startAlpha: CGFloat
        let endOffset: CGFloat
        let endAlpha: CGFloat
    }
    private var parts: [Part] = []

    init(from: NavigationBarItemView?, to: NavigationBarItemView, push: Bool, width: CGFloat) {
        let quarter = width / 4
        func frame(_ view: UIView?, in item: NavigationBarItemView) -> CGRect? {
            guard let view, !view.isHidden else { return nil }
            let own = NavigationBarItemView.restingFrame(view)
            guard let superview = view.superview, superview !== item else { return own }
            return own.offsetBy(dx: NavigationBarItemView.restingFrame(superview).minX, dy: 0)
        }
        func titleView(_ item: NavigationBarItemView?) -> UIView? {
            guard let item else { return nil }
            return item.titleView ?? (item.item.title?.isEmpty == false ? item.titleLabel : nil)
        }
        func leaving(_ view: UIView?, by offset: CGFloat) {
            guard let view else { return }
            parts.append(Part(view: view, startOffset: 0, startAlpha: 1, endOffset: offset, endAlpha: 0))
        }
        func arriving(_ view: UIView?, from offset: CGFloat) {
            guard let view else { return }
            parts.append(Part(view: view, startOffset: offset, startAlpha: 0, endOffset: 0, endAlpha: 1))
        }

        let oldTitle = titleView(from), newTitle = titleView(to)
        let oldBack = from?.backButton?.titleLabel, newBack = to.backButton?.titleLabel
        let oldBackFrame = from.flatMap { frame(oldBack, in: $0) }
        let newBackFrame = frame(newBack, in: to)
        let oldTitleFrame = from.flatMap { frame(oldTitle, in: $0) }
        let newTitleFrame = frame(newTitle, in: to)
        if push {
            // The old title turns into the new back title.
            let titleToBack = (newBackFrame?.minX ?? 0) - (oldTitleFrame?.minX ?? width / 2)
            leaving(oldTitle, by: newBackFrame != nil ? titleToBack : -quarter)
            arriving(newBack, from: oldTitleFrame.map { $0.minX - newBackFrame!.minX } ?? quarter)
            leaving(oldBack, by: -quarter)
            arriving(newTitle, from: quarter)
        } else {
            // The old back title turns into the new title.
            let backToTitle = (newTitleFrame?.minX ?? 0) - (oldBackFrame?.minX ?? 0)
            leaving(oldBack, by: newTitleFrame != nil && oldBackFrame != nil ? backToTitle : quarter)
            arriving(newTitle, from: oldBackFrame != nil && newTitleFrame != nil ? -backToTitle : -quarter)
            leaving(oldTitle, by: quarter)
            arriving(newBack, from: -quarter)
        }
        // One chevron stays put when both items have one; otherwise it fades with its item.
        let oldChevron = from?.backButton?.chevron, newChevron = to.backButton?.chevron
        if let oldChevron, let newChevron {
            parts.append(Part(view: oldChevron, startOffset: 0, startAlpha: 0, endOffset: 0, endAlpha: 0))
            parts.append(Part(view: newChevron, startOffset: 0, startAlpha: 1, endOffset: 0, endAlpha: 1))
        } else {
            leaving(oldChevron, by: 0)
            arriving(newChevron, from: 0)
        }
        for button in (from?.leftButtons ?? []) + (from?.rightButtons ?? []) { leaving(button, by: 0) }
        for button in to.leftButtons + to.rightButtons { arriving(button, from: 0) }
        // Large titles slide a quarter width with their screens and cross-fade (UIKit's morph of a large title
        // into the back button is not modelled).
        leaving(from?.largeTitleLabel, by: push ? -quarter : quarter)
        arriving(to.largeTitleLabel, from: push ? quarter : -quarter)
        // Search bars under the titles move with them (estimate: as the large titles).
        leaving(from?.searchBar, by: push ? -quarter : quarter)
        arriving(to.searchBar, from: push ? quarter : -quarter)
    }

    func applyStart() {
        for part in parts {
            part.view.transform = CGAffineTransform(translationX: part.startOffset, y: 0)
            part.view.alpha = part.startAlpha
        }
    }

    func applyEnd() {
        for part in parts {
            part.view.transform = CGAffineTransform(translationX: part.endOffset, y: 0)
            part.view.alpha = part.endAlpha
        }
    }
}
