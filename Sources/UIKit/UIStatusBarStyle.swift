/// The status bar's content colour: dark on light screens by default, light (white) on dark ones.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}

extension UIViewController {
    /// Which controller's `preferredStatusBarStyle` iOS uses for this one: a full-screen presented controller
    /// (or one that captures the status bar's appearance) decides over its presenter, and containers defer to
    /// `childForStatusBarStyle`.
    package var statusBarStyleOwner: UIViewController {
        if let presented = presentedViewController {
            switch presented.modalPresentationStyle {
            case .fullScreen, .overFullScreen: return presented.statusBarStyleOwner
            default: if presented.modalPresentationCapturesStatusBarAppearance { return presented.statusBarStyleOwner }
            }
        }
        if let child = childForStatusBarStyle { return child.statusBarStyleOwner }
        return self
    }
}

extension UIWindow {
    /// The status bar style the screen shows now: that of the root controller's owner (see above).
    package var statusBarStyle: UIStatusBarStyle {
        rootViewController?.statusBarStyleOwner.preferredStatusBarStyle ?? .default
    }
}
