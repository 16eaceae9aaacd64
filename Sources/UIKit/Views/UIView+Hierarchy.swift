import Foundation

// Finding views in the hierarchy, editing, and layout direction.
extension UIView {
    /// The first view with `tag`, depth first from this view (itself included), subviews in order.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    /// Makes the first responder resign when it is this view or one of its subviews (with `force`, even
    /// one whose `canResignFirstResponder` is false). No keyboard is shown offscreen, so nothing moves.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let responder = UIApplication.shared.firstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        if force { UIApplication.shared.firstResponder = nil; return true }
        return responder.resignFirstResponder()
    }

    /// The direction a view with `attribute` lays out in, in a left-to-right app.
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: .leftToRight)
    }

    /// The direction a view with `semanticContentAttribute` lays out in inside `layoutDirection`: forced
    /// attributes win, playback and spatial controls stay left to right, unspecified follows.
    public class func userInterfaceLayoutDirection(for semanticContentAttribute: UISemanticContentAttribute,
                                                   relativeTo layoutDirection: UIUserInterfaceLayoutDirection) -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: layoutDirection
        }
    }

    /// How the tint is shown (UIKit dims it under modal alerts).
    public enum TintAdjustmentMode: Int, Sendable {
        case automatic, normal, dimmed
    }
}

/// How a view's content flips in a right-to-left layout.
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
}
