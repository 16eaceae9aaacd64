// NSDirectionalRectEdge is declared with the content configurations (Lists/ContentConfiguration.swift).

/// A scroll view held weakly (a controller does not keep the scroll view it names alive).
struct WeakScrollView {
    weak var scrollView: UIScrollView?
}

extension UIViewController {
    private static let singleEdges: [NSDirectionalRectEdge] = [.top, .leading, .bottom, .trailing]

    func setContentScrollViews(_ scrollView: UIScrollView?, for edge: NSDirectionalRectEdge) {
        for single in Self.singleEdges where edge.contains(single) {
            explicitContentScrollViews[single.rawValue] = scrollView.map { WeakScrollView(scrollView: $0) }
        }
        // The bars follow the new scroll view from the next layout pass.
        navigationController?.viewIfLoaded?.setNeedsLayout()
        viewIfLoaded?.setNeedsLayout()
    }

    /// The set scroll view, else the root view if it scrolls, else the first scroll view down the chain of
    /// backmost subviews (iOS looks there too: a scroll view placed first in the view is tracked; one behind
    /// other views is found only when set).
    func foundContentScrollView(for edge: NSDirectionalRectEdge) -> UIScrollView? {
        let single = Self.singleEdges.first { edge.contains($0) } ?? .top
        if let set = explicitContentScrollViews[single.rawValue]?.scrollView { return set }
        guard var view = viewIfLoaded else { return nil }
        while true {
            if let scrollView = view as? UIScrollView { return scrollView }
            guard let first = view.subviews.first else { return nil }
            view = first
        }
    }
}
