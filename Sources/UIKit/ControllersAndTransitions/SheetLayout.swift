import Foundation

/// A phone's sheet numbers. Apple publishes none of them; each is an estimate, with its source in
/// docs/UIKIT-COMPATIBILITY.md ("Sheets").
enum SheetMetrics {
    /// The large detent's top sits this far below the top safe area (iOS 13–18 screenshots; react-navigation's
    /// `forModalPresentationIOS` uses the same 10 pt).
    static let topGap: CGFloat = 10
    /// The sheet's top corner radius (react-navigation: 10 pt; iOS 17/18 screenshots).
    static let cornerRadius: CGFloat = 10
    /// The receded presenter's corner radius (react-navigation: 10 pt).
    static let presenterCornerRadius: CGFloat = 10
    /// A receded card is narrower by this much on each side: scale 1 − 20/width (react-navigation).
    static let recedeInset: CGFloat = 10
    /// The dimming's black at full strength (react-navigation's overlay: 0.3).
    static let dimmingOpacity: CGFloat = 0.3
    /// The grabber: a 36 × 5 pt capsule 5 pt below the sheet's top, in tertiary label grey (screenshots).
    static let grabberSize = CGSize(width: 36, height: 5)
    static let grabberTop: CGFloat = 5
}

/// The resolved detents of a sheet in its container, and where each puts the sheet and what is behind it.
struct SheetLayout {
    /// Active detents, smallest value first.
    let detents: [(identifier: UISheetPresentationController.Detent.Identifier, value: CGFloat)]
    let containerHeight: CGFloat
    let bottomInset: CGFloat

    init(detents: [(UISheetPresentationController.Detent.Identifier, CGFloat)], containerHeight: CGFloat, bottomInset: CGFloat,
         maximumValue: CGFloat? = nil) {
        self.maximumValue = maximumValue
        // Apple asks for smallest to largest; a stable sort keeps equal values in the given order.
        self.detents = detents.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map { (identifier: $0.element.0, value: $0.element.1) }
        self.containerHeight = containerHeight
        self.bottomInset = bottomInset
    }

    /// A detent's value is the height within the sheet's safe area: the edge-attached sheet is that plus the
    /// bottom inset tall (Apple's header).
    func top(forValue value: CGFloat) -> CGFloat { containerHeight - (value + bottomInset) }
    func top(of identifier: UISheetPresentationController.Detent.Identifier) -> CGFloat? {
        detents.first { $0.identifier == identifier }.map { top(forValue: $0.value) }
    }
    /// The tops of the detents, largest detent (smallest top) first.
    var tops: [CGFloat] { detents.reversed().map { top(forValue: $0.value) } }
    var largestTop: CGFloat { tops.first ?? containerHeight }
    var smallestTop: CGFloat { tops.last ?? containerHeight }
    /// Off screen: where a dismissed sheet goes.
    var dismissedTop: CGFloat { containerHeight }

    /// The sheet's frame for a top edge at `top`: down to the container's bottom, but never shorter than at
    /// the smallest detent (below it the sheet slides away whole).
    static func frame(top: CGFloat, in bounds: CGRect, smallestTop: CGFloat) -> CGRect {
        CGRect(x: bounds.minX, y: top, width: bounds.width, height: max(bounds.maxY - min(top, smallestTop), 0))
    }

    /// What is behind a sheet whose top is at `top`. Dimming: full at every detent above the largest
    /// undimmed one, none at or below it, in between proportionally (down to the bottom edge when every
    /// detent is dimmed). Receding: only for a sheet whose largest detent is full height; full there, none
    /// at the next smaller detent (or off screen), in between proportionally.
    func chrome(atTop top: CGFloat, largestUndimmed: UISheetPresentationController.Detent.Identifier?) -> SheetChrome.State {
        let undimmedIndex = largestUndimmed.flatMap { id in detents.firstIndex { $0.identifier == id } }
        let dimmed = undimmedIndex.map { Array(detents[($0 + 1)...]) } ?? detents
        var dim: CGFloat = 0
        if let smallestDimmed = dimmed.first {
            let full = self.top(forValue: smallestDimmed.value)
            let none = undimmedIndex.map { self.top(forValue: detents[$0].value) } ?? dismissedTop
            dim = Self.progress(top, from: none, to: full)
        }
        var recede: CGFloat = 0
        if let largest = detents.last, let maximum = maximumValue, largest.value >= maximum - 0.5, !dimmed.isEmpty,
           dimmed.last?.identifier == largest.identifier {
            let full = self.top(forValue: largest.value)
            let below = detents.count > 1 ? self.top(forValue: detents[detents.count - 2].value) : dismissedTop
            recede = Self.progress(top, from: below, to: full)
        }
        return SheetChrome.State(recede: recede, dim: dim)
    }

    /// The large detent's value (the maximum), when known.
    let maximumValue: CGFloat?

    /// 0 at `from`, 1 at `to`, clamped (a top above `to` is 1).
    static func progress(_ top: CGFloat, from: CGFloat, to: CGFloat) -> CGFloat {
        guard from != to else { return top <= to ? 1 : 0 }
        return min(max((from - top) / (from - to), 0), 1)
    }
}

/// A kept popover on a phone: drawn as a sheet at the large detent (from 10 pt below the top safe area to
/// the bottom, top corners rounded), without detents, dimming or a receding presenter.
enum PlainSheet {
    static func frame(in container: UIView?) -> CGRect {
        guard let container else { return .zero }
        return SheetLayout.frame(top: container.safeAreaInsets.top + SheetMetrics.topGap, in: container.bounds,
                                 smallestTop: container.bounds.height)
    }
    static func round(_ view: UIView) {
        view.layer.cornerRadius = SheetMetrics.cornerRadius
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.clipsToBounds = true
    }
    /// Keeps the sheet in place when the container lays out, except while it is moving in or out.
    static func relayout(_ view: UIView?, of presented: UIViewController, in container: UIView?, to frame: CGRect) {
        guard let view, view.superview === container, !presented.isBeingPresented, !presented.isBeingDismissed else { return }
        view.frame = frame
    }
}
