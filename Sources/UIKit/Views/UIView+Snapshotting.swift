import Foundation

// Snapshot views: a frozen image of a view's tree as it is drawn now, at the screen's scale, shown by a
// plain view whose layer stretches it to its bounds (what UIKit's snapshot views do).
extension UIView {
    /// A new view showing the view's rendered content now: its bounds, drawn through `drawHierarchy`
    /// into an image at the screen's scale. The snapshot's frame is the view's bounds size at the origin.
    /// A view that is in no window has not been drawn: without `afterScreenUpdates` its snapshot is empty,
    /// as on iOS; with it, the view is laid out and drawn.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        resizableSnapshotView(from: bounds, afterScreenUpdates: afterUpdates, withCapInsets: .zero)
    }

    /// A snapshot of `rect` (in the view's bounds space). The image stretches with the snapshot's bounds;
    /// `capInsets` are kept but the whole image stretches (no nine-part stretching yet).
    public func resizableSnapshotView(from rect: CGRect, afterScreenUpdates afterUpdates: Bool,
                                      withCapInsets capInsets: UIEdgeInsets) -> UIView? {
        let snapshot = UISnapshotView(frame: CGRect(origin: .zero, size: rect.size))
        snapshot.capInsets = capInsets
        guard window != nil || afterUpdates, rect.width > 0, rect.height > 0 else { return snapshot }
        if afterUpdates { layoutForSnapshot() }
        let format = UIGraphicsImageRendererFormat()
        format.scale = UIScreen.main.scale
        let image = UIGraphicsImageRenderer(bounds: rect, format: format).image { _ in
            _ = drawHierarchy(in: bounds, afterScreenUpdates: false)
        }
        snapshot.layer.contents = image.cgImage
        snapshot.layer.contentsScale = image.scale
        snapshot.layer.contentsGravity = .resize
        return snapshot
    }
}

/// The view `snapshotView(afterScreenUpdates:)` returns (UIKit's is private).
final class UISnapshotView: UIView {
    var capInsets: UIEdgeInsets = .zero
}
