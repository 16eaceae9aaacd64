import Foundation

// The bar vocabulary UIKit shares between toolbars, navigation bars and search bars (UIBarCommon.h and
// UIInterface.h): styles, positions, metrics.

/// A bar's style before iOS 13's appearances: `.black` draws the bar dark.
public enum UIBarStyle: Int, Sendable {
    case `default` = 0
    case black = 1
    /// Deprecated: drawn as `.black`.
    case blackOpaque = 2
    /// Deprecated: drawn as `.black`.
    case blackTranslucent = 3
}

/// Where a bar sits.
public enum UIBarPosition: Int, Sendable { case any = 0, bottom, top, topAttached }

/// The bar heights background images are set for.
public enum UIBarMetrics: Int, Sendable { case `default` = 0, compact, defaultPrompt = 101, compactPrompt }

/// A bar that knows where it sits.
public protocol UIBarPositioning: AnyObject {
    var barPosition: UIBarPosition { get }
}

/// Asked where a bar sits (iOS asks when it attaches a bar to the status bar; nothing asks here).
public protocol UIBarPositioningDelegate: AnyObject {
    func position(for bar: UIBarPositioning) -> UIBarPosition
}
extension UIBarPositioningDelegate {
    public func position(for bar: UIBarPositioning) -> UIBarPosition { .any }
}
