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

/// The system bars' default chrome without blur (navigation bar, tab bar, toolbar, search bar): iOS
/// draws the bar material, whose average over a plain background this is, and a hairline at the edge
/// that meets the content. Light: measured on iOS 18 screenshots over white; dark: over black (estimates,
/// docs/UIKIT-COMPATIBILITY.md).
enum BarChrome {
    static let background = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 0.11, alpha: 0.94) : UIColor(white: 0.97, alpha: 0.94)
    }
    static let hairline = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.3)
    }
}
